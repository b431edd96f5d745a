import type { Db } from '@/lib/db/client';

/** The zone the console shows times in: the one the user's bankroll uses for loss limits, else UTC. */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  const bankroll = await db.bankroll.findUnique({ where: { userId }, select: { timeZone: true } });
  return bankroll?.timeZone ?? 'UTC';
}

export function formatDateTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(instant);
}

/** A chart's time label: short enough for an axis at phone width ("Nov 23, 3:04 PM"). */
export function formatShortDateTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(instant);
}
