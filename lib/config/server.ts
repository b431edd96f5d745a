import { z } from 'zod';
import { about } from './setting-docs';
import { optionalString } from './value-schemas';

// The Server settings: the console's origin, the request deadline and the proxies in front.

/** Hostnames only this machine can reach: a console there may keep a generated sign-in secret in data/. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export const serverSettings = {
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as http://localhost:3000' })
    .default('http://localhost:3000')
    .meta(
      about(
        'Server',
        "The console's origin. The service answers only on this hostname, and browsers may call it only from this origin " +
          '(a loopback one takes every loopback name: `localhost`, `127.0.0.1` and `[::1]` are one host). `npm start` listens ' +
          'on its port unless `PORT` is set.',
      ),
    ),
  NODE_ENV: optionalString.meta(
    about('Server', '`production` under `npm start` (it sets it); decides whether `NEXTAUTH_SECRET` is required.'),
  ),
  // Every REST and MCP request ends by then: clients allow one minute, so the default ends a request shortly after.
  REQUEST_DEADLINE_SECONDS: z.coerce
    .number()
    .positive()
    .max(300, 'must be at most 300')
    .default(65)
    .meta(
      about(
        'Server',
        'How long any REST, MCP or OAuth request may run on the server (at most 300). Clients allow one minute; a request still ' +
          'running at the deadline ends with 503 `unavailable` (MCP: -32603, and an event stream ends with a -32603 error for each ' +
          'request it has not answered; OAuth: `temporarily_unavailable`). Under `npm start` every request, console pages included, ' +
          'must also arrive whole within it plus 5 s (a body trickled in is cut off with 408). See ' +
          '[operations.md](operations.md#deadlines-and-timeouts).',
      ),
    ),
  TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(0)
    .meta(
      about(
        'Server',
        'Reverse proxies in front of the app that append to `X-Forwarded-For`. With 0, the client address is the TCP peer and a ' +
          'client-sent `X-Forwarded-For` is ignored; with N, the entry N places from the end (and `X-Forwarded-Host` for the host check).',
      ),
    ),
};
