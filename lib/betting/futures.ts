/**
 * The no-vig consensus of a futures market (get_game_odds with futures: true): who wins a league's title, one price
 * per team per book. The game markets' consensus (./consensus.ts) on a long field:
 *   1. the field is the teams at least half the books price (a team one stale board still lists after the others
 *      took it off is not the field's); a book joins only if it prices the whole field (a book that leaves teams off
 *      has its margin spread over fewer teams, so its chances would run high: it leaves the consensus, and its
 *      prices still count as prices);
 *   2. each joining book's margin is removed over the field with the line's method (multiplicative by default), from
 *      its prices net of an exchange's fee (./commission.ts); a team outside the field is left out of it;
 *   3. the fair probabilities are averaged across the joining books, team by team (weighted when sharp).
 * No book pricing the whole field means no consensus (consensusBooks 0, no fair probabilities).
 */
import { netAmerican, netPrice, type NetPrice } from './commission';
import { DevigRefused } from './devig';
import { bookFair, DEFAULT_FAIR_LINE, type FairLine } from './fair-line';
import { priceExpectedValue } from './ev';
import { americanToDecimal, boundedAmerican, impliedProbability, probabilityToAmerican, roundTo6 } from './odds';
import { sharpWeight } from './sharp-books';

export interface FutureQuote {
  book: string;
  outcome: string;
  /** As quoted (an exchange's before its fee). */
  americanOdds: number;
  updatedAt: Date;
}

export interface PricedFuture {
  outcome: string;
  /** The reference book's price, net of an exchange's fee; null when it does not price the team. */
  reference: (NetPrice & { updatedAt: Date }) | null;
  /** Rounded to 6 decimal places; null without a consensus. */
  fairProbability: number | null;
  fairAmericanOdds: number | null;
  /** The best price (net of fees): the reference book's on a tie, else the first tied book by key. */
  best: NetPrice & { book: string; updatedAt: Date };
  /** The best price against the fair probability, per unit staked (6 decimal places); null without a consensus. */
  expectedValue: number | null;
}

export interface FuturesMarket {
  consensusBooks: number;
  /** Books pricing at least one team. */
  books: number;
  /** Teams in the field: those at least half the books price. */
  field: number;
  /** By fair probability, highest first (without a consensus: by best price, shortest first), then by team. */
  outcomes: PricedFuture[];
}

function weightedMean(entries: { value: number; weight: number }[]): number {
  entries.sort((a, b) => a.value - b.value || a.weight - b.weight);
  const total = entries.reduce((sum, { value, weight }) => sum + value * weight, 0);
  return total / entries.reduce((sum, { weight }) => sum + weight, 0);
}

/** One futures market priced: every book's quotes of it (one per team per book), measured at the reference book. */
export function priceFutures(quotes: readonly FutureQuote[], referenceBook: string, line: FairLine = DEFAULT_FAIR_LINE): FuturesMarket {
  const byBook = new Map<string, Map<string, FutureQuote>>();
  for (const quote of quotes) {
    const book = byBook.get(quote.book) ?? new Map<string, FutureQuote>();
    book.set(quote.outcome, quote);
    byBook.set(quote.book, book);
  }
  const books = [...byBook.keys()].sort();
  const pricedBy = new Map<string, number>();
  for (const prices of byBook.values()) for (const team of prices.keys()) pricedBy.set(team, (pricedBy.get(team) ?? 0) + 1);
  const field = [...pricedBy]
    .filter(([, count]) => count * 2 >= books.length)
    .map(([team]) => team)
    .sort();
  const teams = [...pricedBy.keys()].sort();

  // 1-2: the books pricing the whole field, each de-vigged over it.
  const joining: { book: string; fair: Map<string, number> }[] = [];
  for (const book of books) {
    const prices = byBook.get(book)!;
    if (field.length < 2 || !field.every((team) => prices.has(team))) continue;
    try {
      const fair = bookFair(
        field.map((team) => impliedProbability(netAmerican(book, prices.get(team)!.americanOdds))),
        line.method,
      );
      joining.push({ book, fair: new Map(field.map((team, index) => [team, fair[index] as number])) });
    } catch (error) {
      if (!(error instanceof DevigRefused)) throw error;
    }
  }

  const outcomes = teams.map((team): PricedFuture => {
    // 3: the average over the joining books; a team outside the field has none.
    const probability =
      joining.length > 0 && field.includes(team)
        ? weightedMean(joining.map(({ book, fair }) => ({ value: fair.get(team)!, weight: line.sharp ? sharpWeight(book) : 1 })))
        : null;
    let best: PricedFuture['best'] | undefined;
    for (const book of books) {
      const quote = byBook.get(book)!.get(team);
      if (!quote) continue;
      const net = { ...netPrice(book, quote.americanOdds), book, updatedAt: quote.updatedAt };
      if (!best || net.net > best.net || (net.net === best.net && book === referenceBook)) best = net;
    }
    const referenceQuote = byBook.get(referenceBook)?.get(team);
    const fairProbability = probability === null ? null : roundTo6(probability);
    return {
      outcome: team,
      reference: referenceQuote ? { ...netPrice(referenceBook, referenceQuote.americanOdds), updatedAt: referenceQuote.updatedAt } : null,
      fairProbability,
      fairAmericanOdds: fairProbability === null ? null : boundedAmerican(probabilityToAmerican(fairProbability)),
      best: best!,
      expectedValue: fairProbability === null ? null : priceExpectedValue(fairProbability, best!.net),
    };
  });
  outcomes.sort(
    (a, b) =>
      (b.fairProbability ?? -1) - (a.fairProbability ?? -1) ||
      americanToDecimal(a.best.net) - americanToDecimal(b.best.net) ||
      (a.outcome < b.outcome ? -1 : 1),
  );
  return { consensusBooks: joining.length, books: books.length, field: field.length, outcomes };
}
