import { z } from 'zod';
import { instant, sportsDays } from '@/lib/time';

// The window of days a dated answer covers and echoes: list_games' and get_game_results' `from`/`to`, get_game_odds'
// `date`. One definition, so every tool's echo means the same and can be quoted as it stands.

/** Days in the user's time zone (YYYY-MM-DD, both inclusive) and the instants they cover, as the data is read. */
export interface DayWindow {
  first: string;
  last: string;
  /** The start of `first`'s sports day (lib/time.ts, SPORTS_DAY_START_HOUR). */
  from: Date;
  /** The start of the sports day after `last`'s: exclusive. */
  to: Date;
  timeZone: string;
}

/** The window from `first`'s sports day to `last`'s, both inclusive, in `timeZone`. */
export const dayWindow = (first: string, last: string, timeZone: string): DayWindow => ({
  first,
  last,
  ...sportsDays(first, last, timeZone),
  timeZone,
});

/**
 * The window a tool echoes: the days as given or defaulted (YYYY-MM-DD in the user's time zone, `to` inclusive) and
 * that zone; in full detail also the instants, from the start of `from`'s sports day to the start of the day after
 * `to`'s (exclusive). Never the instants alone: an exclusive `to` instant (2026-12-08T11:00:00Z for a window ending on
 * the 7th) reads as a day too many.
 */
export const windowSchema = { from: z.string(), to: z.string(), timeZone: z.string() };
export const fullWindowSchema = { ...windowSchema, startsFrom: z.string(), startsBefore: z.string() };
export const windowDays = (window: DayWindow) => ({ from: window.first, to: window.last, timeZone: window.timeZone });
export const windowInstants = (window: DayWindow) => ({
  ...windowDays(window),
  startsFrom: instant(window.from),
  startsBefore: instant(window.to),
});
