import { deleteAccount } from '@/lib/account/deletion';
import type { Tokens } from '@/lib/account/tokens';
import { signInWithPassword } from '@/lib/auth/signin';
import type { Db } from '@/lib/db/client';
import type { RateLimiter } from '@/lib/ratelimit';
import { formValues, type FieldErrors } from './forms';

// The Account page's "Delete account": the signed-in user only, after typing their email and, when the account
// has one, their password again. The password is checked as a sign-in is (lib/auth/signin.ts), with the same
// budgets, so a session left open cannot be used to guess the password here faster than on the sign-in page.

export type DeleteAccountState =
  | { status: 'idle' }
  | { status: 'invalid'; errors: FieldErrors; confirmEmail: string }
  | { status: 'rate_limited'; retryAfterSeconds: number }
  | { status: 'deleted' };

export interface DeletingUser {
  id: string;
  email: string;
}

export async function deleteAccountFromForm(
  deps: { db: Db; tokens: Tokens; limiter: RateLimiter; address: string; now: Date },
  user: DeletingUser,
  form: FormData,
): Promise<DeleteAccountState> {
  const { confirmEmail, password } = formValues(form, ['confirmEmail', 'password']);
  const errors: FieldErrors = {};
  if (confirmEmail.trim().toLowerCase() !== user.email) errors.confirmEmail = `Type your email, ${user.email}, to confirm.`;
  const account = await deps.db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  // Deleted meanwhile (another tab, the CLI): what the user asked for is done.
  if (!account) return { status: 'deleted' };
  if (account.passwordHash !== null && password === '') errors.password = 'Enter your password.';
  if (Object.keys(errors).length > 0) return { status: 'invalid', errors, confirmEmail };
  if (account.passwordHash !== null) {
    const checked = await signInWithPassword(deps.db, deps.limiter, { email: user.email, password, address: deps.address, now: deps.now });
    if (checked.outcome === 'rate_limited') return { status: 'rate_limited', retryAfterSeconds: checked.retryAfterSeconds };
    if (checked.outcome === 'refused') {
      return { status: 'invalid', errors: { password: 'That is not your password. Nothing was deleted.' }, confirmEmail };
    }
  }
  await deleteAccount(deps.db, deps.tokens, user.id);
  return { status: 'deleted' };
}
