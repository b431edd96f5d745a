import { expectedValue } from './ev';

/**
 * Full-Kelly stake as a fraction of bankroll: f* = (b·p − q) / b with
 * b = decimal − 1 and q = 1 − p. Zero or negative means there is no positive
 * edge and nothing should be staked.
 */
export function fullKellyFraction(probability: number, american: number): number {
  // b·p − q equals p·decimal − 1: reusing expectedValue's figure keeps Kelly and EV in sign agreement.
  const { decimalOdds, expectedValuePercent } = expectedValue(probability, american, 1);
  return expectedValuePercent / (decimalOdds - 1);
}
