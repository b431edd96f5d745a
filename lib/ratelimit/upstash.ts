import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { assertValidBudget } from './budget';
import type { Budget, LimitResult, RateLimiter } from './types';

/**
 * Upstash normally answers within tens of milliseconds. Past this we stop waiting and let the request
 * through: this is an analysis service, so briefly unlimited traffic beats an outage caused by the limiter.
 */
const TIMEOUT_MS = 1000;
const BLOCK_CACHE_MAX_ENTRIES = 10_000;
/** An outage would otherwise log once per request. */
const WARN_INTERVAL_MS = 60_000;

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

export function createUpstashLimiter(opts: { url: string; token: string }): RateLimiter {
  const redis = new Redis({
    url: opts.url,
    token: opts.token,
    // One quick retry covers a dropped keep-alive socket; the default (5 retries, backoff up to ~2.7 s) only
    // delays failing open.
    retry: { retries: 1, backoff: () => 50 },
    // Ratelimit's `timeout` only stops waiting; aborting the fetch as well keeps hung sockets from piling up.
    signal: () => AbortSignal.timeout(TIMEOUT_MS),
  });
  const limiters = new Map<string, Ratelimit>();
  let lastWarnAt = -Infinity;

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
        timeout: TIMEOUT_MS,
      });
      limiters.set(cacheKey, limiter);
    }
    return limiter;
  }

  function failOpen(budget: Budget, reason: unknown): LimitResult {
    const t = Date.now();
    if (t - lastWarnAt >= WARN_INTERVAL_MS) {
      lastWarnAt = t;
      console.warn(`[ratelimit] Upstash unavailable, allowing requests without limits: ${String(reason)}`);
    }
    // The real count is unknown; report it as the first call of a window.
    return { allowed: true, remaining: budget.limit - 1, retryAfterSeconds: 0 };
  }

  return {
    async consume(budget, key) {
      const limiter = limiterFor(budget);
      let res: Awaited<ReturnType<Ratelimit['limit']>>;
      try {
        res = await limiter.limit(key);
      } catch (error) {
        return failOpen(budget, error);
      }
      // On timeout the library itself answers success: true; this only adds the warning.
      if (res.reason === 'timeout') return failOpen(budget, `no answer within ${TIMEOUT_MS} ms`);
      if (res.success) return { allowed: true, remaining: res.remaining, retryAfterSeconds: 0 };
      return {
        allowed: false,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil((res.reset - Date.now()) / 1000)),
      };
    },
  };
}
