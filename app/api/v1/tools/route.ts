import { listTools } from '@/lib/gateway/rest';
import { notAllowedRoute } from '@/lib/root/routes';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return listTools(root().gateway, request);
}

// Answered with the API's 405 (error object, Allow, no-store) rather than Next's empty one.
export const POST = notAllowedRoute(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = POST;
