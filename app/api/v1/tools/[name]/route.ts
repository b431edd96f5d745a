import { callTool } from '@/lib/gateway/rest';
import { notAllowedRoute } from '@/lib/root/routes';
import { root } from '@/lib/root';

// Every tool also has a static route of its own, generated before each build (scripts/tool-routes.mts), which
// Next prefers and serves faster; this one answers unknown names (404) and any tool in a build without them.
// Neither needs a `dynamic` setting: a POST handler is never prerendered. Other methods get the API's 405.

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  return callTool(root().gateway, request, (await params).name);
}

export const GET = notAllowedRoute(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = GET;
