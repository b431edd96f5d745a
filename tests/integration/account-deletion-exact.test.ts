import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '@/lib/account/deletion';
import { createTokens } from '@/lib/account/tokens';
import { createUser } from '@/lib/account/users';
import { SIGN_IN_BUDGETS, signInWithPassword } from '@/lib/auth/signin';
import { createTokenFromForm } from '@/lib/console/tokens';
import { whileSignedIn } from '@/lib/root/session';
import { createMemoryLimiter } from '@/lib/ratelimit';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';

// A sign-in whose account is deleted after it read the user and before it recorded the address is refused like
// a wrong password, not an error. A token made while the account is being deleted (the Connect page, an OAuth exchange) is either refused or
// counted and announced with the rest: the deletion's count and the ids it announces to other instances (whose
// remembered look-ups would otherwise keep the token working) are exactly what it deleted. Driven step by step: a
// transaction that makes the token holds the user's row while the deletion starts, then commits.

async function waitUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`waited 5 s for ${what}`);
}

describe.each(PROVIDERS)('deleting an account while a token is being made, on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(() => database?.close());

  it('deletes and counts the token that was committed first', async () => {
    const { db } = database;
    const userId = await database.user('late@example.com');
    await database.token(userId, 'write');
    const announced: string[] = [];
    const tokens = createTokens(db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    const watched = { ...tokens, forgetDeleted: async (ids: readonly string[]) => void announced.push(...ids) };

    let release!: () => void;
    let made!: string;
    const making = db.$transaction(async (tx) => {
      const row = await tx.accessToken.create({
        data: {
          userId,
          name: 'late',
          scope: 'write',
          tokenHash: 'late-hash',
          displayPrefix: 'jev_late',
          last4: 'late',
          createdAt: new Date(),
        },
      });
      made = row.id;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await waitUntil(async () => made !== undefined, 'the token insert');
    const deleting = deleteAccount(db, watched, userId);
    // PostgreSQL: the deletion has read the tokens and waits for the maker's lock on the user row. SQLite: the
    // deletion waits for the maker's write lock before it reads anything.
    if (provider === 'postgres') {
      await waitUntil(async () => {
        const rows = await db.$queryRaw<{ waiting: number }[]>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        return (rows[0]?.waiting ?? 0) > 0;
      }, 'the deletion to wait on the lock');
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    release();
    await making;
    const deleted = await deleting;

    expect(deleted?.accessTokens).toBe(2);
    expect(announced).toContain(made);
    expect(await db.accessToken.count({ where: { userId } })).toBe(0);
    expect(await db.user.count({ where: { id: userId } })).toBe(0);
  });

  it('refuses a sign-in whose account was deleted while its password was being checked', async () => {
    const { db } = database;
    const email = 'leaving@example.com';
    const password = 'a long enough password';
    const { id } = await createUser(db, { email, password });
    const tokens = createTokens(db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    // Past the account's ceiling a sign-in from a new address waits a delay after reading the user: the deletion
    // runs in it.
    const limiter = createMemoryLimiter();
    for (let i = 0; i < SIGN_IN_BUDGETS.account.limit; i++) await limiter.consume(SIGN_IN_BUDGETS.account, email);
    const result = await signInWithPassword(db, limiter, { email, password, address: '10.1.2.3', now: new Date() }, async () => {
      expect(await deleteAccount(db, tokens, id)).not.toBeNull();
    });
    expect(result).toEqual({ outcome: 'refused' });
    expect(await db.knownSignInAddress.count({ where: { userId: id } })).toBe(0);
  });

  it('sends a console write for an account deleted after its session was checked to sign in', async () => {
    const { db } = database;
    const { id } = await createUser(db, { email: 'tab@example.com' });
    const tokens = createTokens(db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    expect(await deleteAccount(db, tokens, id)).not.toBeNull();
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'laptop', scope: 'write', expiry: 'never' })) form.set(name, value);
    const toSignIn = { digest: expect.stringContaining(';/signin;') as unknown };
    const owner = { userId: id, appOrigin: 'http://localhost', now: new Date() };
    await expect(whileSignedIn(createTokenFromForm(tokens, owner, form))).rejects.toMatchObject(toSignIn);
    expect(await db.accessToken.count({ where: { userId: id } })).toBe(0);
  });
});
