/**
 * The de-vig methods beyond devig.ts's multiplicative and power, and a comparison of all four.
 * Pure; every method returns fair probabilities that sum to exactly 1 with a left-to-right reduce.
 */
import { bisectFalling, devig, withExactUnitSum } from './devig';

export const FAIR_METHODS = ['multiplicative', 'additive', 'power', 'shin'] as const;
export type FairMethod = (typeof FAIR_METHODS)[number];

/** A method that cannot price this market (additive: a long shot would get a probability at or below 0). */
export class DevigRefused extends Error {
  override name = 'DevigRefused';
}

function checkMarket(implied: readonly number[]): number {
  if (implied.length < 2) {
    throw new RangeError(`A market needs at least 2 outcomes, got ${implied.length}`);
  }
  for (const p of implied) {
    if (!(p > 0 && p < 1)) {
      throw new RangeError(`Implied probabilities must be in (0, 1), got ${p}`);
    }
  }
  return implied.reduce((a, b) => a + b, 0);
}

/**
 * Additive: the margin shared equally, fair_i = p_i − (Σp − 1) / n. Throws DevigRefused when an outcome
 * would get a probability at or below 0 (a long shot priced under the per-outcome margin), which needs at
 * least three outcomes: with two, p_2 ≤ (p_1 + p_2 − 1) / 2 would need p_2 ≤ p_1 − 1.
 */
export function devigAdditive(implied: number[]): number[] {
  const total = checkMarket(implied);
  if (total <= 1) return devig(implied, 'multiplicative');
  const share = (total - 1) / implied.length;
  const fair = implied.map((p) => p - share);
  const index = fair.findIndex((p) => !(p > 0));
  if (index !== -1) {
    throw new DevigRefused(
      `The additive method cannot price this market: the outcome at position ${index + 1} (implied ${implied[index]}) ` +
        `is below its equal share of the margin (${share}) and would get a fair probability at or below 0. ` +
        "Use 'multiplicative', 'power' or 'shin'.",
    );
  }
  return withExactUnitSum(implied.map((p, i) => ({ implied: p, fair: fair[i] as number })));
}

/**
 * Shin's fair probability of one outcome for insider share z (Shin 1993; Jullien & Salanié 1994):
 * (√(z² + 4(1 − z) p²/β) − z) / (2(1 − z)), written as 2q / (√(z² + 4(1 − z)q) + z) with q = p²/β so that
 * neither a small p nor z near 1 loses precision.
 */
export function shinProbability(p: number, total: number, z: number): number {
  const q = (p * p) / total;
  return (2 * q) / (Math.sqrt(z * z + 4 * (1 - z) * q) + z);
}

/**
 * The insider share z in (0, 1) for which Shin's probabilities sum to 1, to adjacent doubles. Requires Σp > 1.
 * The sum falls as z grows: √β > 1 at z = 0 and Σp²/β < 1 as z → 1.
 */
export function solveShinZ(implied: readonly number[]): number {
  const total = implied.reduce((a, b) => a + b, 0);
  const excess = (z: number) => implied.reduce((sum, p) => sum + shinProbability(p, total, z), 0) - 1;
  return bisectFalling(excess, 0, 1);
}

/** Shin: fair_i = shinProbability(p_i, Σp, z) with the z that makes them sum to 1. Equal to additive for two outcomes. */
export function devigShin(implied: number[]): number[] {
  const total = checkMarket(implied);
  if (total <= 1) return devig(implied, 'multiplicative');
  const z = solveShinZ(implied);
  return withExactUnitSum(implied.map((p) => ({ implied: p, fair: shinProbability(p, total, z) })));
}

/** Fair probabilities by any of the four methods, in the order given. */
export function devigBy(implied: number[], method: FairMethod): number[] {
  switch (method) {
    case 'multiplicative':
    case 'power':
      return devig(implied, method);
    case 'additive':
      return devigAdditive(implied);
    case 'shin':
      return devigShin(implied);
    default:
      throw new RangeError(`Unknown devig method: ${String(method)}`);
  }
}

export interface DevigComparison {
  /** Each method's fair probabilities in the order given; null when the method refuses the market. */
  byMethod: Record<FairMethod, number[] | null>;
  /** Per outcome, the lowest and highest fair probability over the methods that priced the market. */
  ranges: { min: number; max: number }[];
  /** Why a method is null. */
  refusals: Partial<Record<FairMethod, string>>;
}

export function compareDevig(implied: number[]): DevigComparison {
  const byMethod = {} as Record<FairMethod, number[] | null>;
  const refusals: Partial<Record<FairMethod, string>> = {};
  for (const method of FAIR_METHODS) {
    try {
      byMethod[method] = devigBy(implied, method);
    } catch (error) {
      if (!(error instanceof DevigRefused)) throw error;
      byMethod[method] = null;
      refusals[method] = error.message;
    }
  }
  const priced = FAIR_METHODS.map((method) => byMethod[method]).filter((fair): fair is number[] => fair !== null);
  const ranges = implied.map((_, i) => {
    const values = priced.map((fair) => fair[i] as number);
    return { min: Math.min(...values), max: Math.max(...values) };
  });
  return { byMethod, ranges, refusals };
}
