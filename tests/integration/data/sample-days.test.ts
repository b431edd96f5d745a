import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { SAMPLE_KEEP_MS, SAMPLE_SPORTS } from '@/lib/data/sample';
import { createRoot } from '@/lib/root';
import { logBet, settleBet } from '@/lib/tools/account';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsConcise } from '@/lib/tools/odds-schemas';
import { getGameResults, listGames } from '@/lib/tools/schedule';
import { loadPinnedSample, SAMPLE_LOADED } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// The sample slate left running for days (ingestion's sample task, lib/data/ingest/tasks.ts, run every few hours of
// a pinned clock from the pinned slate's loading): games that kick off stop being priced and go final with a score
// and box score, so a bet logged on day 0 grades itself; every league always lists coming games; and a month of
// running keeps the database bounded, a game a bet names included.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The ticks run every few hours (the sample's prices of a moment do not depend on the ticks before it). */
const STEP = 6 * HOUR;

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
    const game = (await database.db.game.findFirst({
      where: { source: 'sample', sport: 'nba', status: 'scheduled' },
      orderBy: { startsAt: 'asc' },
    }))!;
    betGame = game.id;
    const price = (await database.db.price.findFirst({ where: { gameId: game.id, market: 'h2h', book: 'draftkings' } }))!;
    const logged = await logBet.run(
      ctx(),
      logBet.input.parse({
        sport: 'nba',
        gameId: game.id,
        market: 'h2h',
        selection: price.outcome.toLowerCase(),
        americanOdds: price.americanOdds,
        stake: 10,
      }),
    );
    betId = logged.bet.id;
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
