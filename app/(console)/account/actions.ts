'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { deleteAccountFromForm, type DeleteAccountState } from '@/lib/console/account-deletion';
import { ACCOUNT_DELETED_PATH } from '@/lib/console/policies';
import { clientAddress } from '@/lib/http/address';
import { root } from '@/lib/root';
import { requireUser } from '@/lib/root/session';
import { SESSION_COOKIES } from '@/lib/auth/session';

/** Deletes the signed-in user's account once confirmed; the session's cookie goes with it, and the user lands on a page saying so. */
export async function deleteAccountAction(_previous: DeleteAccountState, form: FormData): Promise<DeleteAccountState> {
  const user = await requireUser();
  const { db, tokens, budgets, config, now } = root();
  const state = await deleteAccountFromForm(
    { db, tokens, limiter: budgets, address: clientAddress(await headers(), config), now: now() },
    user,
    form,
  );
  if (state.status !== 'deleted') return state;
  const jar = await cookies();
  for (const name of SESSION_COOKIES) jar.delete(name);
  redirect(ACCOUNT_DELETED_PATH);
}
