import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { config as appConfig, type Config } from '@/lib/config';
import { actionBodyRefusal, actionOriginRefusal, isActionRequest } from '@/lib/console/action-request';
import { FORM_MAX_BYTES } from '@/lib/console/form-limits';
import { ACCOUNT_DELETED_PATH, POLICY_PAGES } from '@/lib/console/policies';
import { asToolError } from '@/lib/errors';
import { clientAddress } from '@/lib/http/address';
import { checkHost, checkHostAndOrigin, namesAppHostname } from '@/lib/http/origin';
import { NO_STORE } from '@/lib/http/errors';
import { AUTHORIZATION_PATH, authorizationBudget } from '@/lib/oauth/authorize';
import { processWide } from '@/lib/root/process';

// Console pages, server actions and next-auth's routes: only the console's hostname is served, changing
// requests must come from the console itself (the API's same-origin rule), and signed-out visitors of a
// console page are sent to sign in. Pages and actions check the session and the owner again themselves;
// this is the first line, not the only one.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_PAGES = new Set(['/', '/signin', '/signup', ACCOUNT_DELETED_PATH, ...POLICY_PAGES.map((page) => page.href)]);

function isPublic(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) || pathname.startsWith('/api/auth/');
}

function plainText(status: number, text: string, headers: Record<string, string> = {}): NextResponse {
  return new NextResponse(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE, ...headers } });
}

/**
 * The authorization page's budget per address (shared by every instance through the budget store), for every
 * visit and consent answer, signed in or not: 429 with Retry-After past it.
 */
async function refuseOverBudget(request: NextRequest, cfg: Config): Promise<NextResponse | undefined> {
  const budget = authorizationBudget(cfg);
  const { allowed, retryAfterSeconds } = await processWide(cfg).budgets.consume(budget, clientAddress(request.headers, cfg));
  if (allowed) return undefined;
  return plainText(429, `Too many authorization requests from this address; try again in ${retryAfterSeconds} s.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/**
 * Console forms are small and browsers always declare their length: a body over FORM_MAX_BYTES is refused
 * before anything reads it, and so is one sent in chunks without a length (Next would read either and answer 500).
 */
function refuseBody(headers: Headers): NextResponse | undefined {
  const declared = headers.get('content-length');
  if (declared === null) {
    return headers.has('transfer-encoding') ? plainText(411, 'Send the form with a Content-Length header.') : undefined;
  }
  if (Number(declared) > FORM_MAX_BYTES) return plainText(413, `The form is larger than ${FORM_MAX_BYTES / (1024 * 1024)} MB.`);
  return undefined;
}

/**
 * A server action Next could not read, or one whose Origin is not the host Next compares it with, is the sender's
 * doing: 403 or 400 with a sentence here, where Next would answer 500 (lib/console/action-request.ts).
 */
async function refuseAction(request: NextRequest): Promise<NextResponse | undefined> {
  if (!isActionRequest(request.headers)) return undefined;
  const origin = actionOriginRefusal(request.headers);
  if (origin) return plainText(403, origin);
  const body = await actionBodyRefusal(request);
  return body ? plainText(400, body) : undefined;
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
    return plainText(403, asToolError(error).message);
  }
  const { pathname, search } = request.nextUrl;
  // Opened at another loopback name for APP_URL's (lib/http/origin.ts): the console lives at one origin, where its
  // cookies are and where sign-in returns, so the visitor is sent there (the path set as a path: `//x` stays here).
  if (safe && !namesAppHostname(request.headers, cfg)) {
    const canonical = new URL(cfg.appOrigin);
    canonical.pathname = pathname;
    canonical.search = search;
    return NextResponse.redirect(canonical, 308);
  }
  if (!safe) {
    const refused = refuseBody(request.headers) ?? (pathname.startsWith('/api/auth/') ? undefined : await refuseAction(request));
    if (refused) return refused;
  }
  if (pathname === AUTHORIZATION_PATH) {
    const refused = await refuseOverBudget(request, cfg);
    if (refused) return refused;
  }
  // Server actions are POSTs to the page's path: they check the session themselves and answer in kind.
  if (!safe || isPublic(pathname)) return NextResponse.next();
  const session = await getToken({
    req: request,
    secret: processWide(cfg).sessionSecret(),
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
  // (bearer METRICS_TOKEN, scraped by instance address) must answer any host; the cron route checks its bearer
  // CRON_SECRET itself (Vercel Cron calls it with GET, which must never meet the sign-in page). OAuth's machine endpoints
  // (/api/oauth/*) and discovery (/.well-known/*) answer JSON themselves, never a redirect to the sign-in page (an
  // MCP client probing discovery would choke on its HTML). The site's icons (app/favicon.ico, app/icon.svg) are
  // files every browser fetches, signed in or not.
  matcher: [
    '/((?!api/v1|api/mcp|api/health|api/ready|api/metrics|api/oauth|api/cron|\\.well-known|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)',
  ],
};
