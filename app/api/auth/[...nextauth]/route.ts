import NextAuth, { type AuthOptions } from 'next-auth';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';

// Built on first request, not at import: options read the configuration and the session secret.
type RouteContext = { params: Promise<{ nextauth: string[] }> };

// next-auth 4 types NextAuth's result as `any`; under the App Router it is a route handler.
const nextAuth = NextAuth as unknown as (options: AuthOptions) => (request: Request, context: RouteContext) => Promise<Response>;

function handler(request: Request, context: RouteContext) {
  return nextAuth(root().auth)(request, context);
}

export { handler as GET, handler as POST };
