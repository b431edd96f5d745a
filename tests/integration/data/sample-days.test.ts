import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { ToolContext } from '@/lib/tools/types';
import { SAMPLE_KEEP_MS, SAMPLE_SPORTS } from '@/lib/data/sample';
import { createRoot } from '@/lib/root';
import { logBet, settleBet } from '@/lib/tools/account';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsConcise } from '@/lib/tools/odds-schemas';
import { getGameResults, listGames } from '@/lib/tools/schedule';
import { loadSample } from '@/lib/data/load-sample';
import { loadPinnedSample, SAMPLE_LOADED } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { toolContext } from '../../helpers/tool-context';

// The sample slate left running for days (ingestion's sample task, lib/data/ingest/tasks.ts, run every few hours of
// a pinned clock from the pinned slate's loading): games that kick off stop being priced and go final with a score
// and box score, so a bet logged on day 0 grades itself; every league always lists coming games; and a month of
// running keeps the database bounded, a game a bet names included.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The ticks run every few hours (the sample's prices of a moment do not depend on the ticks before it). */
const STEP = 6 * HOUR;

/** A 10 stake on the first scheduled NBA game's moneyline at DraftKings' price, logged through log_bet. */
async function betOnFirstNbaGame(db: Db, ctx: ToolContext): Promise<{ gameId: string; betId: string }> {
  const game = (await db.game.findFirst({ where: { source: 'sample', sport: 'nba', status: 'scheduled' }, orderBy: { startsAt: 'asc' } }))!;
  const price = (await db.price.findFirst({ where: { gameId: game.id, market: 'h2h', book: 'draftkings' } }))!;
  const logged = await logBet.run(
    ctx,
    logBet.input.parse({
      sport: 'nba',
      gameId: game.id,
      market: 'h2h',
      selection: price.outcome.toLowerCase(),
      americanOdds: price.americanOdds,
      stake: 10,
    }),
  );
  return { gameId: game.id, betId: logged.bet.id };
}

describe.each(PROVIDERS)('the sample slate over days on %s', (provider) => {
  let database: TestDatabase;
  let userId: string;
  let clock = SAMPLE_LOADED;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
    userId = await database.user('days@example.com');
  });
  afterAll(() => database?.close());

  const ctx = () =>
    toolContext(database.db, {
      now: () => clock,
      user: { id: userId, email: 'days@example.com' },
      scope: 'write',
      env: { ODDS_CACHE_SECONDS: '0' },
    });
  /** Runs the sample task every STEP until `until`. */
  const runUntil = async (until: Date, step = STEP) => {
    while (clock < until) {
      clock = new Date(Math.min(clock.getTime() + step, until.getTime()));
      const now = clock;
      const summary = await createRoot({ config: parseConfig({}), db: database.db, now: () => now }).ingest({
        mode: 'scheduled',
        only: 'sample',
        now: () => now,
      });
      expect(summary.failures).toEqual([]);
    }
  };
  /** What a user sees at `clock`: no kicked-off game still scheduled, every league with coming games and prices. */
  const expectLikeAMarket = async () => {
    const db = database.db;
    expect(await db.game.count({ where: { source: 'sample', status: 'scheduled', startsAt: { lte: clock } } })).toBe(0);
    const finals = await db.game.findMany({
      where: { source: 'sample', status: 'final' },
      include: { _count: { select: { playerStats: true } } },
    });
    for (const game of finals) {
      expect(game.homeScore, game.id).not.toBeNull();
      expect(game._count.playerStats, game.id).toBeGreaterThan(0);
    }
    for (const sport of SAMPLE_SPORTS) {
      const schedule = await listGames.run(ctx(), listGames.input.parse({ sport }));
      expect(schedule.games.length, `${sport} on ${clock.toISOString()}`).toBeGreaterThan(0);
      const odds = (await getGameOdds.run(ctx(), getGameOdds.input.parse({ sport }))) as GameOddsConcise;
      expect(odds.games?.length, `${sport} odds on ${clock.toISOString()}`).toBeGreaterThan(0);
      const results = await getGameResults.run(ctx(), getGameResults.input.parse({ sport }));
      expect(results.results.length, `${sport} results on ${clock.toISOString()}`).toBeGreaterThan(0);
    }
    // Nothing is priced after its kickoff.
    const late = await db.priceHistory.count({ where: { observedAt: { gt: SAMPLE_LOADED } } });
    expect(late).toBeGreaterThan(0);
    const pricedAfterKickoff = await db.$queryRawUnsafe<{ n: number | bigint }[]>(
      'SELECT COUNT(*) AS n FROM "Price" p JOIN "Game" g ON g."id" = p."gameId" WHERE p."updatedAt" > g."startsAt"',
    );
    expect(Number(pricedAfterKickoff[0]!.n)).toBe(0);
  };

  let betId = '';
  let betGame = '';
  it('a bet on day 0 on the first NBA game grades itself once the game is final (it was never graded before)', async () => {
    ({ gameId: betGame, betId } = await betOnFirstNbaGame(database.db, ctx()));
    await runUntil(new Date(SAMPLE_LOADED.getTime() + DAY));
    await expectLikeAMarket();
    const settled = await settleBet.run(ctx(), settleBet.input.parse({ betId, result: 'auto' }));
    expect(['won', 'lost']).toContain(settled.status);
  }, 600_000);

  it('after 8 days: every league lists coming games, kicked-off games are final with box scores', async () => {
    await runUntil(new Date(SAMPLE_LOADED.getTime() + 8 * DAY));
    await expectLikeAMarket();
  }, 600_000);

  it('after 45 days: the same, and games that kicked off past SAMPLE_KEEP_MS ago are gone but for the one the bet names', async () => {
    await runUntil(new Date(SAMPLE_LOADED.getTime() + 45 * DAY), 2 * STEP);
    await expectLikeAMarket();
    const old = await database.db.game.findMany({
      where: { startsAt: { lt: new Date(clock.getTime() - SAMPLE_KEEP_MS) } },
      select: { id: true },
    });
    expect(old.map((game) => game.id)).toEqual([betGame]);
    // Six weeks of games at most: NBA nights of 10 every day, NFL weeks of 16 every five days, EPL matchdays of 10
    // every three or four days (about 700), and the coming ones.
    expect(await database.db.game.count()).toBeLessThan(800);
  }, 1_200_000);
});

// Through the real server, on the machine's clock: a sample loaded a week ago and left stored (the app stopped, or
// running on), and the server's own sample ticker (SAMPLE_MOVE_SECONDS) plays its games and adds the coming ones.
describe.each(PROVIDERS)('the server on a sample loaded a week ago, on %s', (provider) => {
  let token = '';
  let betGame = '';
  const weekAgo = new Date(Date.now() - 7 * DAY);
  const app = testApp(provider, {
    env: { SAMPLE_MOVE_SECONDS: '1' },
    async seed(database) {
      await loadSample(database.db, weekAgo.toISOString().slice(0, 10), weekAgo);
      const userId = await database.user('week@example.com');
      token = (await database.token(userId, 'write')).token;
      ({ gameId: betGame } = await betOnFirstNbaGame(
        database.db,
        toolContext(database.db, { now: () => weekAgo, user: { id: userId, email: 'week@example.com' }, scope: 'write' }),
      ));
    },
  });
  const call = async (tool: string, args: unknown) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(res.status, `${tool}: ${res.body}`).toBe(200);
    return res.json().data;
  };

  it("lists each league's coming games, the week's games final, and grades the bet on one of them (before: none listed, nothing final)", async () => {
    // The server's own ticker moves the sample on within seconds of starting.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await call('list_games', { sport: 'epl' })).games.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const sport of SAMPLE_SPORTS) {
      expect((await call('list_games', { sport })).games.length, sport).toBeGreaterThan(0);
      expect((await call('get_game_odds', { sport })).games.length, sport).toBeGreaterThan(0);
    }
    expect((await call('get_game_results', { sport: 'nba' })).results.length).toBeGreaterThan(0);
    expect((await app.database.db.game.findUnique({ where: { id: betGame } }))?.status).toBe('final');
    const bet = (await app.database.db.bet.findFirst())!;
    expect(['won', 'lost']).toContain((await call('settle_bet', { betId: bet.id, result: 'auto' })).status);
  }, 120_000);
});
