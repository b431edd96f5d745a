import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from '@upstash/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRateLimiter, createUpstashLimiter, type Budget } from '@/lib/ratelimit';
import { awayFromWindowEdge } from '../../helpers/budget-window';
import { startRedisBridge, type RedisBridge } from '../../helpers/redis-bridge';

/** Every budget name starts with this, so all keys of the run live under `jev:rl:<RUN>` and are removed after. */
const RUN = `itest-${randomUUID()}`;
const HOUR_MS = 3_600_000;

let bridge: RedisBridge;
let admin: Redis;
let cleanUp: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // Throws (failing the suite) when Redis is down: CI has Redis, so a skip would hide a broken setup.
  bridge = await startRedisBridge();
  admin = new Redis({ url: bridge.url, token: bridge.token });
  cleanUp = async () => {
    const keys = await admin.keys(`jev:rl:${RUN}*`);
    if (keys.length > 0) await admin.del(...keys);
    await bridge.close();
  };
});

afterAll(() => cleanUp?.());

afterEach(() => {
  vi.restoreAllMocks();
});

/** The sliding window weighs the previous window, so a sequence straddling a boundary could gain a slot. */
async function ensureRoomInWindow(windowMs: number, neededMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 10));
}

/** Command names @upstash/redis sent to the bridge, in order. */
function sentCommands(fetchSpy: { mock: { calls: unknown[][] } }): string[] {
  return fetchSpy.mock.calls.flatMap(([, init]) => {
    const body: unknown = JSON.parse((init as RequestInit).body as string);
    return (body as unknown[][]).map((command) => String(command[0]));
  });
}

describe('redis bridge', () => {
  it('rejects a wrong token and round-trips non-ASCII strings through base64', async () => {
    const res = await fetch(`${bridge.url}/pipeline`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong' },
      body: JSON.stringify([['PING']]),
    });
    expect(res.status).toBe(401);

    // Single-command endpoint without Upstash-Encoding: plain JSON, and Redis errors as HTTP 400.
    const post = (command: unknown[]) =>
      fetch(bridge.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${bridge.token}` },
        body: JSON.stringify(command),
      });
    const echo = await post(['ECHO', 'hi']);
    expect([echo.status, await echo.json()]).toEqual([200, { result: 'hi' }]);
    const bad = await post(['EVALSHA', '0'.repeat(40), 0]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringContaining('NOSCRIPT') });

    const key = `jev:rl:${RUN}-probe`;
    await admin.set(key, 'grüße €');
    expect(await admin.get(key)).toBe('grüße €');
  });

  it('strips the script shebang Redis 7.0 rejects, keeping the client-side script hash', async () => {
    const script = '#!lua flags=allow-key-locking\nreturn ARGV[1]';
    const hash = await admin.scriptLoad(script);
    expect(hash).toBe(createHash('sha1').update(script).digest('hex'));
    expect(await admin.evalsha(hash, [], ['héllo'])).toBe('héllo');
  });

  it('fails with a clear message when Redis is not reachable', async () => {
    const unused = createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
    const { port } = unused.address() as { port: number };
    await new Promise((resolve) => unused.close(resolve));

    await expect(startRedisBridge({ redisPort: port })).rejects.toThrow(`Redis is not reachable at 127.0.0.1:${port}`);
  });
});

describe('Upstash limiter against real Redis', () => {
  it('shares one budget between two app instances', async () => {
    const budget: Budget = { name: `${RUN}-shared`, limit: 5, windowSeconds: 3600 };
    await awayFromWindowEdge(budget.windowSeconds, 10_000);
    await ensureRoomInWindow(HOUR_MS, 10_000);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const instanceA = createRateLimiter({ upstashUrl: bridge.url, upstashToken: bridge.token });
    const instanceB = createUpstashLimiter({ url: bridge.url, token: bridge.token, timeoutMs: 1000 });

    const results = [];
    for (const instance of [instanceA, instanceB, instanceA, instanceB, instanceA]) {
      results.push(await instance.consume(budget, 'client-1'));
    }
    expect(results).toEqual([4, 3, 2, 1, 0].map((remaining) => ({ allowed: true, remaining, retryAfterSeconds: 0 })));

    const sixth = await instanceB.consume(budget, 'client-1');
    expect(sixth.allowed).toBe(false);
    expect(sixth.remaining).toBe(0);
    expect(sixth.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(budget.windowSeconds);
    // A has no local block cached for this key, so it asks Redis and is refused as well.
    expect((await instanceA.consume(budget, 'client-1')).allowed).toBe(false);
    expect(await instanceA.consume(budget, 'client-2')).toEqual({ allowed: true, remaining: 4, retryAfterSeconds: 0 });

    // The first EVALSHA misses (NOSCRIPT), EVAL loads the script, and from then on EVALSHA hits.
    const commands = sentCommands(fetchSpy);
    expect(commands.slice(0, 2)).toEqual(['evalsha', 'eval']);
    expect(commands.slice(2)).toEqual(Array(commands.length - 2).fill('evalsha'));

    expect(await admin.keys(`jev:rl:${budget.name}:client-1:*`)).toHaveLength(1);
  });

  it('peeks without spending', async () => {
    const budget: Budget = { name: `${RUN}-peeked`, limit: 2, windowSeconds: 3600 };
    await awayFromWindowEdge(budget.windowSeconds, 10_000);
    await ensureRoomInWindow(HOUR_MS, 10_000);
    const limiter = createUpstashLimiter({ url: bridge.url, token: bridge.token, timeoutMs: 1000 });
    expect(await limiter.peek(budget, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await limiter.peek(budget, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    await limiter.consume(budget, 'k');
    expect(await limiter.peek(budget, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    await limiter.consume(budget, 'k');
    const refused = await limiter.peek(budget, 'k');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('counts in-process when Redis goes away, never letting the budget go, and logs the outage once', async () => {
    const outage = await startRedisBridge();
    const log = vi.fn();
    const limiter = createRateLimiter({ upstashUrl: outage.url, upstashToken: outage.token, log });
    const budget: Budget = { name: `${RUN}-outage`, limit: 2, windowSeconds: 3600 };
    await awayFromWindowEdge(budget.windowSeconds, 10_000);
    await ensureRoomInWindow(HOUR_MS, 10_000);
    expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });

    await outage.close();
    const started = performance.now();
    // The in-process count already holds the first call: one more is allowed, the third is refused.
    expect((await limiter.consume(budget, 'k')).allowed).toBe(true);
    expect((await limiter.consume(budget, 'k')).allowed).toBe(false);
    expect((await limiter.consume(budget, 'k')).allowed).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('counting budgets in this process'));
  });

  it('waits for an Upstash that accepts connections but never answers at most once, then counts in-process', async () => {
    const sockets = new Set<Socket>();
    const blackHole: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as { port: number };
    const log = vi.fn();
    try {
      const limiter = createRateLimiter({ upstashUrl: `http://127.0.0.1:${port}`, upstashToken: 'unused', timeoutMs: 300, log });
      const budget: Budget = { name: `${RUN}-hang`, limit: 3, windowSeconds: 60 };
      await awayFromWindowEdge(budget.windowSeconds, 10_000);
      let started = performance.now();
      expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(1000);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('did not answer within 300 ms'));

      // Within the back-off the store is not asked: the next calls answer at once from the in-process count.
      started = performance.now();
      expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
      expect(await limiter.consume(budget, 'k')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
      expect((await limiter.consume(budget, 'k')).allowed).toBe(false);
      expect(performance.now() - started).toBeLessThan(50);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  });
});
