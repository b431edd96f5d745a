import { createMemoryLimiter } from './memory';
import type { RateLimiter } from './types';
import { createUpstashLimiter } from './upstash';

export type { Budget, LimitResult, RateLimiter } from './types';
export type { MemoryLimiter } from './memory';
export { createMemoryLimiter, createUpstashLimiter };

/** Upstash when both URL and token are set (shared across instances), otherwise a per-process limiter. */
export function createRateLimiter(env: { upstashUrl?: string; upstashToken?: string }): RateLimiter {
  const { upstashUrl, upstashToken } = env;
  if (upstashUrl && upstashToken) return createUpstashLimiter({ url: upstashUrl, token: upstashToken });
  if (upstashUrl || upstashToken) {
    // Half a configuration is almost certainly a deployment mistake, and it silently un-shares the budgets.
    console.warn('[ratelimit] only one of the Upstash URL and token is set; using the in-memory limiter');
  }
  return createMemoryLimiter();
}
