import type { Db } from '@/lib/db/client';

// Ending console sessions on the server side. Sessions are signed JWT cookies (next-auth, 30 days) that the
// server cannot delete, so each carries when it began (`signedInAt`) and the user row keeps
// `sessionsValidAfter`: a session that began before it is over. Read on every check of the session
// (lib/auth/session.ts), so an ended session stops working at once, on every instance.

/** A session is over once the user signed out after it began; one with no start (older cookies) ends at the first sign-out. */
export function sessionStillValid(signedInAt: number | undefined, sessionsValidAfter: Date | null): boolean {
  if (sessionsValidAfter === null) return true;
  return signedInAt !== undefined && signedInAt > sessionsValidAfter.getTime();
}

/** Ends every console session of the user, on every device and instance. */
export async function endAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.user.updateMany({ where: { id: userId }, data: { sessionsValidAfter: now } });
}
