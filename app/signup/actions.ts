'use server';

import { headers } from 'next/headers';
import { signInLimiter } from '@/lib/auth/options';
import { config } from '@/lib/config';
import { signUpFromForm, type SignUpResult } from '@/lib/console/signup';
import { db } from '@/lib/db';
import { clientAddress } from '@/lib/http/address';

export async function signUpAction(form: FormData): Promise<SignUpResult> {
  return signUpFromForm(db(), signInLimiter(), form, clientAddress(await headers(), config()));
}
