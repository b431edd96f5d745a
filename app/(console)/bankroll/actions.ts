'use server';

import { revalidatePath } from 'next/cache';
import { requireUser } from '@/lib/root/session';
import { saveBankrollFromForm, type SaveBankrollState } from '@/lib/console/bankroll';
import { root } from '@/lib/root';

/** Saves the signed-in user's own bankroll: the form carries no user or bankroll id to tamper with. */
export async function saveBankrollAction(_previous: SaveBankrollState, form: FormData): Promise<SaveBankrollState> {
  const user = await requireUser();
  const state = await saveBankrollFromForm(root().ledger, user.id, form, root().now());
  if (state.status === 'saved') revalidatePath('/bankroll');
  return state;
}
