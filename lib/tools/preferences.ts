import { addDays, DAY_MS, sportsDayOf } from '@/lib/time';
import { invalidInput, ToolError } from '@/lib/errors';
import { TO_BEFORE_FROM } from './inputs';
import { dayWindow, type DayWindow } from './date-window';
import type { ToolContext } from './types';

// The caller's reference book and time zone, and the calendar windows read in that zone.

/** The reference book of a user who stored `stored` (none chosen: the server default). */
export const userReferenceBook = (ctx: ToolContext, stored: string | null | undefined): string =>
  stored ?? ctx.settings.defaultReferenceBook;

/** Reference book: the call's, else the user's stored one, else the server default; and the user's time zone. */
export async function preferences(ctx: ToolContext, bookArgument: string | undefined) {
  const stored = await ctx.ledger.recentPreferences(ctx.user.id);
  return {
    referenceBook: bookArgument ?? userReferenceBook(ctx, stored.referenceBook),
    timeZone: stored.timeZone,
  };
}

/**
 * The window of a `from`/`to` pair of dates: from the start of `from`'s sports day to the end of `to`'s, in the
 * user's time zone (lib/time.ts, SPORTS_DAY_START_HOUR); a missing `from` is the sports day `back` days before
 * now, a missing `to` the day `ahead` days after `from` (exclusive).
 */
export async function dateRange(
  ctx: ToolContext,
  from: string | undefined,
  to: string | undefined,
  defaults: { back: number; ahead: number },
  maxDays: number,
): Promise<DayWindow> {
  const { timeZone } = await preferences(ctx, undefined);
  const first = from ?? sportsDayOf(new Date(ctx.now().getTime() - defaults.back * DAY_MS), timeZone);
  const last = to ?? addDays(first, defaults.ahead - 1);
  const days = Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1;
  if (days <= 0) throw invalidInput([TO_BEFORE_FROM]);
  if (days > maxDays) {
    throw new ToolError('limit', `The date range covers ${days} days; the maximum is ${maxDays} days. Ask for a shorter range.`);
  }
  return dayWindow(first, last, timeZone);
}
