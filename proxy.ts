import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { authSecret } from '@/lib/auth/secret';
import { config as appConfig } from '@/lib/config';
import { asToolError } from '@/lib/errors';
import { checkHost, checkHostAndOrigin } from '@/lib/gateway/origin';
import { NO_STORE } from '@/lib/http/errors';

// Console pages, server actions and next-auth's routes: only the console's hostname is served, changing
// requests must come from the console itself (the API's same-origin rule), and signed-out visitors of a
// console page are sent to sign in. Pages and actions check the session and the owner again themselves;
// this is the first line, not the only one.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_PAGES = new Set(['/', '/signin', '/signup']);

function isPublic(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) || pathname.startsWith('/api/auth/');
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const cfg = appConfig();
  const safe = SAFE_METHODS.has(request.method);
  try {
    // A link on another site may open a page (and OAuth providers redirect back with a GET); only the
    // console itself may change anything.
    if (safe) checkHost(request.headers, cfg);
    else checkHostAndOrigin(request.headers, cfg);
  } catch (error) {
    return new NextResponse(asToolError(error).message, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
    });
  }
  const { pathname, search } = request.nextUrl;
  // Server actions are POSTs to the page's path: they check the session themselves and answer in kind.
  if (!safe || isPublic(pathname)) return NextResponse.next();
  const session = await getToken({
    req: request,
    secret: authSecret(cfg),
    secureCookie: cfg.appOrigin.startsWith('https://'),
  });
  if (session) return NextResponse.next();
  const signIn = new URL('/signin', cfg.appOrigin);
  signIn.searchParams.set('callbackUrl', pathname + search);
  return NextResponse.redirect(signIn);
}

export const config = {
  // The API (/api/v1, /api/mcp) runs the same checks itself, in the order of docs/contract.md ("Check order"),
  // with its own error shapes, and reads its bodies as they stream; the health and readiness probes and the metrics
  // (bearer METRICS_TOKEN, scraped by instance address) must answer any host. OAuth's machine endpoints
  // (/api/oauth/*) and discovery (/.well-known/*) answer JSON themselves, never a redirect to the sign-in page (an
  // MCP client probing discovery would choke on its HTML).
  matcher: ['/((?!api/v1|api/mcp|api/health|api/ready|api/metrics|api/oauth|\\.well-known|_next/static|_next/image|favicon.ico).*)'],
};
