import { assertValidBudget } from './budget';
import type { Budget, LimitResult, RateLimiter } from './types';

/** A budget's counters are swept once it tracks this many keys, then whenever the live set has doubled. */
const MIN_SWEEP_SIZE = 1024;

/** Counts for one key: `current` in window number `window`, `previous` in the window before it. */
class Counter {
  constructor(
    public window: number,
    public current: number,
    public previous: number,
  ) {}
}

interface BudgetState {
  readonly counters: Map<string, Counter>;
  sweepAt: number;
}

export interface MemoryLimiter extends RateLimiter {
  /** Keys currently held across all budgets, for metrics and tests. */
  trackedKeys(): number;
}

/**
 * Per-process sliding window with the same arithmetic as Upstash's `Ratelimit.slidingWindow`:
 * used = floor(previous window's count × share of it still inside the sliding window) + current count.
 * `now` returns epoch milliseconds.
 */
export function createMemoryLimiter(opts: { now?: () => number } = {}): MemoryLimiter {
  const now = opts.now ?? Date.now;
  const budgets = new Map<string, BudgetState>();

  function count(budget: Budget, key: string, spend: boolean): LimitResult {
    const t = now();
    const windowMs = budget.windowSeconds * 1000;
    const window = Math.floor(t / windowMs);

    let state = budgets.get(budget.name);
    if (state === undefined) {
      assertValidBudget(budget);
      state = { counters: new Map(), sweepAt: MIN_SWEEP_SIZE };
      budgets.set(budget.name, state);
    }

    let counter = state.counters.get(key);
    if (counter === undefined && !spend) return { allowed: true, remaining: budget.limit - 1, retryAfterSeconds: 0 };
    if (counter === undefined) {
      if (state.counters.size >= state.sweepAt) sweep(state, window);
      counter = new Counter(window, 0, 0);
      state.counters.set(key, counter);
    } else if (counter.window !== window) {
      // Roll forward in place: only an adjacent window still contributes.
      counter.previous = counter.window === window - 1 ? counter.current : 0;
      counter.current = 0;
      counter.window = window;
    }

    const windowStart = window * windowMs;
    // (windowMs - elapsed) * previous / windowMs rather than Upstash's (1 - pct) * previous: same value,
    // but exact at the boundaries that retryAtMs() computes.
    const weightedPrevious = Math.floor(((windowStart + windowMs - t) * counter.previous) / windowMs);
    const used = weightedPrevious + counter.current;
    if (used >= budget.limit) {
      const retryAt = retryAtMs(budget.limit, windowStart, windowMs, counter.current, counter.previous);
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.ceil((retryAt - t) / 1000) };
    }
    if (spend) counter.current++;
    return { allowed: true, remaining: budget.limit - used - 1, retryAfterSeconds: 0 };
  }

  return {
    consume: async (budget, key) => count(budget, key, true),
    peek: async (budget, key) => count(budget, key, false),
    trackedKeys() {
      let total = 0;
      for (const state of budgets.values()) total += state.counters.size;
      return total;
    },
  };
}

/**
 * First whole millisecond at which a refused key is allowed again, assuming no further calls.
 * floor((windowMs - r) * p / windowMs) < k  ⇔  r > windowMs - k * windowMs / p, for r ms into a window.
 */
function retryAtMs(limit: number, windowStart: number, windowMs: number, current: number, previous: number): number {
  if (current < limit) {
    // Refused with room in the current window, so previous > 0 and its decaying weight frees a slot in this window.
    return windowStart + windowMs - Math.ceil(((limit - current) * windowMs) / previous) + 1;
  }
  // The current window is full; in the next one its count becomes the decaying previous count.
  return windowStart + 2 * windowMs - Math.ceil((limit * windowMs) / current) + 1;
}

/** Drops keys whose counts are two or more windows old; amortised O(1) per new key. */
function sweep(state: BudgetState, window: number): void {
  for (const [key, counter] of state.counters) {
    if (counter.window < window - 1) state.counters.delete(key);
  }
  state.sweepAt = Math.max(MIN_SWEEP_SIZE, state.counters.size * 2);
}
