import { expiringCache } from '@/lib/cache';
import type { Db } from '@/lib/db/client';
import { sql } from '@/lib/db/sql';
import { selectRows } from '@/lib/db/select';
import { DEFAULT_TIME_ZONE } from '@/lib/time';

/** What the data tools and the console read a user's answers with. */
export interface UserPreferences {
  /** The book they chose, null for none (each reader has its default). */
  referenceBook: string | null;
  /** The zone the user's times and calendar days are read in: their bankroll's, else DEFAULT_TIME_ZONE. */
  timeZone: string;
  /** Whether they were read from the user's bankroll: false without one (the defaults above). */
  saved: boolean;
}

/**
 * The user's stored reference book and time zone, the defaults without a bankroll, as stored now. Read on every odds
 * call when answers are not kept (through recentPreferences), so past Prisma's client (lib/db/select.ts).
 */
export async function userPreferences(db: Db, userId: string): Promise<UserPreferences> {
  const [row] = await selectRows(db, sql`SELECT "referenceBook", "timeZone" FROM "Bankroll" WHERE "userId" = ${userId}`, {
    referenceBook: 'text?',
    timeZone: 'text',
  });
  return row ? { ...row, saved: true } : { referenceBook: null, timeZone: DEFAULT_TIME_ZONE, saved: false };
}

export async function userTimeZone(db: Db, userId: string): Promise<string> {
  return (await userPreferences(db, userId)).timeZone;
}

/** The most users whose preferences are kept at once (the oldest read go first). */
const USERS_KEPT = 500;

/**
 * The users' preferences as read at most `keptSeconds` ago (0: read every time), for the odds answers, which are
 * themselves kept that long (ODDS_CACHE_SECONDS) and depend on them. The ledger builds one, so one per process.
 */
export function recentPreferences(db: Db, keptSeconds: number): (userId: string) => Promise<UserPreferences> {
  if (keptSeconds === 0) return (userId) => userPreferences(db, userId);
  const kept = expiringCache<UserPreferences>({ ttlMs: keptSeconds * 1000, maxEntries: USERS_KEPT });
  return (userId) => kept.get(userId, () => userPreferences(db, userId));
}
