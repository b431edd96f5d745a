import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { assertValidBudget } from './budget';
import type { Budget, LimitResult, SharedLimiter } from './types';

const BLOCK_CACHE_MAX_ENTRIES = 10_000;

/**
 * The ephemeral cache stays on: while a key is blocked, its repeats are refused locally until the
 * window's reset (the same moment we report as Retry-After) without spending Redis commands, which is
 * exactly the traffic an abusive client generates. Redis stays the source of truth, so dropping the
 * cache is always safe; the library only deletes an entry when its key returns after the reset, so
 * without a cap, keys blocked once and never seen again would accumulate.
 */
class BoundedBlockCache extends Map<string, number> {
  override set(key: string, value: number): this {
    if (this.size >= BLOCK_CACHE_MAX_ENTRIES && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}

/**
 * Upstash REST, for serverless hosts that cannot keep a Redis connection open. A failure or a late answer
 * rejects: the caller (withInProcessFallback) bounds the wait and counts in-process meanwhile. The fetch
 * itself is aborted after `timeoutMs` too, so hung sockets do not pile up.
 */
export function createUpstashLimiter(opts: { url: string; token: string; timeoutMs: number }): SharedLimiter {
  const redis = new Redis({
    url: opts.url,
    token: opts.token,
    // One quick retry covers a dropped keep-alive socket; the default (5 retries, backoff up to ~2.7 s) only
    // delays the fallback.
    retry: { retries: 1, backoff: () => 50 },
    signal: () => AbortSignal.timeout(opts.timeoutMs),
  });
  const limiters = new Map<string, Ratelimit>();

  function limiterFor(budget: Budget): Ratelimit {
    const cacheKey = `${budget.name}:${budget.limit}:${budget.windowSeconds}`;
    let limiter = limiters.get(cacheKey);
    if (limiter === undefined) {
      assertValidBudget(budget);
      limiter = new Ratelimit({
        redis,
        limiter: Ratelimit.slidingWindow(budget.limit, `${budget.windowSeconds} s`),
        prefix: `jev:rl:${budget.name}`,
        ephemeralCache: new BoundedBlockCache(),
        // 0: never answer "success" on a slow store (the library's default after 5 s); the fetch's abort
        // signal and the caller's timeout bound the wait instead, and a failure counts in-process.
        timeout: 0,
      });
      limiters.set(cacheKey, limiter);
    }
    return limiter;
  }

  return {
    store: 'upstash',
    async consume(budget, key): Promise<LimitResult> {
      const res = await limiterFor(budget).limit(key);
      if (res.reason === 'timeout') throw new Error('Upstash did not answer in time');
      if (res.success) return { allowed: true, remaining: res.remaining, retryAfterSeconds: 0 };
      return {
        allowed: false,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil((res.reset - Date.now()) / 1000)),
      };
    },
    async peek(budget, key): Promise<LimitResult> {
      const { remaining, reset } = await limiterFor(budget).getRemaining(key);
      if (remaining > 0) return { allowed: true, remaining: remaining - 1, retryAfterSeconds: 0 };
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((reset - Date.now()) / 1000)) };
    },
    async ping() {
      const answer = await redis.ping();
      if (answer !== 'PONG') throw new Error(`Upstash answered PING with ${String(answer)}`);
    },
  };
}
