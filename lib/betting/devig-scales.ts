/**
 * De-vig methods that move every implied probability by one amount on a scale that stretches the ends: the odds
 * ratio (log-odds) and probit (normal quantiles). Both are defined for every market with a margin, keep the order
 * and, like power and Shin, take relatively more from long shots than from favourites. Each needs a checked market
 * with a margin (devig-methods.ts's devigBy checks).
 */
import { MIN_FAIR_PROBABILITY, solveFallingFrom, withExactUnitSum } from './devig';
import { normalCdf, normalQuantile } from './normal';

/** The odds ratio method's fair probability for implied p and ratio c ≥ 1: the odds p/(1 − p) divided by c. */
export function oddsRatioProbability(p: number, c: number): number {
  return p / (c * (1 - p) + p);
}

/** The c ≥ 1 for which the odds ratio method's probabilities sum to 1, to adjacent doubles. Requires Σp > 1. */
export function solveOddsRatio(implied: readonly number[]): number {
  return solveFallingFrom((c) => implied.reduce((sum, p) => sum + oddsRatioProbability(p, c), 0) - 1, 1);
}

/**
 * Odds ratio (Cheung 2015; `implied` "or", penaltyblog "odds_ratio"): fair_i / (1 − fair_i) = (p_i / (1 − p_i)) / c
 * with the one c that makes them sum to 1. The same as subtracting log c from every log-odds, which is penaltyblog's
 * "logarithmic" method.
 */
export function devigOddsRatio(implied: number[]): number[] {
  const c = solveOddsRatio(implied);
  return withExactUnitSum(implied.map((p) => ({ implied: p, fair: oddsRatioProbability(p, c) })));
}

/** The shift s ≥ 0 for which Φ(Φ⁻¹(p_i) − s) sum to 1, to adjacent doubles, and the quantiles it shifts. */
export function solveProbitShift(implied: readonly number[]): { shift: number; quantiles: number[] } {
  const quantiles = implied.map(normalQuantile);
  const shift = solveFallingFrom((s) => quantiles.reduce((sum, x) => sum + normalCdf(x - s), 0) - 1, 0);
  return { shift, quantiles };
}

/**
 * Probit: fair_i = Φ(Φ⁻¹(p_i) − s), every implied probability moved down by the same s on the normal quantile
 * scale. The shift is at most about 6 for any accepted market, so no fair probability comes near underflow; the
 * floor is a guard.
 */
export function devigProbit(implied: number[]): number[] {
  const { shift, quantiles } = solveProbitShift(implied);
  return withExactUnitSum(
    implied.map((p, i) => ({ implied: p, fair: Math.max(normalCdf((quantiles[i] as number) - shift), MIN_FAIR_PROBABILITY) })),
  );
}
