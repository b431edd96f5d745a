import { instant } from '@/lib/time';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { fetchClaims, type IngestOptions } from '@/lib/data/ingest';
import { freshAlternates } from '@/lib/data/alternates';
import { freshFutures } from '@/lib/data/futures';
import { freshProps } from '@/lib/data/props';
import { createProviders } from '@/lib/data/providers';
import { gameIdFor, leagueDay, seasonOf } from '@/lib/data/sports';
import { replacePlayerStats, syncCatalogue, upsertGames, type GameRecord } from '@/lib/data/store';
import { catalogueTeams } from '@/lib/data/teams';
import { createRoot } from '@/lib/root';
import { getPlayerStats } from '@/lib/tools/stats';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';
import {
  alternatesEvent,
  espnInjuries,
  espnNbaSummary,
  espnScoreboard,
  oddsEvent,
  openMeteoForecast,
  outrightEvent,
  propsEvent,
  QUOTA,
  startFakeProviders,
  type EspnGame,
  type FakeProviders,
} from './fake-providers';

// Ingestion from loopback providers into SQLite and PostgreSQL: idempotent, quota-aware, and a failed or
// malformed fetch keeps what was stored.

const HOUR = 3_600_000;
let fake: FakeProviders;
/** get_player_props' refresh as the gateway wires it: the configured odds provider and props TTL. */
const propsSource = () => ({ odds: createProviders(config()).odds, ttlMs: config().PROPS_TTL_SECONDS * 1000 });

beforeAll(async () => {
  fake = await startFakeProviders();
  // Read once by config() on first use, so set before anything asks for it.
  Object.assign(process.env, {
    ODDS_API_KEY: 'fake-key',
    ODDS_API_BASE_URL: fake.baseUrl,
    ESPN_BASE_URL: fake.baseUrl,
    OPEN_METEO_BASE_URL: fake.baseUrl,
    PROVIDER_TIMEOUT_SECONDS: '1',
    STATS_MAX_SUMMARIES: '2',
  });
});
afterAll(() => fake?.close());

describe.each(PROVIDERS)('ingestion on %s', (provider) => {
  let database: TestDatabase;
  const kickoff = new Date(Date.now() + 30 * HOUR);
  kickoff.setUTCMinutes(0, 0, 0);
  const gameId = `nfl-${leagueDay('nfl', kickoff)}-buf-kc`; // ids carry the league's local date
  let homeMoneyline = -150;
  const lines: string[] = [];

  const run = (options: Partial<IngestOptions> = {}) =>
    createRoot({ config: config(), db: database.db }).ingest({
      sports: ['nfl'],
      mode: 'manual',
      now: () => new Date(),
      log: (line) => lines.push(line),
      ...options,
    });
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
        oddsEvent(
          'ev1',
          kickoff.toISOString(),
          'Kansas City Chiefs',
          'Buffalo Bills',
          new Date(Date.now() - 60_000).toISOString(),
          homeMoneyline,
        ),
        oddsEvent('ev2', kickoff.toISOString(), 'Springfield Isotopes', 'Shelbyville Sharks', new Date().toISOString()),
      ],
    }));
    fake.routes.set('/v4/sports/americanfootball_nfl/events/ev1/odds', () => ({
      headers: QUOTA,
      body: propsEvent('ev1', kickoff.toISOString(), 'Kansas City Chiefs', 'Buffalo Bills', new Date().toISOString()),
    }));
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
    const failedAt = new Date();
    const broken = await run({ force: true, now: () => failedAt });
    expect(broken.failures.map((f) => f.split(':')[0])).toEqual(['odds nfl', 'injuries nfl']);
    expect(await counts()).toEqual(before);

    // A failed fetch backs off 30 s: a run inside that asks nothing and says so; a run after it fetches.
    const oddsCalls = fake.count('/v4/sports/americanfootball_nfl/odds');
    const resting = await run({ force: true, only: 'odds', now: () => new Date(failedAt.getTime() + 29_000) });
    expect(resting.failures).toEqual([]);
    expect(resting.skipped).toEqual([
      `odds nfl: backing off after a failed fetch until ${new Date(failedAt.getTime() + 30_000).toISOString()}`,
    ]);
    expect(fake.count('/v4/sports/americanfootball_nfl/odds')).toBe(oddsCalls);

    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
      status: 429,
      headers: { ...QUOTA, 'x-requests-remaining': '0', 'retry-after': '120' },
      body: { message: 'quota' },
    }));
    const limitedAt = new Date(failedAt.getTime() + 30_000);
    const limited = await run({ force: true, only: 'odds', now: () => limitedAt });
    expect(fake.count('/v4/sports/americanfootball_nfl/odds')).toBe(oddsCalls + 1);
    expect(limited.failures[0]).toContain('429');
    expect(limited.quota?.requestsRemaining).toBe(0);
    const calls = fake.count('/v4/sports/americanfootball_nfl/odds');
    const waiting = await run({ force: true, only: 'odds', now: () => new Date(limitedAt.getTime() + 119_000) });
    expect(waiting.skipped).toEqual([`odds nfl: backing off after a 429 until ${new Date(limitedAt.getTime() + 120_000).toISOString()}`]);
    expect(fake.count('/v4/sports/americanfootball_nfl/odds')).toBe(calls);
    expect(await counts()).toEqual(before);
    await database.db.providerFetch.updateMany({ where: { key: { in: ['odds:nfl', 'injuries:nfl'] } }, data: { backoffUntil: null } });
  });

  it('scores make games final, and a later odds answer never undoes a final', async () => {
    const played = new Date(Date.now() - 20 * HOUR);
    const finalId = `nfl-${leagueDay('nfl', played)}-buf-kc`;
    const teams = { home_team: 'Kansas City Chiefs', away_team: 'Buffalo Bills' };
    fake.routes.set('/v4/sports/americanfootball_nfl/scores', () => ({
      headers: QUOTA,
      body: [
        {
          id: 'ev0',
          sport_key: 'americanfootball_nfl',
          commence_time: played.toISOString(),
          completed: true,
          ...teams,
          scores: [
            { name: 'Buffalo Bills', score: '24' },
            { name: 'Kansas City Chiefs', score: '27' },
          ],
          last_update: null,
        },
      ],
    }));
    expect((await run({ force: true, only: 'scores' })).results).toBe(1);
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
      headers: QUOTA,
      body: [oddsEvent('ev0', played.toISOString(), teams.home_team, teams.away_team, played.toISOString())],
    }));
    await run({ force: true, only: 'odds' });
    expect(await database.db.game.findUniqueOrThrow({ where: { id: finalId } })).toMatchObject({
      status: 'final',
      homeScore: 27,
      awayScore: 24,
    });
    await database.db.game.delete({ where: { id: finalId } });
  });

  it('get_player_props refreshes stale props once per game however many callers wait, and falls back when the provider fails', async () => {
    await database.db.providerFetch.deleteMany({ where: { key: `props:${gameId}` } });
    const game = await database.db.game.findUniqueOrThrow({ where: { id: gameId } });
    const before = fake.count('/v4/sports/americanfootball_nfl/events/ev1/odds');
    const refreshes = { inFlight: new Map(), claims: fetchClaims(config().PROVIDER_TIMEOUT_SECONDS * 1000) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => freshProps(database.db, refreshes, game, new Date(), propsSource())));
    expect(answers).toEqual(Array(5).fill({}));
    expect(fake.count('/v4/sports/americanfootball_nfl/events/ev1/odds')).toBe(before + 1);

    await database.db.providerFetch.deleteMany({ where: { key: `props:${gameId}` } });
    fake.routes.set('/v4/sports/americanfootball_nfl/events/ev1/odds', () => 'hang');
    const started = Date.now();
    const fallback = await freshProps(database.db, refreshes, game, new Date(), propsSource());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fallback.note).toContain('stored props');
    expect(await database.db.price.count({ where: { gameId, player: { not: '' } } })).toBe(6);
  });

  it('alternate lines: fetched for one game on request (never in the slate call), replaced whole, kept when a fetch fails', async () => {
    const path = '/v4/sports/americanfootball_nfl/events/ev1/odds';
    const asked: string[] = [];
    fake.routes.set(path, (url) => {
      asked.push(url.searchParams.get('markets') ?? '');
      return { headers: QUOTA, body: alternatesEvent('ev1', kickoff.toISOString(), new Date(Date.now() - 60_000).toISOString()) };
    });
    await run({ force: true });
    expect(fake.requests.some((url) => url.pathname === '/v4/sports/americanfootball_nfl/odds' && /alternate/.test(url.search))).toBe(
      false,
    );
    expect(await database.db.alternatePrice.count()).toBe(0);

    const game = await database.db.game.findUniqueOrThrow({ where: { id: gameId } });
    const refreshes = { inFlight: new Map(), claims: fetchClaims(config().PROVIDER_TIMEOUT_SECONDS * 1000) };
    asked.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => freshAlternates(database.db, refreshes, game, new Date(), propsSource())),
    );
    expect(answers).toEqual(Array(4).fill({}));
    expect(asked).toEqual(['alternate_spreads,alternate_totals']);
    const stored = await database.db.alternatePrice.findMany({
      where: { gameId },
      orderBy: [{ market: 'asc' }, { book: 'asc' }, { point: 'asc' }, { outcome: 'asc' }],
    });
    // The unknown team's line and the lay market are left out; 12 outcomes stay.
    expect(stored.map((row) => `${row.market} ${row.book} ${row.outcome} ${row.point} ${row.americanOdds}`)).toEqual([
      'alternate_spreads draftkings KC -6.5 150',
      'alternate_spreads draftkings KC -1.5 -135',
      'alternate_spreads draftkings BUF 1.5 115',
      'alternate_spreads draftkings BUF 6.5 -180',
      'alternate_spreads fanduel KC -9.5 240',
      'alternate_spreads fanduel KC -6.5 160',
      'alternate_spreads fanduel KC -1.5 -130',
      'alternate_spreads fanduel BUF 6.5 -190',
      'alternate_totals draftkings over 40.5 -160',
      'alternate_totals draftkings under 40.5 135',
      'alternate_totals fanduel over 40.5 -155',
      'alternate_totals fanduel under 40.5 130',
    ]);
    // Main prices and their history are not touched.
    const before = await counts();
    // Inside the TTL nothing is fetched again.
    await freshAlternates(database.db, refreshes, game, new Date(), propsSource());
    expect(asked).toHaveLength(1);
    expect(await counts()).toEqual(before);

    // A later answer replaces the ladder whole: a line no longer offered is gone.
    await database.db.providerFetch.deleteMany({ where: { key: `alternates:${gameId}` } });
    fake.routes.set(path, () => {
      const event = alternatesEvent('ev1', kickoff.toISOString(), new Date().toISOString());
      event.bookmakers = event.bookmakers.slice(0, 1);
      return { headers: QUOTA, body: event };
    });
    await freshAlternates(database.db, refreshes, game, new Date(), propsSource());
    expect(await database.db.alternatePrice.count({ where: { gameId } })).toBe(6);

    // A failed fetch keeps them and says so.
    await database.db.providerFetch.deleteMany({ where: { key: `alternates:${gameId}` } });
    fake.routes.set(path, () => ({ status: 500, body: { message: 'down' } }));
    const failed = await freshAlternates(database.db, refreshes, game, new Date(), propsSource());
    expect(failed.note).toContain('these are the stored alternate lines');
    expect(await database.db.alternatePrice.count({ where: { gameId } })).toBe(6);
    expect(await counts()).toEqual(before);
  });

  it("get_game_odds' futures: fetched on request once per FUTURES_TTL_SECONDS however many callers wait, kept when the provider fails", async () => {
    const path = '/v4/sports/americanfootball_nfl_super_bowl_winner/odds';
    const prices = { 'Kansas City Chiefs': 450, 'Buffalo Bills': 500, 'Detroit Lions': 600 };
    fake.routes.set(path, () => ({
      headers: QUOTA,
      body: [outrightEvent('americanfootball_nfl_super_bowl_winner', new Date().toISOString(), prices)],
    }));
    await database.db.providerFetch.deleteMany({ where: { key: 'futures:nfl' } });
    const refreshes = { inFlight: new Map(), claims: fetchClaims(config().PROVIDER_TIMEOUT_SECONDS * 1000) };
    const source = () => ({ odds: createProviders(config()).odds, ttlMs: config().FUTURES_TTL_SECONDS * 1000 });
    const before = fake.count(path);
    const answers = await Promise.all(Array.from({ length: 5 }, () => freshFutures(database.db, refreshes, 'nfl', new Date(), source())));
    expect(answers).toEqual(Array(5).fill({}));
    expect(fake.count(path)).toBe(before + 1);
    // draftkings and the exchange's back prices (as quoted); the lay market and the board with "The Field" are left out.
    const stored = await database.db.futurePrice.findMany({ where: { sport: 'nfl' }, orderBy: [{ book: 'asc' }, { americanOdds: 'asc' }] });
    expect(stored.map((row) => [row.book, row.outcome, row.americanOdds, row.market, row.source])).toEqual([
      ['betfair_ex_uk', 'KC', 470, 'champion', 'live'],
      ['betfair_ex_uk', 'BUF', 520, 'champion', 'live'],
      ['betfair_ex_uk', 'DET', 620, 'champion', 'live'],
      ['draftkings', 'KC', 450, 'champion', 'live'],
      ['draftkings', 'BUF', 500, 'champion', 'live'],
      ['draftkings', 'DET', 600, 'champion', 'live'],
    ]);
    // Inside the TTL nothing is fetched again.
    expect(await freshFutures(database.db, refreshes, 'nfl', new Date(), source())).toEqual({});
    expect(fake.count(path)).toBe(before + 1);
    // Past it, a provider that hangs leaves a note and the stored futures as they were.
    await database.db.providerFetch.deleteMany({ where: { key: 'futures:nfl' } });
    fake.routes.set(path, () => 'hang');
    const fallback = await freshFutures(database.db, refreshes, 'nfl', new Date(), source());
    expect(fallback.note).toContain('these are the stored futures');
    expect(await database.db.futurePrice.count({ where: { sport: 'nfl' } })).toBe(6);
  });

  it('stores MLB, NHL and college games under the names The Odds API gives them', async () => {
    const day = leagueDay('ncaaf', kickoff); // every league here dates by US Eastern
    const updated = new Date(Date.now() - 60_000).toISOString();
    fake.routes.set('/v4/sports/baseball_mlb/odds', () => ({
      headers: QUOTA,
      body: [oddsEvent('mlb1', kickoff.toISOString(), 'New York Yankees', 'Boston Red Sox', updated)],
    }));
    fake.routes.set('/v4/sports/icehockey_nhl/odds', () => ({
      headers: QUOTA,
      body: [oddsEvent('nhl1', kickoff.toISOString(), 'Montréal Canadiens', 'Utah Mammoth', updated)],
    }));
    fake.routes.set('/v4/sports/americanfootball_ncaaf/odds', () => ({
      headers: QUOTA,
      body: [
        oddsEvent('cfb1', kickoff.toISOString(), 'Texas A&M Aggies', 'Miami (OH) RedHawks', updated),
        oddsEvent('cfb2', kickoff.toISOString(), 'Montana Grizzlies', 'Idaho Vandals', updated), // FCS: not in the catalogue
      ],
    }));
    fake.routes.set('/v4/sports/basketball_ncaab/odds', () => ({
      headers: QUOTA,
      body: [oddsEvent('cbb1', kickoff.toISOString(), "Hawai'i Rainbow Warriors", 'Kansas St Wildcats', updated)],
    }));
    const summary = await run({ sports: ['mlb', 'nhl', 'ncaaf', 'ncaab'], only: 'odds', force: true });
    expect(summary.failures).toEqual([]);
    expect(summary).toMatchObject({ games: 4, prices: 48 });
    expect(summary.skipped).toEqual([]);
    expect(lines).toContain('  skipped: unknown NCAAF team name "Montana Grizzlies" (add it to the aliases in lib/data/teams-ncaa.ts)');
    expect(await database.db.game.findUniqueOrThrow({ where: { id: `ncaaf-${day}-moh-tam` } })).toMatchObject({
      sport: 'ncaaf',
      oddsEventId: 'cfb1',
      homeTeamId: 'ncaaf:TA&M',
      awayTeamId: 'ncaaf:M-OH',
      venueId: 'kylefield',
      source: 'live',
    });
    expect(await database.db.game.findUniqueOrThrow({ where: { id: `ncaab-${day}-ksu-haw` } })).toMatchObject({
      sport: 'ncaab',
      homeTeamId: 'ncaab:HAW',
      awayTeamId: 'ncaab:KSU',
      venueId: 'stansheriffcenter',
    });
    expect(
      await database.db.price.count({ where: { gameId: `ncaaf-${day}-moh-tam`, market: 'h2h', outcome: { in: ['TA&M', 'M-OH'] } } }),
    ).toBe(4);
    expect(await database.db.game.findUniqueOrThrow({ where: { id: `mlb-${day}-bos-nyy` } })).toMatchObject({
      sport: 'mlb',
      oddsEventId: 'mlb1',
      homeTeamId: 'mlb:NYY',
      awayTeamId: 'mlb:BOS',
      venueId: 'yankeestadium',
      source: 'live',
    });
    expect(await database.db.game.findUniqueOrThrow({ where: { id: `nhl-${day}-uta-mtl` } })).toMatchObject({
      sport: 'nhl',
      oddsEventId: 'nhl1',
      homeTeamId: 'nhl:MTL',
      awayTeamId: 'nhl:UTA',
      venueId: 'bellcentre',
      source: 'live',
    });
    expect(await database.db.price.count({ where: { gameId: `mlb-${day}-bos-nyy`, market: 'h2h', outcome: { in: ['NYY', 'BOS'] } } })).toBe(
      4,
    );
    expect(await database.db.teamAlias.findUnique({ where: { sport_alias: { sport: 'nhl', alias: 'montrealcanadiens' } } })).toMatchObject({
      teamId: 'nhl:MTL',
    });

    // A college slate's props would cost a hundred games' quota: they are fetched only when get_player_props asks.
    const props = await run({ sports: ['ncaaf', 'ncaab', 'mlb'], only: 'props', force: true });
    expect(props.skipped).toEqual([
      "props ncaaf: fetched game by game when get_player_props asks (a slate's props would cost too much quota)",
      "props ncaab: fetched game by game when get_player_props asks (a slate's props would cost too much quota)",
    ]);
    expect(fake.count('/v4/sports/americanfootball_ncaaf/events/')).toBe(0);
    expect(fake.count('/v4/sports/basketball_ncaab/events/')).toBe(0);
    expect(fake.count('/v4/sports/baseball_mlb/events/mlb1/odds')).toBe(1);

    // ESPN's college injury reports are sparse: none at all (404) or an empty one is no failure, and keeps what was stored.
    fake.routes.set('/apis/site/v2/sports/basketball/mens-college-basketball/injuries', () => ({ body: { injuries: [] } }));
    const injuries = await run({ sports: ['ncaaf', 'ncaab'], only: 'injuries', force: true });
    expect(injuries.failures).toEqual([]);
    expect(injuries.skipped).toEqual([
      'injuries ncaaf: ESPN publishes no NCAA football injury report now (kept what was stored)',
      'injuries ncaab: ESPN publishes no NCAA basketball injury report now (kept what was stored)',
    ]);
    expect(fake.count('/apis/site/v2/sports/football/college-football/injuries')).toBe(1);
  });

  it('stores ESPN box scores of recent finals once: unmatched teams skipped, a failed summary keeps what was stored, sample lines untouched', async () => {
    await syncCatalogue(database.db);
    fake.requests.length = 0; // counted afresh for each database
    const played = new Date(Date.now() - 20 * HOUR);
    played.setUTCMinutes(30, 0, 0);
    // ESPN's dates are US Eastern ones: a scoreboard lists the games of its Eastern date.
    const eastern = (at: Date | string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(at)).replaceAll('-', '');
    const day = eastern(played);
    const team = (abbreviation: string) => catalogueTeams('nba').find((t) => t.abbreviation === abbreviation)!;
    const final = (away: string, home: string, source: 'live' | 'sample' = 'live', startsAt = played): GameRecord => ({
      id: gameIdFor('nba', startsAt, away, home),
      sport: 'nba',
      season: seasonOf('nba', startsAt),
      startsAt,
      homeTeamId: team(home).id,
      awayTeamId: team(away).id,
      venueId: team(home).venue.id,
      status: 'final',
      homeScore: 112,
      awayScore: 104,
      oddsEventId: null,
      source,
    });
    const celtics = final('BOS', 'LAL');
    const knicks = final('NYK', 'MIA', 'live', new Date(played.getTime() + HOUR));
    const warriors = final('GSW', 'SAC', 'live', new Date(played.getTime() + 2 * HOUR));
    const nuggets = final('DEN', 'PHX'); // ESPN spells a team in a way the alias table does not know
    const bulls = final('CHI', 'DET'); // still being played, as far as ESPN knows
    const old = final('ORL', 'ATL', 'live', new Date(played.getTime() - 5 * 24 * HOUR)); // outside the window
    const sample = final('BOS', 'LAL', 'sample', new Date(played.getTime() - 2 * 24 * HOUR));
    await upsertGames(database.db, [celtics, knicks, warriors, nuggets, bulls, old, sample]);
    await replacePlayerStats(
      database.db,
      [{ sport: 'nba', player: 'Sample Guard', teamId: 'nba:BOS', gameId: sample.id, playedAt: sample.startsAt, stats: { points: 12 } }],
      'sample',
    );
    // A line stored earlier for the Knicks' game (by hand, say): kept while its summary fails, replaced by ESPN's box score.
    await replacePlayerStats(
      database.db,
      [{ sport: 'nba', player: 'Jalen Brunson', teamId: 'nba:NYK', gameId: knicks.id, playedAt: knicks.startsAt, stats: { points: 30 } }],
      'live',
    );

    const games: EspnGame[] = [
      {
        id: '401810201',
        date: celtics.startsAt.toISOString().slice(0, 16) + 'Z',
        home: ['LAL', 'Los Angeles Lakers'],
        away: ['BOS', 'Boston Celtics'],
      },
      {
        id: '401810202',
        date: knicks.startsAt.toISOString().slice(0, 16) + 'Z',
        home: ['MIA', 'Miami Heat'],
        away: ['NY', 'New York Knicks'],
      },
      {
        id: '401810203',
        date: nuggets.startsAt.toISOString().slice(0, 16) + 'Z',
        home: ['PHX', 'Phoenix Suns'],
        away: ['DNZ', 'Denver Nuggetz'],
      },
      {
        id: '401810204',
        date: bulls.startsAt.toISOString().slice(0, 16) + 'Z',
        home: ['DET', 'Detroit Pistons'],
        away: ['CHI', 'Chicago Bulls'],
        state: 'in',
      },
      {
        id: '401810205',
        date: warriors.startsAt.toISOString().slice(0, 16) + 'Z',
        home: ['SAC', 'Sacramento Kings'],
        away: ['GS', 'Golden State Warriors'],
      },
    ];
    const boxScores: Record<string, () => unknown> = {
      '401810201': () =>
        espnNbaSummary([
          {
            team: ['BOS', 'Boston Celtics'],
            players: [
              ['Jayson Tatum', 'SF', ['38', '31', '11-22', '4-9', '5-6', '9', '6', '3', '1', '0', '1', '8', '2', '+7']],
              ['Bench Celtic', 'G', 'DNP'],
            ],
          },
          {
            team: ['LAL', 'Los Angeles Lakers'],
            players: [['LeBron James', 'SF', ['36', '27', '9-24', '1-5', '8-10', '11', '11', '5', '2', '3', '1', '10', '1', '-7']]],
          },
        ]),
      '401810202': () =>
        espnNbaSummary([
          {
            team: ['NY', 'New York Knicks'],
            players: [['Jalen Brunson', 'PG', ['37', '33', '12-23', '3-7', '6-6', '3', '8', '2', '1', '0', '0', '3', '2', '+5']]],
          },
          {
            team: ['MIA', 'Miami Heat'],
            players: [['Bam Adebayo', 'C', ['35', '18', '8-14', '0-1', '2-4', '12', '4', '2', '1', '1', '3', '9', '4', '-5']]],
          },
        ]),
      '401810205': () =>
        espnNbaSummary([
          {
            team: ['GS', 'Golden State Warriors'],
            players: [['Stephen Curry', 'PG', ['34', '29', '10-20', '6-12', '3-3', '5', '7', '3', '1', '0', '0', '5', '1', '+9']]],
          },
          {
            team: ['SAC', 'Sacramento Kings'],
            players: [['Domantas Sabonis', 'C', ['36', '20', '9-15', '0-0', '2-2', '14', '8', '4', '1', '0', '4', '10', '3', '-9']]],
          },
        ]),
    };
    let knicksDown = true;
    fake.routes.set('/apis/site/v2/sports/basketball/nba/scoreboard', (url) => {
      const date = url.searchParams.get('dates') ?? '';
      return {
        body: espnScoreboard(
          `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`,
          games.filter((game) => eastern(game.date) === date),
        ),
      };
    });
    fake.routes.set('/apis/site/v2/sports/basketball/nba/summary', (url) => {
      const event = url.searchParams.get('event') ?? '';
      if (event === '401810202' && knicksDown) return { status: 500, body: { message: 'upstream error' } };
      return boxScores[event] ? { body: boxScores[event]() } : { status: 404, body: { message: 'no such event' } };
    });
    const summaries = (event: string) =>
      fake.requests.filter((url) => url.pathname.endsWith('/summary') && url.searchParams.get('event') === event).length;
    const espnLines = () => database.db.playerStat.findMany({ where: { source: 'espn' }, orderBy: { player: 'asc' } });
    const stats = (options: Partial<IngestOptions> = {}) => run({ sports: ['nba'], only: 'stats', ...options });

    // At most STATS_MAX_SUMMARIES (2 here) summaries a run, oldest game first: the Celtics' game is stored, the
    // Knicks' summary fails, the Warriors' waits for the next run.
    const first = await stats();
    expect(first.statLines).toBe(2);
    expect(first.failures).toEqual([expect.stringMatching(new RegExp(`^stats ${knicks.id}: ESPN: HTTP 500`))]);
    expect(first.skipped).toContain('stats nba: 1 box scores left for the next run (STATS_MAX_SUMMARIES per run)');
    expect(summaries('401810205')).toBe(0);
    expect(first.skipped).toContain(`stats ${nuggets.id}: not on ESPN's scoreboard (teams unmatched or no such game)`);
    expect(lines.join('\n')).toContain('unknown NBA team name "Denver Nuggetz"');
    expect(lines.join('\n')).toContain(`${bulls.id}: not final at ESPN yet`);
    expect(summaries('401810204')).toBe(0);
    expect((await espnLines()).map((l) => [l.player, l.teamId, l.gameId])).toEqual([
      ['Jayson Tatum', 'nba:BOS', celtics.id],
      ['LeBron James', 'nba:LAL', celtics.id],
    ]);
    expect(await database.db.playerStat.findMany({ where: { gameId: knicks.id } })).toMatchObject([
      { player: 'Jalen Brunson', source: 'live', stats: '{"points":30}' },
    ]);
    const tatum = (await espnLines())[0]!;
    expect(JSON.parse(tatum.stats)).toMatchObject({
      points: 31,
      rebounds: 9,
      assists: 6,
      minutes: 38,
      fieldGoalsMade: 11,
      fieldGoalsAttempted: 22,
      plusMinus: 7,
    });
    expect(tatum.playedAt).toEqual(celtics.startsAt);

    // The Knicks' summary answers now, and the next run comes after its failure's back-off (30 s): stored with the
    // Warriors'; the Celtics' game is not asked about again.
    knicksDown = false;
    const second = await stats({ now: () => new Date(Date.now() + 30_000) });
    expect(second.failures).toEqual([]);
    expect(second.statLines).toBe(4);
    expect([summaries('401810201'), summaries('401810202'), summaries('401810205')]).toEqual([1, 2, 1]);
    expect((await espnLines()).map((l) => l.player)).toEqual([
      'Bam Adebayo',
      'Domantas Sabonis',
      'Jalen Brunson',
      'Jayson Tatum',
      'LeBron James',
      'Stephen Curry',
    ]);
    expect(await database.db.playerStat.count({ where: { gameId: knicks.id } })).toBe(2);

    // Twice, or forced: nothing stored twice, no summary of a stored game fetched again.
    const before = await database.db.playerStat.count();
    expect((await stats()).statLines).toBe(0);
    expect((await stats({ force: true })).statLines).toBe(0);
    expect(await database.db.playerStat.count()).toBe(before);
    expect(summaries('401810201') + summaries('401810202') + summaries('401810205')).toBe(4);

    // A scheduled run asks ESPN again only when the window has passed (the unmatched game's scoreboard is fresh).
    const boards = fake.count('/apis/site/v2/sports/basketball/nba/scoreboard');
    const scheduled = await stats({ mode: 'scheduled' });
    expect(fake.count('/apis/site/v2/sports/basketball/nba/scoreboard')).toBe(boards);
    expect(scheduled.skipped).toContain(`stats nba scoreboard ${day}: still fresh`);

    // Sample lines and games outside the window are never touched.
    expect(await database.db.playerStat.findMany({ where: { gameId: sample.id } })).toMatchObject([
      { player: 'Sample Guard', source: 'sample' },
    ]);
    expect(await database.db.playerStat.count({ where: { gameId: { in: [old.id, nuggets.id, bulls.id] } } })).toBe(0);

    // get_player_stats reads ESPN's lines as it reads the sample's, with no sample note.
    const answer = await getPlayerStats.run(toolContext(database.db), getPlayerStats.input.parse({ sport: 'nba', player: 'jayson tatum' }));
    expect(answer).toMatchObject({
      sport: 'nba',
      player: 'Jayson Tatum',
      gamesCounted: 1,
      averages: { points: 31, rebounds: 9, assists: 6 },
    });
    expect(answer.games).toEqual([
      { gameId: celtics.id, playedAt: instant(celtics.startsAt), team: 'BOS', opponent: 'LAL', stats: JSON.parse(tatum.stats) },
    ]);
    expect(answer).not.toHaveProperty('note');

    await database.db.game.deleteMany({ where: { id: { in: [celtics, knicks, warriors, nuggets, bulls, old, sample].map((g) => g.id) } } });
  });

  it("fetches a final's box score once more BOX_SCORE_RECHECK_MS after kick-off, so a stat correction replaces the stored lines once", async () => {
    await syncCatalogue(database.db);
    fake.requests.length = 0;
    const kickoff = new Date('2026-11-20T00:30:00Z'); // pinned: the runs below are hours after it
    const at = (hours: number) => () => new Date(kickoff.getTime() + hours * HOUR);
    const team = (abbreviation: string) => catalogueTeams('nba').find((t) => t.abbreviation === abbreviation)!;
    const game: GameRecord = {
      id: gameIdFor('nba', kickoff, 'BOS', 'LAL'),
      sport: 'nba',
      season: seasonOf('nba', kickoff),
      startsAt: kickoff,
      homeTeamId: team('LAL').id,
      awayTeamId: team('BOS').id,
      venueId: team('LAL').venue.id,
      status: 'final',
      homeScore: 112,
      awayScore: 104,
      oddsEventId: null,
      source: 'live',
    };
    await upsertGames(database.db, [game]);
    let tatumRebounds = '9';
    fake.routes.set('/apis/site/v2/sports/basketball/nba/scoreboard', () => ({
      body: espnScoreboard('2026-11-19', [
        {
          id: '401810301',
          date: kickoff.toISOString().slice(0, 16) + 'Z',
          home: ['LAL', 'Los Angeles Lakers'],
          away: ['BOS', 'Boston Celtics'],
        },
      ]),
    }));
    fake.routes.set('/apis/site/v2/sports/basketball/nba/summary', () => ({
      body: espnNbaSummary([
        {
          team: ['BOS', 'Boston Celtics'],
          players: [['Jayson Tatum', 'SF', ['38', '31', '11-22', '4-9', '5-6', tatumRebounds, '6', '3', '1', '0', '1', '8', '2', '+7']]],
        },
      ]),
    }));
    const summaries = () => fake.requests.filter((url) => url.pathname.endsWith('/summary')).length;
    const rebounds = async () =>
      JSON.parse((await database.db.playerStat.findFirstOrThrow({ where: { gameId: game.id, player: 'Jayson Tatum' } })).stats).rebounds;
    const stats = (now: () => Date, options: Partial<IngestOptions> = {}) => run({ sports: ['nba'], only: 'stats', now, ...options });

    expect((await stats(at(4))).statLines).toBe(1);
    expect([summaries(), await rebounds()]).toEqual([1, 9]);
    // ESPN corrects the line (a rebound credited to him): not fetched again before the recheck, even forced.
    tatumRebounds = '10';
    expect((await stats(at(30), { force: true })).statLines).toBe(0);
    expect((await stats(at(47.9), { mode: 'scheduled' })).statLines).toBe(0);
    expect([summaries(), await rebounds()]).toEqual([1, 9]);
    // Past it, once: the corrected line replaces the stored one; later runs (forced too) do not ask again.
    expect((await stats(at(48.5), { mode: 'scheduled' })).statLines).toBe(1);
    expect([summaries(), await rebounds()]).toEqual([2, 10]);
    expect(await database.db.playerStat.count({ where: { gameId: game.id } })).toBe(1);
    tatumRebounds = '11';
    expect((await stats(at(50), { mode: 'scheduled' })).statLines).toBe(0);
    expect((await stats(at(60), { force: true })).statLines).toBe(0);
    expect([summaries(), await rebounds()]).toEqual([2, 10]);

    await database.db.game.deleteMany({ where: { id: game.id } });
  });
});
