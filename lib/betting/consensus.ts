/**
 * The no-vig consensus behind get_game_odds and get_player_props (docs/contract.md, "Odds: the no-vig consensus"):
 *   1. a book joins only if it prices exactly the reference book's outcomes at the reference book's lines;
 *   2. each joining book's margin is removed with the multiplicative method, from its prices net of an exchange's
 *      fee (./commission.ts), which is the price a bettor gets there;
 *   3. the fair probabilities are averaged across the joining books, outcome by outcome.
 * `consensusBooks` counts the joining books, the reference included: 1 is the reference book's own no-vig
 * line, 0 means no consensus (a one-sided market has no margin to remove).
 * Another fair line on request (./fair-line.ts): step 2 with another method, where a book whose market the method
 * refuses does not join (and the reference book's refused means no consensus); step 3 weighted when sharp.
 */
import { netAmerican } from './commission';
import { DevigRefused } from './devig';
import { bookFair, DEFAULT_FAIR_LINE, type FairLine, type FairLineMethod } from './fair-line';
import { priceExpectedValue } from './ev';
import { boundedAmerican, impliedProbability, probabilityToAmerican, roundTo6 } from './odds';
import { sharpWeight } from './sharp-books';

export interface QuotedOutcome {
  /** Identifies the outcome within its market: a team, 'over', 'draw', 'yes' … */
  outcome: string;
  point: number | null;
  americanOdds: number;
}

export interface BookMarket {
  book: string;
  outcomes: readonly QuotedOutcome[];
}

export interface FairOutcome {
  outcome: string;
  /** Rounded to 6 decimal places; null without a consensus. */
  fairProbability: number | null;
  fairAmericanOdds: number | null;
  /** The reference price (net of an exchange's fee) against the fair probability, per unit staked (6 decimal places). */
  expectedValue: number | null;
}

export interface Consensus {
  consensusBooks: number;
  /** In the reference book's order. */
  outcomes: FairOutcome[];
  /** Why there is no consensus when the line's method refuses the reference book's market. */
  refused?: string;
}

/** Default of the value list's `minBooks`: an outcome is listed as value only on a consensus of at least this many books. */
export const VALUE_MIN_BOOKS = 3;

/** Same outcomes at the same lines as the reference, nothing more and nothing less. */
function pricesSameBet(reference: BookMarket, other: BookMarket): boolean {
  if (other.outcomes.length !== reference.outcomes.length) return false;
  return reference.outcomes.every((wanted) =>
    other.outcomes.some((quote) => quote.outcome === wanted.outcome && quote.point === wanted.point),
  );
}

/** The book's fair probabilities by outcome (from its prices net of any exchange's fee), or the reason the method refuses its market. */
function fairByOutcome(market: BookMarket, method: FairLineMethod): Map<string, number> | DevigRefused {
  let fair: number[];
  try {
    fair = bookFair(
      market.outcomes.map((quote) => impliedProbability(netAmerican(market.book, quote.americanOdds))),
      method,
    );
  } catch (error) {
    if (error instanceof DevigRefused) return error;
    throw error;
  }
  return new Map(market.outcomes.map((quote, index) => [quote.outcome, fair[index] as number]));
}

interface Weighted {
  value: number;
  weight: number;
}

/**
 * Sorting first makes the average independent of the order the books arrive in, to the last bit. With every weight
 * 1 it is the plain mean, bit for bit (v × 1 is v, and the weights sum to the count exactly).
 */
function weightedMean(entries: Weighted[]): number {
  entries.sort((a, b) => a.value - b.value || a.weight - b.weight);
  const total = entries.reduce((sum, { value, weight }) => sum + value * weight, 0);
  return total / entries.reduce((sum, { weight }) => sum + weight, 0);
}

export function consensus(reference: BookMarket, books: readonly BookMarket[], line: FairLine = DEFAULT_FAIR_LINE): Consensus {
  const none = (refused?: string): Consensus => ({
    consensusBooks: 0,
    outcomes: reference.outcomes.map(({ outcome }) => ({
      outcome,
      fairProbability: null,
      fairAmericanOdds: null,
      expectedValue: null,
    })),
    ...(refused !== undefined ? { refused } : {}),
  });
  if (reference.outcomes.length < 2) return none();

  const referenceFair = fairByOutcome(reference, line.method);
  if (referenceFair instanceof DevigRefused) return none(referenceFair.message);
  const joining = [{ book: reference.book, fair: referenceFair }];
  for (const book of books) {
    if (book.book === reference.book || !pricesSameBet(reference, book)) continue;
    const fair = fairByOutcome(book, line.method);
    if (!(fair instanceof DevigRefused)) joining.push({ book: book.book, fair });
  }
  const weightOf = (book: string) => (line.sharp ? sharpWeight(book) : 1);
  return {
    consensusBooks: joining.length,
    outcomes: reference.outcomes.map(({ outcome, americanOdds }) => {
      const probability = weightedMean(joining.map(({ book, fair }) => ({ value: fair.get(outcome) as number, weight: weightOf(book) })));
      const fairProbability = roundTo6(probability);
      return {
        outcome,
        fairProbability,
        fairAmericanOdds: boundedAmerican(probabilityToAmerican(fairProbability)),
        expectedValue: priceExpectedValue(fairProbability, netAmerican(reference.book, americanOdds)),
      };
    }),
  };
}
