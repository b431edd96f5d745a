import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { db } from '@/lib/db';
import { authOptions } from './options';
import { sessionStillValid } from './revocation';

// The signed-in user for pages and server actions. A valid session cookie is not enough: the user it
// names must still exist, and the session must have begun after the user's last sign-out
// (`sessionsValidAfter`): signing out, or "sign out everywhere", ends every session of the account at once,
// copied cookies included, on every instance (each check reads the user, no cache).

export interface ConsoleUser {
  id: string;
  email: string;
  name: string | null;
}

export async function currentUser(): Promise<ConsoleUser | null> {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  if (!id) return null;
  const user = await db().user.findUnique({ where: { id }, select: { id: true, email: true, name: true, sessionsValidAfter: true } });
  if (!user) return null;
  const { sessionsValidAfter, ...consoleUser } = user;
  if (!sessionStillValid(session.user?.signedInAt, sessionsValidAfter)) return null;
  return consoleUser;
}

/** The signed-in user, or a redirect to the sign-in page (from a page or a server action alike). */
export async function requireUser(): Promise<ConsoleUser> {
  const user = await currentUser();
  if (!user) redirect('/signin');
  return user;
}
