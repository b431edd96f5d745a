import { z } from 'zod';
import { bookKeyNamed, unknownBookMessage } from '@/lib/data/books';
import type { Db } from '@/lib/db/client';
import { sql } from '@/lib/db/sql';
import { selectRows } from '@/lib/db/select';
import { fromCents, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, toCents, TYPED_AMOUNT_MESSAGE, typedCents, typedDecimal } from './money';
import { isValidTimeZone, startOfDay, startOfWeek } from '@/lib/time';

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

/** A user's bankroll with the room left under each loss limit, in currency units. */
export interface BankrollView {
  currency: string;
  balance: number;
  unit: number;
  kellyFraction: number;
  maxStake: number | null;
  dailyLossLimit: number | null;
  weeklyLossLimit: number | null;
  referenceBook: string | null;
  timeZone: string;
  lossToday: number;
  lossThisWeek: number;
  /** Stakes of bets still open that were placed today / this week: at risk, so they use up room. */
  openStakesToday: number;
  openStakesThisWeek: number;
  /** limit − net settled loss in the period − open stakes placed in the period, never below 0. */
  dailyLossRoom: number | null;
  weeklyLossRoom: number | null;
}

/** Net settled loss between `since` and `until` (a profitable stretch counts as no loss, never as extra room). */
async function netLoss(db: Db, userId: string, since: Date, until: Date): Promise<number> {
  const { _sum } = await db.bet.aggregate({
    where: { userId, settledAt: { gte: since, lte: until } },
    _sum: { profitCents: true },
  });
  return Math.max(0, -(_sum.profitCents ?? 0));
}

/** Stakes of the user's open bets placed between `since` and `until`. */
async function openStakes(db: Db, userId: string, since: Date, until: Date): Promise<number> {
  const { _sum } = await db.bet.aggregate({
    where: { userId, status: 'open', placedAt: { gte: since, lte: until } },
    _sum: { stakeCents: true },
  });
  return _sum.stakeCents ?? 0;
}

/** Room under a loss limit: the limit less the net settled loss and the open stakes of the period, at least 0. */
function room(limitCents: number | null, lossCents: number, openCents: number): number | null {
  return limitCents === null ? null : fromCents(Math.max(0, limitCents - lossCents - openCents));
}

export async function getBankroll(db: Db, userId: string, now: Date): Promise<BankrollView | null> {
  const bankroll = await db.bankroll.findUnique({ where: { userId } });
  if (!bankroll) return null;
  const dayStart = startOfDay(now, bankroll.timeZone);
  const weekStart = startOfWeek(now, bankroll.timeZone);
  const [lossToday, lossThisWeek, openToday, openThisWeek] = await Promise.all([
    netLoss(db, userId, dayStart, now),
    netLoss(db, userId, weekStart, now),
    openStakes(db, userId, dayStart, now),
    openStakes(db, userId, weekStart, now),
  ]);
  return {
    currency: bankroll.currency,
    balance: fromCents(bankroll.balanceCents),
    unit: fromCents(bankroll.unitCents),
    kellyFraction: bankroll.kellyFraction,
    maxStake: bankroll.maxStakeCents === null ? null : fromCents(bankroll.maxStakeCents),
    dailyLossLimit: bankroll.dailyLossLimitCents === null ? null : fromCents(bankroll.dailyLossLimitCents),
    weeklyLossLimit: bankroll.weeklyLossLimitCents === null ? null : fromCents(bankroll.weeklyLossLimitCents),
    referenceBook: bankroll.referenceBook,
    timeZone: bankroll.timeZone,
    lossToday: fromCents(lossToday),
    lossThisWeek: fromCents(lossThisWeek),
    openStakesToday: fromCents(openToday),
    openStakesThisWeek: fromCents(openThisWeek),
    dailyLossRoom: room(bankroll.dailyLossLimitCents, lossToday, openToday),
    weeklyLossRoom: room(bankroll.weeklyLossLimitCents, lossThisWeek, openThisWeek),
  };
}

/** Creates or replaces the user's bankroll settings; fields left out keep their stored (or default) value. */
export async function saveBankroll(db: Db, userId: string, settings: BankrollSettings): Promise<void> {
  const optionalCents = (amount: number | null | undefined) =>
    amount === undefined ? undefined : amount === null ? null : toCents(amount);
  const data = {
    balanceCents: toCents(settings.balance),
    unitCents: toCents(settings.unit),
    kellyFraction: settings.kellyFraction,
    maxStakeCents: optionalCents(settings.maxStake),
    dailyLossLimitCents: optionalCents(settings.dailyLossLimit),
    weeklyLossLimitCents: optionalCents(settings.weeklyLossLimit),
    referenceBook: settings.referenceBook,
    timeZone: settings.timeZone,
    currency: settings.currency,
  };
  await db.bankroll.upsert({ where: { userId }, create: { userId, ...data }, update: data });
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
