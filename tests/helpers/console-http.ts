import { multipart } from './html-forms';
import { raw, type RawResponse } from './http';

// The console's next-auth flows over raw HTTP: a CSRF token, a password sign-in and a sign-out, each with
// the cookies it sets, so a test can copy a session cookie and try it again later.

export type Cookies = Record<string, string>;

export function cookieHeader(cookies: Cookies): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** The cookies a response sets (an empty value, as when one is cleared, is kept as empty). */
export function setCookies(res: RawResponse): Cookies {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return Object.fromEntries(lines.map((line) => line.split(';')[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

const FORM = 'application/x-www-form-urlencoded';

async function csrf(port: number, cookies: Cookies, headers: Record<string, string> = {}): Promise<{ token: string; cookies: Cookies }> {
  const res = await raw(port, { method: 'GET', path: '/api/auth/csrf', headers: { ...headers, cookie: cookieHeader(cookies) } });
  return { token: (res.json() as { csrfToken: string }).csrfToken, cookies: { ...cookies, ...setCookies(res) } };
}

/**
 * Signs in with email and password as the sign-in form does; returns the answer and the cookies after it.
 * `headers` go with both requests (an X-Forwarded-For, to sign in from another address behind a trusted proxy).
 */
export async function signIn(
  port: number,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ res: RawResponse; cookies: Cookies }> {
  const { token, cookies } = await csrf(port, {}, headers);
  const res = await raw(port, {
    path: '/api/auth/callback/credentials',
    headers: { ...headers, 'content-type': FORM, cookie: cookieHeader(cookies) },
    body: new URLSearchParams({ csrfToken: token, email, password, json: 'true', callbackUrl: '/connect' }).toString(),
  });
  return { res, cookies: { ...cookies, ...setCookies(res) } };
}

/** Signs out as the header's button does. */
export async function signOut(port: number, cookies: Cookies): Promise<RawResponse> {
  const fresh = await csrf(port, cookies);
  return raw(port, {
    path: '/api/auth/signout',
    headers: { 'content-type': FORM, cookie: cookieHeader(fresh.cookies) },
    body: new URLSearchParams({ csrfToken: fresh.token, json: 'true', callbackUrl: '/signin' }).toString(),
  });
}

/**
 * Posts a console form (a server action's fields, as the browser would send them: multipart, same origin) to
 * `path` with the session's cookies; `headers` go with it.
 */
export function postForm(
  server: { port: number; origin: string },
  cookies: Cookies,
  path: string,
  fields: [string, string][],
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const { body, contentType } = multipart(fields);
  return raw(server.port, {
    path,
    headers: { cookie: cookieHeader(cookies), origin: server.origin, 'content-type': contentType, ...headers },
    body,
  });
}

export const SESSION_COOKIE = 'next-auth.session-token';
