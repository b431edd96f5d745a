import { callTool } from '@/lib/gateway/rest';
import { notAllowedRoute } from '@/lib/root/routes';
import { root } from '@/lib/root';

// Every tool's REST route; an unknown name gets the API's 404 from the gateway. No `dynamic` setting is needed: a
// POST handler is never prerendered. Other methods get the API's 405.

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  return callTool(root().gateway, request, (await params).name);
}

export const GET = notAllowedRoute(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = GET;
