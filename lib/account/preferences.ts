import type { Db } from '@/lib/db/client';
import { sql } from '@/lib/db/sql';
import { selectRows } from '@/lib/db/select';
import { DEFAULT_TIME_ZONE } from '@/lib/time';

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
