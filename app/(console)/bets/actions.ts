'use server';

import { revalidatePath } from 'next/cache';
import { requireUser } from '@/lib/root/session';
import { settleBetFromForm, type SettleBetState } from '@/lib/console/bets';
import { root } from '@/lib/root';

export async function settleBetAction(_previous: SettleBetState, form: FormData): Promise<SettleBetState> {
  const user = await requireUser();
  const state = await settleBetFromForm(root().ledger, user.id, form, root().now());
  if (state.status === 'settled') {
    revalidatePath('/bets');
    revalidatePath('/bankroll');
  }
  return state;
}
