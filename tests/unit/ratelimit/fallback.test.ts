import { describe, expect, it, vi } from 'vitest';
import { createMemoryLimiter, withInProcessFallback, type Budget, type LimitResult, type SharedLimiter } from '@/lib/ratelimit';

// The shared store's fallback with a scripted store and clock: one bounded wait, then the back-off answers at
// once from the in-process count, one request probes the store when it ends, and an outage logs twice in all.

const budget: Budget = { name: 'fallback', limit: 3, windowSeconds: 60 };
const ALLOWED: LimitResult = { allowed: true, remaining: 99, retryAfterSeconds: 0 };

function scriptedStore() {
  const state = { mode: 'up' as 'up' | 'down' | 'hang', calls: 0 };
  const store: SharedLimiter = {
    store: 'redis',
    consume() {
      state.calls++;
      if (state.mode === 'up') return Promise.resolve(ALLOWED);
      if (state.mode === 'down') return Promise.reject(new Error('connection refused'));
      return new Promise<LimitResult>(() => {});
    },
    peek() {
      return this.consume({ name: 'unused', limit: 1, windowSeconds: 1 }, '');
    },
    ping: () => (state.mode === 'up' ? Promise.resolve() : Promise.reject(new Error('down'))),
  };
  return { state, store };
}

describe('withInProcessFallback', () => {
  it('uses the store while it answers, and counts in-process meanwhile', async () => {
    const { state, store } = scriptedStore();
    const limiter = withInProcessFallback(store, createMemoryLimiter(), { timeoutMs: 50, backoffMs: 1000, log: vi.fn() });
    for (let i = 0; i < 5; i++) expect(await limiter.consume(budget, 'k')).toEqual(ALLOWED);
    expect(state.calls).toBe(5);
    // The store went away: the in-process count already holds 3 calls, so the budget is spent.
    state.mode = 'down';
    expect(await limiter.consume(budget, 'k')).toMatchObject({ allowed: false });
  });

  it('waits for a hung store once, answers at once during the back-off, probes with one request, recovers', async () => {
    const { state, store } = scriptedStore();
    let now = 1_000_000;
    const log = vi.fn();
    const limiter = withInProcessFallback(store, createMemoryLimiter({ now: () => now }), {
      timeoutMs: 50,
      backoffMs: 1000,
      now: () => now,
      log,
    });
    state.mode = 'hang';
    const started = performance.now();
    expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('did not answer within 50 ms'));

    // During the back-off: no store call, the in-process count.
    expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(state.calls).toBe(1);

    // After it, one request probes (still hung); the others meanwhile answer in-process without waiting for it.
    now += 1001;
    let probed = false;
    const probe = limiter.consume(budget, 'other').then(() => (probed = true));
    expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect(await limiter.consume(budget, 'k')).toMatchObject({ allowed: false });
    expect(probed).toBe(false);
    expect(state.calls).toBe(2);
    await probe;
    expect(log).toHaveBeenCalledTimes(1); // still the same outage

    // The store is back: the next probe after the back-off ends the outage.
    state.mode = 'up';
    now += 1001;
    expect(await limiter.consume(budget, 'k')).toEqual(ALLOWED);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('answers again'));
    expect(await limiter.consume(budget, 'k')).toEqual(ALLOWED);
    await expect(limiter.ping()).resolves.toBeUndefined();
  });
});
