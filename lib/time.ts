// Calendar boundaries in a time zone (a user's loss limits are per local day and per local week starting
// Monday; the data tools' date ranges are local days), computed with Intl so daylight-saving changes fall where the zone says they do;
// how answers spell a time: an instant, or an age in words; and a minute, an hour and a day in milliseconds.

/** Milliseconds in a minute, an hour and a day of 24 hours (a calendar day in a zone may be 23 or 25: startOfDay, sportsDayStart). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Dates are kept from 1900 to 9999: PostgreSQL has no year 0, and nothing JEV stores is older. */
const FIRST_YEAR = 1900;
export const YEAR_RANGE_MESSAGE = `must be a date from ${FIRST_YEAR} to 9999`;
/** Whether a date is one JEV keeps (tools' date arguments, the times in cursors); false for an invalid date. */
export const inYearRange = (date: Date) => date.getUTCFullYear() >= FIRST_YEAR && date.getUTCFullYear() <= 9999;

interface WallClock {
  year: number;
  month: number;
  day: number;
  weekday: number; // 0 = Monday … 6 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function parts(instant: Date, timeZone: string) {
  const values: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) values[part.type] = part.value;
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour),
    minute: Number(values.minute),
    second: Number(values.second),
    weekday: WEEKDAYS.indexOf(values.weekday ?? ''),
  };
}

/**
 * The zone of a user who has not chosen one (no bankroll, or one saved without a zone): US Eastern, where most
 * listed games are. Calendar days, loss-limit windows and the console's times are all read in it.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone is ahead of UTC at this instant (from the platform's time-zone data). */
export function offsetAt(instant: number, timeZone: string): number {
  const p = parts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const { year, month, day, weekday } = parts(instant, timeZone);
  return { year, month, day, weekday };
}

/** The first instant of the given local date (local midnight, or the first valid time after a DST gap). */
function startOfLocalDate(year: number, month: number, day: number, timeZone: string): Date {
  const midnightUtc = Date.UTC(year, month - 1, day);
  // Two passes settle the offset even when midnight sits next to a DST change.
  let guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  guess = midnightUtc - offsetAt(guess, timeZone);
  const local = wallClock(new Date(guess), timeZone);
  if (local.day !== day) {
    // Midnight did not exist (a DST gap at 00:00): the day starts at the gap's end.
    guess += 60 * 60 * 1000;
  }
  return new Date(guess);
}

export function startOfDay(now: Date, timeZone: string): Date {
  const { year, month, day } = wallClock(now, timeZone);
  return startOfLocalDate(year, month, day, timeZone);
}

export function startOfWeek(now: Date, timeZone: string): Date {
  const { year, month, day, weekday } = wallClock(now, timeZone);
  const monday = new Date(Date.UTC(year, month - 1, day - weekday));
  return startOfLocalDate(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone);
}

/** When the next day starts in `timeZone`: the start of the day 36 hours after today's start (days run 23 to 25 hours). */
export const nextDayStart = (now: Date, timeZone: string): Date =>
  startOfDay(new Date(startOfDay(now, timeZone).getTime() + 36 * HOUR_MS), timeZone);

/** When the next week (from Monday) starts in `timeZone`: the start of the week 7½ days after this one's start. */
export const nextWeekStart = (now: Date, timeZone: string): Date =>
  startOfWeek(new Date(startOfWeek(now, timeZone).getTime() + 180 * HOUR_MS), timeZone);

/**
 * The hour a sports day starts, local time. A date argument means the user's day from 06:00 to 06:00 the next
 * morning, as a scoreboard's day does: a night's late games (NBA at 01:30 in London, NFL at 02:15 in Berlin)
 * belong to that night, and the day a game is played in the user's zone is the day its listing says.
 */
export const SPORTS_DAY_START_HOUR = 6;

const DATE_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD `days` after (or before) a date. */
export function addDays(date: string, days: number): string {
  const [, year, month, day] = DATE_FORM.exec(date) ?? [];
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + days)).toISOString().slice(0, 10);
}

/** The first instant of a date's sports day in a time zone: 06:00 local (or the first valid time after a gap). */
export function sportsDayStart(date: string, timeZone: string): Date {
  const [, year, month, day] = DATE_FORM.exec(date) ?? [];
  const midnight = startOfLocalDate(Number(year), Number(month), Number(day), timeZone).getTime();
  // Six wall-clock hours after midnight: two passes over the offset, as for midnight, so a DST change at 02:00 is kept.
  const wanted = Date.UTC(Number(year), Number(month) - 1, Number(day), SPORTS_DAY_START_HOUR);
  let guess = wanted - offsetAt(midnight, timeZone);
  guess = wanted - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** The instants from the start of `first`'s sports day to the start of the day after `last` (inclusive dates). */
export function sportsDays(first: string, last: string, timeZone: string): { from: Date; to: Date } {
  return { from: sportsDayStart(first, timeZone), to: sportsDayStart(addDays(last, 1), timeZone) };
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  const { year, month, day } = wallClock(at, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date (YYYY-MM-DD) of the sports day an instant falls in: before 06:00 local it is the day before's. */
export function sportsDayOf(at: Date, timeZone: string): string {
  const date = localDate(at, timeZone);
  return at < sportsDayStart(date, timeZone) ? addDays(date, -1) : date;
}

/**
 * An instant as a person reads it, in their zone: "Dec 6, 2026, 2:05 PM". The one way pages, tables, views and
 * sentences write a date and time; where nothing nearby names the zone, `formatDateTimeInZone`.
 */
export function formatDateTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/**
 * `formatDateTime` with the zone named, for a sentence that stands alone (a note an agent quotes, the CLI's output):
 * "Dec 6, 2026, 2:05 PM (Europe/London)".
 */
export const formatDateTimeInZone = (at: Date, timeZone: string) => `${formatDateTime(at, timeZone)} (${timeZone})`;

/** An instant to the second, as ISO 8601 in UTC: 2026-11-26T01:15:00Z. Every answer spells its instants so. */
export const instant = (at: Date | number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** "4 minutes ago", "just now", "2 hours ago": a price's age as people say it. */
export function ago(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  const say = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return say(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return say(Math.floor(seconds / 3600), 'hour');
  return say(Math.floor(seconds / 86_400), 'day');
}

/**
 * When `ago(then, ·)` next says something else after `now` (ms since the epoch): the age in whole seconds is
 * rounded half up, so it reaches k seconds at 1000k - 500 ms, and the words change at the next minute, hour or
 * day. Lets an answer made of ages be reused, word for word, until then.
 */
export function agoChangesAt(then: Date, now: Date): number {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  const unit = seconds < 3600 ? 60 : seconds < 86_400 ? 3600 : 86_400;
  const next = (Math.floor(seconds / unit) + 1) * unit;
  return then.getTime() + next * 1000 - 500;
}
