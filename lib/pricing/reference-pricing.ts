import { groupBy } from '@/lib/collections';
import { instant } from '@/lib/time';
import { netAmerican, netPrice } from '@/lib/betting/commission';
import { priceExpectedValue } from '@/lib/betting/ev';
import { consensus, type BookMarket, type QuotedOutcome } from '@/lib/betting/consensus';
import { DEFAULT_FAIR_LINE, type FairLine } from '@/lib/betting/fair-line';
import { impliedProbability, roundTo } from '@/lib/betting/odds';
import { acrossBooks } from './across-books';
import type { BestCore, CoreOptions, MarketCore, PriceRow } from './core-types';
import { openingOf, seriesOf, steamOf } from './line-history';

// A market priced at its reference book from its quotes, all that does not depend on the time of the call: the
// consensus at the reference book's lines (atReference, which a bet's selection is priced by too, ./selection.ts),
// each outcome's reference and best price against it, and with what is found across books (./across-books.ts) and
// read from the recorded changes (./line-history.ts), the market's core (marketCore; its shape in ./core-types.ts).
// ./priced-market.ts adds what does depend on the time (ages, staleness, the fair probability 24 hours back) on
// every call, so a core can be kept for as long as the prices it was made from (./game-cores.ts).

/** A game as far as pricing needs it: its teams name the outcomes. */
export interface GameTeams {
  homeTeam: { abbreviation: string };
  awayTeam: { abbreviation: string };
}

/**
 * The quotes sorted, in place, into the order markets list outcomes: home side first, then the draw, then away;
 * over before under; yes before no. The sort is stable, so each outcome's quotes stay in the order they were read.
 */
export function inOutcomeOrder<Row extends { outcome: string }>(game: GameTeams, quotes: Row[]): Row[] {
  const order = [game.homeTeam.abbreviation, 'draw', game.awayTeam.abbreviation, 'over', 'yes', 'under', 'no'];
  return quotes.sort((a, b) => order.indexOf(a.outcome) - order.indexOf(b.outcome));
}

const byBook = <Row extends { book: string }>(rows: readonly Row[]) => groupBy(rows, (row) => row.book);

function bestCore(top: PriceRow | undefined, fairProbability: number | null): BestCore | null {
  if (!top) return null;
  const { net, ...price } = netPrice(top.book, top.americanOdds);
  return {
    book: top.book,
    ...price,
    ...(fairProbability !== null ? { expectedValue: priceExpectedValue(fairProbability, net) } : {}),
    updatedAt: top.updatedAt,
    updatedAtIso: instant(top.updatedAt),
  };
}

/**
 * A market's quotes by book (in the order the rows come), the reference book's, and the consensus at the
 * reference book's lines (on `line`, else the default); without the reference book there is no consensus. Every
 * market is priced from this: the games' and the props' (marketCore) and the bets' (priceSelection, always on the
 * default line).
 */
export function atReference<Row extends BookQuote>(rows: readonly Row[], referenceBook: string, line: FairLine = DEFAULT_FAIR_LINE) {
  const books = byBook(rows);
  const reference = books.get(referenceBook);
  if (!reference) return { books, reference, fair: undefined };
  const others: BookMarket[] = [];
  for (const [book, quotes] of books) if (book !== referenceBook) others.push({ book, outcomes: quotes });
  // Summed in one order whatever order the rows were read in (the databases give them in their own).
  others.sort((a, b) => (a.book < b.book ? -1 : a.book > b.book ? 1 : 0));
  return { books, reference, fair: consensus({ book: referenceBook, outcomes: reference }, others, line) };
}

export type BookQuote = { book: string } & QuotedOutcome;

export function marketCore(rows: readonly PriceRow[], options: CoreOptions): MarketCore {
  const { referenceBook, history, fairLine = DEFAULT_FAIR_LINE } = options;
  const { books, reference, fair } = atReference(rows, referenceBook, fairLine);
  // The best price is the best a bettor gets: exchanges' prices net of their fee. On a tie the reference book is
  // named (the user's own book has the best price), else the first book by key: never the order rows were read in.
  const bestRow = (outcome: string, point: number | null) => {
    let top: PriceRow | undefined;
    let topNet = -Infinity;
    for (const row of rows) {
      if (row.outcome !== outcome || (reference !== undefined && row.point !== point)) continue;
      const net = netAmerican(row.book, row.americanOdds);
      if (
        net > topNet ||
        (net === topNet && top !== undefined && top.book !== referenceBook && (row.book === referenceBook || row.book < top.book))
      )
        [top, topNet] = [row, net];
    }
    return top;
  };

  if (!reference || !fair) {
    const outcomes = [...new Set(rows.map((row) => row.outcome))];
    return {
      referenceBook,
      fairLine,
      consensusBooks: 0,
      books: books.size,
      outcomes: outcomes.map((outcome) => {
        const top = bestRow(outcome, null);
        return { outcome, point: top?.point ?? null, best: bestCore(top, null), ...(history ? { opening: null } : {}) };
      }),
      ...acrossBooks(rows, options.middles),
      ...(history ? { steam: steamOf(history, outcomes, options.steam), history } : {}),
      fairByChangesRecorded: new Map(),
    };
  }

  const tops = reference.map((quote) => bestRow(quote.outcome, quote.point));
  const outcomeNames = reference.map((quote) => quote.outcome);
  return {
    referenceBook,
    fairLine,
    consensusBooks: fair.consensusBooks,
    ...(fair.refused !== undefined ? { refused: fair.refused } : {}),
    books: books.size,
    outcomes: reference.map((quote, index) => {
      const fairOutcome = fair.outcomes[index]!;
      // What a bettor gets at the reference book: an exchange's price net of its fee, as the best price and the
      // expected value beside it (lib/betting/consensus.ts) take it.
      const { net, ...price } = netPrice(referenceBook, quote.americanOdds);
      return {
        outcome: quote.outcome,
        point: quote.point,
        reference: {
          ...price,
          // To 6 places, as the fair probability beside it (lib/betting/consensus.ts).
          impliedProbability: roundTo(impliedProbability(net), 6),
          fairProbability: fairOutcome.fairProbability,
          fairAmericanOdds: fairOutcome.fairAmericanOdds,
          expectedValue: fairOutcome.expectedValue,
          updatedAt: quote.updatedAt,
          updatedAtIso: instant(quote.updatedAt),
        },
        best: bestCore(tops[index], fairOutcome.fairProbability),
        ...(history ? { opening: openingOf(history, referenceBook, quote.outcome) } : {}),
      };
    }),
    ...acrossBooks(rows, options.middles),
    oldestReference: reference.reduce((a, b) => (b.updatedAt < a.updatedAt ? b : a)).updatedAt,
    ...(history ? { steam: steamOf(history, outcomeNames, options.steam), history } : {}),
    ...(history && options.series ? { series: seriesOf(history, outcomeNames, referenceBook, fairLine) } : {}),
    fairByChangesRecorded: new Map(),
  };
}
