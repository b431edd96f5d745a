import { instant } from '@/lib/time';
import {
  arbitrage as findArbitrage,
  marketHold,
  lineArbitrage,
  lineHold,
  sameLine,
  type Arbitrage,
  type LineKind,
  type LineQuote,
  type ResultReturn,
} from '@/lib/betting/arbitrage';
import { netAmerican, netPrice } from '@/lib/betting/commission';
import { priceExpectedValue } from '@/lib/betting/ev';
import { keyNumbersIn, middle as findMiddle, type Middle } from '@/lib/betting/middles';
import { consensus, type BookMarket, type QuotedOutcome } from '@/lib/betting/consensus';
import { DEFAULT_FAIR_LINE, type FairLine } from '@/lib/betting/fair-line';
import { consensusAt, steam as findSteam, type RecordedPrice, type Steam } from '@/lib/betting/movement';
import { impliedProbability, roundTo } from '@/lib/betting/odds';

// The part of one market's pricing that does not depend on the time of the call: the consensus, best prices,
// arbitrage, opening, steam and history series, worked out once from the market's prices and recorded changes.
// ./priced-market.ts adds what does (ages, staleness, the fair probability 24 hours back) on every call, so a
// core can be kept for as long as the prices it was made from (./game-cores.ts). A bet's selection is priced at
// the reference book the same way (./selection.ts).

export interface PriceRow {
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  updatedAt: Date;
}

export interface BestCore {
  book: string;
  /** Net of an exchange's fee, rounded to a whole price. */
  americanOdds: number;
  /** The exchange's price as quoted, before its fee; absent for a sportsbook. */
  beforeCommission?: number;
  expectedValue?: number;
  updatedAt: Date;
  updatedAtIso: string;
}

export interface OutcomeCore {
  outcome: string;
  point: number | null;
  /**
   * The reference book's price as a bettor gets it, net of an exchange's fee (as the best price); absent when it
   * does not price the market.
   */
  reference?: {
    americanOdds: number;
    /** The exchange's price as quoted, before its fee; absent for a sportsbook. */
    beforeCommission?: number;
    /** Of the net price, unrounded (as expectedValue is). */
    impliedProbability: number;
    fairProbability: number | null;
    fairAmericanOdds: number | null;
    expectedValue: number | null;
    updatedAt: Date;
    updatedAtIso: string;
  };
  best: BestCore | null;
  /** The reference book's first recorded price, net of an exchange's fee as the price now. */
  opening?: { americanOdds: number; beforeCommission?: number; point: number | null; at: Date; atIso: string } | null;
}

export interface HistoryPoint {
  at: string;
  /** The reference book's points and prices (net of an exchange's fee, as its price now), in the order of `outcomes`. */
  points: (number | null)[];
  americanOdds: number[];
  /** The consensus then, at the reference line then; null when there was none. */
  fairProbability: (number | null)[] | null;
}

export interface MarketCore {
  referenceBook: string;
  /** The fair line every fair number of the core is on: now, 24 hours back and in the series. */
  fairLine: FairLine;
  consensusBooks: number;
  /** Why there is no consensus when the fair line's method refuses the reference book's market. */
  refused?: string;
  books: number;
  outcomes: OutcomeCore[];
  arbitrage: CoreArbitrage | null;
  /**
   * The lowest hold of one bet on every side (the best price of each outcome, or both sides' best prices at one line),
   * whether or not it is an arbitrage: for the low-hold list (get_game_odds' maxHold). Null without one.
   */
  lowHold?: CoreArbitrage | null;
  /** Present only where middles are looked for (CoreOptions.middles); then null or the cheapest middle. */
  middle?: CoreMiddle | null;
  /** Present only with history; then null or the most recent steam move. */
  steam?: Steam | null;
  series?: { outcomes: string[]; series: HistoryPoint[] };
  /** The reference book's oldest quote in the market (for the stale note); absent without the reference book. */
  oldestReference?: Date;
  history?: readonly RecordedPrice[];
  /** The fair probabilities then, by how many recorded changes had happened then (see fairProbabilitiesAt). */
  fairByChangesRecorded: Map<number, (number | null)[] | null>;
}

export interface CoreArbitrage {
  /** Worked out from the prices net of an exchange's fee, unrounded. */
  found: Arbitrage;
  /** Each leg's price age, and its price as quoted where an exchange's fee was taken off. */
  legs: { updatedAt: Date; beforeCommission?: number }[];
  /** found.returns in words: which results (a margin, a total) return what. */
  returns?: { result: string; returnFraction: number }[];
}

export interface CoreMiddle {
  found: Middle;
  kind: LineKind;
  /** Each leg's price age, and an exchange's quote before its fee. */
  legs: { updatedAt: Date; beforeCommission?: number }[];
  /** found.window in words ("KC by 3", "total 45 to 46"). */
  window: string;
  /** The sport's key numbers inside the window (lib/betting/middles.ts). */
  keyNumbers: number[];
  /** found.returns in words. */
  returns: { result: string; returnFraction: number }[];
}

export interface CoreOptions {
  referenceBook: string;
  /** The fair line asked for (fairLine); the default consensus without it. */
  fairLine?: FairLine;
  /** This market's recorded price changes in time order; without it there are no movement fields. */
  history?: readonly RecordedPrice[];
  /** Adds the time series of the reference price and the consensus (`history: true`). */
  series?: boolean;
  /** Where steam already worked out for a history list is kept; without it, it is worked out each time. */
  steam?: SteamMemo;
  /** Looks for a middle (a game's spreads and totals, home side first), with this sport's key numbers. */
  middles?: { sport: string };
}

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

/**
 * At most this many points in a market's `history` series (the most recent): a page of history (one game, three
 * two-way markets at the cap) then fits the 8,000-token answer budget. 60 did not: 8,382 Claude tokens on the bench
 * slate of 2027-03-14, whose first NFL game has a longer recorded history than most days' (answer-budgets.test.ts).
 */
export const HISTORY_POINTS = 48;

/**
 * Rows grouped by `key`, each group in the rows' order: Map.groupBy's answer, written out because the bench's runtime
 * comparison serves these calls on Node 20 too, which lacks it.
 */
export function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const byBook = <Row extends { book: string }>(rows: readonly Row[]) => groupBy(rows, (row) => row.book);

/**
 * Steam depends only on the recorded changes, and the history repository hands out the same list until the
 * history grows, so a memo keeps it per list (and outcome order), also for markets priced on every call. The
 * pricing service that hands out the lists owns the memo (./index.ts).
 */
export type SteamMemo = WeakMap<readonly RecordedPrice[], Map<string, Steam | null>>;

function steamOf(history: readonly RecordedPrice[], outcomes: readonly string[], steamMemo: SteamMemo | undefined): Steam | null {
  if (!steamMemo) return findSteam(history, outcomes);
  let memo = steamMemo.get(history);
  if (!memo) steamMemo.set(history, (memo = new Map<string, Steam | null>()));
  const key = outcomes.join('\u0000');
  let found = memo.get(key);
  if (found === undefined) memo.set(key, (found = findSteam(history, outcomes)));
  return found;
}

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
 * market is priced from this: the games' and the props' (marketCore) and the bets' and the picks' (pricePick, always
 * on the default line).
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

/**
 * The market's best arbitrage and best middle across books. Without lines (h2h, yes/no), an arbitrage of the best
 * price of every outcome and no middle. With lines (a handicap's two sides, an over and an under), every pair of the
 * two sides' best prices at each line any book hangs, so a quarter line or another book's line reaches the check
 * too: the arbitrage whose worst result returns most, and (when asked for) the middle that costs least when it
 * misses, then the widest window. The lowest hold (the low-hold list's) pairs both sides at one line only.
 */
function acrossBooks(quoted: readonly PriceRow[], middles: CoreOptions['middles']): Pick<MarketCore, 'arbitrage' | 'lowHold' | 'middle'> {
  // What a bettor gets: an arbitrage or a middle through an exchange must survive its fee.
  const rows = quoted.map((row): PriceRow & { beforeCommission?: number } => {
    const { net, beforeCommission } = netPrice(row.book, row.americanOdds);
    return beforeCommission === undefined ? row : { ...row, americanOdds: net, beforeCommission };
  });
  const outcomes = [...new Set(rows.map((row) => row.outcome))];
  const kind = lineKindOf(outcomes, rows);
  if (!kind) {
    const none = middles ? { middle: null } : {};
    if (rows.some((row) => row.point !== null)) return { arbitrage: null, lowHold: null, ...none };
    const tops = outcomes.map((outcome) => bestOf(rows.filter((row) => row.outcome === outcome))[0]!);
    const quotes = tops.map(({ outcome, book, americanOdds }) => ({ outcome, book, americanOdds }));
    const found = findArbitrage(quotes);
    const hold = marketHold(quotes);
    return { arbitrage: found && { found, legs: tops }, lowHold: hold && { found: hold, legs: tops }, ...none };
  }
  let arbitrage: CoreArbitrage | null = null;
  let middle: CoreMiddle | null = null;
  // The lowest hold is looked for on one line only (sameLine): the pair whose implied probabilities sum least.
  let lowest: { pair: [PriceRow, PriceRow]; sum: number } | undefined;
  const [first, second] = outcomes.map((outcome) => bestOf(rows.filter((row) => row.outcome === outcome)));
  for (const a of first!)
    for (const b of second!) {
      const quotes = [lineQuote(a), lineQuote(b)] as const;
      if (sameLine(kind, quotes)) {
        const sum = impliedProbability(a.americanOdds) + impliedProbability(b.americanOdds);
        if (!lowest || sum < lowest.sum) lowest = { pair: [a, b], sum };
      }
      const found = lineArbitrage(kind, quotes);
      if (found && (!arbitrage || found.returnFraction > arbitrage.found.returnFraction))
        arbitrage = { found, legs: [a, b], ...(found.returns ? { returns: inWords(found.returns, kind, outcomes) } : {}) };
      const window = middles ? findMiddle(kind, quotes) : null;
      if (window && (!middle || cheaperMiddle(window, middle.found)))
        middle = {
          found: window,
          kind,
          legs: [a, b],
          window: resultInWords(window.window, kind, outcomes),
          keyNumbers: keyNumbersIn(middles!.sport, kind, window.window),
          returns: inWords(window.returns, kind, outcomes),
        };
    }
  const hold = lowest && lineHold(kind, [lineQuote(lowest.pair[0]), lineQuote(lowest.pair[1])]);
  const lowHold: CoreArbitrage | null = hold
    ? { found: hold, legs: lowest!.pair, ...(hold.returns ? { returns: inWords(hold.returns, kind, outcomes) } : {}) }
    : null;
  return { arbitrage, lowHold, ...(middles ? { middle } : {}) };
}

/** Whether middle `a` costs less than `b` when it misses, or as little with a wider window. */
function cheaperMiddle(a: Middle, b: Middle): boolean {
  const width = (found: Middle) => found.window.to - found.window.from;
  return a.worstReturnFraction > b.worstReturnFraction || (a.worstReturnFraction === b.worstReturnFraction && width(a) > width(b));
}

const lineQuote = ({ outcome, book, americanOdds, point }: PriceRow): LineQuote => ({ outcome, book, americanOdds, point: point! });

/** A two-sided market with a line on every quote is a total (over and under) or a handicap; any other has none. */
function lineKindOf(outcomes: readonly string[], rows: readonly PriceRow[]): LineKind | undefined {
  if (outcomes.length !== 2 || rows.some((row) => row.point === null)) return undefined;
  return outcomes.includes('over') && outcomes.includes('under') ? 'total' : 'handicap';
}

/** The best price at each line among `rows` (one outcome's quotes), the first book by key on a tie. */
function bestOf(rows: readonly PriceRow[]): PriceRow[] {
  const byLine = new Map<number | null, PriceRow>();
  for (const row of rows) {
    const top = byLine.get(row.point);
    if (!top || row.americanOdds > top.americanOdds || (row.americanOdds === top.americanOdds && row.book < top.book))
      byLine.set(row.point, row);
  }
  return [...byLine.values()];
}

/** A range of results in words: "ARS by 2 or more", "draw", "CHE by 1"; "total 2 or less", "total 3". */
function resultInWords({ from, to }: { from: number | null; to: number | null }, kind: LineKind, [side, other]: readonly string[]) {
  const span = (low: number | null, high: number | null) =>
    low === high ? `${low}` : low === null ? `${high} or less` : high === null ? `${low} or more` : `${low} to ${high}`;
  if (kind === 'total') return `total ${span(from, to)}`;
  if (from === 0 && to === 0) return 'draw';
  if (from !== null && from >= 1) return `${side} by ${span(from, to)}`;
  if (to !== null && to <= -1) return `${other} by ${span(-to, from === null ? null : -from)}`;
  return `${side}'s margin ${span(from, to)}`;
}

/** Each range of results in words, with its return. */
function inWords(returns: readonly ResultReturn[], kind: LineKind, outcomes: readonly string[]) {
  return returns.map((entry) => ({ result: resultInWords(entry, kind, outcomes), returnFraction: entry.returnFraction }));
}

function openingOf(history: readonly RecordedPrice[], referenceBook: string, outcome: string): OutcomeCore['opening'] {
  const first = history.find((row) => row.book === referenceBook && row.outcome === outcome);
  if (!first) return null;
  const at = new Date(first.at);
  const { net: _net, ...price } = netPrice(referenceBook, first.americanOdds);
  return { ...price, point: first.point, at, atIso: instant(at) };
}

/**
 * The consensus fair probabilities at `at`, on the core's fair line, when the reference book's line then was its line now, else null.
 * They depend only on how many recorded changes had happened by `at` (the history is in time order), so each
 * answer is kept by that count and a call at a later time pays again only once the count has moved.
 */
export function fairProbabilitiesAt(core: MarketCore, at: number): (number | null)[] | null {
  const history = core.history;
  if (!history) return null;
  const low = recordedBy(history, at);
  const known = core.fairByChangesRecorded.get(low);
  if (known !== undefined) return known;
  const prefix = history.slice(0, low);
  const outcomes = core.outcomes.map((outcome) => outcome.outcome);
  const then = consensusAt(prefix, at, core.referenceBook, outcomes, core.fairLine);
  const sameLine = (then?.outcomes.length ?? 0) > 0 && thenLineMatches(prefix, core);
  const found = sameLine ? core.outcomes.map((_, index) => then?.outcomes[index]?.fairProbability ?? null) : null;
  core.fairByChangesRecorded.set(low, found);
  return found;
}

/** How many recorded changes had happened by `at` (the history is in time order). */
function recordedBy(history: readonly RecordedPrice[], at: number): number {
  let low = 0;
  for (let high = history.length; low < high;) {
    const middle = (low + high) >> 1;
    if (history[middle]!.at <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first recorded change after `at`, when fairProbabilitiesAt may answer differently for a later time; Infinity if none. */
export function nextRecordedAfter(core: MarketCore, at: number): number {
  const history = core.history;
  return history ? (history[recordedBy(history, at)]?.at ?? Infinity) : Infinity;
}

/** Whether the reference book's last recorded line in `prefix` is the line it quotes now, outcome by outcome. */
function thenLineMatches(prefix: readonly RecordedPrice[], core: MarketCore): boolean {
  const point = new Map<string, number | null>();
  for (const row of prefix) if (row.book === core.referenceBook) point.set(row.outcome, row.point);
  return core.outcomes.every((quote) => point.has(quote.outcome) && point.get(quote.outcome) === quote.point);
}

/**
 * The reference book's price (net of an exchange's fee, as its price now) and the consensus (on `line`) after each
 * recorded change, from the reference book's first price.
 */
function seriesOf(history: readonly RecordedPrice[], outcomes: readonly string[], referenceBook: string, line: FairLine) {
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
    const then = consensusAt(history, at, referenceBook, outcomes, line);
    const fairProbability = then && then.consensusBooks > 0 ? then.outcomes.map((o) => o.fairProbability) : null;
    const point: HistoryPoint = {
      at: instant(new Date(at)),
      points: quotes.map((quote) => quote!.point),
      americanOdds: quotes.map((quote) => netPrice(referenceBook, quote!.americanOdds).americanOdds),
      fairProbability,
    };
    const previous = series.at(-1);
    // Only points where the reference price or the consensus changed.
    if (
      previous &&
      JSON.stringify([previous.points, previous.americanOdds, previous.fairProbability]) ===
        JSON.stringify([point.points, point.americanOdds, point.fairProbability])
    )
      continue;
    series.push(point);
  }
  return { outcomes: [...outcomes], series: series.slice(-HISTORY_POINTS) };
}
