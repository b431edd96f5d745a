import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedValue } from '@/lib/betting/ev';
import { fullKellyFraction } from '@/lib/betting/kelly';
import { probability, validAmericanOdds } from './support';

describe('fullKellyFraction: hand-checked', () => {
  it.each([
    [0.55, -110, 0.055], // (10/11·0.55 − 0.45) / (10/11)
    [0.6, 100, 0.2], // even money: 2p − 1
    [0.4, 200, 0.1], // (2·0.4 − 0.6) / 2
    [0.5, -110, -0.05], // no edge at a fair coin on a juiced price
    [1, -300, 1],
  ])('p = %d at %d → %d', (p, american, fraction) => {
    expect(fullKellyFraction(p, american)).toBeCloseTo(fraction, 14);
  });

  it('is zero at the break-even probability', () => {
    expect(fullKellyFraction(0.4, 150)).toBeCloseTo(0, 15);
  });

  it('rejects bad input', () => {
    expect(() => fullKellyFraction(1.5, -110)).toThrow(RangeError);
    expect(() => fullKellyFraction(0.5, 0)).toThrow(RangeError);
  });
});

describe('fullKellyFraction: properties', () => {
  it('is (b·p − q) / b', () => {
    fc.assert(
      fc.property(probability, validAmericanOdds, (p, american) => {
        const b = expectedValue(p, american, 1).decimalOdds - 1;
        const textbook = (b * p - (1 - p)) / b;
        const scale = (b * p + (1 - p)) / b;
        expect(Math.abs(fullKellyFraction(p, american) - textbook)).toBeLessThanOrEqual(1e-12 * scale);
      }),
      { numRuns: 5_000 },
    );
  });

  it('is positive exactly when the expected value is positive', () => {
    const stake = fc.double({ min: 0.01, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(probability, validAmericanOdds, stake, (p, american, amount) => {
        const kellyPositive = fullKellyFraction(p, american) > 0;
        const { expectedValue: ev, expectedValuePercent } = expectedValue(p, american, amount);
        expect(kellyPositive).toBe(ev > 0);
        expect(kellyPositive).toBe(expectedValuePercent > 0);
      }),
      { numRuns: 10_000 },
    );
  });

  it('never stakes more than the win probability, nor more than the bankroll', () => {
    fc.assert(
      fc.property(probability, validAmericanOdds, (p, american) => {
        const fraction = fullKellyFraction(p, american);
        expect(fraction).toBeLessThanOrEqual(p + 1e-12);
        expect(fraction).toBeLessThanOrEqual(1 + 1e-12);
      }),
      { numRuns: 5_000 },
    );
  });
});
