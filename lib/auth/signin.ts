import { createHash } from 'node:crypto';
import { hashPassword, verifyPassword } from '@/lib/account/passwords';
import { findUserByEmail } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';
import { isMissingRow } from '@/lib/db/unique';
import type { Budget, RateLimiter } from '@/lib/ratelimit';

// Email-and-password sign-in. Every failure looks the same to the caller, so the answer never tells whether an
// email has an account. Guessing is slowed, and no one can lock an account's owner out:
//   - only failures count: a successful sign-in never spends a budget of the account (only the burst guard);
//   - failures on one account from one address (the pair) back off after a few: that machine waits, no other;
//   - failures on one account from every address have a wider budget (the account's ceiling). Past it, an attempt
//     from an address the account has not signed in from in the last 30 days (KnownSignInAddress) is held for a
//     fixed delay before its password is checked, and then answered like any other: a right password signs in,
//     so a crowd that spends the ceiling slows every stranger's guess but never turns the owner away (a refusal
//     there would let anyone lock an account for as long as they keep guessing). Each guessing address still
//     meets its own back-off on that account (the pair budget) and its own failure budget, which the delay does
//     not replace; an address the account knows passes without the delay;
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
export const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_FOR_MS = KNOWN_ADDRESS_DAYS * 24 * 3600 * 1000;
/** How long an attempt from an address the account does not know waits, past the account's ceiling, before its password is checked. */
export const ACCOUNT_CEILING_DELAY_MS = 5000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/**
 * What comes before this attempt's password is checked: a refusal with the seconds to wait, a delay (past the
 * account's ceiling, from an address it does not know), or nothing. Spends only the burst guard.
 */
async function waitBefore(
  db: Db,
  limiter: RateLimiter,
  attempt: { email: string; address: string; pair: string; user: Account; now: Date },
): Promise<{ refuseFor: number } | { delayMs: number } | null> {
  for (const check of [
    () => limiter.consume(SIGN_IN_BUDGETS.burst, attempt.address),
    () => limiter.peek(SIGN_IN_BUDGETS.address, attempt.address),
    () => limiter.peek(SIGN_IN_BUDGETS.pair, attempt.pair),
  ]) {
    const { allowed, retryAfterSeconds } = await check();
    if (!allowed) return { refuseFor: retryAfterSeconds };
  }
  const account = await limiter.peek(SIGN_IN_BUDGETS.account, attempt.email);
  if (account.allowed) return null;
  const known = attempt.user !== null && (await knownAddress(db, attempt.user.id, attempt.address, attempt.now));
  return known ? null : { delayMs: ACCOUNT_CEILING_DELAY_MS };
}

export async function signInWithPassword(
  db: Db,
  limiter: RateLimiter,
  attempt: { email: string; password: string; address: string; now: Date },
  /** How the delay past the account's ceiling is waited out (tests count it instead). */
  sleep: (ms: number) => Promise<void> = pause,
): Promise<SignInResult> {
  const email = attempt.email.trim().toLowerCase();
  const { now } = attempt;
  const user = email ? await findUserByEmail(db, email) : null;
  const pair = `${email}|${attempt.address}`;
  const wait = await waitBefore(db, limiter, { email, address: attempt.address, pair, user, now });
  if (wait && 'refuseFor' in wait) return { outcome: 'rate_limited', retryAfterSeconds: wait.refuseFor };
  if (wait) await sleep(wait.delayMs);

  const matches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoy()));
  if (!user?.passwordHash || !matches) {
    await limiter.consume(SIGN_IN_BUDGETS.address, attempt.address);
    await limiter.consume(SIGN_IN_BUDGETS.pair, pair);
    await limiter.consume(SIGN_IN_BUDGETS.account, email);
    return { outcome: 'refused' };
  }
  try {
    await rememberAddress(db, user.id, attempt.address, now);
  } catch (error) {
    // The account was deleted after it was read: the foreign key refuses its address, and the attempt is refused
    // as for an unknown email (no session for an account that is gone).
    if (isMissingRow(error)) return { outcome: 'refused' };
    throw error;
  }
  return { outcome: 'signed_in', user: { id: user.id, email: user.email, name: user.name } };
}
