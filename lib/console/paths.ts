/** The origin the callback is resolved against: any will do, only its path survives. */
const PROBE_ORIGIN = 'http://console.invalid';

/**
 * Where to go after signing in: a path on this site only, so a crafted link cannot send people elsewhere.
 * Judged by parsing it as a browser would (which drops tabs and newlines and reads `\` as `/`), not by its
 * first characters: `/\t/evil.example` is `//evil.example` to a browser. A repeated parameter, another
 * origin, or a path that would itself read as another host (`//…`) gives the fallback.
 */
export function safeCallbackPath(callbackUrl: string | string[] | undefined, fallback = '/connect'): string {
  if (typeof callbackUrl !== 'string' || !callbackUrl.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(callbackUrl, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === PROBE_ORIGIN && !path.startsWith('//') ? path : fallback;
}
