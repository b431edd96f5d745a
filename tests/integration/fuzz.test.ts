import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { createUser } from '@/lib/account/users';
import { ERROR_STATUS } from '@/lib/errors';
import { cookieHeader, postForm, signIn, type Cookies } from '../helpers/console-http';
import { CURSOR_TEST_SECRET, editedCursor, FORGED_TIMES, OTHER_CURSORS, payloadOf, signedCursor } from '../helpers/cursors';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, addPricedGame } from '../helpers/games';
import { argumentsOf, JUNK, NASTY_STRINGS, type Schema } from '../helpers/fuzz-values';
import { htmlForms, type HtmlForm } from '../helpers/html-forms';
import { raw, type RawResponse } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// A property-based run that derives arguments from every tool's published JSON Schema
// (GET /api/v1/tools), valid and invalid (NUL, lone surrogates, 50,000-character texts, numbers at and past
// every bound, wrong types, unknown and missing arguments), and sends each to REST and to MCP tools/call over
// real HTTP, on SQLite and on PostgreSQL. Every answer is `{data}` or the contract's error object with a
// code from its table, and never 500 `internal`. The same for the console's forms (each server action's
// form as a browser without JavaScript submits it, fields and hidden fields alike) and the OAuth endpoints
// (registration, token, revocation, the authorization page): never a 5xx. Bounded by count (FUZZ_RUNS per tool,
// form and endpoint, default 32), not by time, so it holds on a loaded machine.

const RUNS_PER_TOOL = Number(process.env.FUZZ_RUNS ?? 32);

/** docs/contract.md "Errors": code → status, without `internal`: no input may cause it. */
const { internal: _internal, ...contractStatus } = ERROR_STATUS;
const STATUS: Record<string, number> = contractStatus;
const PASSWORD = 'correct horse battery';

/** What people type into forms, wrong or not: amounts in every notation, dates, nasty strings. */
const TYPED = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom('250', '12.50', '0', '-1', '0.004', '0x3E8', '0b11', '1e9', '10000000.01', 'Infinity', 'NaN', '1,000', 'Europe/London'),
);

/** Fields a form shows only once a choice is made: the Bets page's cash-out payout. */
const SHOWN_LATER: Record<string, string> = { result: 'payout' };

/** A submission of a server action's form: its fields filled in anyhow, and now and then a hidden field tampered with. */
function submissionOf(form: HtmlForm): fc.Arbitrary<[string, string][]> {
  const hidden = form.hidden.map(([name, value]) =>
    name.startsWith('$ACTION')
      ? fc.constant<[string, string]>([name, value])
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<[string, string]>([name, value]) },
          { weight: 1, arbitrary: TYPED.map((typed): [string, string] => [name, typed]) },
        ),
  );
  const shown = [
    ...form.inputs,
    ...[...form.inputs.keys()].flatMap((name) => (SHOWN_LATER[name] ? [[SHOWN_LATER[name], []] as const] : [])),
  ];
  const inputs = shown.map(([name, choices]) =>
    (choices.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...choices) }, { weight: 1, arbitrary: TYPED }) : TYPED).map(
      (value): [string, string] => [name, value],
    ),
  );
  return fc.tuple(...hidden, ...inputs);
}

/** OAuth parameters, plausible and not, any of them repeated or missing. */
const OAUTH_VALUES = fc.oneof(
  fc.constantFrom(
    'authorization_code',
    'refresh_token',
    'code',
    'S256',
    'read',
    'write',
    'jevc_none',
    'https://app.example/cb',
    'v'.repeat(43),
  ),
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
);
const oauthParameters = (keys: string[]) =>
  fc.array(fc.tuple(fc.constantFrom(...keys), OAUTH_VALUES), { maxLength: 9 }).map((pairs) => new URLSearchParams(pairs).toString());
const TOKEN_FORM = oauthParameters([
  'grant_type',
  'code',
  'redirect_uri',
  'code_verifier',
  'client_id',
  'refresh_token',
  'scope',
  'resource',
  'token',
  'client_secret',
  'x',
]);
const AUTHORIZE_QUERY = oauthParameters([
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'scope',
  'state',
  'x',
]);
const CLIENT_METADATA = fc.oneof(
  fc.record(
    {
      client_name: fc.oneof(fc.constantFrom(...NASTY_STRINGS), JUNK),
      redirect_uris: fc.oneof(fc.array(fc.oneof(fc.webUrl(), fc.constantFrom(...NASTY_STRINGS), JUNK), { maxLength: 12 }), JUNK),
      grant_types: fc.oneof(fc.constant(['authorization_code']), JUNK),
      token_endpoint_auth_method: fc.oneof(fc.constantFrom('none', 'client_secret_basic'), JUNK),
      logo_uri: fc.oneof(fc.webUrl(), JUNK),
    },
    { requiredKeys: [] },
  ),
  JUNK,
);

function checkRest(tool: string, args: unknown, res: RawResponse) {
  const where = `REST ${tool} ${JSON.stringify(args).slice(0, 300)} → ${res.status} ${res.body.slice(0, 300)}`;
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const body = res.json();
  if (res.status === 200) {
    expect(Object.keys(body), where).toEqual(['data']);
    return;
  }
  expect(Object.keys(body), where).toEqual(['error']);
  expect(STATUS[body.error.code], where).toBe(res.status);
  expect(typeof body.error.message, where).toBe('string');
  expect(Array.isArray(body.error.issues), where).toBe(true);
}

function checkMcp(tool: string, args: unknown, res: RawResponse) {
  const where = `MCP ${tool} ${JSON.stringify(args).slice(0, 300)} → ${res.status} ${res.body.slice(0, 300)}`;
  expect(res.status, where).toBe(200);
  expect(res.headers['cache-control'], where).toBe('no-store');
  const body = res.json();
  expect(body.error, where).toBeUndefined();
  const { result } = body;
  expect(result.content?.[0]?.type, where).toBe('text');
  if (result.isError) {
    const { error } = result.structuredContent;
    expect(STATUS[error.code], where).toBeDefined();
    expect(Array.isArray(error.issues), where).toBe(true);
  }
}

/**
 * Cursors made from a server's own `cursor`: itself, its payload with any field replaced by anything (the sort
 * key's times by ones no server issues) signed with the server's key, with another or not at all, and junk.
 * `genuine` is false for those only the server's key could have made (they may name a real position).
 */
function cursorsFrom(cursor: string): fc.Arbitrary<{ cursor: string; genuine: boolean | 'maybe' }> {
  const original = payloadOf(cursor);
  const [version, fingerprint, issued, key] = original;
  const part = fc.oneof(fc.constantFrom(...FORGED_TIMES), fc.jsonValue(), fc.constantFrom(...key));
  const payload = fc.tuple(
    fc.oneof(fc.constant(version), fc.jsonValue()),
    fc.oneof({ weight: 3, arbitrary: fc.constant(fingerprint) }, { weight: 1, arbitrary: fc.jsonValue() }),
    fc.oneof(fc.constant(issued), fc.integer(), fc.jsonValue()),
    fc.oneof(fc.array(part, { minLength: key.length, maxLength: key.length }), fc.jsonValue()),
  );
  return fc.oneof(
    fc.constant({ cursor, genuine: true }),
    payload.map((forged) => ({ cursor: signedCursor(forged), genuine: 'maybe' as const })),
    payload.map((forged) => ({ cursor: signedCursor(forged, OTHER_CURSORS), genuine: false })),
    payload.map((forged) => ({ cursor: editedCursor(cursor, forged), genuine: JSON.stringify(forged) === JSON.stringify(original) })),
    fc.oneof(fc.string({ maxLength: 400 }), fc.constantFrom(...NASTY_STRINGS)).map((junk) => ({ cursor: junk, genuine: false })),
  );
}

describe.each(PROVIDERS)('fuzzing every tool from its published schema on %s', (provider) => {
  let userId: string;
  let token: string;
  let calls = 0;
  const app = testApp(provider, {
    seed: async (database) => {
      userId = (await createUser(database.db, { email: 'fuzz@example.com', password: PASSWORD })).id;
      await saveBankroll(
        database.db,
        userId,
        {
          balance: 1000,
          unit: 10,
          maxStake: 100,
          dailyLossLimit: 200,
          weeklyLossLimit: 500,
          referenceBook: 'draftkings',
        },
        new Date(),
      );
      token = (await database.token(userId, 'write')).token;
      const now = Date.now();
      await addPricedGame(database.db, { now, id: 'nfl-fuzz-next', hoursAhead: 24, books: ['draftkings', 'fanduel'] });
      await addGame(database.db, {
        id: 'nfl-fuzz-final',
        home: 'KC',
        away: 'BUF',
        startsAt: new Date(now - 86_400_000),
        status: 'final',
        homeScore: 27,
        awayScore: 24,
      });
    },
    // No provider or model is reachable: props come from what is stored, jev_classify answers 503.
    // Cursors are signed as the cursor helpers sign (NEXTAUTH_SECRET).
    env: {
      RATE_LIMIT_OAUTH_PER_MINUTE: '100000',
      OAUTH_REGISTRATIONS_PER_HOUR: '100000',
      ODDS_API_KEY: '',
      CLASSIFIER_API_KEY: '',
      NEXTAUTH_SECRET: CURSOR_TEST_SECRET,
    },
  });

  // One connection per call (`connection: close`): a kept-alive socket the server closes as it is reused
  // would fail a call for a reason that has nothing to do with its arguments.
  const rest = (tool: string, args: unknown) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(args),
    });
  const mcp = (tool: string, args: unknown) =>
    modern(app.server.port, token, 'tools/call', { name: tool, arguments: args }, { clientName: 'fuzz', headers: { connection: 'close' } });

  it('answers every generated call with {data} or a contract error, never 500, over REST and MCP', { timeout: 900_000 }, async () => {
    const catalogue = await raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${token}` } });
    expect(catalogue.status).toBe(200);
    const tools = catalogue.json().tools as { name: string; inputSchema: Schema }[];
    expect(tools.length).toBeGreaterThanOrEqual(20);
    const started = Date.now();
    for (const { name, inputSchema } of tools) {
      await fc.assert(
        fc.asyncProperty(argumentsOf(inputSchema), async (args) => {
          const [viaRest, viaMcp] = await Promise.all([rest(name, args), mcp(name, args)]);
          calls += 2;
          checkRest(name, args, viaRest);
          checkMcp(name, args, viaMcp);
        }),
        { numRuns: RUNS_PER_TOOL, endOnFailure: true },
      );
    }
    // The account still answers after whatever the run logged and settled.
    for (const tool of ['get_bankroll', 'list_bets', 'list_recommendations']) expect((await rest(tool, {})).status, tool).toBe(200);
    console.info(`[fuzz] ${provider}: ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it(
    "reads a paged tool's own cursor and refuses every forgery of it with 400 naming cursor, never 500",
    { timeout: 900_000 },
    async () => {
      const at = (n: number) => new Date(Date.UTC(2026, 0, 10) - n * 3_600_000);
      for (let n = 0; n < 3; n += 1) {
        const common = { userId, sport: 'nfl', gameId: 'nfl-fuzz-final', market: 'h2h', selection: 'KC', americanOdds: -110 };
        await app.database.db.bet.create({ data: { ...common, stakeCents: 1000, placedAt: at(n) } });
        await app.database.db.recommendation.create({
          data: { ...common, probability: 0.55, reasoning: 'r', risks: 'r', createdAt: at(n) },
        });
      }
      await addGame(app.database.db, { id: 'nfl-fuzz-later', home: 'NYJ', away: 'MIA', startsAt: new Date(Date.now() + 2 * 86_400_000) });
      const firstPages: [string, Record<string, unknown>][] = [
        ['list_bets', { limit: 1 }],
        ['list_recommendations', { limit: 1 }],
        ['list_games', { sport: 'nfl', limit: 1 }],
      ];
      for (const [tool, args] of firstPages) {
        const first = await rest(tool, args);
        const cursor = first.json().data?.nextCursor as string | undefined;
        expect(cursor, `${tool}: ${first.body.slice(0, 300)}`).toEqual(expect.any(String));
        await fc.assert(
          fc.asyncProperty(cursorsFrom(cursor!), async ({ cursor: sent, genuine }) => {
            const call = { ...args, cursor: sent };
            const [viaRest, viaMcp] = await Promise.all([rest(tool, call), mcp(tool, call)]);
            checkRest(tool, call, viaRest);
            checkMcp(tool, call, viaMcp);
            const where = `${tool} ${sent} → ${viaRest.body.slice(0, 300)}`;
            if (genuine === true) expect(viaRest.status, where).toBe(200);
            if (genuine === false) expect(viaRest.status, where).toBe(400);
            if (viaRest.status === 400) expect(viaRest.json().error.issues[0].path, where).toBe('cursor');
          }),
          { numRuns: RUNS_PER_TOOL, endOnFailure: true },
        );
      }
    },
  );

  const get = (path: string, cookies: Cookies) =>
    raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies), connection: 'close' } });
  const expectNoServerError = (where: string, res: RawResponse) =>
    expect(res.status, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);

  it("answers every generated submission of the console's forms without a 5xx", { timeout: 900_000 }, async () => {
    const { cookies } = await signIn(app.server.port, 'fuzz@example.com', PASSWORD);
    expect(
      (await rest('log_bet', { sport: 'nfl', gameId: 'nfl-fuzz-next', market: 'h2h', selection: 'NYG', americanOdds: -150, stake: 10 }))
        .status,
    ).toBe(200);
    const registered = await raw(app.server.port, {
      path: '/api/oauth/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Fuzz', redirect_uris: ['https://app.example/cb'] }),
    });
    const authorize = `/oauth/authorize?${new URLSearchParams({
      client_id: registered.json().client_id,
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      code_challenge: 'A'.repeat(43),
      code_challenge_method: 'S256',
      resource: `${app.server.origin}/api/mcp`,
      scope: 'write',
    })}`;
    let submissions = 0;
    // /account last: its Delete account form never matches this user's email and password by chance, so the session lasts.
    for (const path of ['/connect', '/bankroll', '/bets', authorize, '/account']) {
      // Every server action's form but Sign out everywhere (nothing to fill in, and it would end this session).
      const forms = htmlForms((await get(path, cookies)).body).filter(
        (form) => form.hidden.some(([name]) => name.startsWith('$ACTION')) && form.defaults.some(([name]) => !name.startsWith('$ACTION')),
      );
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) {
        await fc.assert(
          fc.asyncProperty(submissionOf(form), async (fields) => {
            const res = await postForm(app.server, cookies, path, fields, { connection: 'close' });
            submissions += 1;
            expectNoServerError(`${path} ${JSON.stringify(fields).slice(0, 300)}`, res);
          }),
          { numRuns: RUNS_PER_TOOL, endOnFailure: true },
        );
      }
    }
    await fc.assert(
      fc.asyncProperty(TYPED, TYPED, async (email, password) => {
        expectNoServerError(`sign-in ${email}`, (await signIn(app.server.port, email, password)).res);
      }),
      { numRuns: RUNS_PER_TOOL, endOnFailure: true },
    );
    console.info(`[fuzz] ${provider}: ${submissions} console form submissions`);
  });

  it('answers every generated OAuth request without a 5xx, in JSON', { timeout: 900_000 }, async () => {
    const { cookies } = await signIn(app.server.port, 'fuzz@example.com', PASSWORD);
    const json = (where: string, res: RawResponse) => {
      expectNoServerError(where, res);
      expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    };
    const type = fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data');
    for (const path of ['/api/oauth/token', '/api/oauth/revoke']) {
      await fc.assert(
        fc.asyncProperty(TOKEN_FORM, type, async (body, contentType) => {
          json(
            `${path} ${body.slice(0, 200)}`,
            await raw(app.server.port, { path, headers: { 'content-type': contentType, connection: 'close' }, body }),
          );
        }),
        { numRuns: RUNS_PER_TOOL, endOnFailure: true },
      );
    }
    await fc.assert(
      fc.asyncProperty(CLIENT_METADATA, async (metadata) => {
        const body = JSON.stringify(metadata) ?? 'undefined';
        const res = await raw(app.server.port, {
          path: '/api/oauth/register',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body,
        });
        json(`register ${body.slice(0, 200)}`, res);
      }),
      { numRuns: RUNS_PER_TOOL, endOnFailure: true },
    );
    await fc.assert(
      fc.asyncProperty(AUTHORIZE_QUERY, async (query) => {
        const path = `/oauth/authorize?${query}`;
        expectNoServerError(path, await get(path, cookies));
      }),
      { numRuns: RUNS_PER_TOOL, endOnFailure: true },
    );
  });
});
