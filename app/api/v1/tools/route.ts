import { gateway } from '@/lib/gateway';
import { listTools, notAllowedRoute } from '@/lib/gateway/rest';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return listTools(gateway(), request);
}

// Answered with the API's 405 (error object, Allow, no-store) rather than Next's empty one.
export const POST = notAllowedRoute(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = POST;
