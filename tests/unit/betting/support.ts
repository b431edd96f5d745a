import fc from 'fast-check';
import { expect } from 'vitest';
import { MAX_AMERICAN_ODDS, MIN_AMERICAN_ODDS, impliedProbability, probabilityToAmerican, roundAmerican } from '@/lib/betting/odds';

/** Any whole American price the service accepts. */
export const validAmericanOdds = fc.oneof(
  fc.integer({ min: MIN_AMERICAN_ODDS, max: -100 }),
  fc.integer({ min: 100, max: MAX_AMERICAN_ODDS }),
);

/** 2..20 valid prices in any combination, absurd ones (several 99.9% favourites) included. */
export const anyMarket = fc.array(validAmericanOdds, { minLength: 2, maxLength: 20 });

/**
 * 2..20 valid prices shaped like a real book: fair shares of the outcomes,
 * inflated by an overround between `minMargin` and `maxMargin`, then rounded to
 * whole prices (so the realised overround differs slightly).
 */
export function bookMarket(minMargin: number, maxMargin: number): fc.Arbitrary<number[]> {
  return fc
    .record({
      shares: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 20 }),
      margin: fc.double({ min: minMargin, max: maxMargin, noNaN: true }),
    })
    .map(({ shares, margin }) => {
      const totalShares = shares.reduce((a, b) => a + b, 0);
      return shares.map((share) => toValidAmerican((share / totalShares) * (1 + margin)));
    });
}

function toValidAmerican(probability: number): number {
  const american = roundAmerican(probabilityToAmerican(Math.min(probability, 0.999)));
  return Math.min(Math.max(american, MIN_AMERICAN_ODDS), MAX_AMERICAN_ODDS);
}

export const impliedOf = (odds: number[]): number[] => odds.map(impliedProbability);

/** values[index], failing the test instead of yielding undefined. */
export function at(values: readonly number[], index: number): number {
  const value = values[index];
  if (value === undefined) throw new Error(`No element at index ${index}`);
  return value;
}

/** The sum exactly as callers compute it. */
export const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

export const probability = fc.double({ min: 0, max: 1, noNaN: true });
export const openProbability = fc.double({
  min: 0,
  max: 1,
  minExcluded: true,
  maxExcluded: true,
  noNaN: true,
});

/** |actual − expected| <= relative · |expected|. */
export function expectRelativelyClose(actual: number, expected: number, relative: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected));
}
