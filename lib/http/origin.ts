import { isLoopbackHostname, type Config } from '@/lib/config';
import { ToolError } from '@/lib/errors';

// Step 1 of every surface (the API's check order, console pages and actions, the OAuth endpoints): only the
// console's own hostname is served, and no browser on another site may call. Requests without an Origin
// (desktop apps, CLIs, servers) pass; no CORS headers are ever sent.
//
// When APP_URL names this machine (localhost, 127.0.0.0/8, [::1]), every loopback name is the same host: the
// console opened at localhost while APP_URL says 127.0.0.1 is the same server on the same machine, and an Origin
// there (same scheme and port) is the console itself. A public APP_URL gets no such leeway: a loopback Host is
// refused. What the service writes (OAuth metadata, links, redirects) always names APP_URL's own origin.

function hostnameOf(hostHeader: string): string {
  // `[::1]:3000` → `::1`, `example.com:443` → `example.com`
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function requestHost(headers: Headers, cfg: Config): string | null {
  // Behind trusted proxies the public Host arrives as X-Forwarded-Host; otherwise only Host counts
  // (Next copies Host into X-Forwarded-Host when the client did not send one, so it proves nothing).
  const forwarded = cfg.TRUSTED_PROXY_HOPS > 0 ? headers.get('x-forwarded-host')?.split(',')[0] : undefined;
  return forwarded ?? headers.get('host');
}

/** Whether a hostname (IPv6 without brackets) is APP_URL's, or another loopback name when APP_URL's is one. */
function isServedHostname(hostname: string, cfg: Config): boolean {
  return hostname === cfg.appHostname || (isLoopbackHostname(cfg.appHostname) && isLoopbackHostname(hostname));
}

/** Whether an Origin is APP_URL's, or the same scheme and port at another loopback name when APP_URL's is one. */
function isOwnOrigin(origin: string, cfg: Config): boolean {
  if (origin === cfg.appOrigin) return true;
  if (!isLoopbackHostname(cfg.appHostname) || !URL.canParse(origin)) return false;
  const url = new URL(origin);
  const app = new URL(cfg.appOrigin);
  // An Origin is only ever scheme://host[:port], as the URL writes it back.
  return url.origin === origin && url.protocol === app.protocol && url.port === app.port && isLoopbackHostname(url.hostname);
}

/** The host half alone: console pages may be opened from links on other sites, but only at our hostname. */
export function checkHost(headers: Headers, cfg: Config): void {
  const host = requestHost(headers, cfg);
  if (!host || !isServedHostname(hostnameOf(host), cfg)) {
    throw new ToolError('forbidden', `This service only answers at ${cfg.appOrigin}.`);
  }
}

/** Whether the request names APP_URL's own hostname, not another loopback name for it (checkHost passed). */
export function namesAppHostname(headers: Headers, cfg: Config): boolean {
  const host = requestHost(headers, cfg);
  return host !== null && hostnameOf(host) === cfg.appHostname;
}

export function checkHostAndOrigin(headers: Headers, cfg: Config): void {
  checkHost(headers, cfg);
  const origin = headers.get('origin');
  const fetchSite = headers.get('sec-fetch-site');
  const crossSite = fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
  if ((origin !== null && !isOwnOrigin(origin, cfg)) || crossSite) {
    throw new ToolError('forbidden', 'Browsers on other sites may not call this service.');
  }
}
