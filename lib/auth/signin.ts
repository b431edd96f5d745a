import { createHash } from 'node:crypto';
import { hashPassword, verifyPassword } from '@/lib/account/passwords';
import { findUserByEmail } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';
import type { Budget, RateLimiter } from '@/lib/ratelimit';

// Email-and-password sign-in. Every failure looks the same to the caller, so the answer never tells whether an
// email has an account. Guessing is slowed, and no one can lock an account's owner out:
//   - only failures count: a successful sign-in never spends a budget of the account (only the burst guard);
//   - failures on one account from one address (the pair) back off after a few: that machine waits, no other;
//   - failures on one account from every address have a wider budget, which bounds a guesser spread over many
//     machines; an address the account signed in from in the last 30 days (KnownSignInAddress) passes it, so
//     the owner keeps signing in while a crowd guesses;
//   - failures from one address, whatever the accounts, have a budget (sign-ups spend it too);
//   - every attempt from one address, whatever its outcome, spends the burst guard first: it bounds how many
//     password checks (each a few hundred milliseconds of CPU) one machine can ask for at once, which the
//     failure budgets, checked before the attempt and spent after it, cannot.

const MINUTE = 60;
const QUARTER_HOUR = 15 * MINUTE;
export const SIGN_IN_BUDGETS = {
  burst: { name: 'signin-burst', limit: 20, windowSeconds: MINUTE },
  address: { name: 'signin-address', limit: 30, windowSeconds: QUARTER_HOUR },
  pair: { name: 'signin-pair', limit: 5, windowSeconds: QUARTER_HOUR },
  account: { name: 'signin-account', limit: 20, windowSeconds: QUARTER_HOUR },
} satisfies Record<string, Budget>;
/** How long an address the account signed in from passes the account's budget. */
const KNOWN_FOR_MS = 30 * 24 * 3600 * 1000;

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

/** Spends one attempt from the address's failure budget: a sign-up (it can tell an email is taken) counts as one. */
export async function spendAddressAttempt(limiter: RateLimiter, address: string): Promise<number | null> {
  const { allowed, retryAfterSeconds } = await limiter.consume(SIGN_IN_BUDGETS.address, address);
  return allowed ? null : retryAfterSeconds;
}

const addressHash = (address: string) => createHash('sha256').update(address).digest('hex');

/** Whether the account signed in from this address with its password in the last 30 days. */
async function knownAddress(db: Db, userId: string, address: string, now: Date): Promise<boolean> {
  const known = await db.knownSignInAddress.findUnique({ where: { userId_addressHash: { userId, addressHash: addressHash(address) } } });
  return known !== null && now.getTime() - known.lastSignInAt.getTime() < KNOWN_FOR_MS;
}

/** Remembers the address of a successful sign-in, and forgets the account's addresses past 30 days. */
async function rememberAddress(db: Db, userId: string, address: string, now: Date): Promise<void> {
  const key = { userId, addressHash: addressHash(address) };
  await db.knownSignInAddress.upsert({
    where: { userId_addressHash: key },
    create: { ...key, lastSignInAt: now },
    update: { lastSignInAt: now },
  });
  await db.knownSignInAddress.deleteMany({ where: { userId, lastSignInAt: { lt: new Date(now.getTime() - KNOWN_FOR_MS) } } });
}

type Account = { id: string; email: string; name: string | null; passwordHash: string | null } | null;

/** The wait before this attempt may be made, or null when it may be made now. Spends only the burst guard. */
async function waitBefore(
  db: Db,
  limiter: RateLimiter,
  attempt: { email: string; address: string; pair: string; user: Account; now: Date },
) {
  for (const check of [
    () => limiter.consume(SIGN_IN_BUDGETS.burst, attempt.address),
    () => limiter.peek(SIGN_IN_BUDGETS.address, attempt.address),
    () => limiter.peek(SIGN_IN_BUDGETS.pair, attempt.pair),
  ]) {
    const { allowed, retryAfterSeconds } = await check();
    if (!allowed) return retryAfterSeconds;
  }
  const account = await limiter.peek(SIGN_IN_BUDGETS.account, attempt.email);
  if (account.allowed) return null;
  return attempt.user && (await knownAddress(db, attempt.user.id, attempt.address, attempt.now)) ? null : account.retryAfterSeconds;
}

export async function signInWithPassword(
  db: Db,
  limiter: RateLimiter,
  attempt: { email: string; password: string; address: string; now: Date },
): Promise<SignInResult> {
  const email = attempt.email.trim().toLowerCase();
  const { now } = attempt;
  const user = email ? await findUserByEmail(db, email) : null;
  const pair = `${email}|${attempt.address}`;
  const wait = await waitBefore(db, limiter, { email, address: attempt.address, pair, user, now });
  if (wait !== null) return { outcome: 'rate_limited', retryAfterSeconds: wait };

  const matches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoy()));
  if (!user?.passwordHash || !matches) {
    await limiter.consume(SIGN_IN_BUDGETS.address, attempt.address);
    await limiter.consume(SIGN_IN_BUDGETS.pair, pair);
    await limiter.consume(SIGN_IN_BUDGETS.account, email);
    return { outcome: 'refused' };
  }
  await rememberAddress(db, user.id, attempt.address, now);
  return { outcome: 'signed_in', user: { id: user.id, email: user.email, name: user.name } };
}
