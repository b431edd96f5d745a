import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, addPricedGame, finishGame } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// The ledger's rules over real HTTP on SQLite and PostgreSQL: a bet is won, lost or pushed only once its game is
// final (and as its score grades it), a cashout never pays more than a win, no bet is logged on a finished game,
// a mistaken grade is corrected only on purpose and moves the balance by the difference exactly once, and a
// sportsbook is read by the name people give it.

const HOUR = 3_600_000;
const now = Date.now();

describe.each(PROVIDERS)('the ledger on %s', (provider) => {
  let write: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const userId = await database.user('lee@example.com', {
        balance: 1000,
        unit: 10,
        dailyLossLimit: 100,
        weeklyLossLimit: 300,
        timeZone: 'UTC',
        referenceBook: 'draftkings',
      });
      write = (await database.token(userId, 'write')).token;
      const { db } = database;
      await addPricedGame(db, { now, books: ['draftkings', 'fanduel'] });
      await addGame(db, { id: 'nfl-live', home: 'KC', away: 'BUF', startsAt: new Date(now - HOUR), status: 'in_progress' });
      await addGame(db, { id: 'nfl-prop', home: 'DEN', away: 'LV', startsAt: new Date(now - HOUR), status: 'in_progress' });
      await addGame(db, {
        id: 'nfl-done',
        home: 'PHI',
        away: 'SF',
        startsAt: new Date(now - 30 * HOUR),
        status: 'final',
        homeScore: 20,
        awayScore: 17,
      });
    },
  });

  const call = (tool: string, args: unknown) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${write}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const bankroll = async () => (await call('get_bankroll', {})).json().data;
  const log = async (args: Record<string, unknown>) => {
    const res = await call('log_bet', { sport: 'nfl', market: 'h2h', americanOdds: 100, stake: 1, ...args });
    expect(res.status, res.body).toBe(200);
    return res.json().data.bet as { id: string };
  };
  const endLiveGame = () => finishGame(app.database.db, 'nfl-live', 31, 10);

  it('won, lost and push are refused before the game is final, before kick-off and in play; nothing moves', async () => {
    const before = await bankroll();
    for (const gameId of ['nfl-next', 'nfl-live']) {
      const bet = await log({ gameId, selection: gameId === 'nfl-next' ? 'NYG' : 'KC' });
      const open = await bankroll();
      for (const result of ['won', 'lost', 'push']) {
        const res = await call('settle_bet', { betId: bet.id, result });
        expect(res.status, `${gameId} ${result}`).toBe(422);
        expect(res.json().error).toMatchObject({ code: 'limit' });
        expect(res.json().error.message).toMatch(/not final.*void.*cashout/);
        // Nor as a "correction" of an open bet.
        expect((await call('settle_bet', { betId: bet.id, result, correct: true })).status).toBe(422);
      }
      const after = await bankroll();
      expect(after.balance).toBe(before.balance);
      expect(after.dailyLossRoom).toBe(open.dailyLossRoom);
    }
  });

  it('a cashout comes at any time and never pays back more than the bet would as a win; payout is for cashouts only', async () => {
    const bet = await log({ gameId: 'nfl-next', selection: 'NYG', stake: 1 });
    const tooMuch = await call('settle_bet', { betId: bet.id, result: 'cashout', payout: 5000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json().error.issues).toEqual([
      { path: 'payout', message: 'must be at most 2, what this bet pays back if it wins (a cashout never pays more)' },
    ]);
    const stray = await call('settle_bet', { betId: bet.id, result: 'void', payout: 1 });
    expect(stray.status).toBe(400);
    expect(stray.json().error.issues[0].path).toBe('payout');
    const before = (await bankroll()).balance;
    const cashed = await call('settle_bet', { betId: bet.id, result: 'cashout', payout: 1.5 });
    expect(cashed.json().data).toMatchObject({ status: 'cashout', payout: 1.5, profit: 0.5 });
    expect((await bankroll()).balance).toBeCloseTo(before + 0.5, 9);
  });

  it('once the game is final no cashout, and no void of a bet its score grades, nor a correction to one; nothing moves', async () => {
    const { db } = app.database;
    await addGame(db, { id: 'nfl-late', home: 'NE', away: 'MIA', startsAt: new Date(now - HOUR), status: 'in_progress' });
    const bet = await log({ gameId: 'nfl-late', selection: 'MIA', americanOdds: 200, stake: 10 });
    const prop = await log({
      gameId: 'nfl-late',
      market: 'player_pass_tds',
      selection: 'over',
      point: 1.5,
      player: 'Sample Quarterback',
      stake: 5,
    });
    const voided = await log({ gameId: 'nfl-late', selection: 'MIA', americanOdds: 200, stake: 2 });
    const inPlay = await call('settle_bet', { betId: voided.id, result: 'void' });
    expect(inPlay.json().data).toMatchObject({ status: 'void', profit: 0 });
    await finishGame(db, 'nfl-late', 24, 3);
    const start = await bankroll();
    // A void from while the game ran, sent again after the final, answers the same and moves nothing.
    expect((await call('settle_bet', { betId: voided.id, result: 'void' })).body).toBe(inPlay.body);
    const refused = async (args: Record<string, unknown>, pattern: RegExp) => {
      const res = await call('settle_bet', args);
      expect(res.status, JSON.stringify(args)).toBe(422);
      expect(res.json().error.code).toBe('limit');
      expect(res.json().error.message).toMatch(pattern);
    };
    // A lost moneyline cashed out for what a win pays, or voided, after the final.
    await refused({ betId: bet.id, result: 'cashout', payout: 30 }, /is final.*no cashout.*Settle it with auto or lost/);
    await refused({ betId: bet.id, result: 'void' }, /final score .* grades bet .* lost, not void: settle it with auto or lost/);
    // A prop whose player did not play is voided after the game; it is never cashed out then.
    await refused({ betId: prop.id, result: 'cashout', payout: 9 }, /is final.*no cashout/);
    expect((await bankroll()).balance).toBe(start.balance);
    expect((await db.bet.findUniqueOrThrow({ where: { id: bet.id } })).status).toBe('open');

    expect((await call('settle_bet', { betId: bet.id, result: 'auto' })).json().data).toMatchObject({ status: 'lost', profit: -10 });
    const lost = await bankroll();
    await refused({ betId: bet.id, result: 'void', correct: true }, /grades bet .* lost, not void/);
    await refused({ betId: bet.id, result: 'cashout', payout: 30, correct: true }, /is final.*no cashout/);
    const after = await bankroll();
    expect(after).toMatchObject({ balance: start.balance - 10, lossToday: lost.lossToday, dailyLossRoom: lost.dailyLossRoom });
    expect((await call('settle_bet', { betId: prop.id, result: 'void' })).json().data).toMatchObject({ status: 'void', profit: 0 });
  });

  it('a bet left open after its game is final keeps using up room until settled: not settling a loss opens no room', async () => {
    const { db } = app.database;
    const userId = await app.database.user(`stale-${provider}@example.com`, {
      balance: 500,
      unit: 10,
      dailyLossLimit: 100,
      weeklyLossLimit: 300,
      timeZone: 'UTC',
    });
    const { token } = await app.database.token(userId, 'write');
    const as = async (tool: string, args: unknown) =>
      (
        await raw(app.server.port, {
          path: `/api/v1/tools/${tool}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(args),
        })
      ).json().data;
    // Placed eight days ago, before any day or week now: one on a game that has ended (SF lost), one still to play.
    const placedAt = new Date(now - 8 * 24 * HOUR);
    const stale = { userId, sport: 'nfl', market: 'h2h', americanOdds: 100, placedAt };
    const ended = await db.bet.create({ data: { ...stale, gameId: 'nfl-done', selection: 'SF', stakeCents: 4000 } });
    await db.bet.create({ data: { ...stale, gameId: 'nfl-next', selection: 'NYG', stakeCents: 2500 } });

    const open = await as('get_bankroll', {});
    expect(open).toMatchObject({ openStakesToday: 40, openStakesThisWeek: 40, dailyLossRoom: 60, weeklyLossRoom: 260, openExposure: 65 });
    expect(open.note).toMatch(/1 open bet's game is final.*settle_bet with result auto/);
    expect(await as('settle_bet', { betId: ended.id, result: 'auto' })).toMatchObject({ status: 'lost', profit: -40 });
    const settled = await as('get_bankroll', {});
    expect(settled).toMatchObject({ lossToday: 40, openStakesToday: 0, dailyLossRoom: 60, weeklyLossRoom: 260, openExposure: 25 });
    expect(settled.note).not.toMatch(/game is final/);
  });

  it('bets logged at once that together pass the room are warned as if logged one after another', async () => {
    const userId = await app.database.user(`many-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      dailyLossLimit: 100,
      timeZone: 'UTC',
    });
    const { token } = await app.database.token(userId, 'write');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        raw(app.server.port, {
          path: '/api/v1/tools/log_bet',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, stake: 40 }),
        }),
      ),
    );
    const warned = answers.map((res) => (res.json().data.warnings as string[]).some((w) => w.includes('daily loss limit')));
    // One after another the first two fit the 100 (80 staked) and the ten after them do not; at once, however the calls
    // interleave, never more than two pass without a warning.
    expect(warned.filter((w) => !w).length).toBeLessThanOrEqual(2);
  });

  it('log_bet refuses a game that is already final, and stores nothing', async () => {
    const count = await app.database.db.bet.count();
    const res = await call('log_bet', { sport: 'nfl', gameId: 'nfl-done', market: 'h2h', selection: 'PHI', americanOdds: -110, stake: 5 });
    expect(res.status).toBe(422);
    expect(res.json().error.message).toMatch(/already final/);
    expect(await app.database.db.bet.count()).toBe(count);
  });

  it('a book named as people write it is stored as its key, so the fair probability is found; an unknown one is refused', async () => {
    for (const name of ['DraftKings', 'DRAFTKINGS', ' draft kings ', 'DK']) {
      const bet = await log({ gameId: 'nfl-next', selection: 'DAL', book: name });
      const stored = await app.database.db.bet.findUniqueOrThrow({ where: { id: bet.id } });
      expect(stored.book, name).toBe('draftkings');
      expect(stored.fairProbability, name).not.toBeNull();
    }
    const unknown = await call('log_bet', {
      sport: 'nfl',
      gameId: 'nfl-next',
      market: 'h2h',
      selection: 'DAL',
      americanOdds: 130,
      stake: 1,
      book: 'DraftKing',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error.issues[0].path).toBe('book');
    expect(unknown.json().error.issues[0].message).toMatch(/no sportsbook JEV knows.*draftkings/);
    const odds = await call('get_game_odds', { sport: 'nfl', gameId: 'nfl-next', book: 'FanDuel' });
    expect(odds.json().data.referenceBook).toBe('fanduel');
  });

  it('a mistaken grade is corrected only with correct: true; the balance moves by the difference once and both grades are kept', async () => {
    const bet = await log({ gameId: 'nfl-live', selection: 'KC', americanOdds: 150, stake: 10 });
    const start = (await bankroll()).balance;
    // Voided by mistake while the game ran.
    expect((await call('settle_bet', { betId: bet.id, result: 'void' })).json().data).toMatchObject({ status: 'void', profit: 0 });
    await endLiveGame();
    const refused = await call('settle_bet', { betId: bet.id, result: 'auto' });
    expect(refused.status).toBe(422);
    expect(refused.json().error.message).toMatch(/already settled as void.*correct: true/);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('settle_bet', { betId: bet.id, result: 'auto', correct: true })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    const corrected = answers[0]!.json().data;
    expect(corrected).toMatchObject({ status: 'won', payout: 25, profit: 15 });
    expect(corrected.correctedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/); // to the second, like every instant
    expect(corrected.earlierGrades).toEqual([
      { status: 'void', payout: 10, profit: 0, gradedAt: corrected.settledAt, replacedAt: corrected.correctedAt },
    ]);
    expect((await bankroll()).balance).toBeCloseTo(start + 15, 9);

    // The same correction again answers the same and moves nothing.
    expect((await call('settle_bet', { betId: bet.id, result: 'won', correct: true })).body).toBe(answers[0]!.body);
    expect((await bankroll()).balance).toBeCloseTo(start + 15, 9);
    const listed = (await call('list_bets', { status: 'won' })).json().data;
    expect(listed.bets.find((b: { id: string }) => b.id === bet.id).earlierGrades).toHaveLength(1);
  });

  it('a prop graded by hand is corrected both ways, the balance and the loss room following the current grade', async () => {
    const bet = await log({
      gameId: 'nfl-prop',
      market: 'player_pass_tds',
      selection: 'over',
      point: 1.5,
      player: 'Sample Quarterback',
      americanOdds: 120,
      stake: 20,
    });
    await finishGame(app.database.db, 'nfl-prop', 21, 14);
    const start = await bankroll();
    expect((await call('settle_bet', { betId: bet.id, result: 'won' })).json().data).toMatchObject({ profit: 24 });
    const won = await bankroll();
    expect(won.balance).toBeCloseTo(start.balance + 24, 9);
    const lost = (await call('settle_bet', { betId: bet.id, result: 'lost', correct: true })).json().data;
    expect(lost).toMatchObject({ status: 'lost', profit: -20 });
    expect(lost.earlierGrades.map((g: { status: string }) => g.status)).toEqual(['won']);
    const after = await bankroll();
    expect(after.balance).toBeCloseTo(start.balance - 20, 9);
    expect(after.lossToday).toBeGreaterThan(won.lossToday);
    const back = (await call('settle_bet', { betId: bet.id, result: 'won', correct: true })).json().data;
    expect(back.earlierGrades.map((g: { status: string }) => g.status)).toEqual(['won', 'lost']);
    expect((await bankroll()).balance).toBeCloseTo(start.balance + 24, 9);
  });
});
