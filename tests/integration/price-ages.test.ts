import { beforeAll, describe, expect, it } from 'vitest';
import { mergePrices, takeDownPrices, type PriceRecord } from '@/lib/data/store';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, finishGame, kickOffAfterPicks } from '../helpers/games';
import { toolData } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// An answer about a price says how old it is, so an agent quoting it does not give a stale number as current: over
// REST on SQLite and PostgreSQL, with the prices written by the store as ingestion writes them.
// - list_bets: each bet's close carries when its book last quoted it by kick-off (a confirmation of the same price
//   counts, a take-down keeps it) and how many minutes before kick-off that was; a close quoted more than
//   ODDS_STALE_MINUTES (60 here) before is flagged and left out of the average CLV.
// - get_game_odds: steam is a move under way, so a steam move 22 hours old is not reported; one 10 minutes old is.
// - save_recommendation: a pick keeps the market's no-vig probability beside the agent's own (its expectedValue is at
//   the agent's); list_recommendations' summary counts the units won at each pick's stake and price.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STALE_MINUTES = 60;

/** Draftkings and FanDuel's moneylines on NYG v DAL, stamped `at`. */
const moneylines = (gameId: string, at: Date, [dk, fd]: [[number, number], [number, number]]): PriceRecord[] =>
  (
    [
      ['draftkings', 'NYG', dk[0]],
      ['draftkings', 'DAL', dk[1]],
      ['fanduel', 'NYG', fd[0]],
      ['fanduel', 'DAL', fd[1]],
    ] as const
  ).map(([book, outcome, americanOdds]) => ({
    gameId,
    market: 'h2h',
    player: '',
    book,
    outcome,
    point: null,
    americanOdds,
    updatedAt: at,
  }));

const PRE_GAME: [[number, number], [number, number]] = [
  [-150, 130],
  [-145, 125],
];
const IN_PLAY: [[number, number], [number, number]] = [
  [-300, 240],
  [-280, 230],
];

/** A player's passing-touchdowns line at both books, stamped `at`. */
const passingTds = (gameId: string, at: Date): PriceRecord[] =>
  ['draftkings', 'fanduel'].flatMap((book) =>
    (['Over', 'Under'] as const).map((outcome) => ({
      gameId,
      market: 'player_pass_tds',
      player: 'Sample Quarterback',
      book,
      outcome,
      point: 1.5,
      americanOdds: outcome === 'Over' ? -120 : 100,
      updatedAt: at,
    })),
  );

describe.each(PROVIDERS)('the ages of prices in the answers, on %s', (provider) => {
  let token: string;
  const seededAt = Date.now();
  const app = testApp(provider, {
    env: { ODDS_STALE_MINUTES: String(STALE_MINUTES) },
    seed: async (database) => {
      const { db } = database;
      const userId = await database.user(`ages-${provider}@example.com`, {
        balance: 1000,
        unit: 10,
        timeZone: 'UTC',
        referenceBook: 'draftkings',
      });
      token = (await database.token(userId, 'write')).token;
      // Two games still to come, priced three hours ago, bets logged on them, then kicked off (the test below).
      for (const id of ['nfl-kept', 'nfl-stopped']) {
        await addGame(db, { id, home: 'NYG', away: 'DAL', startsAt: new Date(seededAt + 48 * HOUR) });
        await mergePrices(db, [
          ...moneylines(id, new Date(seededAt - 3 * HOUR), PRE_GAME),
          ...passingTds(id, new Date(seededAt - 3 * HOUR)),
        ]);
      }
      // Steam: three books moving towards NYG within 20 minutes, 22 hours ago on one game and 10 minutes ago on the other.
      for (const [id, movedAt] of [
        ['nfl-old-steam', seededAt - 22 * HOUR],
        ['nfl-new-steam', seededAt - 10 * MINUTE],
      ] as const) {
        await addGame(db, { id, home: 'NYG', away: 'DAL', startsAt: new Date(seededAt + 48 * HOUR) });
        const books = ['draftkings', 'fanduel', 'betmgm'];
        const quote = (book: string, nyg: number, dal: number, at: number): PriceRecord[] =>
          (
            [
              ['NYG', nyg],
              ['DAL', dal],
            ] as const
          ).map(([outcome, americanOdds]) => ({
            gameId: id,
            market: 'h2h',
            player: '',
            book,
            outcome,
            point: null,
            americanOdds,
            updatedAt: new Date(at),
          }));
        await mergePrices(
          db,
          books.flatMap((book) => quote(book, -110, -110, seededAt - 30 * HOUR)),
        );
        for (const [index, book] of books.entries()) await mergePrices(db, quote(book, -130, 110, movedAt - (20 - 10 * index) * MINUTE));
      }
      // A game to save picks on, priced now.
      await addGame(db, { id: 'nfl-picks', home: 'NYG', away: 'DAL', startsAt: new Date(seededAt + 48 * HOUR) });
      await mergePrices(db, moneylines('nfl-picks', new Date(seededAt - MINUTE), PRE_GAME));
    },
  });
  const call = (tool: string, args: Record<string, unknown>) => toolData(app.server.port, token, tool, args);

  describe("list_bets: a close's age", () => {
    const bets: Record<string, string> = {};
    let kickOff: Date;
    beforeAll(async () => {
      const { db } = app.database;
      // Other prices at each game, so the average tells the closes it takes in from those it leaves out.
      for (const [gameId, dal, over] of [
        ['nfl-kept', 140, -110],
        ['nfl-stopped', 200, 150],
      ] as const) {
        const log = async (args: Record<string, unknown>) =>
          (await call('log_bet', { sport: 'nfl', gameId, stake: 10, ...args })).bet.id as string;
        bets[gameId] = await log({ market: 'h2h', selection: 'DAL', americanOdds: dal });
        bets[`${gameId}-prop`] = await log({
          market: 'player_pass_tds',
          selection: 'over',
          point: 1.5,
          player: 'Sample Quarterback',
          americanOdds: over,
        });
      }
      // Both kick off now. At nfl-kept the books confirmed their prices 5 minutes before kick-off (the prop 2 minutes
      // before, then took it down at kick-off); at nfl-stopped they stopped updating three hours before. Both
      // moneylines then move in play.
      kickOff = new Date();
      for (const id of ['nfl-kept', 'nfl-stopped'])
        await db.game.update({ where: { id }, data: { startsAt: kickOff, status: 'in_progress' } });
      await mergePrices(db, moneylines('nfl-kept', new Date(kickOff.getTime() - 5 * MINUTE), PRE_GAME));
      await mergePrices(db, passingTds('nfl-kept', new Date(kickOff.getTime() - 2 * MINUTE)));
      await takeDownPrices(db, { gameId: 'nfl-kept', player: { not: '' } });
      for (const id of ['nfl-kept', 'nfl-stopped']) await mergePrices(db, moneylines(id, new Date(kickOff.getTime() + 1_000), IN_PLAY));
    });

    it('each close says when it was quoted and how long before kick-off; one quoted over ODDS_STALE_MINUTES before is flagged and left out of the average (before: no age, every close averaged)', async () => {
      const listed = await call('list_bets', {});
      const byId = new Map((listed.bets as { id: string; closingLineValue?: number }[]).map((bet) => [bet.id, bet]));
      const stoppedMinutes = Math.ceil((kickOff.getTime() - (seededAt - 3 * HOUR)) / MINUTE);
      expect(byId.get(bets['nfl-kept']!)).toMatchObject({ closingQuotedMinutesBeforeStart: 5, closingLineValue: expect.any(Number) });
      expect(byId.get(bets['nfl-kept-prop']!)).toMatchObject({ closingQuotedMinutesBeforeStart: 2 });
      for (const id of [bets['nfl-kept']!, bets['nfl-kept-prop']!]) expect(byId.get(id)).not.toHaveProperty('closingLineStale');
      for (const id of [bets['nfl-stopped']!, bets['nfl-stopped-prop']!]) {
        expect(byId.get(id)).toMatchObject({
          closingQuotedMinutesBeforeStart: stoppedMinutes,
          closingLineStale: true,
          closingLineValue: expect.any(Number),
        });
      }
      expect(listed.staleCloseNote).toMatch(/^closingLineStale: the close was last quoted more than 60 minutes before kick-off/);
      const fresh = [bets['nfl-kept']!, bets['nfl-kept-prop']!].map((id) => byId.get(id)!.closingLineValue!);
      expect(listed.summary).toMatchObject({ betsWithClosingLine: 4, betsWithStaleClosingLine: 2 });
      expect(listed.summary.averageClosingLineValue).toBeCloseTo((fresh[0]! + fresh[1]!) / 2, 4);

      const full = await call('list_bets', { detail: 'full' });
      const kept = (full.bets as { id: string }[]).find((bet) => bet.id === bets['nfl-kept'])!;
      expect(kept).toMatchObject({
        closingQuotedAt: new Date(kickOff.getTime() - 5 * MINUTE).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        closingQuotedMinutesBeforeStart: 5,
        closingLineStale: false,
      });
      expect(full.staleCloseNote).toBe(listed.staleCloseNote);
    });
  });

  it('get_game_odds reports steam only while it is under way: 10 minutes old it is, 22 hours old it is history (before: "22 hours ago" read as steam)', async () => {
    const steamOf = async (gameId: string) => {
      const answer = await call('get_game_odds', { sport: 'nfl', gameId, markets: ['h2h'] });
      return answer.games[0].markets.find((market: { market: string }) => market.market === 'h2h').steam;
    };
    expect(await steamOf('nfl-new-steam')).toEqual({ outcome: 'NYG', books: 3, movedAgo: expect.stringMatching(/^1\d minutes ago$/) });
    expect(await steamOf('nfl-old-steam')).toBeUndefined();
    const full = await call('get_game_odds', { sport: 'nfl', gameId: 'nfl-old-steam', markets: ['h2h'], detail: 'full' });
    expect(full.games[0].markets[0].steam).toBeNull();
  });

  it("a pick keeps the market's fair probability when saved, beside the agent's own, and the record counts units won (before: neither)", async () => {
    const save = async (selection: string, americanOdds: number, stakeUnits?: number) =>
      (
        await call('save_recommendation', {
          sport: 'nfl',
          gameId: 'nfl-picks',
          market: 'h2h',
          selection,
          americanOdds,
          probability: 0.6,
          ...(stakeUnits === undefined ? {} : { stakeUnits }),
          reasoning: 'Numbers.',
          risks: 'Variance.',
        })
      ).recommendation;
    const dal = await save('DAL', 130, 2);
    await save('NYG', -150, 1);
    await save('DAL', 130);
    // The same pricing as a bet's: log_bet's fair probability of the same selection.
    const bet = (await call('log_bet', { sport: 'nfl', gameId: 'nfl-picks', market: 'h2h', selection: 'DAL', americanOdds: 130, stake: 1 }))
      .bet;
    expect(dal.fairProbabilityAtSave).toEqual(expect.any(Number));
    expect(dal.fairProbabilityAtSave).toBe(bet.fairProbabilityAtPlacement);
    expect(dal.fairProbabilityAtSave).not.toBe(0.6);
    expect(dal.expectedValue).toBe(Math.round((0.6 * 2.3 - 1) * 1e4) / 1e4);

    await kickOffAfterPicks(app.database.db, 'nfl-picks');
    await finishGame(app.database.db, 'nfl-picks', 17, 24); // DAL wins
    const listed = await call('list_recommendations', {});
    expect(listed.recommendations.find((pick: { id: string }) => pick.id === dal.id).fairProbabilityAtSave).toBe(dal.fairProbabilityAtSave);
    // DAL at +130 for 2 units won 2.6; NYG at -150 for 1 unit lost 1; the pick without a stake counts none.
    expect(listed.summary).toMatchObject({ graded: 3, won: 2, lost: 1, unitsStaked: 3, unitsWon: 1.6 });
  });
});
