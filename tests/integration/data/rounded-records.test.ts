import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBets, logBet, settleBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { loadPinnedSample, PINNED_NOW } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// An agent quotes list_bets' summary as it reads it, so its fractions carry the digits they mean (four places:
// 0.3333 = 33.33%; a closing fair probability six, like every fair probability), not a float's sixteen, and come
// out the same on every call and database.

/** True when `value` has at most four decimal places. */
const fourPlaces = (value: number) => Number(value.toFixed(4)) === value;
/** True when `value` has at most six decimal places. */
const sixPlaces = (value: number) => Number(value.toFixed(6)) === value;

describe.each(PROVIDERS)('list_bets rounds its fractions on %s', (provider) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
    userId = await database.user('quinn@example.com', { balance: 1000, unit: 10 });
  });
  afterAll(() => database?.close());
  const ctx = (now = PINNED_NOW) =>
    toolContext(database.db, { now: () => now, user: { id: userId, email: 'quinn@example.com' }, scope: 'write' });

  it('answers ROI, win rate and closing-line values to four places, closing fair probabilities to six, the same on every call', async () => {
    const odds = (await getGameOdds.run(ctx(), getGameOdds.input.parse({ sport: 'nfl', detail: 'full', limit: 100 }))) as GameOddsFull;
    const game = odds.games.find((g) => g.status === 'scheduled' && g.markets.some((m) => m.market === 'h2h'))!;
    const moneyline = game.markets.find((m) => m.market === 'h2h')!;
    const ids: string[] = [];
    for (const outcome of [...moneyline.outcomes, ...moneyline.outcomes]) {
      const wager = { sport: 'nfl', gameId: game.gameId, market: 'h2h', selection: outcome.outcome.toLowerCase() };
      const logged = await logBet.run(ctx(), logBet.input.parse({ ...wager, americanOdds: outcome.americanOdds, stake: 3 }));
      ids.push(logged.bet.id);
    }
    // A cash-out of 4 on a stake of 3: a return of 1/3 on what had action.
    await settleBet.run(ctx(), settleBet.input.parse({ betId: ids[0], result: 'cashout', payout: 4 }));

    // The game kicks off a minute on, its prices fresh (a close quoted over ODDS_STALE_MINUTES before kick-off stays out
    // of the average); listed after kick-off, so each bet has its closing line.
    const kickOff = new Date(PINNED_NOW.getTime() + 60_000);
    await database.db.game.update({ where: { id: game.gameId }, data: { startsAt: kickOff } });
    const later = new Date(kickOff.getTime() + 3_600_000);
    const answers = [];
    for (const detail of ['concise', 'full'] as const) {
      answers.push(await listBets.run(ctx(later), listBets.input.parse({ detail })));
    }
    for (const answer of answers) {
      expect(answer.summary.roi).toBe(0.3333);
      expect(answer.summary.betsWithStaleClosingLine).toBe(0);
      const fractions = [
        answer.summary.roi,
        answer.summary.winRate,
        answer.summary.averageClosingLineValue,
        ...answer.bets.map((bet) => bet.closingLineValue),
      ].filter((value): value is number => typeof value === 'number');
      expect(fractions.length).toBe(2 + ids.length);
      expect(fractions.filter((value) => !fourPlaces(value))).toEqual([]);
      const closing = answer.bets.map((bet) => bet.closingFairProbability).filter((value): value is number => typeof value === 'number');
      expect(closing.length).toBe(ids.length);
      expect(closing.filter((value) => !sixPlaces(value))).toEqual([]);
    }
    const again = await listBets.run(ctx(later), listBets.input.parse({ detail: 'full' }));
    expect(again.summary).toEqual(answers[1]!.summary);
  });
});
