import { serveOpenApi } from '@/lib/gateway/rest';
import { notAllowedRoute } from '@/lib/root/routes';
import { root } from '@/lib/root';

// The REST API's OpenAPI 3.1 document, generated from the catalogue (lib/gateway/openapi.ts); no token needed.

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return serveOpenApi(root().gateway, request);
}

export const POST = notAllowedRoute(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = POST;
