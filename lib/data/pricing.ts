import { arbitrage as findArbitrage, bestExpectedValue, type Arbitrage } from '@/lib/betting/arbitrage';
import { consensus, type BookMarket } from '@/lib/betting/consensus';
import { consensusAt, steam as findSteam, type RecordedPrice, type Steam } from '@/lib/betting/movement';
import { impliedProbability } from '@/lib/betting/odds';
import { ago } from './names';

// One market of one game (or one player's prop) as the odds tools answer it: the reference book's prices,
// the no-vig consensus, the best price on offer for the same bet with its expected value, arbitrage across
// the best prices, where the market moved (from the recorded price changes), and each price's age.

export interface PriceRow {
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  updatedAt: Date;
}

export interface BestPrice {
  book: string;
  americanOdds: number;
  /** The best price against the outcome's fairProbability, per unit staked (6 decimals); absent without one. */
  expectedValue?: number;
  updatedAt: string;
  updatedAgo: string;
}

export interface Opening {
  americanOdds: number;
  point: number | null;
  at: string;
  ago: string;
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
  best: BestPrice | null;
  /** The reference book's first recorded price and line for this outcome; null without history. */
  opening?: Opening | null;
  /** fairProbability now minus the consensus 24 hours ago at the same reference line (6 decimals); null without it. */
  fairProbabilityChange?: number | null;
}

export interface PricedArbitrage extends Arbitrage {
  note: string;
}

export interface PricedSteam {
  outcome: string;
  books: string[];
  from: string;
  to: string;
  ago: string;
}

export interface HistoryPoint {
  at: string;
  /** The reference book's points and prices, in the order of `outcomes`. */
  points: (number | null)[];
  americanOdds: number[];
  /** The consensus then, at the reference line then; null when there was none. */
  fairProbability: (number | null)[] | null;
}

export interface PricedMarket {
  consensusBooks: number;
  /** Books pricing this market at any line. */
  books: number;
  outcomes: PricedOutcome[];
  /** Null unless the best prices on the reference line imply less than 1 in total. */
  arbitrage: PricedArbitrage | null;
  steam?: PricedSteam | null;
  history?: { outcomes: string[]; series: HistoryPoint[] };
  priceNote?: string;
}

export interface PricingOptions {
  referenceBook: string;
  now: Date;
  staleMinutes: number;
  /** This market's recorded price changes in time order; without it there are no movement fields. */
  history?: readonly RecordedPrice[];
  /** Adds the time series of the reference price and the consensus (`history: true`). */
  series?: boolean;
}

export const FAIR_CHANGE_WINDOW_MS = 24 * 3_600_000;
/** At most this many points in a market's `history` series (the most recent). */
export const HISTORY_POINTS = 60;

const roundTo6 = (value: number) => Math.round(value * 1e6) / 1e6;

function byBook(rows: readonly PriceRow[]): Map<string, PriceRow[]> {
  const books = new Map<string, PriceRow[]>();
  for (const row of rows) {
    const quotes = books.get(row.book);
    if (quotes) quotes.push(row);
    else books.set(row.book, [row]);
  }
  return books;
}

function arbitrageNote(legs: { outcome: string; book: string; updatedAgo: string }[]): string {
  const ages = legs.map((leg) => `${leg.outcome} at ${leg.book} updated ${leg.updatedAgo}`).join('; ');
  return (
    `Never risk-free: a leg can be voided, limited or cancelled as a palpable error, and a stale price may be gone by the time it is bet. ` +
    `Leg ages: ${ages}.`
  );
}

export function priceMarket(rows: readonly PriceRow[], options: PricingOptions): PricedMarket {
  const { referenceBook, now, staleMinutes } = options;
  const books = byBook(rows);
  const reference = books.get(referenceBook);
  const stamp = (at: Date) => ({ updatedAt: at.toISOString(), updatedAgo: ago(at, now) });
  const bestRow = (outcome: string, point: number | null) => {
    let top: PriceRow | undefined;
    for (const row of rows) {
      if (row.outcome !== outcome || (reference !== undefined && row.point !== point)) continue;
      if (top === undefined || row.americanOdds > top.americanOdds) top = row;
    }
    return top;
  };
  const best = (top: PriceRow | undefined, fairProbability: number | null): BestPrice | null =>
    top
      ? {
          book: top.book,
          americanOdds: top.americanOdds,
          ...(fairProbability !== null ? { expectedValue: bestExpectedValue(fairProbability, top.americanOdds) } : {}),
          ...stamp(top.updatedAt),
        }
      : null;

  if (!reference) {
    const outcomes = [...new Set(rows.map((row) => row.outcome))];
    return {
      consensusBooks: 0,
      books: books.size,
      outcomes: outcomes.map((outcome) => {
        const top = bestRow(outcome, null);
        return {
          outcome,
          point: top?.point ?? null,
          americanOdds: null,
          impliedProbability: null,
          fairProbability: null,
          fairAmericanOdds: null,
          expectedValue: null,
          updatedAt: null,
          updatedAgo: null,
          best: best(top, null),
          ...(options.history ? { opening: null, fairProbabilityChange: null } : {}),
        };
      }),
      arbitrage: null,
      ...(options.history ? { steam: steamOf(options.history, outcomes, now) } : {}),
      priceNote: `${referenceBook} (the reference book) does not price this market, so there is no consensus; best prices are at each book's own line.`,
    };
  }

  const asMarket = (book: string, quotes: PriceRow[]): BookMarket => ({ book, outcomes: quotes });
  const others: BookMarket[] = [];
  for (const [book, quotes] of books) if (book !== referenceBook) others.push(asMarket(book, quotes));
  const fair = consensus(asMarket(referenceBook, reference), others);
  const oldest = reference.reduce((a, b) => (b.updatedAt < a.updatedAt ? b : a));
  const staleFor = now.getTime() - oldest.updatedAt.getTime();
  const tops = reference.map((quote) => bestRow(quote.outcome, quote.point));
  const arbitrage = arbitrageOf(reference, tops, now);
  const outcomeNames = reference.map((quote) => quote.outcome);
  const movement = options.history ? movementOf(options.history, reference, fair.outcomes, referenceBook, now) : undefined;
  return {
    consensusBooks: fair.consensusBooks,
    books: books.size,
    outcomes: reference.map((quote, index) => {
      const fairOutcome = fair.outcomes[index]!;
      return {
        outcome: quote.outcome,
        point: quote.point,
        americanOdds: quote.americanOdds,
        impliedProbability: impliedProbability(quote.americanOdds),
        fairProbability: fairOutcome.fairProbability,
        fairAmericanOdds: fairOutcome.fairAmericanOdds,
        expectedValue: fairOutcome.expectedValue,
        ...stamp(quote.updatedAt),
        best: best(tops[index], fairOutcome.fairProbability),
        ...(movement ? movement.outcomes[index] : {}),
      };
    }),
    arbitrage,
    ...(options.history ? { steam: steamOf(options.history, outcomeNames, now) } : {}),
    ...(options.history && options.series ? { history: seriesOf(options.history, outcomeNames, referenceBook) } : {}),
    ...(staleFor > staleMinutes * 60_000
      ? { priceNote: `Stale: ${referenceBook} last confirmed this price ${ago(oldest.updatedAt, now)}; it may have moved.` }
      : fair.consensusBooks === 0
        ? { priceNote: 'One-sided market: there is no margin to remove, so no fair price and no edge can be claimed.' }
        : {}),
  };
}

/** Arbitrage across the best prices on the reference line, every outcome covered. */
function arbitrageOf(reference: readonly PriceRow[], tops: readonly (PriceRow | undefined)[], now: Date): PricedArbitrage | null {
  if (tops.some((top) => top === undefined)) return null;
  const legs = tops as PriceRow[];
  const found = findArbitrage(legs.map((top, index) => ({ outcome: reference[index]!.outcome, book: top.book, americanOdds: top.americanOdds })));
  if (!found) return null;
  return { ...found, note: arbitrageNote(legs.map((top) => ({ outcome: top.outcome, book: top.book, updatedAgo: ago(top.updatedAt, now) }))) };
}

/**
 * Steam depends only on the recorded changes, and the repository hands out the same list until the history
 * grows, so it is worked out once per list (and outcome order).
 */
const steamMemo = new WeakMap<readonly RecordedPrice[], Map<string, Steam | null>>();

function steamOf(history: readonly RecordedPrice[], outcomes: readonly string[], now: Date): PricedSteam | null {
  let memo = steamMemo.get(history);
  if (!memo) steamMemo.set(history, (memo = new Map<string, Steam | null>()));
  const key = outcomes.join('\u0000');
  let found = memo.get(key);
  if (found === undefined) memo.set(key, (found = findSteam(history, outcomes)));
  if (!found) return null;
  return {
    outcome: found.outcome,
    books: found.books,
    from: new Date(found.from).toISOString(),
    to: new Date(found.to).toISOString(),
    ago: ago(new Date(found.to), now),
  };
}

function movementOf(
  history: readonly RecordedPrice[],
  reference: readonly PriceRow[],
  fair: readonly { fairProbability: number | null }[],
  referenceBook: string,
  now: Date,
) {
  const outcomes = reference.map((quote) => quote.outcome);
  const then = consensusAt(history, now.getTime() - FAIR_CHANGE_WINDOW_MS, referenceBook, outcomes);
  const sameLine = (then?.outcomes.length ?? 0) > 0 && thenLineMatches(history, now.getTime() - FAIR_CHANGE_WINDOW_MS, referenceBook, reference);
  return {
    outcomes: reference.map((quote, index) => {
      const first = history.find((row) => row.book === referenceBook && row.outcome === quote.outcome);
      const fairNow = fair[index]!.fairProbability;
      const fairThen = sameLine ? (then?.outcomes[index]?.fairProbability ?? null) : null;
      return {
        opening: first ? { americanOdds: first.americanOdds, point: first.point, at: new Date(first.at).toISOString(), ago: ago(new Date(first.at), now) } : null,
        fairProbabilityChange: fairNow !== null && fairThen !== null ? roundTo6(fairNow - fairThen) : null,
      };
    }),
  };
}

/** Whether the reference book's line at `at` was the line it quotes now, outcome by outcome. */
function thenLineMatches(history: readonly RecordedPrice[], at: number, referenceBook: string, reference: readonly PriceRow[]): boolean {
  const point = new Map<string, number | null>();
  for (const row of history) {
    if (row.at > at) break;
    if (row.book === referenceBook) point.set(row.outcome, row.point);
  }
  return reference.every((quote) => point.has(quote.outcome) && point.get(quote.outcome) === quote.point);
}

/** The reference book's price and the consensus after each recorded change, from the reference book's first price. */
function seriesOf(history: readonly RecordedPrice[], outcomes: readonly string[], referenceBook: string) {
  const times = [...new Set(history.map((row) => row.at))].sort((a, b) => a - b);
  const series: HistoryPoint[] = [];
  const current = new Map<string, RecordedPrice>();
  let next = 0;
  for (const at of times) {
    for (; next < history.length && history[next]!.at <= at; next++) {
      const row = history[next]!;
      if (row.book === referenceBook) current.set(row.outcome, row);
    }
    const quotes = outcomes.map((outcome) => current.get(outcome));
    if (quotes.some((quote) => quote === undefined)) continue;
    const then = consensusAt(history, at, referenceBook, outcomes);
    const fairProbability = then && then.consensusBooks > 0 ? then.outcomes.map((o) => o.fairProbability) : null;
    const point: HistoryPoint = {
      at: new Date(at).toISOString(),
      points: quotes.map((quote) => quote!.point),
      americanOdds: quotes.map((quote) => quote!.americanOdds),
      fairProbability,
    };
    const previous = series.at(-1);
    // Only points where the reference price or the consensus changed.
    if (previous && JSON.stringify([previous.points, previous.americanOdds, previous.fairProbability]) === JSON.stringify([point.points, point.americanOdds, point.fairProbability])) continue;
    series.push(point);
  }
  return { outcomes: [...outcomes], series: series.slice(-HISTORY_POINTS) };
}
