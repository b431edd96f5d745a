import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// Over real HTTP: with the budget store pointing at something that accepts connections
// and never answers (Upstash REST, or Redis), each tool call paid 3 s and the budgets were off. Now a request
// waits for the store at most once per back-off, the budgets hold in-process, and /api/ready says so.

describe.each(['upstash', 'redis'] as const)('a server whose %s budget store never answers', (store) => {
  let blackHole: Server;
  const sockets = new Set<Socket>();
  let token: string;

  // The store: a port that accepts connections and never answers.
  beforeAll(async () => {
    blackHole = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
  });
  const app = testApp('sqlite', {
    seed: async (database) => {
      token = (await database.token(await database.user('dora@example.com'), 'read')).token;
    },
    budgets: 'default',
    env: () => {
      const { port } = blackHole.address() as { port: number };
      return {
        ...(store === 'redis'
          ? { REDIS_URL: `redis://127.0.0.1:${port}` }
          : { UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${port}`, UPSTASH_REDIS_REST_TOKEN: 'unused' }),
        RATE_LIMIT_ADDRESS_PER_MINUTE: '1000',
        RATE_LIMIT_TOKEN_PER_MINUTE: '4',
        RATE_LIMIT_USER_PER_MINUTE: '1000',
      };
    },
  });

  it('answers each tool call within a bound and keeps the token budget in-process', async () => {
    const post = (bearer: string) =>
      raw(app.server.port, {
        path: '/api/v1/tools/calc_implied_probability',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: '{"americanOdds":-110}',
      });
    // A first call warms the server up (and meets the dead store); once its back-off is over, the next
    // request tries the store again.
    expect((await post((await app.database.token(await app.database.user('warm@example.com'), 'read')).token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const statuses: number[] = [];
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const res = await post(token);
      times.push(performance.now() - started);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // The first call waits once for the store (500 ms), not once per budget (address, token, user); the
    // others answer from the in-process count during the back-off.
    expect(times[0]).toBeLessThan(1500);
    expect(Math.max(...times.slice(1))).toBeLessThan(500);
    // One outage, logged once (the probe that failed again is the same outage).
    expect(app.server.output().match(/budget store unavailable/g)).toHaveLength(1);
  });

  it('is not ready: /api/ready answers 503 naming the budget store, within a bound', async () => {
    const started = performance.now();
    const res = await raw(app.server.port, { method: 'GET', path: '/api/ready' });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toEqual({
      code: 'unavailable',
      message: 'Not ready: the budget store does not answer.',
      // The store's own 500 ms timeout or the aborted fetch, whichever comes first.
      issues: [{ path: 'budgets', message: expect.stringMatching(new RegExp(`^${store}: (no answer within 500 ms|not reachable)$`)) }],
      retryAfterSeconds: 5,
    });
  });
});
