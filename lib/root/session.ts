import { redirect } from 'next/navigation';
import { sessionUser, type ConsoleUser } from '@/lib/auth/session';
import { root } from './index';

// The console's signed-in user, for pages and server actions, from the process's auth options and database.

export type { ConsoleUser } from '@/lib/auth/session';

export function currentUser(): Promise<ConsoleUser | null> {
  const { auth, db } = root();
  return sessionUser(auth, db);
}

/** The signed-in user, or a redirect to the sign-in page (from a page or a server action alike). */
export async function requireUser(): Promise<ConsoleUser> {
  const user = await currentUser();
  if (!user) redirect('/signin');
  return user;
}
