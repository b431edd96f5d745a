import { getServerSession, type AuthOptions } from 'next-auth';
import type { Db } from '@/lib/db/client';
import { sessionStillValid } from './revocation';

// The signed-in user for pages and server actions. A valid session cookie is not enough: the user it
// names must still exist, and the session must have begun after the user's last sign-out
// (`sessionsValidAfter`): signing out, or "sign out everywhere", ends every session of the account at once,
// copied cookies included, on every instance (each check reads the user, no cache).

/** next-auth's session cookie, over http and https (an action that ends this browser's session deletes both). */
export const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'] as const;

export interface ConsoleUser {
  id: string;
  email: string;
  name: string | null;
}

/** The user the request's session names, if it is still valid (pages call it through lib/root/session.ts). */
export async function sessionUser(options: AuthOptions, db: Db): Promise<ConsoleUser | null> {
  const session = await getServerSession(options);
  const id = session?.user?.id;
  if (!id) return null;
  const user = await db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true, sessionsValidAfter: true } });
  if (!user) return null;
  const { sessionsValidAfter, ...consoleUser } = user;
  if (!sessionStillValid(session.user?.signedInAt, sessionsValidAfter)) return null;
  return consoleUser;
}
