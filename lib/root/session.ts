import { redirect } from 'next/navigation';
import { sessionUser, type ConsoleUser } from '@/lib/auth/session';
import { isMissingRow } from '@/lib/db/unique';
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

/**
 * A signed-in user's write that may outlive the account: deleted after requireUser (from another tab, or with
 * `jev user delete`), the foreign keys refuse what names it on both databases, and the browser is sent to sign
 * in, as requireUser would have a moment later, instead of an error page. Nothing of the account is left behind.
 */
export async function whileSignedIn<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isMissingRow(error)) redirect('/signin');
    throw error;
  }
}
