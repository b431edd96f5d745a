import type { Config } from '@/lib/config';

// The client's real address, for the per-address budget. Our server (server.mjs) appends the socket's
// peer address to X-Forwarded-For, so the list always ends with the hop that reached us. Each trusted
// proxy appends the address it saw; with N trusted hops the client is the entry N places from the end.
// Anything further left was written by the client itself and is ignored, so a client cannot pick its
// own budget by sending X-Forwarded-For.

export function clientAddress(headers: Headers, cfg: Config): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return 'unknown';
  const index = Math.max(0, chain.length - 1 - cfg.TRUSTED_PROXY_HOPS);
  return chain[index] as string;
}
