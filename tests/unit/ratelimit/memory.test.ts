import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryLimiter } from '@/lib/ratelimit/memory';
import type { Budget } from '@/lib/ratelimit/types';

const MINUTE = 60_000;
/** A window boundary for 60 s windows, so offsets below read as "ms into the window". */
const T0 = 28_333_334 * MINUTE;

function clockAt(start: number) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

const budget = (limit: number, windowSeconds = 60, name = 'test'): Budget => ({ name, limit, windowSeconds });

describe('memory limiter', () => {
  it('allows exactly `limit` calls in a window, then refuses with the time until a slot frees up', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(3);

    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });

    // At the next window's first ms the full window still weighs 3; one ms later floor(2.99995) = 2.
    clock.t = T0 + 10_000;
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 51 });
    clock.t = T0 + MINUTE;
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    clock.t = T0 + MINUTE + 1;
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it('peek answers what consuming would, without spending: sign-in budgets count only failures', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(2);
    expect(await limiter.peek(b, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await limiter.peek(b, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(limiter.trackedKeys()).toBe(0);
    await limiter.consume(b, 'k');
    expect(await limiter.peek(b, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    await limiter.consume(b, 'k');
    clock.t = T0 + 10_000;
    expect(await limiter.peek(b, 'k')).toEqual(await limiter.consume(b, 'k'));
    expect(await limiter.peek(b, 'k')).toMatchObject({ allowed: false, retryAfterSeconds: 51 });
  });

  it('weights the previous window by how much of it the sliding window still covers', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(10);
    for (let i = 0; i < 10; i++) await limiter.consume(b, 'k');

    // Halfway into the next window, floor(0.5 × 10) = 5 of the old calls still count.
    clock.t = T0 + MINUTE + 30_000;
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await limiter.consume(b, 'k')).remaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    // The old calls' weight keeps decaying, so one more slot frees up 1 ms later…
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    clock.t = T0 + MINUTE + 30_001;
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    // …and with 6 current calls the next needs floor((60000 - e) × 10 / 60000) < 4, i.e. e > 36000.
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 6 });
    clock.t = T0 + MINUTE + 36_000;
    expect((await limiter.consume(b, 'k')).allowed).toBe(false);
    clock.t = T0 + MINUTE + 36_001;
    expect((await limiter.consume(b, 'k')).allowed).toBe(true);

    // Two windows on, nothing from before counts.
    clock.t = T0 + 3 * MINUTE;
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 9, retryAfterSeconds: 0 });
  });

  it('keeps keys and budgets independent', async () => {
    const limiter = createMemoryLimiter({ now: clockAt(T0).now });
    const address = budget(1, 60, 'address');
    const tools = budget(1, 60, 'tools');

    expect((await limiter.consume(address, 'a')).allowed).toBe(true);
    expect((await limiter.consume(address, 'a')).allowed).toBe(false);
    expect((await limiter.consume(address, 'b')).allowed).toBe(true);
    expect((await limiter.consume(tools, 'a')).allowed).toBe(true);
    expect((await limiter.consume(tools, 'a')).allowed).toBe(false);
  });

  it('does not count refused calls', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(2);
    await limiter.consume(b, 'k');
    await limiter.consume(b, 'k');
    for (let i = 0; i < 100; i++) expect((await limiter.consume(b, 'k')).allowed).toBe(false);

    // With 102 counted this would stay refused for the whole next window.
    clock.t = T0 + MINUTE + 1;
    expect(await limiter.consume(b, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it('sweeps keys whose counts no longer matter', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(2);
    for (let i = 0; i < 2000; i++) await limiter.consume(b, `old-${i}`);
    expect(limiter.trackedKeys()).toBe(2000);

    // Two windows later the 'old-*' keys are dead; the sweep runs once the map reaches 2048.
    clock.t = T0 + 2 * MINUTE;
    for (let i = 0; i < 1000; i++) await limiter.consume(b, `new-${i}`);
    expect(limiter.trackedKeys()).toBe(1000);
  });

  it('stays bounded under a steady stream of one-off keys', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(1);
    let peak = 0;
    for (let minute = 0; minute < 50; minute++) {
      clock.t = T0 + minute * MINUTE;
      for (let i = 0; i < 1000; i++) await limiter.consume(b, `m${minute}-${i}`);
      peak = Math.max(peak, limiter.trackedKeys());
    }
    // At most 2000 keys are live (this window and the last); sweeps trigger at twice the live size.
    expect(peak).toBeLessThanOrEqual(4000);
  });

  it('does not forget a previous-window count when sweeping', async () => {
    const clock = clockAt(T0);
    const limiter = createMemoryLimiter({ now: clock.now });
    const b = budget(2);
    await limiter.consume(b, 'hot');
    await limiter.consume(b, 'hot');
    for (let i = 0; i < 1500; i++) await limiter.consume(b, `stale-${i}`);

    clock.t = T0 + MINUTE;
    for (let i = 0; i < 3000; i++) await limiter.consume(b, `fresh-${i}`);
    expect((await limiter.consume(b, 'hot')).allowed).toBe(false);
  });

  it('rejects budgets the window arithmetic cannot handle', async () => {
    const limiter = createMemoryLimiter();
    await expect(limiter.consume(budget(0), 'k')).rejects.toThrow(/limit must be a positive integer/);
    await expect(limiter.consume(budget(1.5, 60, 'frac'), 'k')).rejects.toThrow(/limit/);
    await expect(limiter.consume(budget(5, 0, 'zero-window'), 'k')).rejects.toThrow(/windowSeconds/);
  });

  it('retryAfterSeconds is exact: still refused a second earlier, allowed at that moment', async () => {
    // Histories of calls paced around the budget's average rate; every refused call is checked by
    // replaying the history up to it and probing the two instants.
    const scenario = fc.record({
      limit: fc.integer({ min: 1, max: 20 }),
      windowSeconds: fc.integer({ min: 1, max: 120 }),
      paces: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 60 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ limit, windowSeconds, paces }) => {
        const b = budget(limit, windowSeconds);
        // pace 1000 = twice the average spacing the budget allows
        const gaps = paces.map((pace) => Math.floor((pace * 2 * windowSeconds) / limit));
        const replay = async (calls: number, probeAfterMs?: number) => {
          const clock = clockAt(T0);
          const limiter = createMemoryLimiter({ now: clock.now });
          const results = [];
          for (const gap of gaps.slice(0, calls)) {
            clock.t += gap;
            results.push(await limiter.consume(b, 'k'));
          }
          if (probeAfterMs !== undefined) {
            clock.t += probeAfterMs;
            results.push(await limiter.consume(b, 'k'));
          }
          return results;
        };
        const history = await replay(gaps.length);
        for (const [i, result] of history.entries()) {
          if (result.allowed) continue;
          expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
          expect((await replay(i + 1, result.retryAfterSeconds * 1000)).at(-1)?.allowed).toBe(true);
          expect((await replay(i + 1, (result.retryAfterSeconds - 1) * 1000)).at(-1)?.allowed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
