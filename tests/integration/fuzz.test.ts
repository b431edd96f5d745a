import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@/lib/errors';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame, addPrices } from '../helpers/games';
import { raw, type RawResponse } from '../helpers/http';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from '../helpers/server';
import { modern } from './mcp/support';

// Issue 14: a property-based run that derives arguments from every tool's published JSON Schema
// (GET /api/v1/tools), valid and invalid (NUL, lone surrogates, 50,000-character texts, numbers at and past
// every bound, wrong types, unknown and missing arguments), and sends each to REST and to MCP tools/call over
// real HTTP, on SQLite and on PostgreSQL. Every answer is `{data}` or the contract's error object with a
// code from its table, and never 500 `internal`. Bounded by count (FUZZ_RUNS per tool, default 32: about
// 2,560 calls in all), not by time, so it holds on a loaded machine.

const RUNS_PER_TOOL = Number(process.env.FUZZ_RUNS ?? 32);

/** docs/contract.md "Errors": code → status, without `internal`: no input may cause it. */
const { internal: _internal, ...contractStatus } = ERROR_STATUS;
const STATUS: Record<string, number> = contractStatus;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

const LONG_TEXT = 'Chiefs injury report. '.repeat(2_300).slice(0, 50_000);
const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\ud83c',
  'e\u0301\u200b\u202e',
  '\ud83c\udfc8',
  LONG_TEXT,
  `${LONG_TEXT}x`,
  '\'; DROP TABLE "Bet"; --',
  '../../etc/passwd',
  '%00',
  '__proto__',
  'null',
];
/** Strings that mean something to the tools, so some calls get past the schema. */
const PLAUSIBLE = [
  'nfl-fuzz-next',
  'nfl-fuzz-final',
  'KC',
  'NYG',
  'DAL',
  'Kansas City Chiefs',
  'draftkings',
  'h2h',
  'spreads',
  'totals',
  'over',
  'yes',
  'NYG Team',
  'Pat Mahomes',
];
const JUNK = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(1e308, -1e308, 0, -1, 0.5, 2 ** 53, 5e-324),
);

function numbersAround(schema: Schema): number[] {
  const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
    (bound): bound is number => typeof bound === 'number',
  );
  return [
    ...bounds.flatMap((bound) => [bound, bound - 1, bound + 1, bound - 0.001, bound + 0.001]),
    0,
    -0,
    -1,
    1,
    0.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    5e-324,
  ];
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
const dates = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true });

function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(valueOf));
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: JUNK });
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: JUNK });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const valid = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : schema.format === 'date'
          ? dates.map(isoDay)
          : schema.format === 'date-time'
            ? dates.map((date) => date.toISOString())
            : schema.format === 'uri'
              ? fc.oneof(fc.webUrl(), fc.constantFrom('https://www.espn.com/nfl/story/_/id/1', 'https://x.com/a', 'javascript:alert(1)'))
              : fc.oneof(
                  fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
                  fc.constantFrom(...PLAUSIBLE),
                );
      return fc.oneof(
        { weight: 4, arbitrary: valid },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
        { weight: 1, arbitrary: JUNK },
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      const valid =
        type === 'integer'
          ? fc.integer({ min: Math.max(Math.ceil(min), -1e9), max: Math.min(Math.floor(max), 1e9) })
          : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true, noDefaultInfinity: true });
      return fc.oneof(
        { weight: 4, arbitrary: valid },
        { weight: 2, arbitrary: fc.constantFrom(...numbersAround(schema)) },
        { weight: 1, arbitrary: JUNK },
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), JUNK);
    case 'array': {
      const items = schema.items ? valueOf(schema.items) : JUNK;
      const maxLength = Math.min((schema.maxItems ?? 4) + 1, 22);
      return fc.oneof({ weight: 4, arbitrary: fc.array(items, { minLength: 0, maxLength }) }, { weight: 1, arbitrary: JUNK });
    }
    case 'object':
      return argumentsOf(schema);
    default:
      return JUNK;
  }
}

/** An arguments object: required ones usually present, optional ones sometimes, now and then an unknown one. */
function argumentsOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) =>
    fc
      .tuple(fc.integer({ min: 0, max: 9 }), valueOf(property))
      .map(([dice, value]): [string, unknown] | undefined => ((required.has(name) ? dice < 9 : dice < 5) ? [name, value] : undefined)),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.option(fc.tuple(fc.constantFrom('unknownArgument', 'x\u0000', '__proto__'), JUNK), { freq: 8 }))
    .map(([chosen, extra]) => {
      const args: Record<string, unknown> = {};
      for (const entry of chosen) if (entry) args[entry[0]] = entry[1];
      if (extra) Object.defineProperty(args, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
      return args;
    });
}

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

describe.each(PROVIDERS)('fuzzing every tool from its published schema on %s', (provider) => {
  let database: TestDatabase;
  let server: RunningServer;
  let token: string;
  let calls = 0;

  beforeAll(async () => {
    database = await testDatabase(provider);
    const userId = await database.user('fuzz@example.com', {
      balance: 1000,
      unit: 10,
      maxStake: 100,
      dailyLossLimit: 200,
      weeklyLossLimit: 500,
      referenceBook: 'draftkings',
    });
    token = (await database.token(userId, 'write')).token;
    const now = Date.now();
    await addGame(database.db, { id: 'nfl-fuzz-next', home: 'NYG', away: 'DAL', startsAt: new Date(now + 86_400_000) });
    await addGame(database.db, {
      id: 'nfl-fuzz-final',
      home: 'KC',
      away: 'BUF',
      startsAt: new Date(now - 86_400_000),
      status: 'final',
      homeScore: 27,
      awayScore: 24,
    });
    await addPrices(
      database.db,
      'nfl-fuzz-next',
      'h2h',
      [
        { book: 'draftkings', outcome: 'NYG', americanOdds: -150 },
        { book: 'draftkings', outcome: 'DAL', americanOdds: 130 },
        { book: 'fanduel', outcome: 'NYG', americanOdds: -145 },
        { book: 'fanduel', outcome: 'DAL', americanOdds: 125 },
      ],
      new Date(now - 3_600_000),
    );
    // No provider or model is reachable: props come from what is stored, jev_classify answers 503.
    server = await startServer({ DATABASE_URL: database.url, ...GENEROUS_BUDGETS, ODDS_API_KEY: '', CLASSIFIER_API_KEY: '' });
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  // One connection per call (`connection: close`): a kept-alive socket the server closes as it is reused
  // would fail a call for a reason that has nothing to do with its arguments.
  const rest = (tool: string, args: unknown) =>
    raw(server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(args),
    });
  const mcp = (tool: string, args: unknown) =>
    modern(server.port, token, 'tools/call', { name: tool, arguments: args }, { clientName: 'fuzz', headers: { connection: 'close' } });

  it('answers every generated call with {data} or a contract error, never 500, over REST and MCP', { timeout: 900_000 }, async () => {
    const catalogue = await raw(server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${token}` } });
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
});
