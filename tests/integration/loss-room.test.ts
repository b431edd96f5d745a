import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as stored from '@/lib/account/bankroll';
import { replacePlayerStats } from '@/lib/data/store';
import { getBankroll } from '@/lib/tools/bankroll';
import { listBets, logBet, settleBet } from '@/lib/tools/bets';
import { calcKellyStake } from '@/lib/tools/calculators';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame, addPrices, finishGame } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// The room under the loss limits counts open stakes placed in the period, or on games starting by its end, as
// already at risk: room = limit − net settled loss in the period − those open stakes (at least 0).

// Wednesday 2026-11-04 13:00 in New York (EST): the day began 05:00Z, the week Monday 2026-11-02 05:00Z.
const NOW = new Date('2026-11-04T18:00:00Z');

describe.each(PROVIDERS)('loss-limit room with open bets on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
    await addGame(database.db, { id: 'nfl-room', home: 'NYG', away: 'DAL', startsAt: new Date('2026-11-08T18:00:00Z') });
    // Priced at the +100 the bets take, so the only warnings are the room's.
    const quotes = [
      { book: 'draftkings', outcome: 'NYG', americanOdds: 100 },
      { book: 'draftkings', outcome: 'DAL', americanOdds: -120 },
    ];
    await addPrices(database.db, 'nfl-room', 'h2h', quotes, new Date('2026-11-04T12:00:00Z'));
    // Today's early game, final (NYG won), that the settled bets below were placed on: its score confirms their grades.
    await addGame(database.db, {
      id: 'nfl-early',
      home: 'NYG',
      away: 'DAL',
      startsAt: new Date('2026-11-04T14:30:00Z'),
      status: 'final',
      homeScore: 24,
      awayScore: 20,
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** An open bet on Sunday's game, or one settled as placed, on today's early game (a loss on DAL, which lost). */
  async function bet(userId: string, placedAt: string, stakeCents: number, settled?: { status: string; profitCents: number }) {
    await database.db.bet.create({
      data: {
        userId,
        sport: 'nfl',
        gameId: settled ? 'nfl-early' : 'nfl-room',
        market: 'h2h',
        selection: settled && settled.profitCents < 0 ? 'DAL' : 'NYG',
        americanOdds: 100,
        stakeCents,
        status: settled?.status ?? 'open',
        profitCents: settled?.profitCents ?? null,
        payoutCents: settled ? stakeCents + settled.profitCents : null,
        placedAt: new Date(placedAt),
        settledAt: settled ? new Date(placedAt) : null,
      },
    });
  }

  it('150 open today against a daily limit of 100: room 0, and calc_kelly_stake caps the stake at 0', async () => {
    const userId = await database.user(`kelly-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      weeklyLossLimit: 300,
      timeZone: 'America/New_York',
    });
    const ctx = toolContext(database.db, { user: { id: userId, email: 'k@example.com' }, now: () => NOW });
    const kelly = () => calcKellyStake.run(ctx, calcKellyStake.input.parse({ probability: 0.6, americanOdds: 100 }));

    // Before any bet: quarter Kelly of 0.2 on 1000 is 50, under both rooms.
    expect(await kelly()).toMatchObject({ stake: 50, cappedStake: 50, limits: { dailyLossRoom: 100, weeklyLossRoom: 300 } });

    await bet(userId, '2026-11-04T14:00:00Z', 5000); // today, open
    await bet(userId, '2026-11-04T15:00:00Z', 5000);
    await bet(userId, '2026-11-04T16:00:00Z', 5000);
    await bet(userId, '2026-11-03T15:00:00Z', 4000); // Tuesday, open: counts for the week only
    await bet(userId, '2026-10-30T15:00:00Z', 7000); // last week, open, on Sunday's game: counts for this week, not today
    await bet(userId, '2026-11-04T12:00:00Z', 3000, { status: 'lost', profitCents: -3000 }); // today, settled loss
    await bet(userId, '2026-11-04T12:30:00Z', 2000, { status: 'won', profitCents: 2000 }); // today, settled win

    const view = await stored.readBankroll(database.db, userId, NOW);
    expect(view).toMatchObject({
      lossToday: 10,
      lossThisWeek: 10,
      openStakesToday: 150,
      openStakesThisWeek: 260,
      dailyLossRoom: 0, // 100 − 10 − 150, floored at 0
      weeklyLossRoom: 30, // 300 − 10 − 260
    });
    const tool = await getBankroll.run(ctx, getBankroll.input.parse({}));
    expect(tool).toMatchObject({ openStakesToday: 150, dailyLossRoom: 0, weeklyLossRoom: 30, openExposure: 260 });
    expect(await kelly()).toMatchObject({ stake: 50, cappedStake: 0, cappedStakeUnits: 0, limits: { dailyLossRoom: 0 } });

    // Settling an open bet moves its stake from "open" to "loss" (or frees it on a win): the room follows.
    await database.db.bet.updateMany({
      where: { userId, stakeCents: 5000, placedAt: new Date('2026-11-04T14:00:00Z') },
      data: { gameId: 'nfl-early', status: 'won', profitCents: 5000, payoutCents: 10000, settledAt: new Date('2026-11-04T17:00:00Z') },
    });
    // Net today: −30 + 20 + 50 = +40, no loss; open today 100: room 0. Week: 300 − 0 − 210 = 90.
    expect(await stored.readBankroll(database.db, userId, NOW)).toMatchObject({ lossToday: 0, dailyLossRoom: 0, weeklyLossRoom: 90 });
  });

  it("a bet logged before midnight on tomorrow's game uses tomorrow's room too: stakes split across midnight pass no limit twice (before: 0 open today)", async () => {
    const userId = await database.user(`midnight-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      timeZone: 'America/New_York',
    });
    // 23:50 on Wednesday in New York, on Thursday's game; then 00:10 on Thursday, and a Friday game's bet.
    await addGame(database.db, { id: 'nfl-thursday', home: 'PHI', away: 'WAS', startsAt: new Date('2026-11-06T01:15:00Z') });
    await addGame(database.db, { id: 'nfl-friday', home: 'SEA', away: 'ARI', startsAt: new Date('2026-11-07T01:15:00Z') });
    const open = async (gameId: string, placedAt: string, stakeCents: number) => {
      await database.db.bet.create({
        data: {
          userId,
          sport: 'nfl',
          gameId,
          market: 'h2h',
          selection: 'WAS',
          americanOdds: 100,
          stakeCents,
          status: 'open',
          placedAt: new Date(placedAt),
        },
      });
    };
    await open('nfl-thursday', '2026-11-05T04:50:00Z', 10000);
    await open('nfl-friday', '2026-11-05T04:55:00Z', 2000);
    expect(await stored.readBankroll(database.db, userId, new Date('2026-11-05T04:55:00Z'))).toMatchObject({
      openStakesToday: 120,
      dailyLossRoom: 0,
    });
    // Thursday 00:10: the Thursday game's stake is at risk today; the Friday game's is not, until Friday.
    expect(await stored.readBankroll(database.db, userId, new Date('2026-11-05T05:10:00Z'))).toMatchObject({
      openStakesToday: 100,
      dailyLossRoom: 0,
    });
    expect(await stored.readBankroll(database.db, userId, new Date('2026-11-06T05:10:00Z'))).toMatchObject({
      openStakesToday: 120,
      dailyLossRoom: 0,
    });
  });

  it("a bankroll or Kelly fraction passed sizes a what-if stake; the capped stake stays within the user's own (before: 1,999,999.99)", async () => {
    const userId = await database.user(`override-${provider}@example.com`, { balance: 1000, unit: 10, timeZone: 'America/New_York' });
    const ctx = toolContext(database.db, { user: { id: userId, email: 'o@example.com' }, now: () => NOW });
    const kelly = (extra: Record<string, number>) =>
      calcKellyStake.run(ctx, calcKellyStake.input.parse({ probability: 0.6, americanOdds: 100, ...extra }));
    // Full Kelly 0.2; the user's quarter Kelly on 1000 is 50.
    expect(await kelly({ bankroll: 10_000_000, kellyFraction: 1 })).toMatchObject({
      stake: 2_000_000,
      cappedStake: 50,
      cappedStakeUnits: 5,
      reason: expect.stringMatching(
        /^Kelly stakes 2000000, capped to 50 by the Kelly stake on the user's own balance and Kelly fraction \(50\)/,
      ),
    });
    expect(await kelly({ kellyFraction: 0.5 })).toMatchObject({ stake: 100, cappedStake: 50 });
    // Smaller than the user's own sizing, the what-if stands.
    expect(await kelly({ kellyFraction: 0.1 })).toMatchObject({ stake: 20, cappedStake: 20 });
    expect(await kelly({ bankroll: 400 })).toMatchObject({ stake: 20, cappedStake: 20 });
    expect(await kelly({})).toMatchObject({ stake: 50, cappedStake: 50 });
  });

  it("a cashout's gain offsets no loss, and no correction moves a gain into today: neither reopens the room (before: both did)", async () => {
    const userId = await database.user(`cashout-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      timeZone: 'America/New_York',
    });
    const ctx = toolContext(database.db, { user: { id: userId, email: 'c@example.com' }, now: () => NOW, scope: 'write' });
    await bet(userId, '2026-11-04T14:00:00Z', 10000, { status: 'lost', profitCents: -10000 }); // today's limit used up
    // A bet on Sunday's game, cashed out at once for all a win pays back: +90.
    const logged = await logBet.run(
      ctx,
      logBet.input.parse({ sport: 'nfl', gameId: 'nfl-room', market: 'h2h', selection: 'DAL', americanOdds: 900, stake: 10 }),
    );
    const settle = (args: Record<string, unknown>) => settleBet.run(ctx, settleBet.input.parse({ betId: logged.bet.id, ...args }));
    expect(await settle({ result: 'cashout', payout: 100 })).toMatchObject({ status: 'cashout', profit: 90 });
    expect(await stored.readBankroll(database.db, userId, NOW)).toMatchObject({ lossToday: 100, dailyLossRoom: 0 });
    // Cashed out a week ago; corrected today to a cent less, the gain stays in its week and opens nothing today.
    const weekAgo = new Date('2026-10-28T15:00:00Z');
    await database.db.bet.update({ where: { id: logged.bet.id }, data: { settledAt: weekAgo } });
    const corrected = await settle({ result: 'cashout', payout: 99.99, correct: true });
    expect(corrected).toMatchObject({ profit: 89.99, settledAt: weekAgo.toISOString().replace('.000Z', 'Z') });
    expect(await stored.readBankroll(database.db, userId, NOW)).toMatchObject({ lossToday: 100, dailyLossRoom: 0 });
    // A cashout at a loss counts like any loss.
    expect(await settle({ result: 'cashout', payout: 4, correct: true })).toMatchObject({ profit: -6 });
    expect(await stored.readBankroll(database.db, userId, NOW)).toMatchObject({ lossToday: 106, dailyLossRoom: 0 });
  });

  it('a bet logged in play offsets no loss with its gain, whatever it pays; one placed before kick-off does (before: both did)', async () => {
    const userId = await database.user(`in-play-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      timeZone: 'America/New_York',
    });
    const as = (now: string) =>
      toolContext(database.db, { user: { id: userId, email: 'p@example.com' }, now: () => new Date(now), scope: 'write' });
    await bet(userId, '2026-11-04T14:00:00Z', 10000, { status: 'lost', profitCents: -10000 }); // today's limit used up
    await addGame(database.db, { id: 'nfl-in-play', home: 'NYG', away: 'DAL', startsAt: new Date('2026-11-04T16:00:00Z') });
    const log = async (now: string, americanOdds: number, stake: number) =>
      (
        await logBet.run(
          as(now),
          logBet.input.parse({ sport: 'nfl', gameId: 'nfl-in-play', market: 'h2h', selection: 'DAL', americanOdds, stake }),
        )
      ).bet.id;
    const before = await log('2026-11-04T15:30:00Z', 150, 20);
    // Logged an hour after kick-off, DAL 21 points up and the game not yet final in the store, at odds no book offered.
    await database.db.game.update({ where: { id: 'nfl-in-play' }, data: { status: 'in_progress' } });
    const inPlay = await log('2026-11-04T17:00:00Z', 900, 10);
    await finishGame(database.db, 'nfl-in-play', 10, 31);
    const settle = (betId: string) => settleBet.run(as(NOW.toISOString()), settleBet.input.parse({ betId, result: 'auto' }));
    expect(await settle(inPlay)).toMatchObject({ status: 'won', profit: 90 });
    expect(await settle(before)).toMatchObject({ status: 'won', profit: 30 });
    // The balance takes both wins (the loss was written straight to the ledger); the limits 100 lost, less the 30 won
    // before kick-off: 70, and 30 of room (before: no loss, 100 of room).
    const answer = await getBankroll.run(as(NOW.toISOString()), getBankroll.input.parse({}));
    expect(answer).toMatchObject({ balance: 1120, lossToday: 70, lossThisWeek: 70, dailyLossRoom: 30 });
  });

  it('a win graded by hand offsets no loss until the stored box-score line confirms it (before: at once)', async () => {
    const userId = await database.user(`by-hand-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      timeZone: 'America/New_York',
    });
    const as = (now: string) =>
      toolContext(database.db, { user: { id: userId, email: 'h@example.com' }, now: () => new Date(now), scope: 'write' });
    await bet(userId, '2026-11-04T14:00:00Z', 10000, { status: 'lost', profitCents: -10000 }); // today's limit used up
    await addGame(database.db, { id: 'nfl-by-hand', home: 'NYG', away: 'DAL', startsAt: new Date('2026-11-04T15:00:00Z') });
    const prop = { market: 'player_pass_yds', selection: 'over', point: 249.5, player: 'Sample Passer', americanOdds: 100, stake: 50 };
    const { bet: logged } = await logBet.run(
      as('2026-11-04T14:30:00Z'),
      logBet.input.parse({ sport: 'nfl', gameId: 'nfl-by-hand', ...prop }),
    );
    await finishGame(database.db, 'nfl-by-hand', 17, 13);
    // No box-score line stored yet: the user grades the prop as the book did.
    const settled = await settleBet.run(as(NOW.toISOString()), settleBet.input.parse({ betId: logged.id, result: 'won' }));
    expect(settled).toMatchObject({ status: 'won', profit: 50 });
    const room = async () => {
      const { lossToday, dailyLossRoom, note } = await getBankroll.run(as(NOW.toISOString()), getBankroll.input.parse({}));
      return { lossToday, dailyLossRoom, note };
    };
    expect(await room()).toMatchObject({ lossToday: 100, dailyLossRoom: 0 });
    const line = (passingYards: number) =>
      replacePlayerStats(
        database.db,
        [{ sport: 'nfl', player: 'Sample Passer', teamId: 'nfl:NYG', gameId: 'nfl-by-hand', playedAt: NOW, stats: { passingYards } }],
        'live',
      );
    // The stored line confirms the grade: the gain offsets the loss.
    await line(301);
    expect(await room()).toMatchObject({ lossToday: 50, dailyLossRoom: 50 });
    // A stat correction that grades it lost takes the gain out again, and the note names the bet.
    await line(240);
    const corrected = await room();
    expect(corrected).toMatchObject({ lossToday: 100, dailyLossRoom: 0 });
    expect(corrected.note).toContain(`${logged.id} (won, now lost)`);
  });

  it('log_bet warns once open stakes use up the room: ten bets of 10 under a daily 100 pass, the eleventh warns', async () => {
    const userId = await database.user(`log-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      timeZone: 'America/New_York',
    });
    const ctx = toolContext(database.db, { user: { id: userId, email: 'l@example.com' }, now: () => NOW, scope: 'write' });
    const log = () =>
      logBet.run(
        ctx,
        logBet.input.parse({ sport: 'nfl', gameId: 'nfl-room', market: 'h2h', selection: 'NYG', americanOdds: 100, stake: 10 }),
      );
    for (let i = 0; i < 10; i += 1) expect((await log()).warnings).toEqual([]);
    const eleventh = await log();
    expect(eleventh.warnings).toHaveLength(1);
    expect(eleventh.warnings[0]).toMatch(/over the room left under the daily loss limit \(0\)/);
  });

  it('list_bets: ROI over stakes with action (void and push left out), win rate over won and lost', async () => {
    const userId = await database.user(`roi-${provider}@example.com`, { balance: 1000, unit: 10 });
    await bet(userId, '2026-11-01T12:00:00Z', 10000, { status: 'won', profitCents: 9000 });
    await bet(userId, '2026-11-01T12:01:00Z', 10000, { status: 'lost', profitCents: -10000 });
    await bet(userId, '2026-11-01T12:02:00Z', 10000, { status: 'lost', profitCents: -10000 });
    await bet(userId, '2026-11-01T12:03:00Z', 50000, { status: 'push', profitCents: 0 });
    await bet(userId, '2026-11-01T12:04:00Z', 50000, { status: 'void', profitCents: 0 });
    await bet(userId, '2026-11-01T12:05:00Z', 10000, { status: 'cashout', profitCents: 4000 });
    await bet(userId, '2026-11-01T12:06:00Z', 10000);
    const ctx = toolContext(database.db, { user: { id: userId, email: 'r@example.com' }, now: () => NOW });
    const { summary } = await listBets.run(ctx, listBets.input.parse({}));
    // staked counts the open bet too; profit and stakedWithAction only the settled ones.
    expect(summary).toMatchObject({ count: 7, open: 1, staked: 1500, stakedWithAction: 400, profit: -70 });
    expect(summary.roi).toBe(-0.175);
    expect(summary.winRate).toBe(0.3333); // 1 / 3, to four places
  });
});
