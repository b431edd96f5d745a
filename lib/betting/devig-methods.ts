/**
 * Every de-vig method of calc_no_vig_odds by name, and a comparison of them. Pure; every method returns fair
 * probabilities in the order given that sum to exactly 1 with a left-to-right reduce, or throws DevigRefused.
 * Names the reference packages use for the same methods: `implied` (R) basic = multiplicative, wpo = additive,
 * or = odds_ratio, bb = balanced_books, jsd = jensen_shannon; penaltyblog differential_margin_weighting = additive,
 * logarithmic = odds_ratio (Buchdahl's "logarithmic" is power).
 */
import { DevigRefused, devig, withExactUnitSum, bisectFalling } from './devig';
import { devigJensenShannon } from './devig-jensen-shannon';
import { devigOddsRatio, devigProbit } from './devig-scales';
import { devigAdditive, devigBalancedBooks, devigGoto } from './devig-shares';

/** The methods, in the order `compare` lists them: the oldest and most used first, blend last. */
export const FAIR_METHODS = [
  'multiplicative',
  'additive',
  'power',
  'shin',
  'odds_ratio',
  'probit',
  'goto',
  'balanced_books',
  'jensen_shannon',
  'blend',
] as const;
export type FairMethod = (typeof FAIR_METHODS)[number];

/**
 * The blend: the mean of four methods that price every market, each a different account of the favourite–long-shot
 * bias (none, an exponent, insiders, an odds ratio), so no one model's assumption decides the price.
 */
export const BLEND_OF = ['multiplicative', 'power', 'shin', 'odds_ratio'] as const satisfies readonly FairMethod[];

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

/** Fair probabilities by any method, in the order given. */
export function devigBy(implied: number[], method: FairMethod): number[] {
  const total = checkMarket(implied);
  if (!FAIR_METHODS.includes(method)) throw new RangeError(`Unknown devig method: ${String(method)}`);
  // No margin to remove: every method gives the multiplicative answer.
  if (total <= 1) return devig(implied, 'multiplicative');
  switch (method) {
    case 'multiplicative':
    case 'power':
      return devig(implied, method);
    case 'additive':
      return devigAdditive(implied);
    case 'shin':
      return devigShin(implied);
    case 'odds_ratio':
      return devigOddsRatio(implied);
    case 'probit':
      return devigProbit(implied);
    case 'goto':
      return devigGoto(implied);
    case 'balanced_books':
      return devigBalancedBooks(implied);
    case 'jensen_shannon':
      return devigJensenShannon(implied);
    case 'blend':
      return devigBlend(implied);
  }
}

/** The mean of BLEND_OF's fair probabilities, outcome by outcome (a mean of distributions, so it sums to 1). */
function devigBlend(implied: number[]): number[] {
  const each = BLEND_OF.map((method) => devigBy(implied, method));
  const mean = implied.map((_, i) => each.reduce((sum, fair) => sum + (fair[i] as number), 0) / each.length);
  return withExactUnitSum(implied.map((p, i) => ({ implied: p, fair: mean[i] as number })));
}

export interface DevigComparison {
  /** Each method's fair probabilities in the order given; null when the method refuses the market. */
  byMethod: Record<FairMethod, number[] | null>;
  /**
   * Per outcome, the lowest and highest fair probability over the methods that priced the market. The lowest is
   * the backer's worst case: the outcome's probability under the least favourable method. Taken outcome by outcome,
   * the lows sum to less than 1 (worstCaseSum): they are bounds, not one market's probabilities.
   */
  ranges: { min: number; max: number }[];
  /** The sum of the ranges' lows: below 1 whenever the methods disagree. */
  worstCaseSum: number;
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
  return { byMethod, ranges, worstCaseSum: ranges.reduce((sum, range) => sum + range.min, 0), refusals };
}
