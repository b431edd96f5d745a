import { invalidInput } from '@/lib/errors';
import { decodeCursor, encodeCursor, NOT_A_CURSOR, type CursorScope } from '@/lib/paging';

// What the lists of bets and picks share: their filters, cursor pages newest first, and won and lost counts.

export interface ListFilter {
  status?: string;
  sport?: string;
  from?: Date;
  to?: Date;
}

/** A page of a user's list, newest first: `limit` rows after the cursor, which belongs to `fingerprint` (lib/paging.ts). */
export interface ListPage extends CursorScope {
  limit: number;
  cursor?: string;
}

/** The (time, id) position a cursor names; every list of bets or picks is ordered by both, newest first. */
function cursorPosition(page: ListPage): { at: Date; id: string } | undefined {
  if (page.cursor === undefined) return undefined;
  const [at, id] = decodeCursor(page.cursor, page, ['time', 'text']);
  if (typeof at !== 'number' || typeof id !== 'string') throw invalidInput([{ path: 'cursor', message: NOT_A_CURSOR }]);
  return { at: new Date(at), id };
}

/** The paging fields of a list answer: how many rows follow the page, and the cursor to them (null when none). */
export function pageEnd<Row extends { id: string }>(all: readonly Row[], shown: readonly Row[], time: (row: Row) => Date, page: ListPage) {
  const last = shown.at(-1);
  if (!last) return { remaining: 0, nextCursor: null };
  const before = (row: Row) => time(row) < time(last) || (time(row).getTime() === time(last).getTime() && row.id < last.id);
  const remaining = all.filter(before).length;
  return { remaining, nextCursor: remaining > 0 ? encodeCursor(page, [time(last).getTime(), last.id]) : null };
}

/** A `from`/`to` filter on one timestamp column (either end may be open). */
export function inTimeRange(field: 'placedAt' | 'createdAt', { from, to }: { from?: Date; to?: Date }) {
  if (!from && !to) return {};
  return { [field]: { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) } };
}

/** Newest first: rows after the cursor's (time, id), so rows with equal times are neither skipped nor repeated. */
export function afterCursor(field: 'placedAt' | 'createdAt', page: ListPage) {
  const position = cursorPosition(page);
  if (!position) return {};
  const { at, id } = position;
  return { OR: [{ [field]: { lt: at } }, { [field]: at, id: { lt: id } }] };
}

/** Wins and losses, a half win or half loss counting as half of one (the other half pushed). */
export function winsAndLosses(results: readonly (string | null)[]): { won: number; lost: number } {
  const count = (result: string) => results.filter((r) => r === result).length;
  return { won: count('won') + count('half_won') / 2, lost: count('lost') + count('half_lost') / 2 };
}
