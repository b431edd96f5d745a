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
  consume(budget: Budget, key: string): Promise<LimitResult>;
}
