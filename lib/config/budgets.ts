import { z } from 'zod';
import { about } from './setting-docs';
import { optionalString, positiveInt } from './value-schemas';

// The Budgets and tokens settings: the rate budgets, the token cache, and the Redis or Upstash store that shares them.

export const budgetSettings = {
  RATE_LIMIT_ADDRESS_PER_MINUTE: positiveInt
    .default(300)
    .meta(about('Budgets and tokens', 'Requests per client address per minute (REST and MCP), counted before the token is looked at.')),
  RATE_LIMIT_TOKEN_PER_MINUTE: positiveInt.default(60).meta(about('Budgets and tokens', 'Tool calls per access token per minute.')),
  RATE_LIMIT_USER_PER_MINUTE: positiveInt
    .default(120)
    .meta(about('Budgets and tokens', 'Tool calls per user (all their tokens) per minute.')),
  TOKEN_CACHE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(300)
    .default(5)
    .meta(
      about(
        'Budgets and tokens',
        'How long a token look-up is reused (at most 300). Revoking on an instance takes effect there at once; other processes and ' +
          'instances see it within this time, or within a second through Redis when `REDIS_URL` is set (this age stays the backstop ' +
          'while Redis is down). `0` reads the database on every request.',
      ),
    ),
  REDIS_URL: optionalString
    .refine(
      (value) => value === undefined || /^rediss?:\/\/[^/]/.test(value),
      'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
    )
    .meta(
      about(
        'Budgets and tokens',
        '`redis://[user:password@]host:port[/db]` (or `rediss://` for TLS) of any Redis-protocol server (Redis, Valkey, a managed ' +
          'Redis): every rate budget (address, token, user, sign-in attempts, OAuth registrations, token and revocation requests) is ' +
          'shared by every instance, and a revoked token is refused by every instance within a second. Unset: in-process budgets, and ' +
          'other instances see a revocation within `TOKEN_CACHE_SECONDS`. See [operations.md](operations.md#budgets-one-process-or-shared).',
      ),
    ),
  UPSTASH_REDIS_REST_URL: optionalString
    .refine((value) => value === undefined || /^https?:\/\//.test(value), 'must be an http(s) URL')
    .meta(
      about(
        'Budgets and tokens',
        "Set it and `UPSTASH_REDIS_REST_TOKEN` (instead of `REDIS_URL`, not with it) to share the budgets through Upstash's REST API " +
          '(`@upstash/ratelimit`, sliding window), for serverless hosts that cannot keep a connection open.',
      ),
    ),
  UPSTASH_REDIS_REST_TOKEN: optionalString.meta(
    about('Budgets and tokens', "The token of Upstash's REST API; set with `UPSTASH_REDIS_REST_URL`."),
  ),
  RATE_LIMIT_STORE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(20, 'must be at least 20')
    .max(5000, 'must be at most 5000')
    .default(500)
    .meta(
      about(
        'Budgets and tokens',
        'How long one call to the shared budget store (Redis or Upstash) may take (20 to 5000); past it, or on an error, the request ' +
          'is counted in-process.',
      ),
    ),
};
