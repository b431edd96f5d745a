import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryLimiter, createRateLimiter, createRedisLimiter, type Budget } from '@/lib/ratelimit';
import { closeRedisConnections } from '@/lib/redis';
import { awayFromWindowEdge } from '../../helpers/budget-window';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server';

// The Redis budget store against a real redis-server of this test's own: the in-process limiter's sliding
// window, shared by every instance; an outage counts in-process (logged once) and the store is used again
// once it is back; a Redis that accepts connections and never answers costs one bounded wait.

const HOUR_MS = 3_600_000;
let redis: TestRedis;
const clients: Redis[] = [];

/** A connection of its own, as a second app instance would have. */
function instance(): Redis {
  const client = new Redis(redis.url, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {}); // the outage test stops this server on purpose
  clients.push(client);
  return client;
}

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await closeRedisConnections();
  await redis?.stop();
});

describe('Redis limiter', () => {
  it('counts like the in-process limiter, one budget shared by two instances', async () => {
    const budget: Budget = { name: 'shared', limit: 5, windowSeconds: 3600 };
    await awayFromWindowEdge(budget.windowSeconds, 10_000, redis.now);
    const a = createRedisLimiter({ client: instance(), readyTimeoutMs: 1000 });
    const b = createRedisLimiter({ client: instance(), readyTimeoutMs: 1000 });
    // On Redis's clock, which the Redis limiter counts by.
    const memory = createMemoryLimiter({ now: redis.now });
    for (const limiter of [a, b, a, b, a]) {
      expect(await limiter.consume(budget, 'client-1')).toEqual(await memory.consume(budget, 'client-1'));
    }
    const refused = await b.consume(budget, 'client-1');
    const local = await memory.consume(budget, 'client-1');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(Math.abs(refused.retryAfterSeconds - local.retryAfterSeconds)).toBeLessThanOrEqual(1);
    expect(await a.consume(budget, 'client-2')).toEqual({ allowed: true, remaining: 4, retryAfterSeconds: 0 });
    // One hash per budget and key, expiring two windows after its last use.
    const admin = instance();
    expect(await admin.hgetall('jev:rl:shared:client-1')).toMatchObject({ c: '5', p: '0' });
    const ttl = await admin.pttl('jev:rl:shared:client-1');
    expect(ttl).toBeGreaterThan(HOUR_MS);
    expect(ttl).toBeLessThanOrEqual(2 * HOUR_MS);
    await expect(a.ping()).resolves.toBeUndefined();
  });

  it('peeks without spending, answering as the in-process limiter does', async () => {
    const budget: Budget = { name: 'peeked', limit: 2, windowSeconds: 3600 };
    await awayFromWindowEdge(budget.windowSeconds, 10_000, redis.now);
    const redisLimiter = createRedisLimiter({ client: instance(), readyTimeoutMs: 1000 });
    const memory = createMemoryLimiter({ now: redis.now });
    expect(await redisLimiter.peek(budget, 'k')).toEqual(await memory.peek(budget, 'k'));
    expect(await instance().exists('jev:rl:peeked:k')).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect(await redisLimiter.consume(budget, 'k')).toEqual(await memory.consume(budget, 'k'));
      expect(await redisLimiter.peek(budget, 'k')).toMatchObject({ allowed: (await memory.peek(budget, 'k')).allowed });
    }
    expect(await redisLimiter.peek(budget, 'k')).toMatchObject({ allowed: false, remaining: 0 });
    expect(await instance().hgetall('jev:rl:peeked:k')).toMatchObject({ c: '2' });
  });

  it('counts in-process while Redis is down, logs the outage once, and shares the budget again once it is back', async () => {
    const log = vi.fn();
    const limiter = createRateLimiter({ redisUrl: redis.url, backoffMs: 200, log });
    const otherClient = instance();
    const other = createRedisLimiter({ client: otherClient, readyTimeoutMs: 1000 });
    const budget: Budget = { name: 'outage', limit: 3, windowSeconds: 3600 };
    await awayFromWindowEdge(3600, 30_000, redis.now);
    // While Redis is down the count is this process's, by its own clock (another under test-dates' faketime).
    await awayFromWindowEdge(3600, 30_000);
    expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });

    await redis.stop();
    const started = performance.now();
    // The first call is already counted in this process: two more, then refused. Never no limit.
    expect((await limiter.consume(budget, 'k')).allowed).toBe(true);
    expect((await limiter.consume(budget, 'k')).allowed).toBe(true);
    expect(await limiter.consume(budget, 'k')).toMatchObject({ allowed: false });
    expect(await limiter.consume(budget, 'k2')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('Redis budget store unavailable'));
    await expect(limiter.ping()).rejects.toThrow();

    // Back (empty): within a few seconds the shared count is used again, and another instance sees it.
    await redis.start();
    const deadline = Date.now() + 10_000;
    while (!log.mock.calls.some(([message]) => String(message).startsWith('[ratelimit] Redis answers again'))) {
      expect(Date.now()).toBeLessThan(deadline);
      await limiter.consume(budget, 'k3');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(log).toHaveBeenCalledTimes(2);
    // The other instance reconnects on its own schedule (ioredis's default, up to 2 s apart) and, like the app's
    // limiter, refuses at once while it is still reconnecting: wait for it before counting on it.
    while (otherClient.status !== 'ready') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await limiter.consume(budget, 'k4')).remaining).toBe(2);
    expect((await other.consume(budget, 'k4')).remaining).toBe(1);
    expect((await limiter.consume(budget, 'k4')).remaining).toBe(0);
    await expect(limiter.ping()).resolves.toBeUndefined();
  });

  it('waits for a Redis that accepts connections but never answers at most once per back-off', async () => {
    const sockets = new Set<Socket>();
    const blackHole: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as { port: number };
    const log = vi.fn();
    try {
      const limiter = createRateLimiter({ redisUrl: `redis://127.0.0.1:${port}`, timeoutMs: 300, log });
      const budget: Budget = { name: 'hang', limit: 2, windowSeconds: 60 };
      // Counted in this process (the store never answers), by this process's clock: a minute's edge passing between
      // the calls would let the third through (the window slides).
      await awayFromWindowEdge(budget.windowSeconds, 5_000);
      let started = performance.now();
      expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
      expect(performance.now() - started).toBeLessThan(1000);
      started = performance.now();
      expect((await limiter.consume(budget, 'k')).allowed).toBe(true);
      expect((await limiter.consume(budget, 'k')).allowed).toBe(false);
      expect(performance.now() - started).toBeLessThan(50);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  });
});
