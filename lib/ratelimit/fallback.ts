import type { MemoryLimiter } from './memory';
import type { Budget, BudgetStore, LimitResult, SharedLimiter } from './types';

// A shared budget store (Redis or Upstash) with the in-process limiter behind it. Every call is also counted
// in-process, so when the store fails the instance already knows what its own clients spent, and the budgets
// keep holding per instance: never no limit. The rules:
//   - one store call waits at most `timeoutMs`; a failure or a timeout answers from the in-process count;
//   - after a failure the store is skipped for `backoffMs`, so the rest of that request (its other budgets)
//     and every other request answer at once from the in-process count: a request waits for a failing store
//     at most once, not once per budget;
//   - when the back-off ends, one request tries the store again (the others keep counting in-process until it
//     answers); the first answer ends the outage and the budgets are shared again;
//   - an outage is logged once when it starts and once when it ends, never per request.

export interface FallbackOptions {
  timeoutMs: number;
  backoffMs: number;
  /** Epoch milliseconds. */
  now?: () => number;
  log?: (message: string) => void;
}

export function withInProcessFallback(shared: SharedLimiter, local: MemoryLimiter, opts: FallbackOptions): BudgetStore {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((message: string) => console.warn(message));
  const name = shared.store === 'redis' ? 'Redis' : 'Upstash';
  let down = false;
  /** The store is not asked before this time (epoch ms). */
  let skipUntil = 0;
  /** While down, a single request at a time tries the store. */
  let probing = false;

  function succeeded(): void {
    if (down) {
      down = false;
      log(`[ratelimit] ${name} answers again: budgets are shared across instances again`);
    }
  }

  function failed(reason: unknown): void {
    skipUntil = now() + opts.backoffMs;
    if (!down) {
      down = true;
      const why = reason instanceof Error ? reason.message : String(reason);
      log(`[ratelimit] ${name} budget store unavailable (${why}): counting budgets in this process until it answers again`);
    }
  }

  /** The shared store's answer, or the in-process count when the store is skipped, fails or is late. */
  async function ask(answer: () => Promise<LimitResult>, counted: Promise<LimitResult>): Promise<LimitResult> {
    const fallback = await counted;
    if (probing || now() < skipUntil) return fallback;
    const probe = down;
    if (probe) probing = true;
    try {
      const result = await withTimeout(answer(), opts.timeoutMs, name);
      succeeded();
      return result;
    } catch (error) {
      failed(error);
      return fallback;
    } finally {
      if (probe) probing = false;
    }
  }

  return {
    store: shared.store,
    // Every unit is also counted in-process.
    consume: (budget: Budget, key: string) => ask(() => shared.consume(budget, key), local.consume(budget, key)),
    peek: (budget: Budget, key: string) => ask(() => shared.peek(budget, key), local.peek(budget, key)),
    ping() {
      return withTimeout(shared.ping(), opts.timeoutMs, name).then(succeeded);
    },
  };
}

/** The promise's outcome, or a rejection once `ms` have passed without one. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  promise.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
