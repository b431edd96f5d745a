import type { Db } from '@/lib/db/client';
import { retryingWriteConflicts } from '@/lib/db/unique';
import { ToolError } from '@/lib/errors';
import { andList } from '@/lib/text';
import { DEFAULT_TIME_ZONE } from '@/lib/time';
import type { BankrollSettings } from './bankroll-settings';
import {
  COOLING_OFF_HOURS,
  LIMITS,
  limitInForce,
  nextLimit,
  nextTimeZone,
  storedLimit,
  type BankrollRow,
  type LimitName,
  type StoredLimit,
} from './loss-limits';
import { toCents } from './money';

/** Saves of one bankroll racing each other: how often one is run again, and how long it first waits. */
const SAVE_ATTEMPTS = 10;
const SAVE_BACKOFF_MS = 10;

/**
 * A currency changes nothing stored but its label: with a limit in force, ¥10,000 would become $10,000 at once, a
 * loosening no cooling-off held back. So the currency changes only while no max stake or loss limit is in force:
 * removing them waits out the cooling-off like any loosening, and limits set in the new currency apply at once.
 */
function checkCurrencyChange(row: BankrollRow, currency: string | undefined, now: Date): void {
  if (currency === undefined || currency === row.currency) return;
  const inForce = LIMITS.filter((limit) => limitInForce(storedLimit(row, limit), now) !== null);
  if (inForce.length === 0) return;
  throw new ToolError(
    'limit',
    `The currency stays ${row.currency} while the ${andList(inForce.map((limit) => limit.words))} ${inForce.length === 1 ? 'is' : 'are'} ` +
      'in force: a limit keeps its number, so changing the currency would change what it allows at once. Remove the ' +
      `limits first (a removal takes effect after ${COOLING_OFF_HOURS} hours), then change the currency and set them again in it.`,
  );
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
          if (row) checkCurrencyChange(row, settings.currency, now);
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
