import type { Config } from '@/lib/config';
import { ToolError } from '@/lib/errors';

// Step 1 of every surface (the API's check order, console pages and actions, the OAuth endpoints): only the
// console's own hostname is served, and no browser on another site may call. Requests without an Origin
// (desktop apps, CLIs, servers) pass; no CORS headers are ever sent.

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

/** The host half alone: console pages may be opened from links on other sites, but only at our hostname. */
export function checkHost(headers: Headers, cfg: Config): void {
  const host = requestHost(headers, cfg);
  if (!host || hostnameOf(host) !== cfg.appHostname) {
    throw new ToolError('forbidden', `This service only answers at ${cfg.appOrigin}.`);
  }
}

export function checkHostAndOrigin(headers: Headers, cfg: Config): void {
  checkHost(headers, cfg);
  const origin = headers.get('origin');
  const fetchSite = headers.get('sec-fetch-site');
  const crossSite = fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
  if ((origin !== null && origin !== cfg.appOrigin) || crossSite) {
    throw new ToolError('forbidden', 'Browsers on other sites may not call this service.');
  }
}
