import { z } from 'zod';
import { bookKeyNamed, unknownBookMessage } from '@/lib/data/books';
import type { Db } from '@/lib/db/client';
import { sql } from '@/lib/db/sql';
import { selectRows } from '@/lib/db/select';
import { retryingWriteConflicts } from '@/lib/db/unique';
import { fromCents, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, money, toCents, TYPED_AMOUNT_MESSAGE, typedCents, typedDecimal } from './money';
import { DEFAULT_TIME_ZONE, isValidTimeZone, startOfDay, startOfWeek } from '@/lib/time';
import { limitChangeNote, timeZoneChangeNote } from './cooling-off-notes';

export interface BankrollSettings {
  balance: number;
  unit: number;
  kellyFraction?: number;
  maxStake?: number | null;
  dailyLossLimit?: number | null;
  weeklyLossLimit?: number | null;
  referenceBook?: string | null;
  timeZone?: string;
  currency?: string;
}

/** A value as typed (the Bankroll page's fields, `jev bankroll set`'s options): required, read by `parse`, then checked. */
const typed = (parse: (text: string) => number | undefined, message: string) =>
  z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .transform((text, ctx) => {
      const value = parse(text);
      if (value === undefined) ctx.addIssue({ code: 'custom', message });
      return value ?? z.NEVER;
    });

/** What is wrong with a typed amount (read as `cents` by lib/account/money.ts), with the message people see. */
function amountProblem(text: string, cents: number | undefined, zero: boolean): string | undefined {
  const tooSmall = zero ? 'Enter an amount of 0 or more.' : 'Enter an amount of at least 0.01.';
  if (text === '') return 'Required.';
  if (cents === undefined) return text.startsWith('-') && typedCents(text.slice(1)) !== undefined ? tooSmall : TYPED_AMOUNT_MESSAGE;
  if (cents === 0 && !zero) return tooSmall;
  if (cents > MAX_AMOUNT_CENTS) return `Enter at most ${MAX_AMOUNT_TEXT}.`;
  return undefined;
}

/** A typed amount of money in currency units, checked in whole cents; null for an empty `clearable` field. */
function amount(rule: { zero?: boolean; clearable?: boolean }) {
  return z
    .string({ error: 'Required.' })
    .trim()
    .transform((text, ctx) => {
      if (text === '' && rule.clearable) return null;
      const cents = typedCents(text);
      const problem = amountProblem(text, cents, rule.zero === true);
      if (problem !== undefined || cents === undefined) {
        ctx.addIssue({ code: 'custom', message: problem ?? TYPED_AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return fromCents(cents);
    });
}

/** An empty limit clears it. */
const optionalPositive = amount({ clearable: true });

/**
 * The one set of bankroll rules, with the messages people see, for every way of setting a bankroll: the
 * Bankroll page (every field sent as typed) and `jev bankroll set` (an option left out is undefined and
 * keeps its stored value). Fields are text as typed; the output is what saveBankroll takes.
 */
export const bankrollSettingsSchema = z
  .object({
    balance: amount({ zero: true }).pipe(z.number()),
    unit: amount({}).pipe(z.number()),
    kellyFraction: typed(typedDecimal, 'Enter a fraction such as 0.25.')
      .pipe(z.number().gt(0, 'Enter a fraction above 0.').max(1, 'Enter at most 1 (full Kelly).'))
      .optional(),
    maxStake: optionalPositive.optional(),
    dailyLossLimit: optionalPositive.optional(),
    weeklyLossLimit: optionalPositive.optional(),
    referenceBook: z
      .string()
      .trim()
      .max(50, 'Use at most 50 characters.')
      .transform((typed, ctx) => {
        if (typed === '') return null;
        const key = bookKeyNamed(typed);
        if (key === undefined) ctx.addIssue({ code: 'custom', message: `That sportsbook ${unknownBookMessage(typed)}.` });
        return key ?? z.NEVER;
      })
      .optional(),
    timeZone: z.string().trim().refine(isValidTimeZone, 'Choose a time zone from the list, such as America/New_York.').optional(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Enter a 3-letter currency code such as USD.')
      .optional(),
  })
  .superRefine((form, ctx) => {
    if (form.dailyLossLimit != null && form.weeklyLossLimit != null && form.weeklyLossLimit < form.dailyLossLimit) {
      ctx.addIssue({ code: 'custom', path: ['weeklyLossLimit'], message: 'Set at least the daily loss limit.' });
    }
    // A balance of 0 (everything lost, or nothing set aside yet) is a balance too: its unit stays as it is.
    if (form.balance > 0 && form.unit > form.balance) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A unit cannot be more than the balance.' });
    }
  });

/**
 * The cooling-off of the protective limits (responsible-gambling practice, as the UK Gambling Commission asks): a
 * lower limit, or one where there was none, applies at once; a higher one or a removal (max stake, daily and weekly
 * loss limit) waits this long, and until then the stricter limit holds everywhere (room, Kelly caps, log_bet's
 * warnings, the console). A change of time zone waits as long before it alone sets the loss-limit windows.
 */
export const COOLING_OFF_HOURS = 24;
const COOLING_OFF_MS = COOLING_OFF_HOURS * 60 * 60 * 1000;
/** Saves of one bankroll racing each other: how often one is run again, and how long it first waits. */
const SAVE_ATTEMPTS = 10;
const SAVE_BACKOFF_MS = 10;

const LIMITS = [
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

type LimitName = (typeof LIMITS)[number]['name'];
type BankrollRow = NonNullable<Awaited<ReturnType<Db['bankroll']['findUnique']>>>;

/** A limit as stored: the value in force when last saved and a raise or removal waiting out the cooling-off. */
interface StoredLimit {
  cents: number | null;
  pendingCents: number | null;
  pendingFrom: Date | null;
}

const storedLimit = (row: BankrollRow, limit: (typeof LIMITS)[number]): StoredLimit => ({
  cents: row[limit.cents],
  pendingCents: row[limit.pending],
  pendingFrom: row[limit.from],
});

/** No limit (null) is the loosest of all. */
const isLooser = (cents: number | null, than: number | null) => than !== null && (cents === null || cents > than);

/** The limit in force at `now`: a pending change once its time has come, else the stored one. */
const limitInForce = (limit: StoredLimit, now: Date) =>
  limit.pendingFrom !== null && limit.pendingFrom <= now ? limit.pendingCents : limit.cents;

/** The change still waiting at `now`, if any. */
const waitingChange = (limit: StoredLimit, now: Date) =>
  limit.pendingFrom !== null && limit.pendingFrom > now ? { cents: limit.pendingCents, from: limit.pendingFrom } : null;

/**
 * The limit after the user asks for `asked` at `now` (undefined: not asked, it stays, with a change that came due
 * folded in). Room never grows before COOLING_OFF_HOURS have passed since the user asked for it:
 * - no looser than the limit in force: applies at once, and drops any waiting raise;
 * - looser: waits. Replacing a waiting raise with one no looser (a smaller raise, or the same asked again) keeps
 *   its time; a looser one (more, or a removal) waits from now.
 */
function nextLimit(limit: StoredLimit, asked: number | null | undefined, now: Date): StoredLimit {
  const inForce = limitInForce(limit, now);
  const waiting = waitingChange(limit, now);
  if (asked === undefined) return { cents: inForce, pendingCents: waiting?.cents ?? null, pendingFrom: waiting?.from ?? null };
  if (!isLooser(asked, inForce)) return { cents: asked, pendingCents: null, pendingFrom: null };
  const keepsTime = waiting !== null && !isLooser(asked, waiting.cents);
  return { cents: inForce, pendingCents: asked, pendingFrom: keepsTime ? waiting.from : new Date(now.getTime() + COOLING_OFF_MS) };
}

/** The zone before a change of time zone still cooling off at `now`, or null. */
const coolingZone = (row: BankrollRow, now: Date) =>
  row.previousTimeZone !== null && row.previousTimeZoneUntil !== null && row.previousTimeZoneUntil > now
    ? { zone: row.previousTimeZone, until: row.previousTimeZoneUntil }
    : null;

/**
 * The time-zone columns after the user asks for `asked`. The zone in force before a change stays in the loss-limit
 * windows for COOLING_OFF_HOURS after the latest change (a second change keeps the first one's old zone); going
 * back to that zone ends the cooling-off, since it opens no room.
 */
function nextTimeZone(row: BankrollRow, asked: string | undefined, now: Date) {
  if (asked === undefined || asked === row.timeZone) return {};
  const previous = coolingZone(row, now)?.zone ?? row.timeZone;
  if (asked === previous) return { timeZone: asked, previousTimeZone: null, previousTimeZoneUntil: null };
  return { timeZone: asked, previousTimeZone: previous, previousTimeZoneUntil: new Date(now.getTime() + COOLING_OFF_MS) };
}

/** A raise or removal the user asked for that waits out the cooling-off: `to` (null: no limit) applies from `from`. */
export interface PendingLimit {
  limit: LimitName;
  to: number | null;
  from: Date;
}

/** A user's bankroll with the room left under each loss limit, in currency units. */
export interface BankrollView {
  currency: string;
  balance: number;
  unit: number;
  kellyFraction: number;
  /** The limits in force now: while a raise or removal waits, the stricter one. */
  maxStake: number | null;
  dailyLossLimit: number | null;
  weeklyLossLimit: number | null;
  referenceBook: string | null;
  /** The zone the user chose: times are shown in it, and the loss-limit windows once `previousTimeZone` is over. */
  timeZone: string;
  lossToday: number;
  lossThisWeek: number;
  /** Stakes of bets still open that were placed today / this week, or whose game is final: at risk, so they use up room. */
  openStakesToday: number;
  openStakesThisWeek: number;
  /** limit − net settled loss in the period − open stakes counted in it (above), never below 0. */
  dailyLossRoom: number | null;
  weeklyLossRoom: number | null;
  /** Raises and removals waiting out the cooling-off. */
  pendingLimits: PendingLimit[];
  /** After a change of time zone, until `until`, each loss-limit window starts at the earlier of its starts in `zone` and `timeZone`. */
  previousTimeZone: { zone: string; until: Date } | null;
  /** Open bets whose game is final: they use up room until settled. */
  openBetsOfEndedGames: number;
}

/** Net settled loss between `since` and `until` (a profitable stretch counts as no loss, never as extra room). */
async function netLoss(db: Db, userId: string, since: Date, until: Date): Promise<number> {
  const { _sum } = await db.bet.aggregate({
    where: { userId, settledAt: { gte: since, lte: until } },
    _sum: { profitCents: true },
  });
  return Math.max(0, -(_sum.profitCents ?? 0));
}

/**
 * The user's open bets as the loss limits count them: each placed in a period (or since: a bet logged at once with
 * the read, by a clock a moment ahead) is at risk in it, and one whose game is final is at risk in every period until
 * it is settled (its result is known: leaving a loss unsettled opens no room).
 */
async function openBets(db: Db, userId: string) {
  const open = await db.bet.findMany({ where: { userId, status: 'open' }, select: { gameId: true, stakeCents: true, placedAt: true } });
  const ended = await db.game.findMany({
    where: { id: { in: [...new Set(open.map((bet) => bet.gameId))] }, status: 'final' },
    select: { id: true },
  });
  const endedIds = new Set(ended.map((game) => game.id));
  return {
    stakesSince: (since: Date) =>
      open.filter((bet) => bet.placedAt >= since || endedIds.has(bet.gameId)).reduce((sum, bet) => sum + bet.stakeCents, 0),
    ofEndedGames: open.filter((bet) => endedIds.has(bet.gameId)).length,
  };
}

/** Room under a loss limit: the limit less the net settled loss and the open stakes of the period, at least 0. */
export function lossLimitRoom(limitCents: number | null, lossCents: number, openCents: number): number | null {
  return limitCents === null ? null : fromCents(Math.max(0, limitCents - lossCents - openCents));
}

const earliest = (instants: Date[]) => new Date(Math.min(...instants.map((at) => at.getTime())));
const amountOf = (cents: number | null) => (cents === null ? null : fromCents(cents));

export async function getBankroll(db: Db, userId: string, now: Date): Promise<BankrollView | null> {
  const bankroll = await db.bankroll.findUnique({ where: { userId } });
  if (!bankroll) return null;
  const previousTimeZone = coolingZone(bankroll, now);
  const zones = previousTimeZone ? [bankroll.timeZone, previousTimeZone.zone] : [bankroll.timeZone];
  const dayStart = earliest(zones.map((zone) => startOfDay(now, zone)));
  const weekStart = earliest(zones.map((zone) => startOfWeek(now, zone)));
  const [lossToday, lossThisWeek, open] = await Promise.all([
    netLoss(db, userId, dayStart, now),
    netLoss(db, userId, weekStart, now),
    openBets(db, userId),
  ]);
  const [openToday, openThisWeek] = [open.stakesSince(dayStart), open.stakesSince(weekStart)];
  const inForce = Object.fromEntries(LIMITS.map((limit) => [limit.name, limitInForce(storedLimit(bankroll, limit), now)])) as Record<
    LimitName,
    number | null
  >;
  const pendingLimits = LIMITS.flatMap((limit) => {
    const waiting = waitingChange(storedLimit(bankroll, limit), now);
    return waiting ? [{ limit: limit.name, to: amountOf(waiting.cents), from: waiting.from }] : [];
  });
  return {
    currency: bankroll.currency,
    balance: fromCents(bankroll.balanceCents),
    unit: fromCents(bankroll.unitCents),
    kellyFraction: bankroll.kellyFraction,
    maxStake: amountOf(inForce.maxStake),
    dailyLossLimit: amountOf(inForce.dailyLossLimit),
    weeklyLossLimit: amountOf(inForce.weeklyLossLimit),
    referenceBook: bankroll.referenceBook,
    timeZone: bankroll.timeZone,
    lossToday: fromCents(lossToday),
    lossThisWeek: fromCents(lossThisWeek),
    openStakesToday: fromCents(openToday),
    openStakesThisWeek: fromCents(openThisWeek),
    dailyLossRoom: lossLimitRoom(inForce.dailyLossLimit, lossToday, openToday),
    weeklyLossRoom: lossLimitRoom(inForce.weeklyLossLimit, lossThisWeek, openThisWeek),
    pendingLimits,
    previousTimeZone,
    openBetsOfEndedGames: open.ofEndedGames,
  };
}

/**
 * The changes still cooling off, in words (./cooling-off-notes.ts), the same on the Bankroll page, from
 * `jev bankroll set`, in get_bankroll's note and in the MCP Apps bankroll view.
 */
export function coolingOffNotes(view: BankrollView): string[] {
  const amount = (value: number | null) => money(value, view.currency);
  const limits = view.pendingLimits.map(({ limit, to, from }) => {
    const { words } = LIMITS.find((known) => known.name === limit)!;
    const change = to === null ? `Removing the ${words}` : `Raising the ${words} to ${amount(to)}`;
    return limitChangeNote(change, from, view.timeZone, amount(view[limit]));
  });
  const zone = view.previousTimeZone;
  return zone === null ? limits : [...limits, timeZoneChangeNote(zone.until, view.timeZone, zone.zone)];
}

/** Open bets whose game is final, in words for get_bankroll's note (none or one sentence). */
export function endedGamesNotes(view: BankrollView): string[] {
  const count = view.openBetsOfEndedGames;
  if (count === 0) return [];
  const bets = count === 1 ? "1 open bet's game is" : `${count} open bets' games are`;
  return [
    `${bets} final: until settled each uses up room under the loss limits of today and this week; settle_bet with result auto grades it.`,
  ];
}

/**
 * What the user asked for, for the Bankroll page's fields: a waiting raise or removal rather than the stricter limit
 * in force, so saving the form again keeps it waiting as it was.
 */
export function askedLimits(view: BankrollView): Record<LimitName, number | null> {
  const asked = (limit: LimitName) => {
    const waiting = view.pendingLimits.find((pending) => pending.limit === limit);
    return waiting ? waiting.to : view[limit];
  };
  return { maxStake: asked('maxStake'), dailyLossLimit: asked('dailyLossLimit'), weeklyLossLimit: asked('weeklyLossLimit') };
}

/**
 * Creates or replaces the user's bankroll settings; fields left out keep their stored (or default) value. A first
 * bankroll applies as given; after that a looser limit or a new time zone waits out the cooling-off (nextLimit,
 * nextTimeZone).
 */
export async function saveBankroll(db: Db, userId: string, settings: BankrollSettings, now: Date): Promise<void> {
  const optionalCents = (amount: number | null | undefined) =>
    amount === undefined ? undefined : amount === null ? null : toCents(amount);
  const data = {
    balanceCents: toCents(settings.balance),
    unitCents: toCents(settings.unit),
    kellyFraction: settings.kellyFraction,
    referenceBook: settings.referenceBook,
    currency: settings.currency,
  };
  const asked = {
    maxStake: optionalCents(settings.maxStake),
    dailyLossLimit: optionalCents(settings.dailyLossLimit),
    weeklyLossLimit: optionalCents(settings.weeklyLossLimit),
  };
  // Read, then write, in one serializable transaction run again on a conflict: of two saves racing each other the
  // later one sees the earlier one's row, so a lower limit just saved is never written over by what the other read.
  await retryingWriteConflicts(
    () =>
      db.$transaction(
        async (tx) => {
          const row = await tx.bankroll.findUnique({ where: { userId } });
          const limits = Object.fromEntries(
            LIMITS.map((limit) => {
              const stored = row ? storedLimit(row, limit) : { cents: null, pendingCents: null, pendingFrom: null };
              // A first bankroll has no limit to loosen: what it asks for applies at once.
              return [limit.name, row ? nextLimit(stored, asked[limit.name], now) : { ...stored, cents: asked[limit.name] ?? null }];
            }),
          ) as Record<LimitName, StoredLimit>;
          const columns = {
            ...data,
            maxStakeCents: limits.maxStake.cents,
            pendingMaxStakeCents: limits.maxStake.pendingCents,
            pendingMaxStakeFrom: limits.maxStake.pendingFrom,
            dailyLossLimitCents: limits.dailyLossLimit.cents,
            pendingDailyLossLimitCents: limits.dailyLossLimit.pendingCents,
            pendingDailyLossLimitFrom: limits.dailyLossLimit.pendingFrom,
            weeklyLossLimitCents: limits.weeklyLossLimit.cents,
            pendingWeeklyLossLimitCents: limits.weeklyLossLimit.pendingCents,
            pendingWeeklyLossLimitFrom: limits.weeklyLossLimit.pendingFrom,
          };
          if (row) await tx.bankroll.update({ where: { userId }, data: { ...columns, ...nextTimeZone(row, settings.timeZone, now) } });
          else {
            const first = { ...columns, timeZone: settings.timeZone ?? DEFAULT_TIME_ZONE };
            await tx.bankroll.upsert({ where: { userId }, create: { userId, ...first }, update: first });
          }
        },
        { isolationLevel: 'Serializable' },
      ),
    { attempts: SAVE_ATTEMPTS, backoffMs: SAVE_BACKOFF_MS },
  );
}

/**
 * The user's stored reference book and time zone (null without a bankroll): the data tools' defaults. Read on
 * every odds call when answers are not cached, so past Prisma's client (lib/db/select.ts).
 */
export async function userPreferences(db: Db, userId: string): Promise<{ referenceBook: string | null; timeZone: string } | null> {
  const [row] = await selectRows(db, sql`SELECT "referenceBook", "timeZone" FROM "Bankroll" WHERE "userId" = ${userId}`, {
    referenceBook: 'text?',
    timeZone: 'text',
  });
  return row ?? null;
}

/** The zone the user's times and calendar days are read in: their bankroll's, else DEFAULT_TIME_ZONE. */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  return (await userPreferences(db, userId))?.timeZone ?? DEFAULT_TIME_ZONE;
}
