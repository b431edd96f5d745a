import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { ToolContext } from '@/lib/tools/types';
import { priceFutures } from '@/lib/betting/futures';
import { SAMPLE_KEEP_MS, SAMPLE_SPORTS, sampleSlate } from '@/lib/data/sample';
import { createRoot } from '@/lib/root';
import { logBet, settleBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import { getPlayerProps } from '@/lib/tools/player-props';
import type { GameOddsConcise } from '@/lib/tools/odds-schemas';
import { getGameResults, listGames } from '@/lib/tools/schedule';
import { loadSample } from '@/lib/data/sample/load';
import { loadPinnedSample, SAMPLE_DATE, SAMPLE_LOADED } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { toolContext } from '../../helpers/tool-context';

// The sample slate left running for days (ingestion's sample task, lib/data/ingest/tasks.ts, run every few hours of
// a pinned clock from the pinned slate's loading): games that kick off stop being priced, lose their props and
// alternate lines, and go final with a score and box score, so bets logged on day 0 grade themselves; every league
// always lists coming games, each in its rhythm (an NFL week and an EPL matchday each seven days, an NBA night each
// day); title markets move gradually; and a month of running keeps the database bounded, a game a bet names
// included. A sample left standing for seven weeks catches up: recent finals, as a fresh load has them.

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

/** A 10 stake on the over of the first NBA player_points prop at DraftKings, logged through log_bet. */
async function betOnFirstNbaProp(db: Db, ctx: ToolContext): Promise<{ gameId: string; betId: string }> {
  const prop = (await db.price.findFirst({
    where: { market: 'player_points', book: 'draftkings', outcome: 'over', game: { source: 'sample', sport: 'nba', status: 'scheduled' } },
    orderBy: [{ game: { startsAt: 'asc' } }, { player: 'asc' }],
  }))!;
  const logged = await logBet.run(
    ctx,
    logBet.input.parse({
      sport: 'nba',
      gameId: prop.gameId,
      market: prop.market,
      player: prop.player,
      selection: 'over',
      point: prop.point,
      americanOdds: prop.americanOdds,
      stake: 10,
    }),
  );
  return { gameId: prop.gameId, betId: logged.bet.id };
}

/** Each league's title chances (the no-vig consensus, as get_game_odds with futures: true gives it) as stored. */
async function titleChances(db: Db): Promise<Map<string, number>> {
  const chances = new Map<string, number>();
  for (const sport of SAMPLE_SPORTS) {
    const rows = await db.futurePrice.findMany({ where: { sport, market: 'champion' } });
    const { outcomes } = priceFutures(rows, 'draftkings');
    const fair = outcomes.flatMap((outcome) =>
      outcome.fairProbability === null ? [] : [[outcome.outcome, outcome.fairProbability] as const],
    );
    expect(fair.length, sport).toBeGreaterThanOrEqual(20);
    expect(Math.abs(fair.reduce((sum, [, p]) => sum + p, 0) - 1), `${sport} chances sum to 1`).toBeLessThan(1e-4);
    for (const [team, p] of fair) chances.set(`${sport} ${team}`, p);
  }
  return chances;
}

/** The UTC weekday and time of each kickoff (Thu 01:15): a league's weekly rhythm. */
const weekdayTime = (at: Date) => at.toUTCString().slice(0, 3) + at.toISOString().slice(10, 16);

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
  /** Each day's title chances, compared with the day before's as the days go: a title market moves gradually. */
  let yesterday: Map<string, number> | undefined;
  const biggestDailyMoves = { points: 0, share: 0 };
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
      if ((now.getTime() - SAMPLE_LOADED.getTime()) % DAY !== 0) continue;
      const today = await titleChances(database.db);
      for (const [team, p] of today) {
        const before = yesterday?.get(team);
        if (before === undefined) continue;
        biggestDailyMoves.points = Math.max(biggestDailyMoves.points, Math.abs(p - before));
        // Relative moves of long shots are in the books' price steps (+20000 to +25000); of the rest, the market's.
        if (before >= 0.05) biggestDailyMoves.share = Math.max(biggestDailyMoves.share, Math.abs(p - before) / before);
      }
      yesterday = today;
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
    // Props and alternate lines are taken down at kickoff, as books do.
    const started = { source: 'sample', startsAt: { lte: clock } };
    expect(await db.price.count({ where: { player: { not: '' }, game: started } }), 'props of started games').toBe(0);
    expect(await db.alternatePrice.count({ where: { game: started } }), 'alternates of started games').toBe(0);
  };

  let betId = '';
  let betGame = '';
  let propGame = '';
  it('a bet on day 0 on the first NBA game grades itself once the game is final (it was never graded before)', async () => {
    ({ gameId: betGame, betId } = await betOnFirstNbaGame(database.db, ctx()));
    const prop = await betOnFirstNbaProp(database.db, ctx());
    propGame = prop.gameId;
    const withAlternates = (await database.db.alternatePrice.findFirst({ where: { game: { sport: 'nba' } }, orderBy: { gameId: 'asc' } }))!;
    await runUntil(new Date(SAMPLE_LOADED.getTime() + DAY));
    await expectLikeAMarket();
    const settled = await settleBet.run(ctx(), settleBet.input.parse({ betId, result: 'auto' }));
    expect(['won', 'lost']).toContain(settled.status);
    // The started games' props and alternates are down, and the prop bet grades from the box score all the same.
    const props = await getPlayerProps.run(ctx(), getPlayerProps.input.parse({ sport: 'nba', gameId: prop.gameId }));
    expect((props as { props: unknown[] }).props).toEqual([]);
    const alternates = await getGameOdds.run(
      ctx(),
      getGameOdds.input.parse({ sport: 'nba', gameId: withAlternates.gameId, alternates: true }),
    );
    expect((alternates as { alternates: unknown[] }).alternates).toEqual([]);
    const propSettled = await settleBet.run(ctx(), settleBet.input.parse({ betId: prop.betId, result: 'auto' }));
    expect(['won', 'lost', 'push']).toContain(propSettled.status);
  }, 600_000);

  it('after 8 days: every league lists coming games, kicked-off games are final with box scores', async () => {
    await runUntil(new Date(SAMPLE_LOADED.getTime() + 8 * DAY));
    await expectLikeAMarket();
  }, 600_000);

  it('after 45 days: the same, and games that kicked off past SAMPLE_KEEP_MS ago are gone but for those the bets name', async () => {
    await runUntil(new Date(SAMPLE_LOADED.getTime() + 45 * DAY), 2 * STEP);
    await expectLikeAMarket();
    const old = await database.db.game.findMany({
      where: { startsAt: { lt: new Date(clock.getTime() - SAMPLE_KEEP_MS) } },
      select: { id: true },
    });
    expect(old.map((game) => game.id).sort()).toEqual([...new Set([betGame, propGame])].sort());
    // Six weeks of games at most: NBA nights of 10 every day, NFL weeks of 16 and EPL matchdays of 10 every week
    // (about 580), and the coming ones.
    expect(await database.db.game.count()).toBeLessThan(650);
    // Each weekly league kept its rhythm: every week's kickoffs on the weekdays and at the times of the loaded
    // slate's (no NFL week starting on a Tuesday); the NBA plays every night.
    const loaded = (sport: string) =>
      database.db.game.findMany({ where: { sport, startsAt: { gt: SAMPLE_LOADED } }, orderBy: { startsAt: 'asc' } });
    const firstWeek = sampleSlate(SAMPLE_DATE, SAMPLE_LOADED).games.filter((game) => game.startsAt > SAMPLE_LOADED);
    for (const sport of ['nfl', 'epl']) {
      const games = await loaded(sport);
      const rhythm = new Set(firstWeek.filter((game) => game.sport === sport).map((game) => weekdayTime(game.startsAt)));
      expect(new Set(games.map((game) => weekdayTime(game.startsAt))), sport).toEqual(rhythm);
      const weeks = new Set(games.map((game) => Math.floor((game.startsAt.getTime() - Date.parse(SAMPLE_DATE)) / (7 * DAY))));
      expect(weeks.size, `${sport} weeks`).toBeGreaterThanOrEqual(6);
    }
    const nights = new Set((await loaded('nba')).map((game) => game.startsAt.toISOString().slice(0, 10)));
    expect(nights.size).toBeGreaterThanOrEqual(40);
    // Title markets moved gradually: no team's fair chance by more than a point and a fifth, or a tenth of itself,
    // from one day to the next (re-drawn, they moved up to 1.8 points, 13% of a contender's chance).
    expect(biggestDailyMoves.points).toBeGreaterThan(0);
    expect(biggestDailyMoves.points).toBeLessThan(0.012);
    expect(biggestDailyMoves.share).toBeLessThan(0.1);
  }, 1_200_000);
});

// A sample left standing for seven weeks (the app stopped), then moved on as `jev data load-sample --if-needed` and
// the server's start do (the sample task, manual): the weeks it missed are played, so results and stats hold recent
// finals with closing prices and box scores as a fresh load's do, and a bet and a pick on its old games stay.
describe.each(PROVIDERS)('the sample moved on after seven weeks on %s', (provider) => {
  let database: TestDatabase;
  let userId: string;
  const restart = new Date(SAMPLE_LOADED.getTime() + 49 * DAY + 5 * HOUR);
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
    userId = await database.user('restart@example.com');
  });
  afterAll(() => database?.close());
  const ctx = (now: Date) =>
    toolContext(database.db, {
      now: () => now,
      user: { id: userId, email: 'restart@example.com' },
      scope: 'write',
      env: { ODDS_CACHE_SECONDS: '0' },
    });

  it('holds five weeks of recent finals with closing prices and box scores, and keeps the bet and the pick (before: no final in the last six weeks)', async () => {
    const { gameId, betId } = await betOnFirstNbaGame(database.db, ctx(SAMPLE_LOADED));
    const pick = await database.db.recommendation.create({
      data: {
        userId,
        sport: 'nba',
        gameId,
        market: 'h2h',
        selection: 'home',
        americanOdds: -110,
        probability: 0.55,
        reasoning: 'r',
        risks: 'r',
      },
    });
    const summary = await createRoot({ config: parseConfig({}), db: database.db, now: () => restart }).ingest({
      mode: 'manual',
      only: 'sample',
      now: () => restart,
    });
    expect(summary.failures).toEqual([]);
    const db = database.db;
    for (const sport of SAMPLE_SPORTS) {
      const results = await getGameResults.run(ctx(restart), getGameResults.input.parse({ sport }));
      const latest = Math.max(...results.results.map((result) => Date.parse(result.startsAt)));
      expect(restart.getTime() - latest, `${sport}: the latest final`).toBeLessThan(7 * DAY);
      expect((await listGames.run(ctx(restart), listGames.input.parse({ sport }))).games.length, sport).toBeGreaterThan(0);
    }
    // As a fresh load's: five weeks of NFL and EPL finals, a week of NBA nights, each with closing prices before its
    // kickoff and a box score.
    const recent = { source: 'sample', status: 'final', startsAt: { gt: new Date(restart.getTime() - 6 * 7 * DAY) } };
    const finals = await db.game.findMany({
      where: recent,
      include: { _count: { select: { playerStats: true, prices: true } } },
    });
    for (const sport of SAMPLE_SPORTS)
      expect(finals.filter((game) => game.sport === sport).length, sport).toBeGreaterThanOrEqual(sport === 'nba' ? 60 : 4 * 10);
    for (const game of finals) {
      expect(game._count.playerStats, game.id).toBeGreaterThan(0);
      expect(game._count.prices, game.id).toBeGreaterThan(0);
    }
    const pricedAfterKickoff = await db.$queryRawUnsafe<{ n: number | bigint }[]>(
      'SELECT COUNT(*) AS n FROM "Price" p JOIN "Game" g ON g."id" = p."gameId" WHERE p."updatedAt" > g."startsAt"',
    );
    expect(Number(pricedAfterKickoff[0]!.n)).toBe(0);
    expect(await db.game.count({ where: { source: 'sample', status: 'scheduled', startsAt: { lte: restart } } })).toBe(0);
    // The old game the bet and the pick name stays, played; both are as they were, and the bet grades.
    expect((await db.game.findUnique({ where: { id: gameId } }))?.status).toBe('final');
    expect(await db.recommendation.findUnique({ where: { id: pick.id } })).toEqual(pick);
    const settled = await settleBet.run(ctx(restart), settleBet.input.parse({ betId, result: 'auto' }));
    expect(['won', 'lost']).toContain(settled.status);
  }, 600_000);
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
    // The server's own ticker moves the sample on within seconds of starting. Its ticks may overlap (one a second, each
    // league's task claimed by one tick), so a league can be moved before the one ahead of it: wait for all of them.
    const deadline = Date.now() + 60_000;
    // get_game_odds lists a league's games once their prices are stored too, by the same ticks: wait for both.
    const moved = async () => {
      for (const sport of SAMPLE_SPORTS) {
        if ((await call('list_games', { sport })).games.length === 0) return false;
        if ((await call('get_game_odds', { sport })).games.length === 0) return false;
      }
      return (await app.database.db.game.findUnique({ where: { id: betGame } }))?.status === 'final';
    };
    while (Date.now() < deadline && !(await moved())) await new Promise((resolve) => setTimeout(resolve, 1000));
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
