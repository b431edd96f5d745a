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
  /** Spends one unit of the key's budget. */
  consume(budget: Budget, key: string): Promise<LimitResult>;
  /**
   * What spending one unit would answer, without spending it: for budgets that count only some outcomes (failed
   * sign-ins), checked before the attempt and spent after it.
   */
  peek(budget: Budget, key: string): Promise<LimitResult>;
}

/** Where budgets are counted: in this process, or shared by every instance through Redis or Upstash. */
export type BudgetStoreKind = 'memory' | 'redis' | 'upstash';

/** A limiter counting in a store shared by every instance: it may fail, and it can be asked whether it answers. */
export interface SharedLimiter {
  readonly store: Exclude<BudgetStoreKind, 'memory'>;
  /** Spends one unit; rejects when the store fails (the caller falls back). */
  consume(budget: Budget, key: string): Promise<LimitResult>;
  /** What spending one unit would answer, without spending it; rejects when the store fails. */
  peek(budget: Budget, key: string): Promise<LimitResult>;
  /** Resolves when the store answers, for the readiness probe. */
  ping(): Promise<void>;
}

/** The process's budgets: a rate limiter that names its store and can check it (GET /api/ready). */
export interface BudgetStore extends RateLimiter {
  readonly store: BudgetStoreKind;
  /** Resolves when the store answers (at once for the in-process store); rejects when it does not. */
  ping(): Promise<void>;
}
