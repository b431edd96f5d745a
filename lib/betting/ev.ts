import { assertProbability } from './assert';
import { americanToDecimal, impliedProbability, roundTo6 } from './odds';

export type ExpectedValueResult = {
  decimalOdds: number;
  /** Break-even probability of the price, margin included. */
  impliedProbability: number;
  /** Estimated probability minus implied probability. */
  edge: number;
  /** Expected profit of the stake, in the stake's currency. */
  expectedValue: number;
  /** Expected profit per unit staked, as a fraction (0.05 = +5%). */
  expectedValuePercent: number;
};

/** Expected value of betting `stake` at an American price, given an estimated win probability. */
export function expectedValue(probability: number, american: number, stake: number): ExpectedValueResult {
  assertProbability('probability', probability);
  if (!(Number.isFinite(stake) && stake >= 0)) {
    throw new RangeError(`stake must be a finite number >= 0, got ${stake}`);
  }
  const decimalOdds = americanToDecimal(american);
  const implied = impliedProbability(american);
  // p·d − 1 is p·(d − 1) − (1 − p), the win profit weighted against the lost stake, per unit staked.
  const expectedValuePercent = probability * decimalOdds - 1;
  return {
    decimalOdds,
    impliedProbability: implied,
    edge: probability - implied,
    expectedValue: stake * expectedValuePercent,
    expectedValuePercent,
  };
}

/**
 * A price against a fair probability as an answer shows it, per unit staked (p × decimal odds − 1, six places). Pass
 * the fair probability the answer shows (already six places), not the unrounded consensus: then the shown p and price
 * give back the shown expected value, as calc_ev fed them does.
 */
export function priceExpectedValue(fairProbability: number, americanOdds: number): number {
  assertProbability('fairProbability', fairProbability);
  return roundTo6(fairProbability * americanToDecimal(americanOdds) - 1);
}
