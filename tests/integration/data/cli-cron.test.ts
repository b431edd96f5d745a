import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { SAMPLE_SPORTS } from '@/lib/data/sample';
import { gameIdFor, seasonOf } from '@/lib/data/sports';
import { upsertGames } from '@/lib/data/store';
import { catalogueTeams } from '@/lib/data/teams';
import { createDb } from '@/lib/db/client';
import { runJev, runJevHere } from '../../helpers/cli';
import { freshDatabase } from '../../helpers/db';
import { startServer, type RunningServer } from '../../helpers/server';
import { espnInjuries, espnNbaSummary, espnScoreboard, startFakeProviders, type FakeProviders } from './fake-providers';

// `jev data …`, `jev ingest`, `jev worker` and POST /api/cron/ingest, as a user or a cron service runs them.
// Each `jev` process costs about 1.5 s under tsx, far more on a loaded machine: the data commands run main()
// in-process (runJevHere); ingest and the worker, whose progress, exit code and signals are the point, run
// as processes. Tests that start processes or a server, or load the sample, are bounded for a loaded machine.

/** Per test: a few process starts, a server start or sample loads, at up to ~20 s each on a loaded 2-core machine. */
const SLOW_TEST_TIMEOUT_MS = 120_000;

const CRON_SECRET = 'cron-secret-for-tests-0123456789';

describe('data commands and the cron route', { timeout: SLOW_TEST_TIMEOUT_MS }, () => {
  let url: string;
  let drop: () => Promise<void>;
  let fake: FakeProviders;
  let server: RunningServer;
  const settings = () => ({ DATABASE_URL: url, ESPN_BASE_URL: fake.baseUrl, OPEN_METEO_BASE_URL: fake.baseUrl, ODDS_API_KEY: '' });
  const env = () => ({ ...process.env, ...settings() });

  const jev = (args: string[], extraEnv: Record<string, string> = {}) => runJev(args, { ...env(), ...extraEnv });
  const jevHere = (args: string[], extraEnv: Record<string, string> = {}) => runJevHere(args, { ...settings(), ...extraEnv });

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase('sqlite'));
    fake = await startFakeProviders();
    fake.routes.set('/apis/site/v2/sports/', () => ({
      body: espnInjuries([{ team: 'Kansas City Chiefs', players: [['Travis Kelce', 'TE', 'Questionable']] }]),
    }));
    fake.routes.set('/v1/forecast', () => ({ status: 500, body: { error: true, reason: 'down for the test' } }));
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    await drop?.();
  });

  it('jev data load-sample loads a date; --if-needed loads only when nothing current is there, and never with a provider key', async () => {
    const loaded = await jevHere(['data', 'load-sample', '--date', '2026-10-03']);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain('Loaded the sample slate for 2026-10-03: 222 games');
    // Each count it prints is what was stored: the futures (title markets) too.
    const db = createDb(url);
    const futures = await db.futurePrice.count({ where: { source: 'sample' } });
    expect(futures).toBeGreaterThan(0);
    expect(loaded.stdout).toContain(`, ${futures} futures prices, `);
    const withKey = await jevHere(['data', 'load-sample', '--if-needed'], { ODDS_API_KEY: 'live-key' });
    expect(withKey.stdout).toContain('ODDS_API_KEY is set: no sample data loaded');
    // Started on a later date (npm start runs --if-needed), it moves the stored sample on to now instead of loading
    // today's afresh: its games played, each league's coming games added, and what the user logged on it kept.
    const user = await createUser(db, { email: 'restart@example.com' });
    const betGame = (await db.game.findFirst({ where: { source: 'sample', sport: 'nba', status: 'scheduled' } }))!;
    await db.bet.create({
      data: {
        userId: user.id,
        sport: 'nba',
        gameId: betGame.id,
        market: 'h2h',
        selection: 'home',
        americanOdds: -110,
        stakeCents: 1000,
        placedAt: betGame.startsAt,
      },
    });
    const moved = await jevHere(['data', 'load-sample', '--if-needed']);
    expect(moved.stdout).toContain('Moved the stored sample slate on to now: ');
    const now = new Date();
    for (const sport of SAMPLE_SPORTS)
      expect(await db.game.count({ where: { source: 'sample', sport, startsAt: { gt: now } } }), sport).toBeGreaterThan(0);
    expect(await db.game.count({ where: { source: 'sample', status: 'scheduled', startsAt: { lte: now } } })).toBe(0);
    expect((await db.game.findUnique({ where: { id: betGame.id } }))?.status).toBe('final');
    expect(await db.bet.count()).toBe(1);
    expect((await jevHere(['data', 'load-sample', '--if-needed'])).stdout).toBe('');
    await db.$disconnect();
    const bad = await jevHere(['data', 'load-sample', '--date', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--date: must be a date as YYYY-MM-DD');
  });

  it('jev ingest shows progress and a summary, exits non-zero when a fetch failed, and validates its options', async () => {
    const result = await jev(['ingest', '--sport', 'nfl']);
    expect(result.stderr).toContain('injuries nfl …');
    expect(result.stdout).toContain('Ingested: 0 games');
    expect(result.stdout).toContain('1 injuries');
    expect(result.stdout).toContain('skipped odds nfl: no ODDS_API_KEY');
    // The forecast provider is down: reported, the sample's forecasts kept, and the exit code says so.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Open-Meteo: HTTP 500');
    const bad = await jev(['ingest', '--only', 'everything']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--only: must be one of odds, props, injuries, weather, scores, stats');
    expect((await jevHere(['ingest', '--help'])).stdout).toContain('Usage: jev ingest');
  });

  it('jev ingest --only stats stores the box score of a recent live final from ESPN, once', async () => {
    const db = createDb(url);
    try {
      const startsAt = new Date(Date.now() - 20 * 3_600_000);
      startsAt.setUTCMinutes(30, 0, 0);
      const [home, away] = ['LAL', 'BOS'].map((abbreviation) => catalogueTeams('nba').find((t) => t.abbreviation === abbreviation)!);
      const id = gameIdFor('nba', startsAt, 'BOS', 'LAL');
      await db.game.deleteMany({ where: { id } }); // in case the sample happened to hold the same game
      await upsertGames(db, [
        {
          id,
          sport: 'nba',
          season: seasonOf('nba', startsAt),
          startsAt,
          homeTeamId: home!.id,
          awayTeamId: away!.id,
          venueId: home!.venue.id,
          status: 'final',
          homeScore: 112,
          awayScore: 104,
          oddsEventId: null,
          source: 'live',
        },
      ]);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(startsAt);
      const event = {
        id: '401810301',
        date: `${startsAt.toISOString().slice(0, 16)}Z`,
        home: ['LAL', 'Los Angeles Lakers'] as [string, string],
        away: ['BOS', 'Boston Celtics'] as [string, string],
      };
      fake.routes.set('/apis/site/v2/sports/basketball/nba/scoreboard', (u) => ({
        body: espnScoreboard(day, u.searchParams.get('dates') === day.replaceAll('-', '') ? [event] : []),
      }));
      fake.routes.set('/apis/site/v2/sports/basketball/nba/summary', () => ({
        body: espnNbaSummary([
          {
            team: event.away,
            players: [['Jayson Tatum', 'SF', ['38', '31', '11-22', '4-9', '5-6', '9', '6', '3', '1', '0', '1', '8', '2', '+7']]],
          },
          {
            team: event.home,
            players: [['LeBron James', 'SF', ['36', '27', '9-24', '1-5', '8-10', '11', '11', '5', '2', '3', '1', '10', '1', '-7']]],
          },
        ]),
      }));
      const result = await jev(['ingest', '--sport', 'nba', '--only', 'stats']);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('stats nba …');
      expect(result.stderr).toContain(`stats 1/1 ${id}: 2 players`);
      expect(result.stdout).toContain('0 finals, 2 box-score lines');
      const again = await jev(['ingest', '--sport', 'nba', '--only', 'stats']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('no recent finals without a box score');
      expect(again.stdout).toContain('0 box-score lines');
      expect(await db.playerStat.count({ where: { gameId: id, source: 'espn' } })).toBe(2);
      expect(fake.count('/apis/site/v2/sports/basketball/nba/summary')).toBe(1);
    } finally {
      await db.$disconnect();
    }
  });

  it('jev worker runs what is due until stopped', async () => {
    const child = spawn(process.execPath, [path.resolve('bin/jev.mjs'), 'worker'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), stdout.includes('Ingested') && resolve())),
    );
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('jev worker: checking what is due every 60 s');
    // Injuries were fetched by `jev ingest` a moment ago: twelve hours from due, so not fetched again.
    expect(stdout).toContain('skipped injuries nfl: still fresh');
  });

  it('POST /api/cron/ingest needs the CRON_SECRET bearer and runs what is due', async () => {
    server = await startServer({
      DATABASE_URL: url,
      CRON_SECRET,
      ESPN_BASE_URL: fake.baseUrl,
      OPEN_METEO_BASE_URL: fake.baseUrl,
      ODDS_API_KEY: '',
    });
    // `manual`: a redirect (to the sign-in page) must fail the test, not be followed to a 200.
    const cron = (headers: Record<string, string>, method = 'POST') =>
      fetch(`${server.origin}/api/cron/ingest`, { method, headers, redirect: 'manual' });
    const refused = await cron({});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="jev", error="invalid_token"');
    expect(await refused.json()).toEqual({
      error: { code: 'invalid_token', message: 'Send Authorization: Bearer <CRON_SECRET>.', issues: [] },
    });
    expect((await cron({ authorization: 'Bearer wrong-secret-0123456789' })).status).toBe(401);
    const ok = await cron({ authorization: `Bearer ${CRON_SECRET}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const { data } = await ok.json();
    expect(data.skipped).toContain('injuries nfl: still fresh');
    const viaGet = await cron({ authorization: `Bearer ${CRON_SECRET}` }, 'GET');
    expect(viaGet.status).toBe(200);
    expect((await viaGet.json()).data.skipped).toContain('injuries nfl: still fresh');
  });

  it('jev data clear removes the sports data', async () => {
    const cleared = await jevHere(['data', 'clear']);
    expect(cleared.stdout).toContain('Cleared the sports data.');
    const loaded = await jevHere(['data', 'load-sample', '--if-needed']);
    expect(loaded.stdout).toContain('Loaded the sample slate');
  });
});
