import type { Awaitable } from '@/lib/awaitable';

/** A named rate budget, e.g. `{ name: 'address', limit: 300, windowSeconds: 60 }`. A name identifies one budget. */
export interface Budget {
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  remaining: number;
  /** Whole seconds >= 1 when refused, 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Spends one unit of the key's budget. The in-process limiter answers at once, Upstash asynchronously. */
  consume(budget: Budget, key: string): Awaitable<LimitResult>;
}
