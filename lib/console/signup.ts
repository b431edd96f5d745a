import { z } from 'zod';
import { createUser, emailSchema, passwordSchema, UserExistsError } from '@/lib/account/users';
import { spendAddressAttempt } from '@/lib/auth/signin';
import type { Db } from '@/lib/db/client';
import type { RateLimiter } from '@/lib/ratelimit';
import { fieldErrors, formValues, type FieldErrors } from './forms';
import { nameField } from './name-field';

// Creating an account from the sign-up page. It spends from the same per-address budget as sign-in
// attempts, so the page cannot be used to probe many emails quickly.

const signUpForm = z.object({
  name: nameField(),
  email: emailSchema,
  password: passwordSchema,
});

export type SignUpResult =
  { status: 'created' } | { status: 'invalid'; errors: FieldErrors } | { status: 'rate_limited'; retryAfterSeconds: number };

export async function signUpFromForm(db: Db, limiter: RateLimiter, form: FormData, address: string): Promise<SignUpResult> {
  const parsed = signUpForm.safeParse(formValues(form, ['name', 'email', 'password']));
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error) };
  const wait = await spendAddressAttempt(limiter, address);
  if (wait !== null) return { status: 'rate_limited', retryAfterSeconds: wait };
  try {
    await createUser(db, { email: parsed.data.email, password: parsed.data.password, name: parsed.data.name || undefined });
  } catch (error) {
    if (!(error instanceof UserExistsError)) throw error;
    return { status: 'invalid', errors: { email: 'This email already has an account: sign in instead.' } };
  }
  return { status: 'created' };
}
