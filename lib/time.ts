// Calendar boundaries in a time zone (a user's loss limits are per local day and per local week starting
// Monday; the data tools' date ranges are local days), computed with Intl so daylight-saving changes fall where the zone says they do.

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

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone is ahead of UTC at this instant. */
function offsetAt(instant: number, timeZone: string): number {
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
