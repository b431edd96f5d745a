/**
 * Best-price value and arbitrage across books (pure math; docs/contract.md, "Value and arbitrage").
 *
 * - `arbitrage`: when one price per outcome (each at its best book) implies less than 1 in total, stakes in
 *   proportion to each implied probability return the same on every outcome: 1 / impliedSum per unit staked.
 * - `lineArbitrage`: two legs of a handicap or total, each at its own line. A whole line can push (stake back),
 *   a quarter line (±0.25, ±0.75) is half the stake on each neighbouring line, so a half win or a half refund; the
 *   return then differs by result. Stakes stay in proportion to the implied probabilities; the return is worked
 *   out for every result the lines tell apart, and it is an arbitrage only when no result loses.
 * - The same result grid (resultRange, legPayout, resultReturns) settles a middle's legs (./middles.ts).
 */
import { gradeLine, halfLines, payoutPerUnit } from './grading';
import { americanToDecimal, impliedProbability, roundTo6 } from './odds';

/**
 * Why an arbitrage is never risk-free, written once: the contract's definition (lib/contract-definitions.ts), each full
 * answer's per-arbitrage note (lib/pricing/priced-market.ts) and a concise answer's arbitrageNote (lib/tools/concise-market.ts).
 */
export const ARBITRAGE_RISKS =
  'a leg can be voided, limited or cancelled as a palpable error, and a stale price may be gone by the time it is bet';

export interface ArbitrageQuote {
  outcome: string;
  book: string;
  americanOdds: number;
}

/** A leg of a handicap or total: its line, the outcome's own point (home -0.25, over 2.25). */
export interface LineQuote extends ArbitrageQuote {
  point: number;
}

export interface ArbitrageLeg extends ArbitrageQuote {
  /** The leg's line (lineArbitrage's legs). */
  point?: number;
  /** The share of the total stake on this leg (6 decimal places; the shares sum to 1). */
  stakeShare: number;
}

/**
 * The results that settle the legs alike, as a range of the number the lines are drawn on (both ends included; null
 * where open): the first leg's side's margin (its points less the other side's) for a handicap, the total for a total.
 */
export interface ResultReturn {
  from: number | null;
  to: number | null;
  /** The return on the total stake on these results (6 decimal places). */
  returnFraction: number;
}

export interface Arbitrage {
  /** Sum of the legs' implied probabilities (6 decimal places). */
  impliedSum: number;
  /**
   * The return on the total stake whatever the result (6 decimal places): 1 / impliedSum − 1 when every result
   * returns the same, else the worst case of `returns`.
   */
  returnFraction: number;
  legs: ArbitrageLeg[];
  /** Only when the legs' lines make results return differently: every range of results, in order, with its return. */
  returns?: ResultReturn[];
}

/**
 * One quote per outcome of a market (every outcome, at one line). Null unless there are at least two and
 * their implied probabilities sum to less than 1. Stake shares are rounded to millionths with the largest
 * remainders rounded up, so they sum to exactly 1,000,000 millionths.
 */
export function arbitrage(quotes: readonly ArbitrageQuote[]): Arbitrage | null {
  if (quotes.length < 2) return null;
  const implied = quotes.map((quote) => impliedProbability(quote.americanOdds));
  const sum = implied.reduce((a, b) => a + b, 0);
  if (!(sum < 1)) return null;
  return { impliedSum: roundTo6(sum), returnFraction: roundTo6(1 / sum - 1), legs: withStakeShares(quotes, implied, sum) };
}

/** The quotes with stake shares in proportion to `implied`, in millionths that sum to exactly 1. */
export function withStakeShares<Quote extends ArbitrageQuote>(quotes: readonly Quote[], implied: readonly number[], sum: number) {
  const exact = implied.map((p) => (p / sum) * 1e6);
  const micro = exact.map(Math.floor);
  let short = 1e6 - micro.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (short <= 0) break;
    micro[index]! += 1;
    short -= 1;
  }
  return quotes.map((quote, index) => ({ ...quote, stakeShare: micro[index]! / 1e6 }));
}

/** What a two-leg market with lines is drawn on: a handicap's margin, or a total. */
export type LineKind = 'handicap' | 'total';

/** A leg's payout per unit staked when the number its line is drawn on comes out at `result`, graded as a bet is (gradeLine). */
export function legPayout(kind: LineKind, leg: LineQuote, first: boolean, result: number): number {
  // How far the result lands on the leg's side of a line: the first handicap side and over gain as it grows.
  const past = (line: number) =>
    kind === 'handicap' ? (first ? result + line : line - result) : leg.outcome === 'over' ? result - line : line - result;
  return payoutPerUnit(gradeLine(leg.point, past), americanToDecimal(leg.americanOdds));
}

/**
 * The results two legs' lines tell apart: every result on which a half line turns, and one either side (beyond them
 * the legs settle as at the ends); a total starts at 0.
 */
export function resultRange(kind: LineKind, quotes: readonly [LineQuote, LineQuote]): { low: number; high: number } {
  const turns = quotes.flatMap((quote, index) => halfLines(quote.point).map((line) => (kind === 'handicap' && index === 0 ? -line : line)));
  const low = kind === 'total' ? Math.max(0, Math.floor(Math.min(...turns)) - 1) : Math.floor(Math.min(...turns)) - 1;
  return { low, high: Math.ceil(Math.max(...turns)) + 1 };
}

/**
 * Two legs staked in proportion to their implied probabilities (so each leg winning alone returns the same):
 * the return on the total stake of every range of results that settles the legs alike, open at the ends.
 */
export function resultReturns(kind: LineKind, quotes: readonly [LineQuote, LineQuote]) {
  const implied = quotes.map((quote) => impliedProbability(quote.americanOdds));
  const sum = implied[0]! + implied[1]!;
  const shares = implied.map((p) => p / sum);
  const { low, high } = resultRange(kind, quotes);
  const returns: ResultReturn[] = [];
  for (let result = low; result <= high; result++) {
    const paid = quotes.reduce((total, quote, index) => total + shares[index]! * legPayout(kind, quote, index === 0, result), 0);
    const returnFraction = roundTo6(paid - 1);
    const last = returns.at(-1);
    if (last && last.returnFraction === returnFraction) last.to = result;
    else returns.push({ from: result, to: result, returnFraction });
  }
  // Open at the ends, but a total starts at 0.
  if (kind === 'handicap' || low > 0) returns[0]!.from = null;
  returns.at(-1)!.to = null;
  return { implied, sum, returns };
}

/**
 * Two legs, each at its own line, of a `kind` market: a handicap's two sides (results told by the first side's
 * margin), or a total's over and under (either way round). Null unless no result loses and some result gains. The
 * returns are worked out with the stakes exactly in proportion; the legs' stake shares are those rounded to millionths.
 */
export function lineArbitrage(kind: LineKind, quotes: readonly [LineQuote, LineQuote]): Arbitrage | null {
  const { implied, sum, returns } = resultReturns(kind, quotes);
  const worst = Math.min(...returns.map((entry) => entry.returnFraction));
  const best = Math.max(...returns.map((entry) => entry.returnFraction));
  if (worst < 0 || !(best > 0)) return null;
  return {
    impliedSum: roundTo6(sum),
    returnFraction: worst,
    legs: withStakeShares(quotes, implied, sum),
    ...(returns.length > 1 ? { returns } : {}),
  };
}

/**
 * A hold (docs/contract.md, "Value and arbitrage"): what one bet on every side of a market costs at these prices. The
 * hold is impliedSum − 1: below 0 an arbitrage, else what the books keep. The return is that of stakes in proportion
 * to the implied probabilities, 1 / impliedSum − 1 whatever wins (negative above a zero hold). One quote per outcome
 * (every outcome, at one line); null with fewer than two.
 */
export function marketHold(quotes: readonly ArbitrageQuote[]): Arbitrage | null {
  if (quotes.length < 2) return null;
  const implied = quotes.map((quote) => impliedProbability(quote.americanOdds));
  const sum = implied.reduce((a, b) => a + b, 0);
  return { impliedSum: roundTo6(sum), returnFraction: roundTo6(1 / sum - 1), legs: withStakeShares(quotes, implied, sum) };
}

/**
 * Whether two legs are one bet on both sides of the same line: a handicap's sides at opposite points (home −3.5,
 * away +3.5), a total's over and under at the same total. Legs at different lines are a middle or a gap, never a hold.
 */
export function sameLine(kind: LineKind, [first, second]: readonly [LineQuote, LineQuote]): boolean {
  return kind === 'total' ? first.point === second.point : first.point === -second.point;
}

/**
 * The hold of two legs on both sides of the same line (null at different lines: see sameLine), staked in proportion.
 * On a half line every result returns 1 / impliedSum − 1; a whole line's push gives the stakes back and a quarter
 * line half wins or half refunds, so there `returns` gives each range of results' return and `returnFraction` the worst.
 */
export function lineHold(kind: LineKind, quotes: readonly [LineQuote, LineQuote]): Arbitrage | null {
  if (!sameLine(kind, quotes)) return null;
  const { implied, sum, returns } = resultReturns(kind, quotes);
  return {
    impliedSum: roundTo6(sum),
    returnFraction: Math.min(...returns.map((entry) => entry.returnFraction)),
    legs: withStakeShares(quotes, implied, sum),
    ...(returns.length > 1 ? { returns } : {}),
  };
}
