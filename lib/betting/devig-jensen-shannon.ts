/**
 * The Jensen–Shannon de-vig (Christopher D. Long; `implied` "jsd"): each outcome is a yes/no bet, and every fair
 * probability lies below its implied one at the same Jensen–Shannon distance D from it; the one D that makes them
 * sum to 1 is found by bisection, and each outcome's probability at a given D by bisection too. A fair probability
 * cannot fall below 0, and the distance from implied p down to 0 is finite and smallest for the longest shot: when
 * even that distance leaves the sum above 1 the method has no answer and throws DevigRefused. Needs a checked market
 * with a margin (devig-methods.ts's devigBy checks).
 */
import { DevigRefused, bisectFalling, withExactUnitSum } from './devig';

/** x·ln(1 + y), 0 when x is 0 (the limit of x·ln x). */
function xLog1p(x: number, y: number): number {
  return x === 0 ? 0 : x * Math.log1p(y);
}

/**
 * The Jensen–Shannon distance (natural log) between the yes/no distributions (q, 1 − q) and (p, 1 − p): the square
 * root of ½KL(Q‖M) + ½KL(P‖M) with M their mean. Written with log1p of each ratio's distance from 1 so that close
 * distributions lose no precision.
 */
export function jensenShannonDistance(q: number, p: number): number {
  const a = (q - p) / (q + p);
  const b = (q - p) / (2 - q - p);
  const divergence = (xLog1p(q, a) + xLog1p(1 - q, -b) + xLog1p(p, -a) + xLog1p(1 - p, b)) / 2;
  return Math.sqrt(Math.max(divergence, 0));
}

/**
 * The root of a falling `excess` in [low, high], as bisectFalling finds it (the better of the last two floats), in a
 * handful of Newton steps where halving alone takes about 55: each step is kept inside the shrinking bracket and
 * falls back to halving it. The solve below nests one root-finding in another, so this is what makes the method
 * quick enough to price a league's books on request (fairLine).
 */
function newtonFalling(excess: (x: number) => number, slope: (x: number) => number, low: number, high: number): number {
  let x = low + (high - low) / 2;
  for (let step = 0; step < 100; step++) {
    const value = excess(x);
    if (value === 0) return x;
    if (value > 0) low = x;
    else high = x;
    let next = x - value / slope(x);
    if (!(next > low && next < high)) next = low + (high - low) / 2;
    if (next === x || next === low || next === high) break;
    x = next;
  }
  return bisectFalling(excess, low, high);
}

/** d(divergence)/dq of the yes/no distributions (q, 1 − q) and (p, 1 − p): ½·ln(q(2 − q − p) / ((1 − q)(q + p))). */
const divergenceSlope = (q: number, p: number) => 0.5 * Math.log((q * (2 - q - p)) / ((1 - q) * (q + p)));

/** The q in [0, p] at distance D below implied p (0 when D is at least the distance from p to 0). */
function probabilityAtDistance(p: number, distance: number): number {
  const excess = (q: number) => jensenShannonDistance(q, p) ** 2 - distance * distance;
  if (!(excess(0) > 0)) return 0;
  return newtonFalling(excess, (q) => divergenceSlope(q, p), 0, p);
}

/** The distance D for which the fair probabilities sum to 1, or undefined when no D ≤ the longest shot's reach does. */
export function solveJensenShannonDistance(implied: readonly number[]): number | undefined {
  const excess = (distance: number) => implied.reduce((sum, p) => sum + probabilityAtDistance(p, distance), 0) - 1;
  // dq/dD = 2D / (d divergence / dq), since divergence = D².
  const slope = (distance: number) =>
    implied.reduce((sum, p) => {
      const q = probabilityAtDistance(p, distance);
      return q > 0 ? sum + (2 * distance) / divergenceSlope(q, p) : sum;
    }, 0);
  const reach = Math.min(...implied.map((p) => jensenShannonDistance(0, p)));
  if (!(excess(reach) < 0)) return undefined;
  return newtonFalling(excess, slope, 0, reach);
}

/** Jensen–Shannon: fair_i at the same distance D below every implied p_i, with the D that makes them sum to 1. */
export function devigJensenShannon(implied: number[]): number[] {
  const distance = solveJensenShannonDistance(implied);
  const fair = distance === undefined ? undefined : implied.map((p) => probabilityAtDistance(p, distance));
  if (fair === undefined || fair.some((q) => !(q > 0))) {
    const longest = implied.indexOf(Math.min(...implied));
    throw new DevigRefused(
      `The Jensen–Shannon method cannot price this market: the outcome at position ${longest + 1} (implied ` +
        `${implied[longest]}) reaches a fair probability of 0 before the others give up the margin.`,
    );
  }
  return withExactUnitSum(implied.map((p, i) => ({ implied: p, fair: fair[i] as number })));
}
