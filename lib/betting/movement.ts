/**
 * Line movement of one market from its recorded price changes (pure; times in epoch milliseconds):
 * the state of every book at a moment, and steam.
 *
 * A book moves towards an outcome when it records, for the same outcome and line, a price with a higher
 * implied probability than its previous one; when it moves that outcome's line to a harder number (an over
 * line up; a spread, under or any other line down); and, in a two-outcome market, when it does the opposite
 * to the other outcome. Steam: at least `minBooks` (3) different books moving towards the same outcome
 * within `windowMs` (30 minutes): a window of 30 minutes ending at one such move holds moves of at least three
 * books towards that outcome. The most recent such window is reported: its outcome, its books, and its first
 * and last moves (`from`, `to`).
 */
import { consensus, type BookMarket, type Consensus } from './consensus';
import type { FairLine } from './fair-line';
import { impliedProbability } from './odds';

export interface RecordedPrice {
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  /** When the change was observed (epoch ms). */
  at: number;
}

export interface Steam {
  outcome: string;
  books: string[];
  /** The first and the last of the moves (epoch ms). */
  from: number;
  to: number;
}

export const STEAM_WINDOW_MS = 30 * 60_000;
export const STEAM_MIN_BOOKS = 3;

interface Move {
  book: string;
  outcome: string;
  at: number;
}

/** The direction of one recorded change: +1 towards the outcome, -1 away from it, 0 neither. */
function direction(outcome: string, before: RecordedPrice, after: RecordedPrice): number {
  if (before.point !== after.point) {
    if (before.point === null || after.point === null) return 0;
    const harder = outcome === 'over' ? after.point > before.point : after.point < before.point;
    return harder ? 1 : -1;
  }
  const change = impliedProbability(after.americanOdds) - impliedProbability(before.americanOdds);
  return change > 0 ? 1 : change < 0 ? -1 : 0;
}

/** Every book's moves, in time order. `rows` are one market's recorded changes in time order. */
export function moves(rows: readonly RecordedPrice[], outcomes: readonly string[]): Move[] {
  const last = new Map<string, RecordedPrice>();
  const found: Move[] = [];
  for (const row of rows) {
    const key = `${row.book}\u0000${row.outcome}`;
    const before = last.get(key);
    last.set(key, row);
    if (!before) continue;
    const towards = direction(row.outcome, before, row);
    if (towards > 0) found.push({ book: row.book, outcome: row.outcome, at: row.at });
    else if (towards < 0 && outcomes.length === 2) {
      const other = outcomes.find((outcome) => outcome !== row.outcome);
      if (other !== undefined) found.push({ book: row.book, outcome: other, at: row.at });
    }
  }
  return found;
}

/** The most recent steam move of a market, or null (see the module comment for the definition). */
export function steam(
  rows: readonly RecordedPrice[],
  outcomes: readonly string[],
  { windowMs = STEAM_WINDOW_MS, minBooks = STEAM_MIN_BOOKS } = {},
): Steam | null {
  const all = moves(rows, outcomes);
  let found: Steam | null = null;
  for (const outcome of outcomes) {
    const towards = all.filter((move) => move.outcome === outcome);
    // Each move ends a window of windowMs; a sliding count of the moves per book inside it. Only the last
    // window holding minBooks books matters: it is this outcome's most recent steam.
    const inWindow = new Map<string, number>();
    let last: { start: number; end: number } | undefined;
    for (let end = 0, start = 0; end < towards.length; end++) {
      const move = towards[end]!;
      inWindow.set(move.book, (inWindow.get(move.book) ?? 0) + 1);
      for (; towards[start]!.at < move.at - windowMs; start++) {
        const book = towards[start]!.book;
        const count = inWindow.get(book)! - 1;
        if (count === 0) inWindow.delete(book);
        else inWindow.set(book, count);
      }
      if (inWindow.size >= minBooks) last = { start, end };
    }
    if (!last) continue;
    const to = towards[last.end]!.at;
    if (found === null || to > found.to) {
      const window = towards.slice(last.start, last.end + 1);
      found = { outcome, books: [...new Set(window.map((move) => move.book))].sort(), from: window[0]!.at, to };
    }
  }
  return found;
}

/** Each book's last recorded price of each outcome at or before `at`, as book markets. */
export function marketsAt(rows: readonly RecordedPrice[], at: number): Map<string, BookMarket> {
  const latest = new Map<string, Map<string, RecordedPrice>>();
  for (const row of rows) {
    if (row.at > at) break;
    let book = latest.get(row.book);
    if (!book) latest.set(row.book, (book = new Map<string, RecordedPrice>()));
    book.set(row.outcome, row);
  }
  return new Map([...latest].map(([book, quotes]) => [book, { book, outcomes: [...quotes.values()] }]));
}

/**
 * The consensus (on `line`, else the default) as it stood at `at` at the reference book's line then, or null when the reference book had
 * not priced every one of `outcomes` by then. `outcomes` orders the result.
 */
export function consensusAt(
  rows: readonly RecordedPrice[],
  at: number,
  referenceBook: string,
  outcomes: readonly string[],
  line?: FairLine,
): Consensus | null {
  const markets = marketsAt(rows, at);
  const reference = markets.get(referenceBook);
  if (!reference) return null;
  const ordered = outcomes.map((outcome) => reference.outcomes.find((quote) => quote.outcome === outcome));
  if (ordered.some((quote) => quote === undefined) || ordered.length !== reference.outcomes.length) return null;
  markets.delete(referenceBook);
  return consensus({ book: referenceBook, outcomes: ordered as RecordedPrice[] }, [...markets.values()], line);
}
