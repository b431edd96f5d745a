import type { Db } from '@/lib/db/client';
import { fromCents, toCents } from './money';
import { startOfDay, startOfWeek } from './time';

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

function room(limitCents: number | null, lossCents: number): number | null {
  return limitCents === null ? null : fromCents(Math.max(0, limitCents - lossCents));
}

export async function getBankroll(db: Db, userId: string, now: Date): Promise<BankrollView | null> {
  const bankroll = await db.bankroll.findUnique({ where: { userId } });
  if (!bankroll) return null;
  const [lossToday, lossThisWeek] = await Promise.all([
    netLoss(db, userId, startOfDay(now, bankroll.timeZone), now),
    netLoss(db, userId, startOfWeek(now, bankroll.timeZone), now),
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
    dailyLossRoom: room(bankroll.dailyLossLimitCents, lossToday),
    weeklyLossRoom: room(bankroll.weeklyLossLimitCents, lossThisWeek),
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

/** The user's stored reference book and time zone (null without a bankroll): the data tools' defaults. */
export function userPreferences(db: Db, userId: string) {
  return db.bankroll.findUnique({ where: { userId }, select: { referenceBook: true, timeZone: true } });
}
