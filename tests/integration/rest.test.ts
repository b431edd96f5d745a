import { describe, expect, it } from 'vitest';
import { mintToken } from '@/lib/account/token-format';
import { MALFORMED_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE } from '@/lib/gateway/token';
import { GUIDE } from '@/lib/tools/guide';
import { PROVIDERS } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// The REST API over real HTTP against the production server, on SQLite and on PostgreSQL:
// every step of the check order (docs/contract.md, "Check order"), the order between steps, and the calculators' answers.

const DAY_MS = 86_400_000;

describe.each(PROVIDERS)('REST API on %s', (provider) => {
  let readToken: string;
  let writeToken: string;
  let revokedToken: string;
  let expiredToken: string;
  let bankrollToken: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const alice = await database.user('alice@example.com');
      readToken = (await database.token(alice, 'read')).token;
      writeToken = (await database.token(alice, 'write')).token;
      const revoked = await database.token(alice, 'read');
      await database.db.accessToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
      revokedToken = revoked.token;
      expiredToken = (await database.token(alice, 'read', { expiresInDays: 1, now: new Date(Date.now() - 2 * DAY_MS) })).token;
      const bob = await database.user('bob@example.com', {
        balance: 1000,
        unit: 10,
        kellyFraction: 0.5,
        maxStake: 30,
        dailyLossLimit: 100,
        weeklyLossLimit: 250,
        timeZone: 'America/New_York',
      });
      bankrollToken = (await database.token(bob, 'read')).token;
    },
  });

  const call = (tool: string, body: unknown, token = readToken, headers: Record<string, string> = {}) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('GET /api/v1/tools', () => {
    it('lists every tool with a 2020-12 input schema and its output schema, plus the rules text', async () => {
      const res = await fetch(`${app.server.origin}/api/v1/tools`, { headers: { authorization: `Bearer ${readToken}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body.instructions).toBe(GUIDE.instructions);
      expect(body.instructions).toContain('1-800-522-4700');
      const names = body.tools.map((tool: { name: string }) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['calc_implied_probability', 'calc_no_vig_odds', 'calc_ev', 'calc_parlay', 'calc_kelly_stake']),
      );
      for (const tool of body.tools) {
        expect(Object.keys(tool).sort()).toEqual(['description', 'hints', 'inputSchema', 'name', 'outputSchema', 'scope', 'title']);
        expect(tool.outputSchema.type).toBe('object');
        expect(tool.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(tool.inputSchema.type).toBe('object');
        expect(Object.keys(tool.hints).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint']);
      }
      const implied = body.tools.find((tool: { name: string }) => tool.name === 'calc_implied_probability');
      expect(implied.inputSchema.required).toEqual(['americanOdds']);
      // The spec's rule (a whole number from -100000 to 1000000, not between -99 and +99) as two ranges, each whole,
      // in the form strict-mode converters read (tests/integration/mcp/openai-agents.test.ts).
      expect(implied.inputSchema.properties.americanOdds).toMatchObject({
        anyOf: [
          { type: 'integer', minimum: -100000, maximum: -100 },
          { type: 'integer', minimum: 100, maximum: 1000000 },
        ],
      });
    });

    it('answers 401 without a live token and 403 on a foreign host or origin', async () => {
      const noToken = await raw(app.server.port, { method: 'GET', path: '/api/v1/tools' });
      expect(noToken.status).toBe(401);
      expect(noToken.json().error.code).toBe('invalid_token');
      expect(noToken.headers['www-authenticate']).toBe('Bearer realm="jev", error="invalid_token"');
      const revoked = await raw(app.server.port, {
        method: 'GET',
        path: '/api/v1/tools',
        headers: { authorization: `Bearer ${revokedToken}` },
      });
      expect(revoked.status).toBe(401);
      const host = await raw(app.server.port, {
        method: 'GET',
        path: '/api/v1/tools',
        headers: { host: 'evil.example', authorization: `Bearer ${readToken}` },
      });
      expect(host.status).toBe(403);
      expect(host.json().error).toMatchObject({ code: 'forbidden', issues: [] });
      const origin = await raw(app.server.port, {
        method: 'GET',
        path: '/api/v1/tools',
        headers: { origin: 'https://evil.example', authorization: `Bearer ${readToken}` },
      });
      expect(origin.status).toBe(403);
    });
  });

  describe('order of checks on POST', () => {
    it('1: refuses a foreign Host, a foreign Origin and a cross-site browser fetch with 403 forbidden', async () => {
      const foreign: Record<string, string>[] = [
        { host: 'evil.example' },
        { host: `evil.example:${app.server.port}` },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const res = await call('calc_implied_probability', { americanOdds: -110 }, readToken, headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String), issues: [] } });
      }
    });

    it('1: serves the console itself and clients with no Origin', async () => {
      const same = await call('calc_implied_probability', { americanOdds: -110 }, readToken, {
        origin: app.server.origin,
        'sec-fetch-site': 'same-origin',
      });
      expect(same.status).toBe(200);
      const none = await call('calc_implied_probability', { americanOdds: -110 });
      expect(none.status).toBe(200);
    });

    it('1 before 3: a foreign host without a token is 403, not 401', async () => {
      const res = await raw(app.server.port, { path: '/api/v1/tools/calc_ev', headers: { host: 'evil.example' } });
      expect(res.status).toBe(403);
    });

    it('3: a missing or malformed token is 401 invalid_token, naming the prefix and the Connect page; a malformed one says it is not a JEV token (before: the missing text)', async () => {
      const malformed = [
        'Bearer nope',
        // Another service's token, a JEV token mistyped or cut short, one with a space in it.
        'Bearer sk-proj-abc123',
        `Bearer ${readToken.slice(0, -1)}${readToken.endsWith('x') ? 'y' : 'x'}`,
        `Bearer ${readToken}x`,
        `Bearer ${readToken.slice(0, 20)}`,
        `bearer ${readToken.slice(0, 20)} ${readToken.slice(20)}`,
      ];
      for (const authorization of [undefined, 'Bearer', 'Bearer   ', 'Basic abc', readToken, ...malformed]) {
        const res = await raw(app.server.port, {
          path: '/api/v1/tools/calc_implied_probability',
          headers: authorization ? { authorization } : {},
          body: '{"americanOdds":-110}',
        });
        expect(res.status, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="jev", error="invalid_token"');
        const { error } = res.json();
        expect(error).toEqual({
          code: 'invalid_token',
          message: malformed.includes(authorization as string) ? MALFORMED_TOKEN_MESSAGE : MISSING_TOKEN_MESSAGE,
          issues: [],
        });
        expect(error.message).toContain('Authorization: Bearer jev_...');
        expect(error.message).toContain('Connect page');
      }
      expect(MALFORMED_TOKEN_MESSAGE).toMatch(/^The Bearer token in the Authorization header is not a JEV access token/);
    });

    it('3 before 4: a malformed token with a broken body is 401', async () => {
      const res = await call('calc_ev', '{broken', 'jev_nope');
      expect(res.status).toBe(401);
    });

    it('4 before 5: a well-shaped unknown token with a broken body is 400; with a good body it is 401', async () => {
      const unknown = mintToken();
      const broken = await call('calc_ev', '{broken', unknown);
      expect(broken.status).toBe(400);
      expect(broken.json().error.code).toBe('invalid_input');
      const good = await call('calc_implied_probability', { americanOdds: -110 }, unknown);
      expect(good.status).toBe(401);
      expect(good.json().error.message).toMatch(/unknown, revoked or expired/);
    });

    it('4: Content-Type other than JSON is 415; none is read as JSON; an empty body means no arguments', async () => {
      const text = await call('calc_implied_probability', { americanOdds: -110 }, readToken, { 'content-type': 'text/plain' });
      expect(text.status).toBe(415);
      expect(text.json().error.code).toBe('unsupported_media_type');
      const charset = await call('calc_implied_probability', { americanOdds: -110 }, readToken, {
        'content-type': 'application/json; charset=utf-8',
      });
      expect(charset.status).toBe(200);
      const none = await raw(app.server.port, {
        path: '/api/v1/tools/calc_implied_probability',
        headers: { authorization: `Bearer ${readToken}` },
        body: '{"americanOdds":150}',
      });
      expect(none.status).toBe(200);
      expect(none.json().data.impliedProbability).toBeCloseTo(0.4, 12);
      const empty = await call('calc_implied_probability', '');
      expect(empty.status).toBe(400);
      expect(empty.json().error).toEqual({
        code: 'invalid_input',
        message: 'americanOdds: is required',
        issues: [{ path: 'americanOdds', message: 'is required' }],
      });
    });

    it('4: invalid JSON and non-object bodies are 400 invalid_input', async () => {
      for (const body of ['{"americanOdds":', '[1,2]', 'null', '"text"', '42']) {
        const res = await call('calc_implied_probability', body);
        expect(res.status, body).toBe(400);
        expect(res.json().error.code).toBe('invalid_input');
      }
    });

    it('4: a body over 256 KB is 413, whatever Content-Length claims', async () => {
      const big = JSON.stringify({ americanOdds: -110, pad: 'x'.repeat(300 * 1024) });
      const honest = await call('calc_implied_probability', big);
      expect(honest.status).toBe(413);
      expect(honest.json().error.code).toBe('payload_too_large');
      // Chunked: no Content-Length at all, so only counting bytes catches it.
      const chunks = Array.from({ length: 30 }, () => Buffer.alloc(10 * 1024, 'x'));
      const chunked = await raw(app.server.port, {
        path: '/api/v1/tools/calc_implied_probability',
        headers: { authorization: `Bearer ${readToken}`, 'transfer-encoding': 'chunked' },
        body: chunks,
      });
      expect(chunked.status).toBe(413);
      // Exactly at the limit is read (and then refused for its unknown argument, not its size).
      const prefix = '{"americanOdds":-110,"pad":"';
      const atLimit = prefix + 'x'.repeat(256 * 1024 - prefix.length - 2) + '"}';
      const ok = await call('calc_implied_probability', atLimit);
      expect(ok.status).toBe(400);
      expect(ok.json().error.issues).toEqual([{ path: 'pad', message: 'is not an argument of this tool' }]);
    });

    it('5: unknown, revoked and expired tokens are 401 invalid_token', async () => {
      for (const token of [mintToken(), revokedToken, expiredToken]) {
        const res = await call('calc_implied_probability', { americanOdds: -110 }, token);
        expect(res.status).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="jev", error="invalid_token"');
        expect(res.json().error).toEqual({
          code: 'invalid_token',
          message: expect.stringContaining('Connect page'),
          issues: [],
        });
      }
    });

    it('5 before 6: an unknown tool with a dead token is 401; with a live token it is 404 unknown_tool', async () => {
      expect((await call('no_such_tool', {}, revokedToken)).status).toBe(401);
      const res = await call('no_such_tool', {});
      expect(res.status).toBe(404);
      expect(res.json().error.code).toBe('unknown_tool');
    });

    it('9: arguments are checked against the schema, naming the argument', async () => {
      const cases: [string, unknown, string][] = [
        ['calc_implied_probability', { americanOdds: 50 }, 'americanOdds: American odds must be +100 or more, or -100 or less'],
        ['calc_implied_probability', { americanOdds: -99 }, 'americanOdds: American odds must be +100 or more, or -100 or less'],
        ['calc_implied_probability', { americanOdds: '150' }, 'americanOdds: must be a whole number (American odds such as -110 or +150)'],
        ['calc_implied_probability', { americanOdds: 150.5 }, 'americanOdds: must be a whole number (American odds such as -110 or +150)'],
        ['calc_implied_probability', { americanOdds: -100001 }, 'americanOdds: must be -100000 or more'],
        ['calc_implied_probability', { americanOdds: 150, extra: 1 }, 'extra: is not an argument of this tool'],
        ['calc_ev', { probability: 1, americanOdds: 150 }, 'probability: must be less than 1 (a fraction, not a percentage)'],
        ['calc_ev', { probability: 55, americanOdds: 150 }, 'probability: must be less than 1 (a fraction, not a percentage)'],
        ['calc_ev', { probability: 0, americanOdds: 150 }, 'probability: must be greater than 0 (a fraction, not a percentage)'],
        [
          'calc_ev',
          { probability: 'x', americanOdds: 150 },
          'probability: must be a number: a probability as a fraction strictly between 0 and 1',
        ],
        ['calc_no_vig_odds', { prices: [-110] }, 'prices: must hold at least 2 prices (every outcome of one market)'],
        ['calc_no_vig_odds', { prices: Array(21).fill(-110) }, 'prices: must hold at most 20 prices'],
        ['calc_no_vig_odds', { prices: [-110, 90] }, 'prices.1: American odds must be +100 or more, or -100 or less'],
        [
          'calc_no_vig_odds',
          { prices: [-110, -110], method: 'logit' },
          "method: must be 'multiplicative', 'additive', 'power', 'shin', 'odds_ratio', 'probit', 'goto', 'balanced_books', 'jensen_shannon' or 'blend'",
        ],
        ['calc_parlay', { legs: [{ americanOdds: 150 }] }, 'legs: must hold at least 2 legs'],
        [
          'calc_parlay',
          { legs: [{ americanOdds: 150 }, { americanOdds: 150, probability: 2 }] },
          'legs.1.probability: must be less than 1 (a fraction, not a percentage)',
        ],
        [
          'calc_parlay',
          { legs: Array(4).fill({ americanOdds: 1_000_000 }) },
          'legs: combine to decimal odds of 1.00040e+16, past +9,007,199,254,740,991 (decimal 9.007e+13), the longest American ' +
            'price a whole number states exactly: no book takes such a parlay. Price fewer or shorter legs.',
        ],
        ['calc_kelly_stake', { probability: 0.5, americanOdds: 150, kellyFraction: 2 }, 'kellyFraction: must be at most 1 (full Kelly)'],
      ];
      for (const [tool, args, message] of cases) {
        const res = await call(tool, args);
        expect(res.status, `${tool} ${JSON.stringify(args)}`).toBe(400);
        const { error } = res.json();
        expect(error.code).toBe('invalid_input');
        expect(error.message).toBe(message);
        expect(error.issues[0]).toEqual({ path: message.split(': ')[0], message: message.slice(message.indexOf(': ') + 2) });
      }
    });
  });

  describe('calculators', () => {
    it('calc_implied_probability', async () => {
      const res = await call('calc_implied_probability', { americanOdds: -110 });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      // Decimal odds and probabilities to 6 places: 210 / 110 and 110 / 210 as an agent quotes them.
      expect(res.json()).toEqual({ data: { americanOdds: -110, decimalOdds: 1.909091, impliedProbability: 0.52381 } });
    });

    it('calc_no_vig_odds: multiplicative by default, power on request, fair probabilities summing to exactly 1', async () => {
      const multiplicative = (await call('calc_no_vig_odds', { prices: [-150, 130] })).json().data;
      expect(multiplicative.method).toBe('multiplicative');
      expect(multiplicative.overround).toBeCloseTo(0.6 + 100 / 230 - 1, 12);
      expect(multiplicative.outcomes.map((o: any) => o.americanOdds)).toEqual([-150, 130]);
      expect(multiplicative.outcomes[0].fairProbability + multiplicative.outcomes[1].fairProbability).toBe(1);
      expect(multiplicative.outcomes[0].fairProbability).toBeCloseTo(0.6 / (0.6 + 100 / 230), 12);
      expect(Number.isInteger(multiplicative.outcomes[0].fairAmericanOdds)).toBe(true);
      expect(multiplicative.outcomes[0].fairDecimalOdds).toBeCloseTo(1 / multiplicative.outcomes[0].fairProbability, 12);
      const power = (await call('calc_no_vig_odds', { prices: [-150, 130], method: 'power' })).json().data;
      expect(power.method).toBe('power');
      expect(power.outcomes[0].fairProbability).toBeGreaterThan(multiplicative.outcomes[0].fairProbability);
      const soccer = (await call('calc_no_vig_odds', { prices: [120, 240, 230] })).json().data;
      expect(soccer.outcomes.reduce((sum: number, o: any) => sum + o.fairProbability, 0)).toBe(1);
    });

    it('calc_ev: default stake 100', async () => {
      const { data } = (await call('calc_ev', { probability: 0.55, americanOdds: 100 })).json();
      expect(data).toMatchObject({ probability: 0.55, americanOdds: 100, decimalOdds: 2, impliedProbability: 0.5, stake: 100 });
      // Rounded, not float noise: 0.55 − 0.5 and 0.55 × 2 − 1 are 0.050000000000000044 and 0.10000000000000009 in doubles.
      expect(data).toMatchObject({ edge: 0.05, expectedValue: 10, expectedValuePercent: 0.1 });
      const staked = (await call('calc_ev', { probability: 0.4, americanOdds: -110, stake: 50 })).json().data;
      // Money on the stake to 4 places (50 × −0.2363636…), the fraction to 6.
      expect(staked).toMatchObject({ stake: 50, expectedValue: -11.8182, expectedValuePercent: -0.236364 });
    });

    it('calc_parlay: combined price, null probability unless every leg has one, same-game warnings', async () => {
      const priced = (await call('calc_parlay', { legs: [{ americanOdds: 100 }, { americanOdds: 100 }] })).json().data;
      expect(priced).toEqual({
        legs: 2,
        decimalOdds: 4,
        americanOdds: 300,
        impliedProbability: 0.25,
        combinedProbability: null,
        expectedValuePercent: null,
        combinedProbabilityReliable: null,
        correlationWarnings: [],
      });
      const sameGame = (
        await call('calc_parlay', {
          legs: [
            { americanOdds: -110, probability: 0.55, gameId: 'g1' },
            { americanOdds: 150, probability: 0.45, gameId: 'g1' },
            { americanOdds: 200, probability: 0.4, gameId: 'g2' },
          ],
        })
      ).json().data;
      expect(sameGame.combinedProbability).toBeCloseTo(0.55 * 0.45 * 0.4, 12);
      expect(sameGame.correlationWarnings).toHaveLength(1);
      expect(sameGame.correlationWarnings[0].message).toMatch(/correlated/);
      expect(sameGame.correlationWarnings[0].message).toMatch(/no stake/);
    });

    it('calc_kelly_stake: 404 with no bankroll, explicit bankroll works, stored bankroll adds limits', async () => {
      const missing = await call('calc_kelly_stake', { probability: 0.55, americanOdds: 100 });
      expect(missing.status).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
      expect(missing.json().error.message).toMatch(/set one up/);

      const explicit = (await call('calc_kelly_stake', { probability: 0.55, americanOdds: 100, bankroll: 1000 })).json().data;
      expect(explicit.fullKellyFraction).toBe(0.1);
      expect(explicit.kellyFraction).toBe(0.25);
      expect(explicit.stake).toBe(25);
      expect(explicit.limits).toBeUndefined();

      const stored = (await call('calc_kelly_stake', { probability: 0.55, americanOdds: 100 }, bankrollToken)).json().data;
      expect(stored).toMatchObject({ bankroll: 1000, kellyFraction: 0.5, stake: 50, stakeUnits: 5 });
      expect(stored.limits).toEqual({ maxStake: 30, dailyLossRoom: 100, weeklyLossRoom: 250 });
      expect(stored.cappedStake).toBe(30);
      expect(stored.cappedStakeUnits).toBe(3);

      const noEdge = (await call('calc_kelly_stake', { probability: 0.4, americanOdds: 100 }, bankrollToken)).json().data;
      expect(noEdge.stake).toBe(0);
      expect(noEdge.cappedStake).toBe(0);
      expect(noEdge.cappedStakeUnits).toBe(0);
      expect(noEdge.reason).toMatch(/No positive edge/);
    });
  });

  it('sends no CORS headers, not even on OPTIONS', async () => {
    for (const method of ['OPTIONS', 'POST']) {
      const res = await raw(app.server.port, {
        method,
        path: '/api/v1/tools/calc_ev',
        headers: { origin: app.server.origin, 'access-control-request-method': 'POST', authorization: `Bearer ${readToken}` },
        body: method === 'POST' ? '{"probability":0.5,"americanOdds":100}' : undefined,
      });
      expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('a write token may call read tools', async () => {
    expect((await call('calc_implied_probability', { americanOdds: 200 }, writeToken)).status).toBe(200);
  });
});
