/**
 * De-vig methods that subtract from each implied probability its share of the margin, in closed form: additive,
 * Goto and balanced books. Each keeps the order, and each fails where a long shot's share exceeds its implied
 * probability (it would get a fair probability at or below 0): it then throws DevigRefused rather than clip, since a
 * clipped answer no longer sums to 1. That takes three or more outcomes: with two, every share is below the smaller
 * implied probability. Each needs a checked market with a margin (devig-methods.ts's devigBy checks and handles
 * a margin of 0 or less).
 */
import { DevigRefused, withExactUnitSum } from './devig';

function pricedOrRefused(name: string, implied: readonly number[], fair: readonly number[], share: string): number[] {
  const index = fair.findIndex((p) => !(p > 0));
  if (index !== -1) {
    throw new DevigRefused(
      `The ${name} method cannot price this market: the outcome at position ${index + 1} (implied ${implied[index]}) ` +
        `is below its ${share} and would get a fair probability at or below 0.`,
    );
  }
  return withExactUnitSum(implied.map((p, i) => ({ implied: p, fair: fair[i] as number })));
}

/**
 * Additive: the margin shared equally, fair_i = p_i − (Σp − 1) / n. Buchdahl's "margin weights proportional to the
 * odds" (`implied` "wpo", penaltyblog "differential_margin_weighting") is the same method: its fair odds
 * n·O_i / (n − M·O_i) are 1 / (1/O_i − M/n).
 */
export function devigAdditive(implied: number[]): number[] {
  const total = implied.reduce((a, b) => a + b, 0);
  const share = (total - 1) / implied.length;
  return pricedOrRefused(
    'additive',
    implied,
    implied.map((p) => p - share),
    `equal share of the margin (${share})`,
  );
}

/**
 * Goto (Kaito Goto's goto_conversion; `implied` "goto"): every implied probability moved down by the same number z
 * of its standard errors √(p(1 − p)/p) = √(1 − p), fair_i = p_i − z·√(1 − p_i) with z = (Σp − 1) / Σ√(1 − p_j).
 * A long shot's error is the widest, so it gives up the most.
 */
export function devigGoto(implied: number[]): number[] {
  const total = implied.reduce((a, b) => a + b, 0);
  const errors = implied.map((p) => Math.sqrt(1 - p));
  const z = (total - 1) / errors.reduce((a, b) => a + b, 0);
  return pricedOrRefused(
    'Goto',
    implied,
    implied.map((p, i) => p - z * (errors[i] as number)),
    `share of the margin (z·√(1 − implied) with z = ${z})`,
  );
}

/**
 * Balanced books (Fingleton & Waldron 1999, with no operating costs; `implied` "bb"): insiders hold a share
 * z = (Σp − 1) / (n − 1) of the money and the book balances its worst case, fair_i = (p_i − z) / (1 − z).
 */
export function devigBalancedBooks(implied: number[]): number[] {
  const total = implied.reduce((a, b) => a + b, 0);
  const z = (total - 1) / (implied.length - 1);
  return pricedOrRefused(
    'balanced books',
    implied,
    implied.map((p) => (p - z) / (1 - z)),
    `insiders' share z (${z})`,
  );
}
