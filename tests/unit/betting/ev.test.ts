import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedValue } from '@/lib/betting/ev';
import { expectRelativelyClose, probability, validAmericanOdds } from './support';

const stake = fc.double({ min: 0.01, max: 1e6, noNaN: true });

describe('expectedValue: hand-checked bets', () => {
  it('-110 at 55% for 100: +5 (the classic 4.76% break-even beaten by 2.6 points)', () => {
    const result = expectedValue(0.55, -110, 100);
    expect(result.decimalOdds).toBeCloseTo(21 / 11, 15);
    expect(result.impliedProbability).toBeCloseTo(110 / 210, 15);
    expect(result.edge).toBeCloseTo(0.55 - 110 / 210, 15); // 0.0261905
    expect(result.expectedValue).toBeCloseTo(5, 12); // 100·(0.55·10/11 − 0.45)
    expect(result.expectedValuePercent).toBeCloseTo(0.05, 14);
  });

  it('+150 at its fair 40% is worth nothing', () => {
    const result = expectedValue(0.4, 150, 10);
    expect(result.decimalOdds).toBe(2.5);
    expect(result.edge).toBe(0);
    expect(result.expectedValue).toBeCloseTo(0, 14);
    expect(result.expectedValuePercent).toBeCloseTo(0, 14);
  });

  it('+200 at 25% for 100 loses 25', () => {
    const result = expectedValue(0.25, 200, 100);
    expect(result.edge).toBeCloseTo(0.25 - 1 / 3, 15);
    expect(result.expectedValue).toBeCloseTo(-25, 12);
    expect(result.expectedValuePercent).toBeCloseTo(-0.25, 14);
  });

  it('certain win and certain loss', () => {
    expect(expectedValue(1, -200, 30).expectedValue).toBeCloseTo(15, 12);
    expect(expectedValue(0, -200, 30).expectedValue).toBeCloseTo(-30, 12);
    expect(expectedValue(0, 500, 30).expectedValuePercent).toBe(-1);
  });

  it('a zero stake has zero expected value but still a return per unit', () => {
    const result = expectedValue(0.55, -110, 0);
    expect(result.expectedValue).toBe(0);
    expect(result.expectedValuePercent).toBeCloseTo(0.05, 14);
  });

  it.each([
    [-0.1, -110, 100],
    [1.1, -110, 100],
    [Number.NaN, -110, 100],
    [0.5, 50, 100],
    [0.5, Number.NaN, 100],
    [0.5, -110, -1],
    [0.5, -110, Number.NaN],
    [0.5, -110, Number.POSITIVE_INFINITY],
  ])('rejects probability %d, odds %d, stake %d', (p, american, amount) => {
    expect(() => expectedValue(p, american, amount)).toThrow(RangeError);
  });
});

describe('expectedValue: properties', () => {
  it('matches stake·(p·(decimal − 1) − (1 − p)), and the percent is that per unit staked', () => {
    fc.assert(
      fc.property(probability, validAmericanOdds, stake, (p, american, amount) => {
        const result = expectedValue(p, american, amount);
        const b = result.decimalOdds - 1;
        const textbook = amount * (p * b - (1 - p));
        // Both forms cancel near zero EV, so compare against the size of the terms involved.
        const scale = amount * (p * b + (1 - p));
        expect(Math.abs(result.expectedValue - textbook)).toBeLessThanOrEqual(1e-12 * scale);
        expect(result.expectedValuePercent).toBe(p * result.decimalOdds - 1);
        expectRelativelyClose(result.expectedValue / amount, result.expectedValuePercent, 1e-12);
      }),
      { numRuns: 5_000 },
    );
  });

  it('edge is probability minus the implied probability, and agrees in sign with EV', () => {
    fc.assert(
      fc.property(probability, validAmericanOdds, (p, american) => {
        const result = expectedValue(p, american, 1);
        expect(result.edge).toBe(p - result.impliedProbability);
        // EV per unit = edge · decimal, so the signs match away from rounding noise.
        if (Math.abs(result.edge) > 1e-12) {
          expect(Math.sign(result.expectedValuePercent)).toBe(Math.sign(result.edge));
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('scales linearly with the stake', () => {
    fc.assert(
      fc.property(probability, validAmericanOdds, stake, (p, american, amount) => {
        expect(expectedValue(p, american, 2 * amount).expectedValue).toBe(2 * expectedValue(p, american, amount).expectedValue);
      }),
    );
  });
});
