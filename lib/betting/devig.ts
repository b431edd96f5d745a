/**
 * Removing the bookmaker's margin (the "vig") from a market's implied probabilities.
 */

export type DevigMethod = 'multiplicative' | 'power';

/**
 * The smallest fair probability reported (the smallest normal double, about 2.2e-308): every fair
 * probability is at least this, so 1/p (fair decimal odds) is always finite.
 */
export const MIN_FAIR_PROBABILITY = 2.2250738585072014e-308;

type Outcome = { implied: number; fair: number };

/** The methods that price every market with a margin (the others can refuse one: DevigRefused). */
export const METHODS_PRICING_EVERY_MARKET = ['multiplicative', 'power', 'shin', 'odds_ratio', 'probit', 'blend'] as const;

/**
 * A method that cannot price this market (additive, Goto and balanced books when a long shot would get a
 * probability at or below 0; Jensen–Shannon when no distance brings the sum down to 1). Says what to use instead.
 */
export class DevigRefused extends Error {
  override name = 'DevigRefused';
  constructor(reason: string) {
    const others = METHODS_PRICING_EVERY_MARKET.map((method) => `'${method}'`);
    super(`${reason} Use ${others.slice(0, -1).join(', ')} or ${others.at(-1)}, which price every market.`);
  }
}

// The order of summation is part of the contract: callers check the sum with this exact reduce.
function sumLeftToRight(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The bookmaker's margin: implied probabilities sum minus 1 (0.0476… for -110/-110). */
export function overround(implied: number[]): number {
  return sumLeftToRight(implied) - 1;
}

/**
 * Fair probabilities for a market's implied probabilities, in the same order.
 *
 * - multiplicative: each p / Σp.
 * - power: each p^k with the k > 1 that makes them sum to 1, which takes
 *   proportionally more margin from longshots than from favourites.
 *
 * When the implied probabilities sum to 1 or less there is no margin to remove
 * and both methods return the multiplicative result. The result always sums to
 * exactly 1 with `reduce((a, b) => a + b, 0)`; getting there moves one element
 * by rounding error only (under 1e-12 relative in stress tests). In absurd markets (overround near
 * 100% with heavy favourites) the power method's fair probability of a longshot can be far below what a
 * double holds (two 99.9% favourites and a 10000-1 longshot: about 1e-2772); it is then reported as
 * MIN_FAIR_PROBABILITY, the smallest probability whose fair decimal odds are still a finite number.
 */
export function devig(implied: number[], method: DevigMethod): number[] {
  if (method !== 'multiplicative' && method !== 'power') {
    throw new RangeError(`Unknown devig method: ${String(method)}`);
  }
  if (implied.length < 2) {
    throw new RangeError(`A market needs at least 2 outcomes, got ${implied.length}`);
  }
  for (const p of implied) {
    if (!(p > 0 && p < 1)) {
      throw new RangeError(`Implied probabilities must be in (0, 1), got ${p}`);
    }
  }

  const total = sumLeftToRight(implied);
  if (method === 'multiplicative' || total <= 1) {
    return withExactUnitSum(implied.map((p) => ({ implied: p, fair: p / total })));
  }
  const k = solvePowerExponent(implied);
  // p^k can be far below the smallest double (then 0, which is its exact contribution to the sum): the floor.
  return withExactUnitSum(implied.map((p) => ({ implied: p, fair: Math.max(p ** k, MIN_FAIR_PROBABILITY) })));
}

/**
 * The k with Σ p^k = 1, to adjacent doubles. Requires Σ p > 1, so k > 1. Robust over the whole input
 * domain: with every p at most 1000/1001 (-100000) and at most 20 outcomes, k stays below 4096 (a dozen
 * doublings to bracket it), p^k never overflows, and a term that underflows is 0 to the last bit.
 */
function solvePowerExponent(implied: readonly number[]): number {
  // excess(1) is the overround (> 0) and excess falls toward -1 as k grows.
  return solveFallingFrom((k) => implied.reduce((total, p) => total + p ** k, 0) - 1, 1);
}

/**
 * The root above `low` of a falling function with excess(low) > 0 that drops to 0 or below somewhere above it:
 * doubles the distance from `low` until bracketed (at most 1100 times, beyond which a double overflows), then bisects.
 */
export function solveFallingFrom(excess: (x: number) => number, low: number): number {
  let step = 1;
  let high = low + step;
  for (let doublings = 0; excess(high) > 0; doublings += 1) {
    if (doublings > 1100) throw new Error('devig: the root could not be bracketed');
    low = high;
    step *= 2;
    high = low + step;
  }
  return bisectFalling(excess, low, high);
}

/**
 * The root of a falling function bracketed by excess(low) > 0 ≥ excess(high), to neighbouring doubles: the
 * end nearer zero. Bisection cannot diverge or stall.
 */
export function bisectFalling(excess: (x: number) => number, low: number, high: number): number {
  for (;;) {
    const mid = low + (high - low) / 2;
    if (mid === low || mid === high) break;
    if (excess(mid) > 0) low = mid;
    else high = mid;
  }
  return Math.abs(excess(low)) <= Math.abs(excess(high)) ? low : high;
}

/**
 * Fair probabilities whose left-to-right sum is exactly 1. One element absorbs
 * the rounding error: the largest if possible, as that changes it least in
 * relative terms. Ties-to-even rounding in the running sum can make the total
 * jump straight over 1 for a given element, so the others are tried in turn.
 */
export function withExactUnitSum(outcomes: readonly Outcome[]): number[] {
  const fair = outcomes.map((outcome) => outcome.fair);
  if (sumLeftToRight(fair) === 1) return fair;

  const candidates = outcomes.map((outcome, index) => ({ ...outcome, index })).sort((a, b) => b.fair - a.fair);
  for (const candidate of candidates) {
    const value = valueMakingSumOne(fair, candidate.index, orderBounds(outcomes, candidate.implied));
    if (value !== undefined) {
      fair[candidate.index] = value;
      return fair;
    }
  }
  throw new Error('devig: could not make the fair probabilities sum exactly to 1');
}

/** Open interval an outcome's fair probability must stay in so no outcome changes rank. */
function orderBounds(outcomes: readonly Outcome[], implied: number): { lower: number; upper: number } {
  let lower = 0;
  let upper = 1;
  for (const outcome of outcomes) {
    if (outcome.implied < implied) lower = Math.max(lower, outcome.fair);
    if (outcome.implied > implied) upper = Math.min(upper, outcome.fair);
  }
  return { lower, upper };
}

/**
 * A value strictly inside (lower, upper) that, put at `index`, makes the sum
 * exactly 1, or undefined if none exists. Floating-point addition is monotone
 * in each operand, so the sum is monotone in the value and bisection finds a
 * solution whenever there is one.
 */
function valueMakingSumOne(fair: readonly number[], index: number, { lower, upper }: { lower: number; upper: number }): number | undefined {
  const sumWith = (value: number) => fair.reduce((total, current, i) => total + (i === index ? value : current), 0);

  let low = lower;
  let high = upper;
  if (!(sumWith(low) < 1 && sumWith(high) > 1)) return undefined;
  for (;;) {
    const mid = low + (high - low) / 2;
    if (mid === low || mid === high) return undefined;
    const total = sumWith(mid);
    if (total === 1) return mid;
    if (total < 1) low = mid;
    else high = mid;
  }
}
