import { createServer, type Socket } from 'node:net';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@/lib/account/users';
import { ACCOUNT_CEILING_DELAY_MS, SIGN_IN_BUDGETS, signInWithPassword, spendAddressAttempt } from '@/lib/auth/signin';
import { createMemoryLimiter, createRateLimiter, type RateLimiter } from '@/lib/ratelimit';
import { closeRedisConnections } from '@/lib/redis';
import { awayFromWindowEdge } from '../../helpers/budget-window';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

const PASSWORD = 'a long enough password';

describe('email and password sign-in', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase('sqlite');
    const ann = await createUser(database.db, { email: 'Ann@Example.com', password: PASSWORD });
    // The sign-in rules are under test, not the hash's cost: the same password at bcrypt's lowest cost (a hash
    // carries its cost) keeps these 130 checks from taking two minutes on a busy machine.
    await database.db.user.update({ where: { id: ann.id }, data: { passwordHash: await bcrypt.hash(PASSWORD, 4) } });
    await createUser(database.db, { email: 'oauth-only@example.com' });
  });
  afterAll(() => database.close());

  /** The delays the attempts waited out past an account's ceiling, in the order asked (none is waited for). */
  let delays: number[] = [];
  const attempt = (limiter: RateLimiter, email: string, password: string, address = '10.0.0.1', now = new Date()) =>
    signInWithPassword(database.db, limiter, { email, password, address, now }, (ms) => {
      delays.push(ms);
      return Promise.resolve();
    });

  it('signs in with the right password, whatever the email case', async () => {
    const result = await attempt(createMemoryLimiter(), ' ANN@example.com ', PASSWORD);
    expect(result).toMatchObject({ outcome: 'signed_in', user: { email: 'ann@example.com' } });
  });

  it('answers a wrong password, an unknown email and a password-less account alike', async () => {
    const limiter = createMemoryLimiter();
    expect(await attempt(limiter, 'ann@example.com', 'the wrong password')).toEqual({ outcome: 'refused' });
    expect(await attempt(limiter, 'nobody@example.com', PASSWORD)).toEqual({ outcome: 'refused' });
    expect(await attempt(limiter, 'oauth-only@example.com', '')).toEqual({ outcome: 'refused' });
  });

  it('past the account ceiling, a new address waits a fixed delay and a right password still signs in; a known address does not wait', async () => {
    let now = Date.UTC(2026, 0, 1);
    const limiter = createMemoryLimiter({ now: () => now });
    const at = () => new Date(now);
    delays = [];
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.5.5.5', at())).toMatchObject({ outcome: 'signed_in' });
    for (let i = 0; i < SIGN_IN_BUDGETS.account.limit; i++) {
      await limiter.consume(SIGN_IN_BUDGETS.account, 'ann@example.com');
    }
    expect(delays).toEqual([]);
    // The owner from an address the account does not know: held, then signed in (never refused).
    expect(await attempt(limiter, 'Ann@example.com', PASSWORD, '10.9.9.9', at())).toMatchObject({ outcome: 'signed_in' });
    expect(delays).toEqual([ACCOUNT_CEILING_DELAY_MS]);
    // A wrong password from another new address is held alike, then refused; an unknown email too (no telling).
    expect(await attempt(limiter, 'ann@example.com', 'a wrong password', '10.9.9.10', at())).toEqual({ outcome: 'refused' });
    expect(await attempt(limiter, 'nobody@example.com', PASSWORD, '10.9.9.10', at())).toEqual({ outcome: 'refused' });
    expect(delays).toHaveLength(2);
    // The address the owner signed in from before signs in at once, and so does the one just used.
    delays = [];
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.5.5.5', at())).toMatchObject({ outcome: 'signed_in' });
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.9.9.9', at())).toMatchObject({ outcome: 'signed_in' });
    expect(delays).toEqual([]);

    now += 2 * SIGN_IN_BUDGETS.account.windowSeconds * 1000;
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.9.9.11', at())).toMatchObject({ outcome: 'signed_in' });
    expect(delays).toEqual([]);
  });

  it('counts failures only: successful sign-ins, however many, never lock the owner out', async () => {
    let now = Date.UTC(2026, 0, 2);
    const limiter = createMemoryLimiter({ now: () => now });
    for (let i = 0; i < 25; i++) {
      expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.6.6.6', new Date(now))).toMatchObject({ outcome: 'signed_in' });
      now += 10_000;
    }
  });

  it('backs off one address guessing one account, and no other address', async () => {
    // A clock of its own: on the wall clock, a quarter-hour window boundary passing between the attempts reset the count.
    const now = Date.UTC(2026, 0, 3, 0, 14, 59);
    const limiter = createMemoryLimiter({ now: () => now });
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) outcomes.push((await attempt(limiter, 'ann@example.com', `wrong ${i}`, '10.7.7.7', new Date(now))).outcome);
    expect(outcomes).toEqual([
      ...Array<string>(SIGN_IN_BUDGETS.pair.limit).fill('refused'),
      'rate_limited',
      'rate_limited',
      'rate_limited',
    ]);
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.7.7.8', new Date(now))).toMatchObject({ outcome: 'signed_in' });
  });

  it('limits failures per address, whichever accounts they try, sign-ups included', async () => {
    const now = Date.UTC(2026, 0, 4, 0, 14, 59);
    const limiter = createMemoryLimiter({ now: () => now });
    for (let i = 0; i < SIGN_IN_BUDGETS.address.limit; i++) expect(await spendAddressAttempt(limiter, '10.0.0.7')).toBeNull();
    expect(await spendAddressAttempt(limiter, '10.0.0.7')).toBeGreaterThan(0);
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.0.0.7', new Date(now))).toMatchObject({ outcome: 'rate_limited' });
    expect(await attempt(limiter, 'ann@example.com', PASSWORD, '10.0.0.8', new Date(now))).toMatchObject({ outcome: 'signed_in' });
  });

  // With the shared store pointing at something that accepts connections and never answers, 40 wrong
  // passwords were once all checked at full speed; the account ceiling must hold in-process.
  it.each(['upstash', 'redis'] as const)(
    'keeps the account ceiling with a dead %s store, waiting for it at most once',
    async (store) => {
      // The in-process count is a sliding window of real time: a window boundary during the run would lower the
      // count by one for a moment, so the run starts with two minutes or more left in its window.
      await awayFromWindowEdge(SIGN_IN_BUDGETS.account.windowSeconds, 120_000);
      const sockets = new Set<Socket>();
      const blackHole = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
      const { port } = blackHole.address() as { port: number };
      const log = vi.fn();
      try {
        const limiter = createRateLimiter({
          ...(store === 'redis'
            ? { redisUrl: `redis://127.0.0.1:${port}` }
            : { upstashUrl: `http://127.0.0.1:${port}`, upstashToken: 'x' }),
          timeoutMs: 300,
          log,
        });
        delays = [];
        const outcomes: string[] = [];
        const refusedMs: number[] = [];
        const tryOnce = async (password: string, address: string) => {
          const started = performance.now();
          const { outcome } = await attempt(limiter, 'ann@example.com', password, address);
          if (outcome === 'rate_limited') refusedMs.push(performance.now() - started);
          outcomes.push(outcome);
        };
        // Addresses of each store's own (the owner's would be known to the account after the first case).
        const net = store === 'redis' ? '10.1' : '10.2';
        for (let i = 0; i < 40; i++) await tryOnce(`wrong password ${i}`, `${net}.0.${i}`);
        await tryOnce(PASSWORD, `${net}.1.1`);
        // Past the ceiling every attempt from a new address is held before its password is checked, the
        // owner's included, and the owner's right password still signs in.
        expect(outcomes).toEqual([...Array<string>(40).fill('refused'), 'signed_in']);
        expect(delays).toEqual(Array(41 - SIGN_IN_BUDGETS.account.limit).fill(ACCOUNT_CEILING_DELAY_MS));
        expect(refusedMs).toEqual([]);
        expect(log).toHaveBeenCalledTimes(1);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => blackHole.close(resolve));
        await closeRedisConnections();
      }
    },
    180_000,
  );
});
