import { describe, expect, it } from 'vitest';
import { awayFromWindowEdge } from '../helpers/budget-window';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// Budgets over real HTTP: the per-address budget counts before the token is looked at and cannot be
// escaped with X-Forwarded-For; tool-call budgets count per token then per user, skip unknown tools,
// and count calls that then fail the scope or argument check. The list endpoint spends the address
// budget only.

async function eachRefusalHasRetryAfter(res: Awaited<ReturnType<typeof raw>>) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json().error).toEqual({
    code: 'rate_limited',
    message: expect.stringContaining('Retry in'),
    issues: [],
    retryAfterSeconds: retryAfter,
  });
}

describe('per-address budget', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      token = (await database.token(await database.user('carol@example.com'), 'read')).token;
    },
    env: { RATE_LIMIT_ADDRESS_PER_MINUTE: '4' },
    budgets: 'default',
  });

  it('counts before the token, refuses with Retry-After, and ignores a client-sent X-Forwarded-For', async () => {
    await awayFromWindowEdge(60, 20_000);
    const post = (headers: Record<string, string>) =>
      raw(app.server.port, { path: '/api/v1/tools/calc_implied_probability', headers, body: '{"americanOdds":-110}' });
    // Requests without a token spend the address budget too.
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-forwarded-for': '198.51.100.1' })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.2' })).status).toBe(200);
    expect(
      (await raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    await eachRefusalHasRetryAfter(await post({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' }));
    await eachRefusalHasRetryAfter(
      await raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${token}` } }),
    );
  });
});

describe('tool-call budgets', () => {
  let first: string;
  let second: string;
  let third: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      const dave = await database.user('dave@example.com');
      first = (await database.token(dave, 'read')).token;
      second = (await database.token(dave, 'read')).token;
      third = (await database.token(dave, 'read')).token;
    },
    env: { RATE_LIMIT_ADDRESS_PER_MINUTE: '1000', RATE_LIMIT_TOKEN_PER_MINUTE: '3', RATE_LIMIT_USER_PER_MINUTE: '5' },
    budgets: 'default',
  });

  const call = (tool: string, body: string, token: string) =>
    raw(app.server.port, { path: `/api/v1/tools/${tool}`, headers: { authorization: `Bearer ${token}` }, body });

  it('counts per token then per user; unknown tools and the list are free; failing arguments still count', async () => {
    await awayFromWindowEdge(60, 20_000);
    for (let i = 0; i < 5; i++) expect((await call('no_such_tool', '{}', first)).status).toBe(404);
    for (let i = 0; i < 5; i++) {
      expect(
        (await raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${first}` } })).status,
      ).toBe(200);
    }
    expect((await call('calc_implied_probability', '{"americanOdds":-110}', first)).status).toBe(200);
    expect((await call('calc_implied_probability', '{"americanOdds":5}', first)).status).toBe(400); // counted at step 7
    expect((await call('calc_implied_probability', '{"americanOdds":-110}', first)).status).toBe(200);
    await eachRefusalHasRetryAfter(await call('calc_implied_probability', '{"americanOdds":-110}', first));

    // The same user's other tokens share the user budget of 5: 3 spent above, 2 left.
    expect((await call('calc_implied_probability', '{"americanOdds":-110}', second)).status).toBe(200);
    expect((await call('calc_implied_probability', '{"americanOdds":-110}', second)).status).toBe(200);
    await eachRefusalHasRetryAfter(await call('calc_implied_probability', '{"americanOdds":-110}', third));
  });
});
