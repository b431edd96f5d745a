'use server';

import { revalidatePath } from 'next/cache';
import { requireUser } from '@/lib/auth/session';
import { settleBetFromForm, type SettleBetState } from '@/lib/console/bets';
import { db } from '@/lib/db';

export async function settleBetAction(_previous: SettleBetState, form: FormData): Promise<SettleBetState> {
  const user = await requireUser();
  const state = await settleBetFromForm(db(), user.id, form, new Date());
  if (state.status === 'settled') {
    revalidatePath('/bets');
    revalidatePath('/bankroll');
  }
  return state;
}
