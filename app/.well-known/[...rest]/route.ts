import { notFound } from '../wellknown';

export const dynamic = 'force-dynamic';

// Any other /.well-known/* document (openid-configuration, a path-suffixed authorization server, …): a JSON
// 404, so a probing client reads a clear "no" instead of a redirect to the sign-in page.
export const GET = notFound;
export const POST = notFound;
