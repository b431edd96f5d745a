import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJevHere } from '../helpers/cli';
import { testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addPricedGame } from '../helpers/games';
import { awayFromWindowEdge } from '../helpers/budget-window';
import { raw, type RawResponse } from '../helpers/http';
import { startTestRedis, type TestRedis } from '../helpers/redis-server';
import { startServer, type RunningServer } from '../helpers/server';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';

// Two instances of the real server on one PostgreSQL database and one Redis (a redis-server of this test's
// own, which it stops and starts): budgets are shared, a revocation reaches the other instance within a
// second, settling is exactly once across both; with Redis down each instance keeps counting on its own and
// shares again once it is back; /api/ready follows the database and Redis. Instance B reaches PostgreSQL
// through a loopback proxy the test can take down.

const TOKEN_BUDGET = 5;
/** The store's back-off after a failure (lib/ratelimit STORE_BACKOFF_MS), plus a margin. */
const BACKOFF_MS = 5000 + 500;

let database: TestDatabase;
let redis: TestRedis;
let pgProxy: FaultProxy;
let a: RunningServer;
let b: RunningServer;
let userId: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await testDatabase('postgres');
  redis = await startTestRedis();
  const pgUrl = new URL(database.url);
  pgProxy = await startFaultProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.host = `127.0.0.1:${pgProxy.port}`;

  userId = await database.user('multi@example.com', { balance: 1000, unit: 10, timeZone: 'UTC', referenceBook: 'draftkings' });
  await addPricedGame(database.db, { now: Date.now() });

  const env = {
    REDIS_URL: redis.url,
    RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
    RATE_LIMIT_USER_PER_MINUTE: '100000',
    RATE_LIMIT_TOKEN_PER_MINUTE: String(TOKEN_BUDGET),
    // Far longer than the test: only the Redis channel can make the other instance see a revocation in time.
    TOKEN_CACHE_SECONDS: '300',
  };
  [a, b] = await Promise.all([
    startServer({ ...env, DATABASE_URL: database.url }),
    startServer({ ...env, DATABASE_URL: viaProxy.toString() }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pgProxy?.close();
  await redis?.stop();
  await database?.close();
});

const call = (server: RunningServer, token: string, tool: string, args: unknown): Promise<RawResponse> =>
  raw(server.port, {
    path: `/api/v1/tools/${tool}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
const ready = (server: RunningServer) => raw(server.port, { method: 'GET', path: '/api/ready' });
const newToken = async (scope: 'read' | 'write' = 'read') => (await database.token(userId, scope)).token;

/** Calls in turn on the given servers until the first 429; its 1-based count, and the slowest answer. */
async function countUntil429(servers: RunningServer[], token: string): Promise<{ first429: number; slowestMs: number }> {
  let slowestMs = 0;
  for (let i = 0; i < 4 * TOKEN_BUDGET; i++) {
    const started = performance.now();
    const res = await call(servers[i % servers.length]!, token, 'calc_implied_probability', { americanOdds: -110 });
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (res.status === 429) return { first429: i + 1, slowestMs };
    expect(res.status).toBe(200);
  }
  throw new Error('never refused');
}

async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

describe('two instances on one PostgreSQL and one Redis', () => {
  it('are both ready', async () => {
    for (const server of [a, b]) {
      const res = await ready(server);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ ready: true, database: 'up', budgets: 'redis' });
    }
  });

  it('share the budgets: a client alternating between them is refused at the same count as on one instance', async () => {
    await awayFromWindowEdge(60, 15_000, redis.now);
    const one = await countUntil429([a], await newToken());
    const both = await countUntil429([a, b], await newToken());
    expect(one.first429).toBe(TOKEN_BUDGET + 1);
    expect(both.first429).toBe(one.first429);
  });

  it('refuse a token revoked through the CLI on both instances within a second, though they remember it for 5 minutes', async () => {
    const { id, token } = await database.token(userId, 'read');
    for (const server of [a, b]) expect((await call(server, token, 'get_bankroll', {})).status).toBe(200);

    const revoked = await runJevHere(['token', 'revoke', id], { DATABASE_URL: database.url, REDIS_URL: redis.url });
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringContaining(`Revoked token ${id}`) });
    const revokedAt = performance.now();
    for (const server of [a, b]) {
      await until('revocation seen', 1000, async () => (await call(server, token, 'get_bankroll', {})).status === 401);
    }
    expect(performance.now() - revokedAt).toBeLessThan(1000);
  });

  it('settle a bet once under 50 concurrent settle_bet calls split across both', async () => {
    const writer = await newToken('write');
    const before = (await call(a, writer, 'get_bankroll', {})).json().data.balance as number;
    const logged = await call(a, writer, 'log_bet', {
      sport: 'nfl',
      gameId: 'nfl-next',
      market: 'h2h',
      selection: 'NYG',
      americanOdds: -150,
      stake: 10,
      book: 'draftkings',
    });
    expect(logged.status).toBe(200);
    const betId = logged.json().data.bet.id as string;
    // One token per call: the test's token budget is small, and the user's is what is shared here.
    const tokens = await Promise.all(Array.from({ length: 50 }, () => newToken('write')));
    // Cashed out before kick-off for 4: a loss of 6, moved once.
    const settle = { betId, result: 'cashout', payout: 4 };
    const answers = await Promise.all(tokens.map((token, i) => call(i % 2 ? b : a, token, 'settle_bet', settle)));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(res.json().data))).size).toBe(1);
    expect((await call(b, writer, 'get_bankroll', {})).json().data.balance).toBeCloseTo(before - 6, 9);
  });

  it('keep counting per instance while Redis is down, are not ready, and share again once it is back', async () => {
    await redis.stop();
    await awayFromWindowEdge(60, 15_000); // each instance counts in process, on its own clock
    // Each instance counts on its own: the same token gets its whole budget on each, never no limit.
    const token = await newToken();
    const onA = await countUntil429([a], token);
    const onB = await countUntil429([b], token);
    expect([onA.first429, onB.first429]).toEqual([TOKEN_BUDGET + 1, TOKEN_BUDGET + 1]);
    expect(Math.max(onA.slowestMs, onB.slowestMs)).toBeLessThan(1500);
    for (const server of [a, b]) {
      const res = await ready(server);
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().error).toMatchObject({ code: 'unavailable', issues: [{ path: 'budgets', message: expect.any(String) }] });
    }
    // The outage is logged once per instance, not once per request.
    for (const server of [a, b]) expect(server.output().match(/budget store unavailable/g)).toHaveLength(1);

    await redis.start();
    for (const server of [a, b]) await until('ready again', 10_000, async () => (await ready(server)).status === 200);
    await sleep(BACKOFF_MS);
    await awayFromWindowEdge(60, 15_000, redis.now);
    const shared = await countUntil429([a, b], await newToken());
    expect(shared.first429).toBe(TOKEN_BUDGET + 1);
    for (const server of [a, b]) expect(server.output()).toMatch(/Redis answers again/);
  }, 60_000);

  it('report not ready while the database is unreachable, and ready again after', async () => {
    pgProxy.refuse();
    const started = performance.now();
    const down = await ready(b);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(down.status).toBe(503);
    expect(down.json().error).toMatchObject({ code: 'unavailable', issues: [{ path: 'database', message: expect.any(String) }] });
    expect(down.body).not.toMatch(/127\.0\.0\.1|prisma|ECONNREFUSED/i);
    expect((await ready(a)).status).toBe(200);

    pgProxy.forward();
    await until('database ready again', 15_000, async () => (await ready(b)).status === 200);
  }, 30_000);
});
