import { describe, expect, it } from 'vitest';
import { readBankroll } from '@/lib/account/bankroll';
import { devig, impliedProbability, priceExpectedValue, roundFraction, roundTo6 } from '@/lib/betting';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, addPrices, finishGame, kickOffAfterPicks } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// The user's ledger over real HTTP on SQLite and PostgreSQL: bankroll, logging, settling (once, even under
// 50 concurrent calls), picks, the history with profit, ROI and closing-line value, and the write scope.

const HOUR = 3_600_000;
const now = Date.now();

/** Multiplicative no-vig probability of the first outcome, averaged over books: the consensus by hand. */
function consensusOfFirst(...pairs: [number, number][]): number {
  const fair = pairs.map(([a, b]) => devig([impliedProbability(a), impliedProbability(b)], 'multiplicative')[0] as number);
  return fair.reduce((sum, p) => sum + p, 0) / fair.length;
}

describe.each(PROVIDERS)('the user book on %s', (provider) => {
  let annId: string;
  let annWrite: string;
  let annRead: string;
  let benWrite: string;
  let calRead: string;
  const app = testApp(provider, {
    seed: async (database) => {
      annId = await database.user('ann@example.com', {
        balance: 1000,
        unit: 10,
        maxStake: 50,
        dailyLossLimit: 100,
        weeklyLossLimit: 300,
        timeZone: 'America/New_York',
        referenceBook: 'draftkings',
      });
      annWrite = (await database.token(annId, 'write')).token;
      annRead = (await database.token(annId, 'read')).token;
      benWrite = (await database.token(await database.user('ben@example.com'), 'write')).token;
      calRead = (await database.token(await database.user('cal@example.com', { balance: 500, unit: 5 }), 'read')).token;

      const { db } = database;
      await addGame(db, {
        id: 'nfl-final',
        home: 'KC',
        away: 'BUF',
        startsAt: new Date(now - 48 * HOUR),
        status: 'in_progress',
      });
      await addGame(db, { id: 'nfl-next', home: 'NYG', away: 'DAL', startsAt: new Date(now + 48 * HOUR) });
      await addGame(db, { id: 'nba-next', sport: 'nba', home: 'BOS', away: 'LAL', startsAt: new Date(now + 24 * HOUR) });
      const h2h = (book: string, home: number, away: number) => [
        { book, outcome: 'NYG', americanOdds: home },
        { book, outcome: 'DAL', americanOdds: away },
      ];
      await addPrices(
        db,
        'nfl-next',
        'h2h',
        [...h2h('draftkings', -150, 130), ...h2h('fanduel', -145, 125), ...h2h('caesars', -155, 135)],
        new Date(now - HOUR),
      );
      // Closing prices of the final game: the last before kick-off count, the in-play one after it does not.
      const close = (book: string, kc: number, buf: number) => [
        { book, outcome: 'KC', americanOdds: kc },
        { book, outcome: 'BUF', americanOdds: buf },
      ];
      await addPrices(
        db,
        'nfl-final',
        'h2h',
        [...close('draftkings', -110, -110), ...close('fanduel', -110, -110)],
        new Date(now - 60 * HOUR),
      );
      await addPrices(
        db,
        'nfl-final',
        'h2h',
        [...close('draftkings', -130, 110), ...close('fanduel', -135, 115)],
        new Date(now - 49 * HOUR),
      );
      await addPrices(db, 'nfl-final', 'h2h', [...close('draftkings', -400, 300)], new Date(now - 47 * HOUR));
    },
  });

  const call = (tool: string, args: unknown, token = annWrite, userAgent = 'agent-test/1.0') =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify(args),
    });
  const balance = async () => (await call('get_bankroll', {}, annRead)).json().data.balance;
  /** The game bets were logged on while it ran ends 27–24 to KC (every test that needs it final calls this). */
  const endGame = () => finishGame(app.database.db, 'nfl-final', 27, 24);
  const nextBet = { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, book: 'draftkings' };

  it('get_bankroll: limits, room and the staking note; not_found without a bankroll', async () => {
    const res = await call('get_bankroll', {}, annRead);
    expect(res.status).toBe(200);
    expect(res.json().data).toMatchObject({
      currency: 'USD',
      balance: 1000,
      unit: 10,
      kellyFraction: 0.25,
      maxStake: 50,
      dailyLossLimit: 100,
      weeklyLossLimit: 300,
      dailyLossRoom: 100,
      weeklyLossRoom: 300,
      referenceBook: 'draftkings',
      timeZone: 'America/New_York',
      openExposure: 0,
    });
    expect(res.json().data.note).toMatch(/calc_kelly_stake/);
    // No book chosen: the one the odds answers use is named (it was null).
    const cal = await call('get_bankroll', {}, calRead);
    const odds = await call('get_game_odds', { sport: 'nfl', gameId: 'nfl-next' }, calRead);
    expect(cal.json().data.referenceBook).toBe(odds.json().data.referenceBook);
    expect(cal.json().data.referenceBook).toMatch(/^[a-z_]+$/);
    const none = await call('get_bankroll', {}, benWrite);
    expect(none.status).toBe(404);
    // It says where the user sets one up: the console's Bankroll page, at this server's own origin.
    expect(none.json().error.message).toContain(`on the Bankroll page, ${app.server.origin}/bankroll, then call again.`);
    const kelly = await call('calc_kelly_stake', { probability: 0.55, americanOdds: 100 }, benWrite);
    expect(kelly.status).toBe(404);
    expect(kelly.json().error.message).toContain(`${app.server.origin}/bankroll`);
    expect(kelly.json().error.message).toMatch(/Or pass bankroll\.$/);
  });

  it('log_bet: stores price, consensus fair probability and client label; warns past a limit but records', async () => {
    const res = await call('log_bet', { ...nextBet, stake: 20, selection: 'nyg' });
    expect(res.status).toBe(200);
    const { bet, warnings, duplicate } = res.json().data;
    expect(duplicate).toBe(false);
    expect(warnings).toEqual([]);
    expect(bet).toMatchObject({ selection: 'NYG', stake: 20, status: 'open', clientLabel: 'agent-test/1.0', book: 'draftkings' });
    const expected = consensusOfFirst([-150, 130], [-145, 125], [-155, 135]);
    expect(bet.fairProbabilityAtPlacement).toBeCloseTo(expected, 6);

    const big = (await call('log_bet', { ...nextBet, stake: 120 })).json().data;
    expect(big.bet.stake).toBe(120);
    expect(big.warnings).toHaveLength(2);
    expect(big.warnings.join(' ')).toMatch(/max stake \(50\)/);
    // The room left is 100 less the 20 still open from the bet above.
    expect(big.warnings.join(' ')).toMatch(/daily loss limit \(80\)/);
    // The helpline once, after the last of them.
    expect(big.warnings.map((warning: string) => warning.includes('1-800-522-4700'))).toEqual([false, true]);
    expect((await call('get_bankroll', {}, annRead)).json().data.openExposure).toBe(140);
  });

  it('log_bet: the same clientRequestId stores one bet, also when sent concurrently', async () => {
    const args = { ...nextBet, stake: 5, clientRequestId: `retry-${provider}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('log_bet', args)));
    const ids = new Set(answers.map((res) => res.json().data.bet.id));
    expect(ids.size).toBe(1);
    expect(await app.database.db.bet.count({ where: { userId: annId, clientRequestId: `retry-${provider}` } })).toBe(1);
  });

  it('log_bet and save_recommendation: a clientRequestId sent again with other arguments is 400 naming the first record (before: the first returned)', async () => {
    const userId = await app.database.user(`reuse-${provider}@example.com`, { balance: 1000, unit: 10, referenceBook: 'draftkings' });
    const { token } = await app.database.token(userId, 'write');
    const as = (tool: string, args: unknown) => call(tool, args, token);
    await addGame(app.database.db, { id: 'nfl-reuse', home: 'NYG', away: 'DAL', startsAt: new Date(now + 72 * HOUR) });
    const first = await as('log_bet', { ...nextBet, stake: 10, clientRequestId: 'req-1' });
    expect(first.status, first.body).toBe(200);
    const { bet } = first.json().data as { bet: { id: string; placedAt: string } };
    // Another bet under the same id: refused, naming the first and what differs; the 90 is not recorded as if it were.
    const other = await as('log_bet', { ...nextBet, gameId: 'nfl-reuse', stake: 90, clientRequestId: 'req-1' });
    expect(other.status).toBe(400);
    expect(other.json().error.issues).toEqual([
      {
        path: 'clientRequestId',
        message:
          `was already used for bet ${bet.id} (${bet.placedAt}), with other arguments (gameId nfl-reuse, not nfl-next; stake 90, ` +
          `not 10): nothing was recorded now. Send a new clientRequestId to log a new bet; the same arguments again return bet ${bet.id}.`,
      },
    ]);
    const price = await as('log_bet', { ...nextBet, americanOdds: -140, stake: 10, clientRequestId: 'req-1' });
    expect(price.json().error.issues[0].message).toMatch(/with other arguments \(americanOdds -140, not -150\)/);
    // The same bet written otherwise (a team in lower case, the book by its nickname) is the same: the first comes back.
    const again = await as('log_bet', { ...nextBet, selection: 'nyg', book: 'DK', stake: 10, notes: 'retried', clientRequestId: 'req-1' });
    expect(again.status, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ duplicate: true, bet: { id: bet.id, stake: 10 } });
    expect(await app.database.db.bet.count({ where: { userId } })).toBe(1);

    // Sent at once with two stakes: one bet is stored, its own arguments are answered with it and the others refused.
    const racing = await Promise.all(
      [10, 20, 10, 20, 10, 20].map(async (stake) => ({
        stake,
        res: await as('log_bet', { ...nextBet, stake, clientRequestId: 'req-race' }),
      })),
    );
    const stored = await app.database.db.bet.findMany({ where: { userId, clientRequestId: 'req-race' } });
    expect(stored).toHaveLength(1);
    for (const { stake, res } of racing) {
      if (stake * 100 === stored[0]!.stakeCents) {
        expect(res.status, res.body).toBe(200);
        expect(res.json().data.bet.id).toBe(stored[0]!.id);
      } else {
        expect(res.status, res.body).toBe(400);
        expect(res.json().error.issues[0].path).toBe('clientRequestId');
      }
    }

    // Picks alike: the same pick again (its reasoning reworded) returns it; another probability is refused.
    const pick = {
      ...{ sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, probability: 0.62 },
      ...{ reasoning: 'Rest.', risks: 'Turnovers.', clientRequestId: 'pick-1' },
    };
    const saved = (await as('save_recommendation', pick)).json().data.recommendation as { id: string; createdAt: string };
    const same = await as('save_recommendation', { ...pick, selection: 'nyg', reasoning: 'Rest, reworded.' });
    expect(same.json().data).toMatchObject({ duplicate: true, recommendation: { id: saved.id } });
    const changed = await as('save_recommendation', { ...pick, probability: 0.7 });
    expect(changed.status).toBe(400);
    expect(changed.json().error.issues).toEqual([
      {
        path: 'clientRequestId',
        message:
          `was already used for pick ${saved.id} (${saved.createdAt}), with other arguments (probability 0.7, not 0.62): nothing ` +
          `was recorded now. Send a new clientRequestId to save a new pick; the same arguments again return pick ${saved.id}.`,
      },
    ]);
    expect(await app.database.db.recommendation.count({ where: { userId } })).toBe(1);
  });

  it('log_bet: unknown game 404, a game of another sport 400 on gameId, a selection that does not fit 400', async () => {
    const missing = await call('log_bet', { ...nextBet, gameId: 'nope', stake: 5 });
    expect(missing.status).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const sport = await call('log_bet', { ...nextBet, gameId: 'nba-next', stake: 5 });
    expect(sport.status).toBe(400);
    expect(sport.json().error.issues).toEqual([{ path: 'gameId', message: 'nba-next is a NBA game, not NFL: call with sport nba' }]);
    const misfit = await call('log_bet', { ...nextBet, selection: 'over', stake: 5 });
    expect(misfit.status).toBe(400);
    expect(misfit.json().error.issues[0].path).toBe('selection');
    const noPoint = await call('log_bet', { ...nextBet, market: 'spreads', stake: 5 });
    expect(noPoint.json().error.issues[0].path).toBe('point');
  });

  it('settle_bet: auto grades from the final score, moves the balance once, same answer again, different result refused', async () => {
    const before = await balance();
    const { bet } = (
      await call('log_bet', { sport: 'nfl', gameId: 'nfl-final', market: 'h2h', selection: 'KC', americanOdds: -120, stake: 30 })
    ).json().data;
    const early = await call('settle_bet', { betId: bet.id, result: 'won' });
    expect(early.status).toBe(422);
    expect(early.json().error.message).toMatch(/not final/);
    await endGame();
    const settled = await call('settle_bet', { betId: bet.id, result: 'auto' });
    expect(settled.status).toBe(200);
    expect(settled.json().data).toMatchObject({ status: 'won', payout: 55, profit: 25 });
    expect(await balance()).toBeCloseTo(before + 25, 9);
    const again = await call('settle_bet', { betId: bet.id, result: 'won' });
    expect(again.json().data).toEqual(settled.json().data);
    const different = await call('settle_bet', { betId: bet.id, result: 'lost' });
    expect(different.status).toBe(422);
    expect(different.json().error.code).toBe('limit');
    expect(different.json().error.message).toMatch(/grades bet .* won, not lost/);
    // Not even as a correction: the final score grades it won.
    const against = await call('settle_bet', { betId: bet.id, result: 'lost', correct: true });
    expect(against.status).toBe(422);
    expect(against.json().error.message).toMatch(/grades bet .* won, not lost/);
    // Nor void: once the score grades the bet, a void (which would undo a loss) is not offered as a correction either.
    const voided = await call('settle_bet', { betId: bet.id, result: 'void' });
    expect(voided.json().error.message).toMatch(/grades bet .* won, not void: settle it with auto or won/);
    expect(await balance()).toBeCloseTo(before + 25, 9);
  });

  it('log_bet without a book on a line the reference book does not price: no fair probability, and a warning says why', async () => {
    // Only FanDuel hangs this total; Ann's reference book is DraftKings.
    const total = [
      { book: 'fanduel', outcome: 'over', point: 46.5, americanOdds: -106 },
      { book: 'fanduel', outcome: 'under', point: 46.5, americanOdds: -114 },
    ];
    await addPrices(app.database.db, 'nfl-next', 'totals', total, new Date(now - HOUR));
    const logged = await call('log_bet', {
      sport: 'nfl',
      gameId: 'nfl-next',
      market: 'totals',
      selection: 'over',
      point: 46.5,
      americanOdds: -106,
      stake: 1,
    });
    expect(logged.status, logged.body).toBe(200);
    const { bet, warnings } = logged.json().data;
    expect(bet.fairProbabilityAtPlacement ?? null).toBeNull();
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^No book was named, so the bet is priced at draftkings, the reference book, which has no stored price of over 46\.5 \(totals\): the bet has no fair probability\. Books with one: fanduel\./,
      ),
    );
    await call('settle_bet', { betId: bet.id, result: 'void' });
  });

  it("settle_bet: another user's bet is refused exactly like a missing one", async () => {
    const { bet } = (await call('log_bet', { ...nextBet, stake: 5 })).json().data;
    const foreign = await call('settle_bet', { betId: bet.id, result: 'won' }, benWrite);
    const missing = await call('settle_bet', { betId: 'no-such-bet', result: 'won' }, benWrite);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.json().error.message.replace(bet.id, 'ID')).toBe(missing.json().error.message.replace('no-such-bet', 'ID'));
    const cashout = await call('settle_bet', { betId: bet.id, result: 'cashout' });
    expect(cashout.status).toBe(400);
    expect(cashout.json().error.issues).toEqual([{ path: 'payout', message: 'is required when the result is cashout' }]);
    const early = await call('settle_bet', { betId: bet.id, result: 'auto' });
    expect(early.status).toBe(422);
    expect(early.json().error.message).toMatch(/no final score/);
  });

  it('settle_bet: 50 concurrent calls on one bet change the balance once', async () => {
    const before = await balance();
    const { bet } = (await call('log_bet', { ...nextBet, stake: 10 })).json().data;
    // Cashed out before kick-off for 4: a loss of 6.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('settle_bet', { betId: bet.id, result: 'cashout', payout: 4 })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await balance()).toBeCloseTo(before - 6, 9);
    // Limits count net losses, but today's 25 won earlier was logged in play, so its gain offsets nothing: 6 lost. The
    // bets still open today (20 + 120 + 5 + 5) are at risk: the daily room is 100 − 6 − 150, floored at 0.
    const room = (await call('get_bankroll', {}, annRead)).json().data;
    expect(room).toMatchObject({ lossToday: 6, openStakesToday: 150, dailyLossRoom: 0, weeklyLossRoom: 144 });
    // With no room left Kelly's stake is capped to 0, and the answer says which limit did it (not "no edge").
    const kelly = (await call('calc_kelly_stake', { probability: 0.6, americanOdds: 100 }, annRead)).json().data;
    expect(kelly).toMatchObject({ cappedStake: 0, limits: { maxStake: 50, dailyLossRoom: 0, weeklyLossRoom: 144 } });
    expect(kelly.stake).toBeGreaterThan(0);
    expect(kelly.reason).toBe(
      `Kelly stakes ${kelly.stake}, capped to 0 by the room left under the daily loss limit (0): no stake now. ` +
        'Loss-limit room counts settled losses and open stakes (get_bankroll).',
    );
  });

  it('list_bets: newest first, cursor pages, summary with profit, ROI and closing-line value', async () => {
    const first = (await call('list_bets', { limit: 2 }, annRead)).json().data;
    expect(first.bets).toHaveLength(2);
    expect(new Date(first.bets[0].placedAt) >= new Date(first.bets[1].placedAt)).toBe(true);
    const seen = new Set(first.bets.map((b: { id: string }) => b.id));
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await call('list_bets', { limit: 2, cursor }, annRead)).json().data;
      for (const b of page.bets) {
        expect(seen.has(b.id)).toBe(false);
        seen.add(b.id);
      }
      cursor = page.nextCursor;
    }
    expect(seen.size).toBe(first.summary.count);

    // The won bet was logged while its game ran: an in-play price, which no close measures.
    const inPlay = (await call('list_bets', { status: 'won' }, annRead)).json().data;
    expect(inPlay.bets[0].closingLineValue ?? null).toBeNull();
    expect(inPlay.summary).toMatchObject({ averageClosingLineValue: null, betsWithClosingLine: 0 });
    // A bet placed before kick-off (its placedAt moved back to stand for one) is measured against the close.
    await app.database.db.bet.update({ where: { id: inPlay.bets[0].id }, data: { placedAt: new Date(now - 50 * HOUR) } });
    const won = (await call('list_bets', { status: 'won' }, annRead)).json().data;
    expect(won.summary).toMatchObject({ count: 1, staked: 30, profit: 25, winRate: 1 });
    expect(won.summary.roi).toBe(0.8333); // 25 / 30, to four places
    // Closing line: draftkings and fanduel at the last update before kick-off (-130/+110, -135/+115).
    const closing = consensusOfFirst([-130, 110], [-135, 115]);
    // Six places like every fair probability; the value from the probability as shown, to four.
    expect(won.bets[0].closingFairProbability).toBe(roundTo6(closing));
    expect(won.bets[0].closingLineValue).toBe(roundFraction(priceExpectedValue(roundTo6(closing), -120)));
    expect(won.summary.averageClosingLineValue).toBe(won.bets[0].closingLineValue);
    expect(won.summary.betsWithClosingLine).toBe(1);

    // A bet voided before its game has no closing-line value once the game is under way, and the summary leaves it
    // out: its price never met the close (one at +150 would beat the close by far and lift the average).
    const before = (await call('list_bets', {}, annRead)).json().data;
    const voidBet = await app.database.db.bet.create({
      data: {
        ...{ userId: annId, sport: 'nfl', gameId: 'nfl-final', market: 'h2h', selection: 'KC', americanOdds: 150 },
        ...{ stakeCents: 500, status: 'void', profitCents: 0, payoutCents: 500 },
        ...{ placedAt: new Date(now - 50 * HOUR), settledAt: new Date(now - 49 * HOUR) },
      },
    });
    for (const detail of ['concise', 'full']) {
      const withVoid = (await call('list_bets', { detail }, annRead)).json().data;
      const voided = withVoid.bets.find((bet: { id: string }) => bet.id === voidBet.id);
      expect(voided?.status, detail).toBe('void');
      expect(voided.closingLineValue ?? null, detail).toBeNull();
      expect(withVoid.summary.count, detail).toBe(before.summary.count + 1);
      expect(withVoid.summary.betsWithClosingLine, detail).toBe(before.summary.betsWithClosingLine);
      expect(withVoid.summary.averageClosingLineValue, detail).toBe(before.summary.averageClosingLineValue);
      expect(withVoid.closingLineNote, detail).toMatch(/A voided bet has none/);
    }
    // A full answer pages as a concise one does: what is left, and how to get it.
    const fullPage = (await call('list_bets', { detail: 'full', limit: 1 }, annRead)).json().data;
    expect(fullPage).toMatchObject({ remaining: fullPage.summary.count - 1, nextCursor: expect.any(String) });
    expect(fullPage.pageNote).toMatch(/more bets: call again/);

    const bad = await call('list_bets', { cursor: 'garbage' }, annRead);
    expect(bad.status).toBe(400);
    // A window that ends before it starts holds no bet by construction: refused naming `to`, as list_games does,
    // rather than answered with an empty list an agent would read as "no bets then".
    for (const tool of ['list_bets', 'list_recommendations']) {
      const reversed = await call(tool, { from: '2026-12-05', to: '2026-12-01' }, annRead);
      expect(reversed.status, tool).toBe(400);
      expect(reversed.json().error).toMatchObject({ code: 'invalid_input', issues: [{ path: 'to', message: 'must be on or after from' }] });
    }
    const oneDay = await call('list_bets', { from: '2026-12-05', to: '2026-12-05' }, annRead);
    expect(oneDay.status).toBe(200);
  });

  it('save_recommendation and list_recommendations: stored with the client label, graded on the final score', async () => {
    // Saved before its game starts; a game under way or final takes no pick (ledger.test.ts, in-play.test.ts).
    await addGame(app.database.db, { id: 'nfl-picked', home: 'KC', away: 'BUF', startsAt: new Date(now + HOUR) });
    const pick = {
      sport: 'nfl',
      gameId: 'nfl-picked',
      market: 'spreads',
      selection: 'KC',
      point: -3,
      americanOdds: -110,
      probability: 0.55,
      stakeUnits: 1,
      reasoning: 'Home field and rest.',
      risks: 'Whole-number line: a field goal margin pushes.',
      clientRequestId: `pick-${provider}`,
    };
    const saved = await call('save_recommendation', pick, annWrite, 'pick-agent/2');
    expect(saved.status).toBe(200);
    expect(saved.json().data.recommendation).toMatchObject({ selection: 'KC', point: -3, clientLabel: 'pick-agent/2' });
    expect((await call('save_recommendation', pick)).json().data.duplicate).toBe(true);
    await kickOffAfterPicks(app.database.db, 'nfl-picked');
    // A retry after kick-off still answers with the pick saved before it.
    expect((await call('save_recommendation', pick)).json().data.duplicate).toBe(true);
    await finishGame(app.database.db, 'nfl-picked', 27, 24);
    const listed = (await call('list_recommendations', {}, annRead)).json().data;
    expect(listed.recommendations).toHaveLength(1);
    expect(listed.recommendations[0].result).toBe('push');
    expect(listed.summary).toMatchObject({ count: 1, graded: 1, won: 0, lost: 0, pushed: 1 });
  });

  it('a read token is refused on all three write tools before the arguments are checked, over REST and MCP', async () => {
    for (const tool of ['log_bet', 'settle_bet', 'save_recommendation']) {
      const res = await call(tool, { nonsense: true }, annRead);
      expect(res.status, tool).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="jev", error="insufficient_scope", scope="write"');
      const mcp = await modern(app.server.port, annRead, 'tools/call', { name: tool, arguments: { nonsense: true } });
      const result = mcp.json().result;
      expect(result.isError).toBe(true);
      expect(result.structuredContent.error.code).toBe('insufficient_scope');
    }
  });

  it("loss-limit room follows settled losses in the user's day and week", async () => {
    const { db } = app.database;
    const userId = await app.database.user(`dst-${provider}@example.com`, {
      balance: 500,
      unit: 5,
      dailyLossLimit: 50,
      weeklyLossLimit: 120,
      timeZone: 'America/New_York',
    });
    const lose = (settledAt: string, stakeCents: number) =>
      db.bet.create({
        data: {
          userId,
          sport: 'nfl',
          gameId: 'nfl-final',
          market: 'h2h',
          selection: 'BUF',
          americanOdds: 100,
          stakeCents,
          status: 'lost',
          profitCents: -stakeCents,
          payoutCents: 0,
          placedAt: new Date(settledAt),
          settledAt: new Date(settledAt),
        },
      });
    // Sunday 2026-11-01 is the end of daylight saving time in New York; Monday 2026-11-02 starts a new week.
    await lose('2026-10-31T23:30:00Z', 2000); // Saturday evening, EDT: last week
    await lose('2026-11-02T04:30:00Z', 1500); // Sunday 23:30 EST: still Sunday, still last week
    await lose('2026-11-02T05:30:00Z', 3000); // Monday 00:30 EST: this week, this day
    const monday = await readBankroll(db, userId, new Date('2026-11-02T15:00:00Z'));
    expect(monday).toMatchObject({ lossToday: 30, lossThisWeek: 30, dailyLossRoom: 20, weeklyLossRoom: 90 });
    const sunday = await readBankroll(db, userId, new Date('2026-11-02T04:45:00Z'));
    expect(sunday).toMatchObject({ lossToday: 15, lossThisWeek: 35, dailyLossRoom: 35, weeklyLossRoom: 85 });
  });
});
