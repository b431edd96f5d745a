import type { Db } from '@/lib/db/client';
import { nextWeekStart } from '@/lib/time';
import { fromCents } from './money';

// The protective limits (max stake, daily and weekly loss limit) and the time zone as stored, and the cooling-off
// that holds back a raise, a removal or a change of zone (./bankroll-save.ts asks, ./bankroll.ts reads).

/**
 * The cooling-off of the protective limits (responsible-gambling practice, as the UK Gambling Commission asks): a
 * lower limit, or one where there was none, applies at once; a higher one or a removal (max stake, daily and weekly
 * loss limit) waits this long, and until then the stricter limit holds everywhere (room, Kelly caps, log_bet's
 * warnings, the console). A change of time zone waits as long before it alone sets the loss-limit windows.
 */
export const COOLING_OFF_HOURS = 24;
const COOLING_OFF_MS = COOLING_OFF_HOURS * 60 * 60 * 1000;

export const LIMITS = [
  { name: 'maxStake', words: 'max stake', cents: 'maxStakeCents', pending: 'pendingMaxStakeCents', from: 'pendingMaxStakeFrom' },
  {
    name: 'dailyLossLimit',
    words: 'daily loss limit',
    cents: 'dailyLossLimitCents',
    pending: 'pendingDailyLossLimitCents',
    from: 'pendingDailyLossLimitFrom',
  },
  {
    name: 'weeklyLossLimit',
    words: 'weekly loss limit',
    cents: 'weeklyLossLimitCents',
    pending: 'pendingWeeklyLossLimitCents',
    from: 'pendingWeeklyLossLimitFrom',
  },
] as const;

export type LimitName = (typeof LIMITS)[number]['name'];
export type BankrollRow = NonNullable<Awaited<ReturnType<Db['bankroll']['findUnique']>>>;

/** A limit as stored: the value in force when last saved and a raise or removal waiting out the cooling-off. */
export interface StoredLimit {
  cents: number | null;
  pendingCents: number | null;
  pendingFrom: Date | null;
}

export const storedLimit = (row: BankrollRow, limit: (typeof LIMITS)[number]): StoredLimit => ({
  cents: row[limit.cents],
  pendingCents: row[limit.pending],
  pendingFrom: row[limit.from],
});

/** No limit (null) is the loosest of all. */
const isLooser = (cents: number | null, than: number | null) => than !== null && (cents === null || cents > than);

/** The limit in force at `now`: a pending change once its time has come, else the stored one. */
export const limitInForce = (limit: StoredLimit, now: Date) =>
  limit.pendingFrom !== null && limit.pendingFrom <= now ? limit.pendingCents : limit.cents;

/** The change still waiting at `now`, if any. */
export const waitingChange = (limit: StoredLimit, now: Date) =>
  limit.pendingFrom !== null && limit.pendingFrom > now ? { cents: limit.pendingCents, from: limit.pendingFrom } : null;

/**
 * The limit after the user asks for `asked` at `now` (undefined: not asked, it stays, with a change that came due
 * folded in). Room never grows before COOLING_OFF_HOURS have passed since the user asked for it:
 * - no looser than the limit in force: applies at once, and drops any waiting raise;
 * - looser: waits. Replacing a waiting raise with one no looser (a smaller raise, or the same asked again) keeps
 *   its time; a looser one (more, or a removal) waits from now.
 */
export function nextLimit(limit: StoredLimit, asked: number | null | undefined, now: Date): StoredLimit {
  const inForce = limitInForce(limit, now);
  const waiting = waitingChange(limit, now);
  if (asked === undefined) return { cents: inForce, pendingCents: waiting?.cents ?? null, pendingFrom: waiting?.from ?? null };
  if (!isLooser(asked, inForce)) return { cents: asked, pendingCents: null, pendingFrom: null };
  const keepsTime = waiting !== null && !isLooser(asked, waiting.cents);
  return { cents: inForce, pendingCents: asked, pendingFrom: keepsTime ? waiting.from : new Date(now.getTime() + COOLING_OFF_MS) };
}

/** The zone before a change of time zone still cooling off at `now`, or null. */
export const coolingZone = (row: BankrollRow, now: Date) =>
  row.previousTimeZone !== null && row.previousTimeZoneUntil !== null && row.previousTimeZoneUntil > now
    ? { zone: row.previousTimeZone, until: row.previousTimeZoneUntil }
    : null;

/**
 * The time-zone columns after the user asks for `asked`. The zone in force before a change stays in the loss-limit
 * windows after the latest change (a second change keeps the first one's old zone) for COOLING_OFF_HOURS, and at
 * least until the week in progress in it ends: a week's losses count in that week whatever zone the user moves to
 * (a week in a zone 12 hours behind can start after Monday's losses in the old one). Going back to that zone ends
 * the cooling-off, since it opens no room.
 */
export function nextTimeZone(row: BankrollRow, asked: string | undefined, now: Date) {
  if (asked === undefined || asked === row.timeZone) return {};
  const previous = coolingZone(row, now)?.zone ?? row.timeZone;
  if (asked === previous) return { timeZone: asked, previousTimeZone: null, previousTimeZoneUntil: null };
  const until = Math.max(now.getTime() + COOLING_OFF_MS, nextWeekStart(now, previous).getTime());
  return { timeZone: asked, previousTimeZone: previous, previousTimeZoneUntil: new Date(until) };
}

/** A raise or removal the user asked for that waits out the cooling-off: `to` (null: no limit) applies from `from`. */
export interface PendingLimit {
  limit: LimitName;
  to: number | null;
  from: Date;
}

/** Room under a loss limit: the limit less the net settled loss and the open stakes of the period, at least 0. */
export function lossLimitRoom(limitCents: number | null, lossCents: number, openCents: number): number | null {
  return limitCents === null ? null : fromCents(Math.max(0, limitCents - lossCents - openCents));
}
