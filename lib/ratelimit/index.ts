import { redisConnection } from '@/lib/redis';
import { withInProcessFallback } from './fallback';
import { createMemoryLimiter } from './memory';
import { createRedisLimiter } from './redis';
import type { BudgetStore } from './types';
import { createUpstashLimiter } from './upstash';

export type { Budget, BudgetStore, BudgetStoreKind, LimitResult, RateLimiter, SharedLimiter } from './types';
export type { MemoryLimiter } from './memory';
export { createMemoryLimiter, createRedisLimiter, createUpstashLimiter, withInProcessFallback };

/** How long one call to the shared store may take before the request counts in-process instead. */
export const DEFAULT_STORE_TIMEOUT_MS = 500;
/** After the shared store failed, it is not asked again for this long (one request then tries it). */
export const STORE_BACKOFF_MS = 5000;

export interface BudgetStoreSettings {
  redisUrl?: string;
  upstashUrl?: string;
  upstashToken?: string;
  /** Default DEFAULT_STORE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default STORE_BACKOFF_MS. */
  backoffMs?: number;
  /** Put in front of every Redis key (tests sharing one Redis keep their runs apart with it). */
  redisKeyPrefix?: string;
  log?: (message: string) => void;
}

/**
 * Redis when REDIS_URL is set, else Upstash REST when both its URL and token are, each shared by every
 * instance with the in-process count behind it; otherwise a per-process limiter.
 */
export function createRateLimiter(env: BudgetStoreSettings): BudgetStore {
  const { redisUrl, upstashUrl, upstashToken } = env;
  const timeoutMs = env.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const fallback = { timeoutMs, backoffMs: env.backoffMs ?? STORE_BACKOFF_MS, log: env.log };
  if (redisUrl) {
    const shared = createRedisLimiter({ client: redisConnection(redisUrl), keyPrefix: env.redisKeyPrefix, readyTimeoutMs: timeoutMs });
    return withInProcessFallback(shared, createMemoryLimiter(), fallback);
  }
  if (upstashUrl && upstashToken) {
    return withInProcessFallback(
      createUpstashLimiter({ url: upstashUrl, token: upstashToken, timeoutMs }),
      createMemoryLimiter(),
      fallback,
    );
  }
  if (upstashUrl || upstashToken) {
    // Half a configuration is almost certainly a deployment mistake, and it silently un-shares the budgets.
    console.warn('[ratelimit] only one of the Upstash URL and token is set; using the in-memory limiter');
  }
  const memory = createMemoryLimiter();
  return {
    store: 'memory',
    consume: (budget, key) => memory.consume(budget, key),
    peek: (budget, key) => memory.peek(budget, key),
    ping: () => Promise.resolve(),
  };
}
