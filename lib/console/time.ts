import type { Db } from '@/lib/db/client';

/** The zone the console shows times in: the one the user's bankroll uses for loss limits, else UTC. */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  const bankroll = await db.bankroll.findUnique({ where: { userId }, select: { timeZone: true } });
  return bankroll?.timeZone ?? 'UTC';
}
