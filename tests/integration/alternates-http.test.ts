import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOddsApi } from '@/lib/data/providers/odds-api';
import { createEspn } from '@/lib/data/providers/espn';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import { parseConfig } from '@/lib/config';
import { leagueDay } from '@/lib/data/sports';
import { createRoot } from '@/lib/root';
import { AGE, withoutAges } from '../helpers/ages';
import { PROVIDERS } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { alternatesEvent, oddsEvent, QUOTA, startFakeProviders, type FakeProviders } from './data/fake-providers';
import { modern } from './mcp/support';

// get_game_odds with alternates over both front ends of the built server, on SQLite and PostgreSQL: a game ingested
// from the loopback Odds API, whose alternate lines the call fetches from it (once: the props TTL keeps them), priced
// by hand below from the prices in ./data/fake-providers.ts (alternatesEvent). Refusals are invalid_input.

const implied = (a: number) => (a > 0 ? 100 / (a + 100) : -a / (-a + 100));
const decimal = (a: number) => (a > 0 ? 1 + a / 100 : 1 + 100 / -a);
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
/** One book's multiplicative fair probability of the first of two prices. */
const fairOf = (first: number, second: number) => implied(first) / (implied(first) + implied(second));
/** A side of a line: its best price and book, and the fair probability and EV when there is one. */
const side = (outcome: string, point: number, americanOdds: number, book: string, fair?: number) => ({
  outcome,
  point,
  americanOdds,
  book,
  updatedAgo: AGE,
  ...(fair === undefined
    ? {}
    : { fairProbability: round(fair, 6), expectedValue: round(round(round(fair, 6) * decimal(americanOdds) - 1, 6), 4) }),
});

/** What the alternates answer holds, worked out by hand. */
function expectedLines() {
  const kc65 = (fairOf(150, -180) + fairOf(160, -190)) / 2; // draftkings and fanduel both quote KC -6.5 / BUF +6.5
  const kc15 = fairOf(-135, 115); // draftkings alone quotes both sides; fanduel's KC -1.5 -130 is the best price
  const over = (fairOf(-160, 135) + fairOf(-155, 130)) / 2;
  return [
    { market: 'alternate_spreads', consensusBooks: 0, outcomes: [side('KC', -9.5, 240, 'fanduel')] },
    {
      market: 'alternate_spreads',
      consensusBooks: 2,
      outcomes: [side('KC', -6.5, 160, 'fanduel', kc65), side('BUF', 6.5, -180, 'draftkings', 1 - kc65)],
    },
    {
      market: 'alternate_spreads',
      consensusBooks: 1,
      outcomes: [side('KC', -1.5, -130, 'fanduel', kc15), side('BUF', 1.5, 115, 'draftkings', 1 - kc15)],
    },
    {
      market: 'alternate_totals',
      consensusBooks: 2,
      outcomes: [side('over', 40.5, -155, 'fanduel', over), side('under', 40.5, 135, 'draftkings', 1 - over)],
    },
  ];
}

interface AlternatesAnswer {
  gameId: string;
  alternates: { market: string; consensusBooks: number; outcomes: Record<string, unknown>[] }[];
  alternatesNote?: string;
  priceNote?: string;
  note?: string;
}

let fake: FakeProviders;
const EVENT_PATH = '/v4/sports/americanfootball_nfl/events/ev1/odds';
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake?.close());

describe.each(PROVIDERS)('get_game_odds alternates over REST and MCP on %s', (provider) => {
  let token: string;
  let gameId: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const now = Date.now();
      const kickoff = new Date(now + 30 * 3_600_000);
      kickoff.setUTCMinutes(0, 0, 0);
      const updated = new Date(now - 60_000).toISOString();
      fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
        headers: QUOTA,
        body: [oddsEvent('ev1', kickoff.toISOString(), 'Kansas City Chiefs', 'Buffalo Bills', updated)],
      }));
      fake.routes.set(EVENT_PATH, (url) =>
        url.searchParams.get('markets') === 'alternate_spreads,alternate_totals'
          ? { headers: QUOTA, body: alternatesEvent('ev1', kickoff.toISOString(), updated) }
          : { status: 422, body: { message: 'markets not expected here' } },
      );
      const providers = {
        odds: createOddsApi({ apiKey: 'fake', baseUrl: fake.baseUrl, regions: 'us', timeoutMs: 2000 }),
        espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
        weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
        sample: undefined,
      };
      const { ingest } = createRoot({ config: parseConfig({}), db: database.db, providers });
      const ingested = await ingest({ sports: ['nfl'], only: 'odds', mode: 'manual', force: true, now: () => new Date(now) });
      expect(ingested.failures).toEqual([]);
      gameId = `nfl-${leagueDay('nfl', kickoff)}-buf-kc`;
      ({ token } = await database.token(await database.user('ana@example.com'), 'read'));
    },
    env: () => ({ ODDS_API_KEY: 'fake', ODDS_API_BASE_URL: fake.baseUrl }),
  });
  const rest = (args: Record<string, unknown>) =>
    raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const mcp = (args: Record<string, unknown>) => modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: args });

  let restAnswer: AlternatesAnswer;
  it('REST: the game’s alternate lines, fetched from the provider once, each side’s best price, fair probability and EV', async () => {
    const before = fake.count(EVENT_PATH);
    const res = await rest({ sport: 'nfl', gameId, alternates: true });
    expect(res.status, res.body).toBe(200);
    restAnswer = res.json().data as AlternatesAnswer;
    expect(fake.count(EVENT_PATH)).toBe(before + 1);
    expect(restAnswer.gameId).toBe(gameId);
    expect(withoutAges(restAnswer.alternates)).toEqual(expectedLines());
    expect(restAnswer.alternatesNote).toMatch(/^consensusBooks 0: no book quotes both sides at that line/);
    expect(restAnswer.priceNote).toBeUndefined();
    expect(restAnswer.note).toBeUndefined();
  });

  it('MCP: the same answer, inside the TTL without another fetch', async () => {
    const before = fake.count(EVENT_PATH);
    const res = await mcp({ sport: 'nfl', gameId, alternates: true });
    expect(res.status, res.body).toBe(200);
    const { result } = res.json();
    expect(result.isError).toBeUndefined();
    expect(withoutAges(result.structuredContent)).toEqual(withoutAges(restAnswer));
    expect(fake.count(EVENT_PATH)).toBe(before);
  });

  it('pages within limit, the cursor carrying on in line order', async () => {
    const first = (await rest({ sport: 'nfl', gameId, alternates: true, limit: 3 })).json().data;
    expect(first.alternates).toHaveLength(3);
    expect(first.remaining).toBe(1);
    const second = (await rest({ sport: 'nfl', gameId, alternates: true, limit: 3, cursor: first.nextCursor })).json().data;
    expect(withoutAges([...first.alternates, ...second.alternates])).toEqual(withoutAges(restAnswer.alternates));
    expect(second.nextCursor).toBeUndefined();
  });

  it.each([
    { extra: { alternates: true }, withGame: false, path: 'alternates', message: /needs gameId/ },
    { extra: { alternates: true, arbitrage: true }, withGame: true, path: 'arbitrage', message: /cannot be given with alternates: true/ },
    { extra: { alternates: true, middles: true }, withGame: true, path: 'middles', message: /cannot be given with alternates: true/ },
    {
      extra: { alternates: true, minExpectedValue: 0.02 },
      withGame: true,
      path: 'minExpectedValue',
      message: /cannot be given with alternates/,
    },
    { extra: { alternates: true, detail: 'full' }, withGame: true, path: 'detail', message: /cannot be given with alternates: true/ },
    { extra: { alternates: true, futures: true }, withGame: true, path: 'futures', message: /cannot be given with alternates: true/ },
    { extra: { alternates: 'yes' }, withGame: true, path: 'alternates', message: /must be true or false/ },
  ])('refuses $extra with invalid_input on $path, over REST and MCP', async ({ extra, withGame, path, message }) => {
    const args = { sport: 'nfl', ...(withGame ? { gameId } : {}), ...extra };
    const res = await rest(args);
    expect(res.status, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0].path).toBe(path);
    expect(error.issues[0].message).toMatch(message);
    const viaMcp = (await mcp(args)).json().result;
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.structuredContent.error.code).toBe('invalid_input');
    expect(viaMcp.structuredContent.error.issues[0].path).toBe(path);
  });
});
