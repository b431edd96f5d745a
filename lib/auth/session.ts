import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { db } from '@/lib/db';
import { authOptions } from './options';

// The signed-in user for pages and server actions. A valid session cookie is not enough: the user it
// names must still exist.

export interface ConsoleUser {
  id: string;
  email: string;
  name: string | null;
}

export async function currentUser(): Promise<ConsoleUser | null> {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  if (!id) return null;
  return db().user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
}

/** The signed-in user, or a redirect to the sign-in page (from a page or a server action alike). */
export async function requireUser(): Promise<ConsoleUser> {
  const user = await currentUser();
  if (!user) redirect('/signin');
  return user;
}
