import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ingest, type IngestOptions } from '@/lib/data/ingest';
import { freshProps } from '@/lib/data/props';
import { providers } from '@/lib/data/providers';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { espnInjuries, oddsEvent, openMeteoForecast, propsEvent, QUOTA, startFakeProviders, type FakeProviders } from './fake-providers';

// Ingestion from loopback providers into SQLite and PostgreSQL: idempotent, quota-aware, and a failed or
// malformed fetch keeps what was stored.

const HOUR = 3_600_000;
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
  // Read once by config() on first use, so set before anything asks for it.
  Object.assign(process.env, {
    ODDS_API_KEY: 'fake-key',
    ODDS_API_BASE_URL: fake.baseUrl,
    ESPN_BASE_URL: fake.baseUrl,
    OPEN_METEO_BASE_URL: fake.baseUrl,
    PROVIDER_TIMEOUT_SECONDS: '1',
  });
});
afterAll(() => fake?.close());

describe.each(PROVIDERS)('ingestion on %s', (provider) => {
  let database: TestDatabase;
  const kickoff = new Date(Date.now() + 30 * HOUR);
  kickoff.setUTCMinutes(0, 0, 0);
  const gameId = `nfl-${kickoff.toISOString().slice(0, 10).replaceAll('-', '')}-buf-kc`;
  let homeMoneyline = -150;
  const lines: string[] = [];

  const run = (options: Partial<IngestOptions> = {}) =>
    ingest(database.db, providers(), { sports: ['nfl'], mode: 'manual', now: () => new Date(), log: (line) => lines.push(line), ...options });
  const counts = async () => ({
    games: await database.db.game.count(),
    prices: await database.db.price.count(),
    history: await database.db.priceHistory.count(),
    injuries: await database.db.injury.count(),
    forecasts: await database.db.weather.count(),
  });

  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(() => database?.close());
  beforeEach(() => {
    fake.routes.clear();
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
      headers: QUOTA,
      body: [
        oddsEvent('ev1', kickoff.toISOString(), 'Kansas City Chiefs', 'Buffalo Bills', new Date(Date.now() - 60_000).toISOString(), homeMoneyline),
        oddsEvent('ev2', kickoff.toISOString(), 'Springfield Isotopes', 'Shelbyville Sharks', new Date().toISOString()),
      ],
    }));
    fake.routes.set('/v4/sports/americanfootball_nfl/events/ev1/odds', () => ({ headers: QUOTA, body: propsEvent('ev1', kickoff.toISOString(), 'Kansas City Chiefs', 'Buffalo Bills', new Date().toISOString()) }));
    fake.routes.set('/v4/sports/americanfootball_nfl/scores', () => ({ headers: QUOTA, body: [] }));
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({
      body: espnInjuries([
        { team: 'Kansas City Chiefs', players: [['Travis Kelce', 'TE', 'Questionable']] },
        { team: 'Washington', players: [['Terry McLaurin', 'WR', 'Out']] }, // ESPN's short name: an alias
        { team: 'Nowhere Nomads', players: [['Nobody', 'QB', 'Out']] },
      ]),
    }));
    fake.routes.set('/v1/forecast', () => ({ body: openMeteoForecast(kickoff.toISOString().slice(0, 10)) }));
  });

  it('stores games, prices, props, injuries and weather; unknown teams are logged and skipped', async () => {
    const summary = await run();
    expect(summary.failures).toEqual([]);
    expect(summary).toMatchObject({ games: 1, prices: 12, injuries: 1, forecasts: 1 });
    expect(summary.quota).toEqual({ requestsRemaining: 480, requestsUsed: 20 });
    expect(lines.join('\n')).toContain('unknown NFL team name "Springfield Isotopes"');
    expect(lines.join('\n')).toContain('unknown NFL team name "Nowhere Nomads"');
    const game = await database.db.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(game).toMatchObject({ oddsEventId: 'ev1', source: 'live', homeTeamId: 'nfl:KC' });
    expect(await database.db.price.count({ where: { gameId, player: { not: '' } } })).toBe(6); // 2 books × (over, under, yes)
  });

  it('running twice stores nothing twice; Odds API data inside its freshness window is not fetched again', async () => {
    const before = await counts();
    const fetched = fake.count('/v4/sports/americanfootball_nfl/odds');
    const again = await run();
    expect(fake.count('/v4/sports/americanfootball_nfl/odds')).toBe(fetched);
    expect(again.skipped).toContain('odds nfl: still fresh');
    const forced = await run({ force: true });
    expect(forced.prices).toBe(0);
    expect(await counts()).toEqual(before);
    homeMoneyline = -165; // the line moves at both books: two new history rows, the same current rows
    await run({ force: true, only: 'odds' });
    expect(await counts()).toEqual({ ...before, history: before.history + 2 });
  });

  it('a failed, malformed or rate-limited fetch keeps what was stored', async () => {
    const before = await counts();
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({ body: '{"injuries": [' }));
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ body: [{ id: 'ev1', commence_time: 'soon' }] }));
    const broken = await run({ force: true });
    expect(broken.failures.map((f) => f.split(':')[0])).toEqual(['odds nfl', 'injuries nfl']);
    expect(await counts()).toEqual(before);

    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ status: 429, headers: { ...QUOTA, 'x-requests-remaining': '0', 'retry-after': '120' }, body: { message: 'quota' } }));
    const limited = await run({ force: true, only: 'odds' });
    expect(limited.failures[0]).toContain('429');
    expect(limited.quota?.requestsRemaining).toBe(0);
    const calls = fake.count('/v4/sports/americanfootball_nfl/odds');
    const waiting = await run({ force: true, only: 'odds' });
    expect(waiting.skipped[0]).toMatch(/backing off after a 429 until/);
    expect(fake.count('/v4/sports/americanfootball_nfl/odds')).toBe(calls);
    expect(await counts()).toEqual(before);
    await database.db.providerFetch.update({ where: { key: 'odds:nfl' }, data: { backoffUntil: null } });
  });

  it('scores make games final, and a later odds answer never undoes a final', async () => {
    const played = new Date(Date.now() - 20 * HOUR);
    const finalId = `nfl-${played.toISOString().slice(0, 10).replaceAll('-', '')}-buf-kc`;
    const teams = { home_team: 'Kansas City Chiefs', away_team: 'Buffalo Bills' };
    fake.routes.set('/v4/sports/americanfootball_nfl/scores', () => ({
      headers: QUOTA,
      body: [{ id: 'ev0', sport_key: 'americanfootball_nfl', commence_time: played.toISOString(), completed: true, ...teams, scores: [{ name: 'Buffalo Bills', score: '24' }, { name: 'Kansas City Chiefs', score: '27' }], last_update: null }],
    }));
    expect((await run({ force: true, only: 'scores' })).results).toBe(1);
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ headers: QUOTA, body: [oddsEvent('ev0', played.toISOString(), teams.home_team, teams.away_team, played.toISOString())] }));
    await run({ force: true, only: 'odds' });
    expect(await database.db.game.findUniqueOrThrow({ where: { id: finalId } })).toMatchObject({ status: 'final', homeScore: 27, awayScore: 24 });
    await database.db.game.delete({ where: { id: finalId } });
  });

  it('get_player_props refreshes stale props once per game however many callers wait, and falls back when the provider fails', async () => {
    await database.db.providerFetch.deleteMany({ where: { key: `props:${gameId}` } });
    const game = await database.db.game.findUniqueOrThrow({ where: { id: gameId } });
    const before = fake.count('/v4/sports/americanfootball_nfl/events/ev1/odds');
    const answers = await Promise.all(Array.from({ length: 5 }, () => freshProps(database.db, game, new Date())));
    expect(answers).toEqual(Array(5).fill({}));
    expect(fake.count('/v4/sports/americanfootball_nfl/events/ev1/odds')).toBe(before + 1);

    await database.db.providerFetch.deleteMany({ where: { key: `props:${gameId}` } });
    fake.routes.set('/v4/sports/americanfootball_nfl/events/ev1/odds', () => 'hang');
    const started = Date.now();
    const fallback = await freshProps(database.db, game, new Date());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fallback.note).toContain('stored props');
    expect(await database.db.price.count({ where: { gameId, player: { not: '' } } })).toBe(6);
  });

  it('stores MLB and NHL games under the names The Odds API gives them; NCAA is still skipped', async () => {
    const day = kickoff.toISOString().slice(0, 10).replaceAll('-', '');
    const updated = new Date(Date.now() - 60_000).toISOString();
    fake.routes.set('/v4/sports/baseball_mlb/odds', () => ({ headers: QUOTA, body: [oddsEvent('mlb1', kickoff.toISOString(), 'New York Yankees', 'Boston Red Sox', updated)] }));
    fake.routes.set('/v4/sports/icehockey_nhl/odds', () => ({ headers: QUOTA, body: [oddsEvent('nhl1', kickoff.toISOString(), 'Montréal Canadiens', 'Utah Mammoth', updated)] }));
    const summary = await run({ sports: ['mlb', 'nhl', 'ncaaf'], only: 'odds', force: true });
    expect(summary.failures).toEqual([]);
    expect(summary).toMatchObject({ games: 2, prices: 24 });
    expect(summary.skipped).toEqual(['ncaaf: no teams in the catalogue yet, so nothing could be matched (no quota spent)']);
    expect(fake.count('/v4/sports/americanfootball_ncaaf')).toBe(0);
    expect(await database.db.game.findUniqueOrThrow({ where: { id: `mlb-${day}-bos-nyy` } })).toMatchObject({
      sport: 'mlb', oddsEventId: 'mlb1', homeTeamId: 'mlb:NYY', awayTeamId: 'mlb:BOS', venueId: 'yankeestadium', source: 'live',
    });
    expect(await database.db.game.findUniqueOrThrow({ where: { id: `nhl-${day}-uta-mtl` } })).toMatchObject({
      sport: 'nhl', oddsEventId: 'nhl1', homeTeamId: 'nhl:MTL', awayTeamId: 'nhl:UTA', venueId: 'bellcentre', source: 'live',
    });
    expect(await database.db.price.count({ where: { gameId: `mlb-${day}-bos-nyy`, market: 'h2h', outcome: { in: ['NYY', 'BOS'] } } })).toBe(4);
    expect(await database.db.teamAlias.findUnique({ where: { sport_alias: { sport: 'nhl', alias: 'montrealcanadiens' } } })).toMatchObject({ teamId: 'nhl:MTL' });
  });
});
