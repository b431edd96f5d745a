/**
 * The no-vig consensus behind get_game_odds and get_player_props (docs/contract.md, "Odds: the no-vig consensus"):
 *   1. a book joins only if it prices exactly the reference book's outcomes at the reference book's lines;
 *   2. each joining book's margin is removed with the multiplicative method, from its prices net of an exchange's
 *      fee (./commission.ts), which is the price a bettor gets there;
 *   3. the fair probabilities are averaged across the joining books, outcome by outcome.
 * `consensusBooks` counts the joining books, the reference included: 1 is the reference book's own no-vig
 * line, 0 means no consensus (a one-sided market has no margin to remove).
 */
import { netAmerican } from './commission';
import { devig } from './devig';
import { americanToDecimal, boundedAmerican, impliedProbability, probabilityToAmerican } from './odds';

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
}

const roundTo6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Same outcomes at the same lines as the reference, nothing more and nothing less. */
function pricesSameBet(reference: BookMarket, other: BookMarket): boolean {
  if (other.outcomes.length !== reference.outcomes.length) return false;
  return reference.outcomes.every((wanted) =>
    other.outcomes.some((quote) => quote.outcome === wanted.outcome && quote.point === wanted.point),
  );
}

function fairByOutcome(market: BookMarket): Map<string, number> {
  const fair = devig(
    market.outcomes.map((quote) => impliedProbability(netAmerican(market.book, quote.americanOdds))),
    'multiplicative',
  );
  return new Map(market.outcomes.map((quote, index) => [quote.outcome, fair[index] as number]));
}

/** Sorting first makes the average independent of the order the books arrive in, to the last bit. */
function mean(values: number[]): number {
  return values.sort((a, b) => a - b).reduce((sum, value) => sum + value, 0) / values.length;
}

export function consensus(reference: BookMarket, books: readonly BookMarket[]): Consensus {
  const none = (): Consensus => ({
    consensusBooks: 0,
    outcomes: reference.outcomes.map(({ outcome }) => ({
      outcome,
      fairProbability: null,
      fairAmericanOdds: null,
      expectedValue: null,
    })),
  });
  if (reference.outcomes.length < 2) return none();

  const joining = [reference, ...books.filter((book) => book.book !== reference.book && pricesSameBet(reference, book))];
  const fairs = joining.map(fairByOutcome);
  return {
    consensusBooks: joining.length,
    outcomes: reference.outcomes.map(({ outcome, americanOdds }) => {
      const probability = mean(fairs.map((fair) => fair.get(outcome) as number));
      return {
        outcome,
        fairProbability: roundTo6(probability),
        fairAmericanOdds: boundedAmerican(probabilityToAmerican(probability)),
        expectedValue: roundTo6(probability * americanToDecimal(netAmerican(reference.book, americanOdds)) - 1),
      };
    }),
  };
}
