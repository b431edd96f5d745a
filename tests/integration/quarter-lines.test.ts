import { describe, expect, it } from 'vitest';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { createUser } from '@/lib/account/users';
import { cookieHeader, signIn } from '../helpers/console-http';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, finishGame, kickOffAfterPicks } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// Quarter lines (Asian handicap: ±0.25, ±0.75) graded as books settle them, over REST and MCP on SQLite and
// PostgreSQL: half the stake on each neighbouring line, so a level match on -0.25 loses half and refunds half.
// The balance, the loss room, list_bets' summary and the picks all follow the two halves.

const HOUR = 3_600_000;
const PASSWORD = 'correct horse battery';
const now = Date.now();

describe.each(PROVIDERS)('quarter lines on %s', (provider) => {
  let write: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const { id: userId } = await createUser(database.db, { email: `quarter-${provider}@example.com`, password: PASSWORD });
      await saveBankroll(
        database.db,
        userId,
        {
          balance: 1000,
          unit: 10,
          dailyLossLimit: 100,
          weeklyLossLimit: 300,
          timeZone: 'UTC',
          referenceBook: 'draftkings',
        },
        new Date(),
      );
      write = (await database.token(userId, 'write')).token;
      // Bets logged before kick-off, so their gains offset losses in the loss room too.
      await addGame(database.db, { id: 'epl-level', sport: 'epl', home: 'ARS', away: 'CHE', startsAt: new Date(now + HOUR) });
    },
  });

  const call = (tool: string, args: unknown) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${write}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const mcpSettle = async (args: Record<string, unknown>) => {
    const res = await modern(app.server.port, write, 'tools/call', { name: 'settle_bet', arguments: args });
    return res.json().result.structuredContent;
  };
  /** A console page as the signed-in user sees it. */
  const page = async (path: string) => {
    const { cookies } = await signIn(app.server.port, `quarter-${provider}@example.com`, PASSWORD);
    const res = await raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies) } });
    expect(res.status, res.body.slice(0, 200)).toBe(200);
    return res.body;
  };
  const log = async (args: Record<string, unknown>) => {
    const res = await call('log_bet', { sport: 'epl', gameId: 'epl-level', stake: 10, ...args });
    expect(res.status, res.body).toBe(200);
    return res.json().data.bet as { id: string };
  };

  it('a level match settles -0.25 half lost, +0.25 half won, ±0.75 and 2.25/2.75 by their halves, exactly in cents', async () => {
    const homeQuarter = await log({ market: 'spreads', selection: 'ARS', point: -0.25, americanOdds: 100 });
    const awayQuarter = await log({ market: 'spreads', selection: 'CHE', point: 0.25, americanOdds: -110 });
    const oddStake = await log({ market: 'spreads', selection: 'CHE', point: 0.25, americanOdds: -110, stake: 10.01 });
    const homeThreeQuarters = await log({ market: 'spreads', selection: 'ARS', point: -0.75, americanOdds: 150 });
    const overQuarter = await log({ market: 'totals', selection: 'over', point: 2.25, americanOdds: 100 });
    const underThreeQuarters = await log({ market: 'totals', selection: 'under', point: 2.75, americanOdds: -120 });
    const start = (await call('get_bankroll', {})).json().data;
    await finishGame(app.database.db, 'epl-level', 1, 1);

    // Over REST and over MCP: the same grades.
    expect((await call('settle_bet', { betId: homeQuarter.id, result: 'auto' })).json().data).toMatchObject({
      status: 'half_lost',
      payout: 5,
      profit: -5,
    });
    expect(await mcpSettle({ betId: awayQuarter.id, result: 'auto' })).toMatchObject({ status: 'half_won', payout: 14.55, profit: 4.55 });
    // 10.01 splits 5.01 refunded (the odd cent rides on the half that pushes) and 5.00 won at -110 (4.55).
    expect((await call('settle_bet', { betId: oddStake.id, result: 'auto' })).json().data).toMatchObject({
      status: 'half_won',
      payout: 14.56,
      profit: 4.55,
    });
    // -0.75 on a level match: both halves (-0.5 and -1) lose.
    expect(await mcpSettle({ betId: homeThreeQuarters.id, result: 'auto' })).toMatchObject({ status: 'lost', payout: 0, profit: -10 });
    // Two goals on 2.25: over 2 pushes, over 2.5 loses. Under 2.75: under 2.5 and under 3 both win.
    expect((await call('settle_bet', { betId: overQuarter.id, result: 'auto' })).json().data).toMatchObject({
      status: 'half_lost',
      payout: 5,
      profit: -5,
    });
    expect((await call('settle_bet', { betId: underThreeQuarters.id, result: 'auto' })).json().data).toMatchObject({
      status: 'won',
      payout: 18.33,
      profit: 8.33,
    });

    // A whole-stake grade the score does not give is refused; the same auto again moves nothing.
    const wrong = await call('settle_bet', { betId: homeQuarter.id, result: 'lost', correct: true });
    expect(wrong.status).toBe(422);
    expect(wrong.json().error.message).toMatch(/grades bet .* half_lost, not lost/);
    expect((await call('settle_bet', { betId: homeQuarter.id, result: 'auto' })).json().data.status).toBe('half_lost');

    const profit = -5 + 4.55 + 4.55 - 10 - 5 + 8.33;
    const after = (await call('get_bankroll', {})).json().data;
    expect(after.balance).toBeCloseTo(start.balance + profit, 9);
    expect(after.lossToday).toBeCloseTo(Math.max(0, -profit), 9);

    const { summary } = (await call('list_bets', {})).json().data;
    expect(summary.profit).toBeCloseTo(profit, 9);
    expect(summary.staked).toBeCloseTo(60.01, 9);
    // Only the half that was not refunded had action: 5 + 5 + 5 + 10 + 5 + 10.
    expect(summary.stakedWithAction).toBeCloseTo(40, 9);
    expect(summary.roi).toBeCloseTo(profit / 40, 3); // to four places
    // A half win counts half a win, a half loss half a loss: (2 × ½ + 1) / (2 × ½ + 1 + 2 × ½ + 1).
    expect(summary.winRate).toBe(0.5);

    // The Bets page shows the grades as people read them, and filters by them.
    expect(await page('/bets?status=half_lost')).toMatch(/<td[^>]*>half lost</);
  });

  it('a half-stake grade on a whole line is refused; half_won and half_lost are for quarter lines', async () => {
    const gameId = 'epl-whole';
    await addGame(app.database.db, {
      id: gameId,
      sport: 'epl',
      home: 'LIV',
      away: 'MCI',
      startsAt: new Date(now - HOUR),
      status: 'in_progress',
    });
    const res = await call('log_bet', {
      sport: 'epl',
      gameId,
      market: 'spreads',
      selection: 'LIV',
      point: -0.5,
      americanOdds: 100,
      stake: 10,
    });
    const bet = res.json().data.bet;
    await finishGame(app.database.db, gameId, 2, 0);
    const refused = await call('settle_bet', { betId: bet.id, result: 'half_won' });
    expect(refused.status).toBe(422);
    expect(refused.json().error.message).toMatch(/won, not half_won/);
  });

  it('picks on quarter lines are graded by their halves and summed as halves', async () => {
    const gameId = 'epl-picks';
    await addGame(app.database.db, {
      id: gameId,
      sport: 'epl',
      home: 'TOT',
      away: 'NEW',
      startsAt: new Date(now + HOUR),
    });
    const pick = {
      sport: 'epl',
      gameId,
      market: 'spreads',
      americanOdds: 100,
      probability: 0.5,
      reasoning: 'Form.',
      risks: 'A draw refunds half.',
    };
    // Saved before kick-off, then the match is played.
    for (const side of [
      { selection: 'TOT', point: -0.25 },
      { selection: 'NEW', point: 0.25 },
    ]) {
      expect((await call('save_recommendation', { ...pick, ...side })).status).toBe(200);
    }
    await kickOffAfterPicks(app.database.db, gameId);
    await finishGame(app.database.db, gameId, 0, 0);
    const listed = (await call('list_recommendations', { sport: 'epl' })).json().data;
    expect(listed.recommendations.map((p: { result: string }) => p.result).sort()).toEqual(['half_lost', 'half_won']);
    expect(listed.summary).toMatchObject({ count: 2, graded: 2, won: 0, lost: 0, halfWon: 1, halfLost: 1, pushed: 0, winRate: 0.5 });
    const picksPage = await page('/picks');
    expect(picksPage).toContain('half won 1, half lost 1');
  });
});
