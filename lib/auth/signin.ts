import { hashPassword, verifyPassword } from '@/lib/account/passwords';
import { findUserByEmail } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';
import type { Budget, RateLimiter } from '@/lib/ratelimit';

// Email-and-password sign-in. Attempts are limited per client address (one machine guessing many accounts)
// and per account (many machines guessing one), and every failure looks the same to the caller, so the
// answer never tells whether an email has an account.

const QUARTER_HOUR = 15 * 60;
export const SIGN_IN_BUDGETS = {
  address: { name: 'signin-address', limit: 30, windowSeconds: QUARTER_HOUR },
  account: { name: 'signin-account', limit: 10, windowSeconds: QUARTER_HOUR },
} satisfies Record<string, Budget>;

export type SignInResult =
  | { outcome: 'signed_in'; user: { id: string; email: string; name: string | null } }
  | { outcome: 'refused' }
  | { outcome: 'rate_limited'; retryAfterSeconds: number };

let decoyHash: Promise<string> | undefined;

/** A hash to compare against when there is no account, so that a miss takes as long as a wrong password. */
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('no account has this password');
  return decoyHash;
}

/** Spends one attempt from the address's budget, for sign-ins and sign-ups alike. */
export async function spendAddressAttempt(limiter: RateLimiter, address: string): Promise<number | null> {
  const { allowed, retryAfterSeconds } = await limiter.consume(SIGN_IN_BUDGETS.address, address);
  return allowed ? null : retryAfterSeconds;
}

export async function signInWithPassword(
  db: Db,
  limiter: RateLimiter,
  attempt: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = attempt.email.trim().toLowerCase();
  const addressWait = await spendAddressAttempt(limiter, attempt.address);
  if (addressWait !== null) return { outcome: 'rate_limited', retryAfterSeconds: addressWait };
  const account = await limiter.consume(SIGN_IN_BUDGETS.account, email);
  if (!account.allowed) return { outcome: 'rate_limited', retryAfterSeconds: account.retryAfterSeconds };

  const user = email ? await findUserByEmail(db, email) : null;
  const matches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoy()));
  if (!user?.passwordHash || !matches) return { outcome: 'refused' };
  return { outcome: 'signed_in', user: { id: user.id, email: user.email, name: user.name } };
}
