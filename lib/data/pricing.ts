import { consensus, type BookMarket } from '@/lib/betting/consensus';
import { impliedProbability } from '@/lib/betting/odds';
import { ago } from './names';

// One market of one game (or one player's prop) as the odds tools answer it: the reference book's prices,
// the no-vig consensus, the best price on offer for the same bet, and each price's age.

export interface PriceRow {
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  updatedAt: Date;
}

export interface PricedOutcome {
  outcome: string;
  point: number | null;
  /** The reference book's price; null when it does not price this market. */
  americanOdds: number | null;
  impliedProbability: number | null;
  fairProbability: number | null;
  fairAmericanOdds: number | null;
  expectedValue: number | null;
  updatedAt: string | null;
  updatedAgo: string | null;
  /** The best price any book offers on the same bet (same line as the reference). */
  best: { book: string; americanOdds: number; updatedAt: string; updatedAgo: string } | null;
}

export interface PricedMarket {
  consensusBooks: number;
  /** Books pricing this market at any line. */
  books: number;
  outcomes: PricedOutcome[];
  priceNote?: string;
}

export interface PricingOptions {
  referenceBook: string;
  now: Date;
  staleMinutes: number;
}

function byBook(rows: readonly PriceRow[]): Map<string, PriceRow[]> {
  const books = new Map<string, PriceRow[]>();
  for (const row of rows) books.set(row.book, [...(books.get(row.book) ?? []), row]);
  return books;
}

export function priceMarket(rows: readonly PriceRow[], { referenceBook, now, staleMinutes }: PricingOptions): PricedMarket {
  const books = byBook(rows);
  const reference = books.get(referenceBook);
  const stamp = (at: Date) => ({ updatedAt: at.toISOString(), updatedAgo: ago(at, now) });
  const best = (outcome: string, point: number | null) => {
    const offers = rows.filter((row) => row.outcome === outcome && (reference === undefined || row.point === point));
    const top = offers.reduce<PriceRow | undefined>((a, b) => (a === undefined || b.americanOdds > a.americanOdds ? b : a), undefined);
    return top ? { book: top.book, americanOdds: top.americanOdds, ...stamp(top.updatedAt) } : null;
  };

  if (!reference) {
    const outcomes = [...new Set(rows.map((row) => row.outcome))];
    return {
      consensusBooks: 0,
      books: books.size,
      outcomes: outcomes.map((outcome) => {
        const top = best(outcome, null);
        return {
          outcome,
          point: rows.find((row) => row.book === top?.book && row.outcome === outcome)?.point ?? null,
          americanOdds: null,
          impliedProbability: null,
          fairProbability: null,
          fairAmericanOdds: null,
          expectedValue: null,
          updatedAt: null,
          updatedAgo: null,
          best: top,
        };
      }),
      priceNote: `${referenceBook} (the reference book) does not price this market, so there is no consensus; best prices are at each book's own line.`,
    };
  }

  const asMarket = (book: string, quotes: PriceRow[]): BookMarket => ({ book, outcomes: quotes });
  const fair = consensus(
    asMarket(referenceBook, reference),
    [...books].filter(([book]) => book !== referenceBook).map(([book, quotes]) => asMarket(book, quotes)),
  );
  const oldest = reference.reduce((a, b) => (b.updatedAt < a.updatedAt ? b : a));
  const staleFor = now.getTime() - oldest.updatedAt.getTime();
  return {
    consensusBooks: fair.consensusBooks,
    books: books.size,
    outcomes: reference.map((quote, index) => ({
      outcome: quote.outcome,
      point: quote.point,
      americanOdds: quote.americanOdds,
      impliedProbability: impliedProbability(quote.americanOdds),
      fairProbability: fair.outcomes[index]!.fairProbability,
      fairAmericanOdds: fair.outcomes[index]!.fairAmericanOdds,
      expectedValue: fair.outcomes[index]!.expectedValue,
      ...stamp(quote.updatedAt),
      best: best(quote.outcome, quote.point),
    })),
    ...(staleFor > staleMinutes * 60_000
      ? { priceNote: `Stale: ${referenceBook} last confirmed this price ${ago(oldest.updatedAt, now)}; it may have moved.` }
      : fair.consensusBooks === 0
        ? { priceNote: 'One-sided market: there is no margin to remove, so no fair price and no edge can be claimed.' }
        : {}),
  };
}
