import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ago, agoChangesAt } from '@/lib/time';

// agoChangesAt lets a presented market be reused until its ages would read differently, so it must name the
// exact first moment the words change: the same words up to a millisecond before it, other words at it.

describe('agoChangesAt', () => {
  it('names the first millisecond at which the words change', () => {
    const base = Date.parse('2026-11-21T18:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: -120_000, max: 40 * 86_400_000 }), fc.integer({ min: -1_000, max: 999 }), (age, jitter) => {
        const then = new Date(base + jitter);
        const now = new Date(then.getTime() + age);
        const until = agoChangesAt(then, now);
        expect(until).toBeGreaterThan(now.getTime());
        expect(ago(then, new Date(until - 1))).toBe(ago(then, now));
        expect(ago(then, new Date(until))).not.toBe(ago(then, now));
      }),
      { numRuns: 5_000 },
    );
  });

  it('steps at the rounding edges: 59.5 seconds, a minute and a half-second, an hour, a day', () => {
    const then = new Date('2026-11-21T18:00:00Z');
    const at = (ms: number) => new Date(then.getTime() + ms);
    expect(agoChangesAt(then, at(0))).toBe(then.getTime() + 59_500);
    expect(ago(then, at(59_499))).toBe('just now');
    expect(ago(then, at(59_500))).toBe('1 minute ago');
    expect(agoChangesAt(then, at(59_500))).toBe(then.getTime() + 119_500);
    expect(agoChangesAt(then, at(3_599_500))).toBe(then.getTime() + 7_199_500);
    expect(agoChangesAt(then, at(86_399_500))).toBe(then.getTime() + 2 * 86_400_000 - 500);
    // A price stamped after now (a clock ahead of ours) is "just now" until 59.5 seconds after its stamp.
    expect(agoChangesAt(then, at(-30_000))).toBe(then.getTime() + 59_500);
  });
});
