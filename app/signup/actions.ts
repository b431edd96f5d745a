'use server';

import { headers } from 'next/headers';
import { signUpFromForm, type SignUpResult } from '@/lib/console/signup';
import { clientAddress } from '@/lib/http/address';
import { root } from '@/lib/root';

export async function signUpAction(form: FormData): Promise<SignUpResult> {
  const { db, budgets, config } = root();
  return signUpFromForm(db, budgets, form, clientAddress(await headers(), config));
}
