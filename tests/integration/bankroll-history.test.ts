import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankrollHistory } from '@/lib/account/bankroll-history';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame } from '../helpers/games';

// The Bets page's charts: the balance after each settled bet, worked back from today's balance over every
// settled bet, and the cumulative profit of the bets the filters select, in settling order.

describe.each(PROVIDERS)('bankroll history on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
    await addGame(database.db, { id: 'nfl-history', home: 'NYG', away: 'DAL', startsAt: new Date('2026-11-08T18:00:00Z') });
    await addGame(database.db, { id: 'nba-history', sport: 'nba', home: 'BOS', away: 'NYK', startsAt: new Date('2026-11-08T23:00:00Z') });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function bet(userId: string, sport: string, settledAt: string | null, status: string, profitCents: number | null) {
    await database.db.bet.create({
      data: {
        userId,
        sport,
        gameId: `${sport}-history`,
        market: 'h2h',
        selection: sport === 'nfl' ? 'NYG' : 'BOS',
        americanOdds: 100,
        stakeCents: 1000,
        status,
        profitCents,
        payoutCents: profitCents === null ? null : 1000 + profitCents,
        placedAt: new Date('2026-11-01T12:00:00Z'),
        settledAt: settledAt ? new Date(settledAt) : null,
      },
    });
  }

  it('works each balance back from today’s, in settling order, and follows the status and sport filters', async () => {
    const userId = await database.user(`history-${provider}@example.com`, { balance: 1000, unit: 10 });
    // Settled out of creation order: the chart follows settledAt.
    await bet(userId, 'nfl', '2026-11-03T12:00:00Z', 'lost', -1000);
    await bet(userId, 'nba', '2026-11-02T12:00:00Z', 'won', 2000);
    await bet(userId, 'nfl', '2026-11-04T12:00:00Z', 'won', 500);
    await bet(userId, 'nfl', null, 'open', null);

    const all = await bankrollHistory(database.db, userId, {});
    expect(all.currency).toBe('USD');
    // Today's 1000 is the balance after the last (+5); 995 after the second (−10); 1005 after the first (+20).
    expect(all.points.map((p) => [p.profit, p.cumulativeProfit, p.balanceAfter])).toEqual([
      [20, 20, 1005],
      [-10, 10, 995],
      [5, 15, 1000],
    ]);

    // NFL only: the balances stay the account's (the NBA win moved them too); the profit is NFL's alone.
    const nfl = await bankrollHistory(database.db, userId, { sport: 'nfl' });
    expect(nfl.points.map((p) => [p.cumulativeProfit, p.balanceAfter])).toEqual([
      [-10, 995],
      [-5, 1000],
    ]);
    const won = await bankrollHistory(database.db, userId, { status: 'won' });
    expect(won.points.map((p) => [p.cumulativeProfit, p.balanceAfter])).toEqual([
      [20, 1005],
      [25, 1000],
    ]);
    expect((await bankrollHistory(database.db, userId, { status: 'open' })).points).toEqual([]);
  });

  it('without a bankroll there is no balance to follow, only the profit', async () => {
    const userId = await database.user(`no-bankroll-${provider}@example.com`);
    await bet(userId, 'nfl', '2026-11-03T12:00:00Z', 'won', 1000);
    const history = await bankrollHistory(database.db, userId, {});
    expect(history.points.map((p) => [p.cumulativeProfit, p.balanceAfter])).toEqual([[10, null]]);
  });
});
