/**
 * Best-price value and arbitrage across books (pure math; docs/contract.md, "Value and arbitrage").
 *
 * - `bestExpectedValue`: a price against a fair probability, per unit staked: p × decimal odds − 1.
 * - `arbitrage`: when one price per outcome (each at its best book) implies less than 1 in total, stakes in
 *   proportion to each implied probability return the same on every outcome: 1 / impliedSum per unit staked.
 */
import { assertProbability } from './assert';
import { americanToDecimal, impliedProbability } from './odds';

const roundTo6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Why an arbitrage is never risk-free, written once: the contract's definition (lib/contract-definitions.ts), each full
 * answer's per-arbitrage note (lib/pricing/priced-market.ts) and a concise answer's arbitrageNote (lib/tools/concise-market.ts).
 */
export const ARBITRAGE_RISKS =
  'a leg can be voided, limited or cancelled as a palpable error, and a stale price may be gone by the time it is bet';

/** The price against the fair probability, per unit staked (6 decimal places). */
export function bestExpectedValue(fairProbability: number, americanOdds: number): number {
  assertProbability('fairProbability', fairProbability);
  return roundTo6(fairProbability * americanToDecimal(americanOdds) - 1);
}

export interface ArbitrageQuote {
  outcome: string;
  book: string;
  americanOdds: number;
}

export interface ArbitrageLeg extends ArbitrageQuote {
  /** The share of the total stake on this leg (6 decimal places; the shares sum to 1). */
  stakeShare: number;
}

export interface Arbitrage {
  /** Sum of the legs' implied probabilities (6 decimal places), below 1. */
  impliedSum: number;
  /** 1 / impliedSum − 1: the return on the total stake whichever outcome wins (6 decimal places). */
  returnFraction: number;
  legs: ArbitrageLeg[];
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
  return {
    impliedSum: roundTo6(sum),
    returnFraction: roundTo6(1 / sum - 1),
    legs: quotes.map((quote, index) => ({
      outcome: quote.outcome,
      book: quote.book,
      americanOdds: quote.americanOdds,
      stakeShare: micro[index]! / 1e6,
    })),
  };
}
