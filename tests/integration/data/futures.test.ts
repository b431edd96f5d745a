import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFutures } from '@/lib/betting/futures';
import { replaceFutures, type FutureRecord } from '@/lib/data/futures';
import { catalogueTeams } from '@/lib/data/teams';
import { withoutAges } from '../../helpers/ages';
import { loadTodaysSample } from '../../helpers/clock';
import { PROVIDERS } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';
import { outrightEvent, QUOTA, startFakeProviders, type FakeProviders } from './fake-providers';

// get_game_odds with futures: true, through the built server over REST and MCP on both databases: a league's title
// market per team at the reference book with the no-vig consensus over the whole field (a book missing a team left
// out of it), the best price with its expected value, by fair probability, in pages; the sample's futures for each
// sample league; fairLine honoured; the arguments that choose games or another list refused with invalid_input; and,
// with a provider key, a league's futures fetched from the loopback Odds API on the first call and not again inside
// FUTURES_TTL_SECONDS.

const HOUR = 3_600_000;
// MLB is no sample league, so these are the only MLB futures: three books, betmgm without SEA.
const MLB: [string, Record<string, number>][] = [
  ['draftkings', { LAD: 150, NYY: 200, ATL: 300, SEA: 800 }],
  ['fanduel', { LAD: 140, NYY: 220, ATL: 280, SEA: 1000 }],
  ['betmgm', { LAD: 160, NYY: 190, ATL: 320 }],
];
const implied = (odds: number) => (odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100));

describe.each(PROVIDERS)('futures on %s', (provider) => {
  let token: string;
  const updatedAt = new Date(Date.now() - 2 * HOUR);
  const app = testApp(provider, {
    seed: async (database) => {
      await loadTodaysSample(database.db);
      const rows: FutureRecord[] = MLB.flatMap(([book, prices]) =>
        Object.entries(prices).map(([outcome, americanOdds]) => ({
          sport: 'mlb',
          market: 'champion',
          book,
          outcome,
          americanOdds,
          updatedAt,
        })),
      );
      await replaceFutures(database.db, rows, 'live');
      token = (await database.token(await database.user('fran@example.com'), 'read')).token;
    },
  });

  const rest = async (args: Record<string, unknown>) => {
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: res.json() };
  };
  const data = async (args: Record<string, unknown>) => {
    const { status, body } = await rest(args);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    return body.data;
  };
  const mcp = async (args: Record<string, unknown>) =>
    (await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: args })).json().result;

  it('answers each team of the field with the hand-computed consensus, the best price and its expected value, over REST and MCP', async () => {
    const answer = await data({ sport: 'mlb', futures: true, book: 'draftkings' });
    expect(answer).toMatchObject({ sport: 'mlb', referenceBook: 'draftkings' });
    expect(answer).not.toHaveProperty('priceNote');
    expect(answer.futures).toHaveLength(1);
    const [market] = answer.futures;
    // betmgm leaves SEA off: it leaves the consensus, which is draftkings' and fanduel's.
    expect(market).toMatchObject({ market: 'champion', consensusBooks: 2, books: 3, field: 4, updatedAgo: '2 hours ago' });
    const fairOf = (book: string, team: string) => {
      const prices = MLB.find(([name]) => name === book)![1];
      return implied(prices[team]!) / Object.values(prices).reduce((sum, price) => sum + implied(price), 0);
    };
    const fair = (team: string) => (fairOf('draftkings', team) + fairOf('fanduel', team)) / 2;
    expect(market.teams.map((t: any) => t.team)).toEqual(['LAD', 'NYY', 'ATL', 'SEA']);
    const lad = market.teams[0];
    expect(lad.fairProbability).toBeCloseTo(fair('LAD'), 6);
    expect(lad.americanOdds).toBe(150);
    expect(lad.fairAmericanOdds).toBe(Math.round((100 * (1 - fair('LAD'))) / fair('LAD')));
    expect(lad.best).toMatchObject({ book: 'betmgm', americanOdds: 160, updatedAgo: '2 hours ago' });
    expect(lad.best.expectedValue).toBeCloseTo(fair('LAD') * 2.6 - 1, 4);
    expect(market.teams[3].best).toMatchObject({ book: 'fanduel', americanOdds: 1000 });
    expect(market.teams.reduce((sum: number, t: any) => sum + t.fairProbability, 0)).toBeCloseTo(1, 5);
    expect(answer.futuresNote).toContain('a book missing teams is left out');
    expect(answer.futuresNote).toContain('a team outside the field has no fair price');

    const over = await mcp({ sport: 'mlb', futures: true, book: 'draftkings' });
    expect(over.isError).toBeUndefined();
    expect(withoutAges(over.structuredContent)).toEqual(withoutAges(answer));
  });

  it('honours fairLine: sharp+power over the same field, named in the answer', async () => {
    const answer = await data({ sport: 'mlb', futures: true, book: 'draftkings', fairLine: 'power' });
    expect(answer.fairLine).toBe('power');
    const rows = MLB.flatMap(([book, prices]) =>
      Object.entries(prices).map(([outcome, americanOdds]) => ({ book, outcome, americanOdds, updatedAt })),
    );
    const expected = priceFutures(rows, 'draftkings', { method: 'power', sharp: false });
    expect(answer.futures[0].teams.map((t: any) => t.fairProbability)).toEqual(expected.outcomes.map((o) => o.fairProbability));
    const plain = await data({ sport: 'mlb', futures: true, book: 'draftkings' });
    expect(plain.futures[0].teams[0].fairProbability).not.toBe(answer.futures[0].teams[0].fairProbability);
  });

  it("answers each sample league's title market: every team, by fair probability, the sample note, pages that add up", async () => {
    for (const sport of ['nfl', 'nba', 'epl']) {
      const answer = await data({ sport, futures: true });
      const [market] = answer.futures;
      const teams = catalogueTeams(sport as 'nfl').length;
      expect(market).toMatchObject({ market: 'champion', field: teams, books: 10, consensusBooks: 9 });
      expect(market.teams).toHaveLength(teams);
      const fairs = market.teams.map((t: any) => t.fairProbability);
      expect(fairs).toEqual([...fairs].sort((a, b) => b - a));
      expect(market.teams[0].americanOdds).toBeGreaterThanOrEqual(200);
      expect(market.teams[0].americanOdds).toBeLessThanOrEqual(600);
      expect(answer.priceNote).toContain('Sample data');
      expect(answer).not.toHaveProperty('nextCursor');
    }
    const first = await data({ sport: 'nfl', futures: true, limit: 20 });
    expect(first.futures[0].teams).toHaveLength(20);
    expect(first.remaining).toBe(12);
    const second = await data({ sport: 'nfl', futures: true, limit: 20, cursor: first.nextCursor });
    const whole = await data({ sport: 'nfl', futures: true });
    expect(withoutAges([...first.futures[0].teams, ...second.futures[0].teams])).toEqual(withoutAges(whole.futures[0].teams));
  });

  it('a league without futures says so; futures: false answers as if it were not given', async () => {
    const none = await data({ sport: 'nhl', futures: true });
    expect(none.futures).toEqual([]);
    expect(none.priceNote).toBe('No NHL futures are stored.');
    const without = await data({ sport: 'nba', limit: 2 });
    const withFalse = await data({ sport: 'nba', limit: 2, futures: false });
    // The cursor is tied to the arguments given; the rest is the same answer.
    const { nextCursor: a, ...rest } = without;
    const { nextCursor: b, ...restFalse } = withFalse;
    expect(typeof a).toBe('string');
    expect(typeof b).toBe('string');
    expect(withoutAges(restFalse)).toEqual(withoutAges(rest));
  });

  it.each([
    ['gameId', 'nfl-20990101-buf-kc'],
    ['team', 'KC'],
    ['date', '2099-01-01'],
    ['markets', ['h2h']],
    ['minExpectedValue', 0.02],
    ['arbitrage', true],
    ['middles', true],
    ['history', true],
    ['detail', 'full'],
  ])('refuses futures with %s as invalid_input, over REST and MCP', async (name, value) => {
    const { status, body } = await rest({ sport: 'nfl', futures: true, [name]: value });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.issues[0].path).toBe(name);
    expect(body.error.message).toContain('cannot be given with futures: true');
    const over = await mcp({ sport: 'nfl', futures: true, [name]: value });
    expect(over.isError).toBe(true);
    expect(over.structuredContent.error).toMatchObject({ code: 'invalid_input', issues: [{ path: name }] });
  });
});

describe.each(PROVIDERS)('futures from the loopback Odds API on %s', (provider) => {
  let fake: FakeProviders;
  let token: string;
  const path = '/v4/sports/basketball_nba_championship_winner/odds';
  /** NHL's title market, which the provider does not answer in these tests (PROVIDER_TIMEOUT_SECONDS: 3; answers are not reused). */
  const silent = '/v4/sports/icehockey_nhl_championship_winner/odds';
  const prices = { 'Boston Celtics': 250, 'Denver Nuggets': 150, 'Oklahoma City Thunder': 120 };
  beforeAll(async () => {
    fake = await startFakeProviders();
    fake.routes.set(path, () => ({
      headers: QUOTA,
      // Ten and a half minutes old: '10 minutes ago' however long the fetch takes on a loaded machine (up to 30 s).
      body: [outrightEvent('basketball_nba_championship_winner', new Date(Date.now() - 10.5 * 60_000).toISOString(), prices)],
    }));
  });
  afterAll(() => fake?.close());
  const app = testApp(provider, {
    seed: async (database) => {
      token = (await database.token(await database.user('gil@example.com'), 'read')).token;
      const stored = { TOR: 400, EDM: 300, FLA: 350 };
      const updatedAt = new Date(Date.now() - 2 * HOUR);
      const rows = Object.entries(stored).map(([outcome, americanOdds]) => ({
        sport: 'nhl',
        market: 'champion',
        book: 'draftkings',
        outcome,
        americanOdds,
        updatedAt,
      }));
      await replaceFutures(database.db, rows, 'live');
    },
    env: () => ({
      ODDS_API_KEY: 'fake',
      ODDS_API_BASE_URL: fake.baseUrl,
      ODDS_API_REGIONS: 'us,uk',
      PROVIDER_TIMEOUT_SECONDS: '3',
      ODDS_CACHE_SECONDS: '0',
    }),
  });
  const futures = async (sport: string) => {
    const started = Date.now();
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sport, futures: true, book: 'draftkings' }),
    });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    return { answer: res.json().data, ms: Date.now() - started };
  };

  it('fetches the league on the first call and answers from it, net of the exchange fee; the next call inside the TTL fetches nothing', async () => {
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sport: 'nba', futures: true, book: 'draftkings' }),
    });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    const answer = res.json().data;
    expect(fake.count(path)).toBe(1);
    expect(answer).not.toHaveProperty('note');
    const [market] = answer.futures;
    // draftkings and Betfair's back prices price the field; bovada's board with "The Field" was never stored.
    expect(market).toMatchObject({ market: 'champion', consensusBooks: 2, books: 2, field: 3, updatedAgo: '10 minutes ago' });
    // Betfair's +270 on Boston nets 1 + 2.7 × 0.95 = 3.565 (+256.5), beating draftkings' +250.
    const boston = market.teams.find((t: any) => t.team === 'BOS');
    expect(boston.best).toMatchObject({ book: 'betfair_ex_uk', americanOdds: 257, beforeCommission: 270 });
    const net = (american: number, fee = 0) => 1 + (american / 100) * (1 - fee);
    const fairAt = (quotes: number[], fee: number) => {
      const implied = quotes.map((q) => 1 / net(q, fee));
      return implied[0]! / implied.reduce((a, b) => a + b, 0);
    };
    const fair = (fairAt([250, 150, 120], 0) + fairAt([270, 170, 140], 0.05)) / 2;
    expect(boston.fairProbability).toBeCloseTo(fair, 6);
    expect(boston.best.expectedValue).toBeCloseTo(fair * net(270, 0.05) - 1, 4);
    expect(market.teams.map((t: any) => t.team)).toEqual(['OKC', 'DEN', 'BOS']);

    const over = (
      await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: { sport: 'nba', futures: true } })
    ).json().result;
    expect(over.isError).toBeUndefined();
    expect(over.structuredContent.futures[0].field).toBe(3);
    expect(fake.count(path)).toBe(1);
  });

  it('a provider that does not answer: the call waits its timeout once; the next, inside the back-off, answers at once from what is stored', async () => {
    fake.routes.set(silent, () => 'hang');
    const first = await futures('nhl');
    expect(fake.count(silent)).toBe(1);
    expect(first.ms).toBeGreaterThanOrEqual(3_000);
    expect(first.answer.note).toBe(
      'Futures could not be refreshed from the provider (The Odds API: no answer within 3 s); these are the stored futures, as old as their updatedAgo says.',
    );
    expect(first.answer.futures[0]).toMatchObject({ market: 'champion', field: 3, updatedAgo: '2 hours ago' });

    const second = await futures('nhl');
    expect(fake.count(silent)).toBe(1);
    expect(second.ms).toBeLessThan(3_000);
    expect(second.answer.note).toMatch(
      /^The odds provider failed recently; next try in about (2\d|30) s; these are the stored futures, as old as their updatedAgo says\.$/,
    );
    expect(withoutAges(second.answer.futures)).toEqual(withoutAges(first.answer.futures));
  });
});
