import { noSuchEndpoint } from '@/lib/gateway/rest';
import { root } from '@/lib/root';

// Any path under /api/v1 that no other route serves: the API's JSON 404 with no-store, not Next's HTML page.

export const dynamic = 'force-dynamic';

const notFound = (request: Request): Promise<Response> => noSuchEndpoint(root().gateway, request);

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
