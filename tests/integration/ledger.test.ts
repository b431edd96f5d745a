import { beforeAll, describe, expect, it } from 'vitest';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { VOID_AFTER_KICKOFF_HOURS } from '@/lib/account/markets';
import { createUser } from '@/lib/account/users';
import { replacePlayerStats } from '@/lib/data/store';
import { HELPLINE } from '@/lib/responsible-gambling';
import { formatDateTimeInZone } from '@/lib/time';
import { cookieHeader, postForm, signIn, type Cookies } from '../helpers/console-http';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, addPrices, addPricedGame, finishGame } from '../helpers/games';
import { htmlForms } from '../helpers/html-forms';
import { raw, toolData } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// The ledger's rules over real HTTP on SQLite and PostgreSQL: a bet is won, lost or pushed only once its game is
// final (and as its score, or a prop's stored box-score line, grades it), no bet is voided while its game is in
// play, a cashout never pays more than a win, no bet is logged on a finished game, a price better than every book's
// is logged with a warning,
// a mistaken grade is corrected only on purpose and moves the balance by the difference exactly once, and a
// sportsbook is read by the name people give it.

const HOUR = 3_600_000;
const now = Date.now();
const PASSWORD = 'correct horse battery';
const instant = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe.each(PROVIDERS)('the ledger on %s', (provider) => {
  let write: string;
  const app = testApp(provider, {
    seed: async (database) => {
      // A console user too: the Bets page settles by the same rules.
      const userId = (await createUser(database.db, { email: 'lee@example.com', password: PASSWORD })).id;
      const limits = { dailyLossLimit: 100, weeklyLossLimit: 300, timeZone: 'UTC', referenceBook: 'draftkings' };
      await saveBankroll(database.db, userId, { balance: 1000, unit: 10, ...limits }, new Date());
      write = (await database.token(userId, 'write')).token;
      const { db } = database;
      await addPricedGame(db, { now, books: ['draftkings', 'fanduel'] });
      await addGame(db, { id: 'nfl-live', home: 'KC', away: 'BUF', startsAt: new Date(now - HOUR), status: 'in_progress' });
      await addGame(db, { id: 'nfl-prop', home: 'DEN', away: 'LV', startsAt: new Date(now - HOUR), status: 'in_progress' });
      // Kicked off an hour ago with the feed still calling it scheduled; and one 13 hours past kick-off with no final.
      await addGame(db, { id: 'nfl-lagged', home: 'GB', away: 'CHI', startsAt: new Date(now - HOUR) });
      const stalledAt = now - (VOID_AFTER_KICKOFF_HOURS + 1) * HOUR;
      await addGame(db, { id: 'nfl-stalled', home: 'SEA', away: 'ARI', startsAt: new Date(stalledAt), status: 'in_progress' });
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
  const refused = async (args: Record<string, unknown>, pattern: RegExp) => {
    const res = await call('settle_bet', args);
    expect(res.status, JSON.stringify(args)).toBe(422);
    expect(res.json().error.code).toBe('limit');
    expect(res.json().error.message).toMatch(pattern);
  };

  let session: Cookies;
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'lee@example.com', PASSWORD));
  });
  /** Settles from the console's Bets page, as a browser without JavaScript submits its form; the page's answer. */
  async function settleOnPage(values: Record<string, string>): Promise<string> {
    const page = await raw(app.server.port, { method: 'GET', path: '/bets', headers: { cookie: cookieHeader(session) } });
    const form = htmlForms(page.body).find((candidate) => candidate.hidden.some(([name]) => name === 'betId'));
    const fields = form!.defaults.filter(([name]) => !(name in values)).concat(Object.entries(values));
    const res = await postForm(app.server, session, '/bets', fields);
    expect(res.status).toBe(200);
    return res.body;
  }
  const statusOf = async (id: string) => (await app.database.db.bet.findUniqueOrThrow({ where: { id } })).status;

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

  it('a cashout comes any time before the final and never pays back more than the bet would as a win; payout is for cashouts only', async () => {
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
    await addGame(db, { id: 'nfl-late', home: 'NE', away: 'MIA', startsAt: new Date(now + HOUR) });
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
    const early = await call('settle_bet', { betId: voided.id, result: 'void' });
    expect(early.json().data).toMatchObject({ status: 'void', profit: 0 });
    await db.game.update({ where: { id: 'nfl-late' }, data: { startsAt: new Date(now - HOUR) } });
    await finishGame(db, 'nfl-late', 24, 3);
    const start = await bankroll();
    // A void from before kick-off, sent again after the final, answers the same and moves nothing.
    expect((await call('settle_bet', { betId: voided.id, result: 'void' })).body).toBe(early.body);
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
    // Placed eight days ago, before any day or week now: one on a game that has ended (SF lost), one on a game ten
    // days on, after this week whatever day it is (a game starting this week would count in it).
    const placedAt = new Date(now - 8 * 24 * HOUR);
    const stale = { userId, sport: 'nfl', market: 'h2h', americanOdds: 100, placedAt };
    await addGame(db, { id: 'nfl-far', home: 'NYG', away: 'DAL', startsAt: new Date(now + 10 * 24 * HOUR) });
    const ended = await db.bet.create({ data: { ...stale, gameId: 'nfl-done', selection: 'SF', stakeCents: 4000 } });
    await db.bet.create({ data: { ...stale, gameId: 'nfl-far', selection: 'NYG', stakeCents: 2500 } });

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

  it('save_recommendation refuses a game that is already final, as log_bet does, and stores nothing (before: saved and graded at once)', async () => {
    const count = await app.database.db.recommendation.count();
    const res = await call('save_recommendation', {
      ...{ sport: 'nfl', gameId: 'nfl-done', market: 'h2h', selection: 'PHI', americanOdds: -110 },
      ...{ probability: 0.6, reasoning: 'Won 20-17.', risks: 'None: it is over.' },
    });
    expect(res.status).toBe(422);
    expect(res.json().error.code).toBe('limit');
    expect(res.json().error.message).toBe(
      'The game nfl-done is already final, so no pick on it can be saved: JEV saves picks before kick-off, so their record ' +
        'counts only picks made before the game began. Save picks on games still to start (list_games).',
    );
    expect(await app.database.db.recommendation.count()).toBe(count);
  });

  it("log_bet's recommendationId names a pick on the bet's own game: another game's is 400 naming it, nothing stored (before: linked)", async () => {
    const saved = await call('save_recommendation', {
      ...{ sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150 },
      ...{ probability: 0.62, reasoning: 'Rest.', risks: 'Turnovers.' },
    });
    const pick = saved.json().data.recommendation as { id: string };
    const count = await app.database.db.bet.count();
    const elsewhere = await call('log_bet', {
      ...{ sport: 'nfl', gameId: 'nfl-live', market: 'h2h', selection: 'KC', americanOdds: 150, stake: 1 },
      recommendationId: pick.id,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json().error.issues).toEqual([
      {
        path: 'recommendationId',
        message:
          'is a pick on the game nfl-next, not nfl-live: a bet links only a pick on its own game. Leave recommendationId out, ' +
          'or pass a pick on this game (list_recommendations).',
      },
    ]);
    expect(await app.database.db.bet.count()).toBe(count);
    const following = await log({ gameId: 'nfl-next', selection: 'NYG', americanOdds: -150, recommendationId: pick.id });
    expect((await app.database.db.bet.findUniqueOrThrow({ where: { id: following.id } })).recommendationId).toBe(pick.id);
  });

  it('log_bet warns when no stored book prices the pick (a line, player or market none has) and says what it does price (before: no warning)', async () => {
    const { db } = app.database;
    await addPricedGame(db, { now, id: 'nfl-lines', books: ['draftkings', 'fanduel'] });
    const hourAgo = new Date(now - HOUR);
    await addPrices(
      db,
      'nfl-lines',
      'spreads',
      [
        { book: 'draftkings', outcome: 'NYG', point: -3.5, americanOdds: -110 },
        { book: 'draftkings', outcome: 'DAL', point: 3.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'NYG', point: -3, americanOdds: -115 },
        { book: 'fanduel', outcome: 'DAL', point: 3, americanOdds: -105 },
      ],
      hourAgo,
    );
    for (const [book, outcome, americanOdds] of [
      ['draftkings', 'Over', -115],
      ['draftkings', 'Under', -105],
      ['fanduel', 'Over', -110],
      ['fanduel', 'Under', -110],
    ] as const) {
      const market = 'player_pass_yds';
      await db.price.create({
        data: { gameId: 'nfl-lines', market, player: 'Dak Prescott', book, outcome, point: 249.5, americanOdds, updatedAt: hourAgo },
      });
    }
    const logged = async (args: Record<string, unknown>) => {
      const res = await call('log_bet', { sport: 'nfl', gameId: 'nfl-lines', stake: 1, ...args });
      expect(res.status, res.body).toBe(200);
      const { bet, warnings } = res.json().data;
      return { bet, warnings: (warnings as string[]).filter((warning) => !warning.startsWith('The stake ')) };
    };
    const cannot =
      'So JEV cannot check the price logged or give the bet a fair probability, nor a closing-line value unless a book prices ' +
      'it before kick-off.';
    const typo = (what: string) =>
      `If ${what} is a typo, settle the bet void (settle_bet, before kick-off) and log it again as placed; if not, it stands as logged.`;

    // A line no book hangs, at a price no book offers: one warning, naming the lines books do price.
    const line = await logged({ market: 'spreads', selection: 'NYG', point: 100.5, americanOdds: 1_000_000, stake: 0.01 });
    expect(line.bet.fairProbabilityAtPlacement).toBeNull();
    expect(line.warnings).toEqual([
      `No book JEV reads has a stored price of NYG 100.5 (spreads): books price NYG (spreads) here at -3.5 and -3 only. ${cannot} ` +
        typo('the line'),
    ]);
    // A player no book prices in the market: the closest players it has.
    const nobody = await logged({
      market: 'player_pass_yds',
      player: 'Nobody McFake',
      selection: 'over',
      point: 249.5,
      americanOdds: -110,
    });
    expect(nobody.bet.fairProbabilityAtPlacement).toBeNull();
    expect(nobody.warnings).toEqual([
      'No book JEV reads has a stored price of Nobody McFake over 249.5 (player_pass_yds): no book prices player_pass_yds for ' +
        `Nobody McFake in this game (closest players with it: Dak Prescott). ${cannot} ${typo("the player's name")}`,
    ]);
    // A market key no book has: the game's markets.
    const madeUp = await logged({
      market: 'player_made_up_stat',
      player: 'Dak Prescott',
      selection: 'over',
      point: 9.5,
      americanOdds: 100,
    });
    expect(madeUp.warnings).toEqual([
      'No book JEV reads has a stored price of Dak Prescott over 9.5 (player_made_up_stat): no book prices player_made_up_stat in ' +
        `this game (its markets: h2h, player_pass_yds and spreads). ${cannot} ${typo('the market key')}`,
    ]);
    // A real player written in another case is the books' player: priced, stored as they spell him, no warning.
    const lower = await logged({ market: 'player_pass_yds', player: 'dak prescott', selection: 'over', point: 249.5, americanOdds: -110 });
    expect(lower.warnings).toEqual([]);
    expect(lower.bet.player).toBe('Dak Prescott');
    expect(lower.bet.fairProbabilityAtPlacement).toBeGreaterThan(0.4);

    // A line past any market's is a typo: 400 naming point, for bets and picks alike, and nothing stored.
    const count = await db.bet.count();
    for (const point of [1e308, -1000.5, 1000.5]) {
      for (const [tool, args] of [
        ['log_bet', { stake: 1 }],
        ['save_recommendation', { probability: 0.5, reasoning: 'r', risks: 'k' }],
      ] as const) {
        const res = await call(tool, {
          sport: 'nfl',
          gameId: 'nfl-lines',
          market: 'totals',
          selection: 'over',
          americanOdds: -110,
          point,
          ...args,
        });
        expect(res.status, `${tool} ${point}`).toBe(400);
        expect(res.json().error.issues).toEqual([
          { path: 'point', message: `must be ${point < 0 ? '-1000 or more' : '1000 or less'} (a line such as -3.5, 47.5 or 249.5)` },
        ]);
      }
    }
    expect(await db.bet.count()).toBe(count);
  });

  it("log_bet on a game that has kicked off is recorded with a warning saying when, in the user's zone; no pre-game price measures it (before: no warning)", async () => {
    const { db } = app.database;
    const kickOff = now - 2 * HOUR;
    await addGame(db, { id: 'nfl-underway', home: 'CIN', away: 'PIT', startsAt: new Date(kickOff), status: 'in_progress' });
    // The last prices before kick-off: the close a bet placed before it is measured against.
    await addPrices(
      db,
      'nfl-underway',
      'h2h',
      ['draftkings', 'fanduel'].flatMap((book) => [
        { book, outcome: 'CIN', americanOdds: -120 },
        { book, outcome: 'PIT', americanOdds: 100 },
      ]),
      new Date(kickOff - HOUR),
    );
    const kickedOff = async (gameId: string, selection: string, americanOdds: number) => {
      const res = await call('log_bet', { sport: 'nfl', gameId, market: 'h2h', selection, americanOdds, stake: 1 });
      expect(res.status, res.body).toBe(200);
      const { bet, warnings } = res.json().data as { bet: { id: string; fairProbabilityAtPlacement: number | null }; warnings: string[] };
      return { bet, warnings: warnings.filter((warning) => !warning.startsWith('The stake ')) };
    };
    const inPlay = (gameId: string, at: number, odds: string, noFair = '') =>
      `The game ${gameId} kicked off at ${formatDateTimeInZone(new Date(at), 'UTC')}, before this bet was logged, so it is ` +
      'recorded as an in-play bet: its price must be the in-play one the book took, not a pre-game one. It has no ' +
      `closing-line value (the close is the last price before kick-off)${noFair}. Check ${odds} with the user: a bet in play ` +
      `is not voided (only once its game has gone ${VOID_AFTER_KICKOFF_HOURS} hours without a final), so a wrong price is ` +
      'settled as logged, whatever the other warnings advise (the balance can then be set on the Bankroll page).';
    // Under way, and still called scheduled an hour past its start: both in play. The user's zone is UTC. Priced only
    // before kick-off, the in-play bet has no fair probability (and no warning that +450 beats the pre-game prices).
    const underway = await kickedOff('nfl-underway', 'PIT', 450);
    expect(underway.warnings).toEqual([
      inPlay('nfl-underway', kickOff, '+450', ", nor a fair probability: JEV's prices of it are all from before kick-off"),
    ]);
    expect(underway.bet.fairProbabilityAtPlacement).toBeNull();
    expect((await kickedOff('nfl-lagged', 'GB', -200)).warnings.filter((w) => w.includes('kicked off'))).toEqual([
      inPlay('nfl-lagged', now - HOUR, '-200'),
    ]);
    expect((await kickedOff('nfl-next', 'NYG', -150)).warnings).toEqual([]);

    // The in-play bet has no closing-line value; one placed before kick-off at the same game has.
    const { id: userId } = await db.user.findUniqueOrThrow({ where: { email: 'lee@example.com' } });
    const before = await db.bet.create({
      data: {
        ...{ userId, sport: 'nfl', gameId: 'nfl-underway', market: 'h2h', selection: 'PIT', americanOdds: 110, stakeCents: 100 },
        placedAt: new Date(kickOff - HOUR / 2),
      },
    });
    const listed = (await call('list_bets', { limit: 100 })).json().data;
    const byId = (id: string) => listed.bets.find((bet: { id: string }) => bet.id === id);
    expect(byId(before.id).closingLineValue).toEqual(expect.any(Number));
    expect(byId(underway.bet.id).closingLineValue ?? null).toBeNull();
    expect(listed.closingLineNote).toMatch(/nor has one logged after kick-off \(in play\)/);
  });

  it('log_bet warns when a stake is more than the balance holds; Kelly on a balance at or below 0 stakes 0 and says why (before: no warning, a stake of -2475)', async () => {
    const { db } = app.database;
    const userId = await app.database.user(`broke-${provider}@example.com`, { balance: 500, unit: 5, timeZone: 'UTC' });
    const { token } = await app.database.token(userId, 'write');
    const as = (tool: string, args: Record<string, unknown>) => toolData(app.server.port, token, tool, args);
    await addGame(db, { id: 'nfl-broke', home: 'LAR', away: 'SEA', startsAt: new Date(now + HOUR) });
    await addPrices(
      db,
      'nfl-broke',
      'h2h',
      [
        { book: 'draftkings', outcome: 'LAR', americanOdds: 100 },
        { book: 'draftkings', outcome: 'SEA', americanOdds: -120 },
      ],
      new Date(now - HOUR),
    );
    const bet = (stake: number) =>
      as('log_bet', { sport: 'nfl', gameId: 'nfl-broke', market: 'h2h', selection: 'LAR', americanOdds: 100, stake, book: 'draftkings' });
    const help = `Problem gambling help: ${HELPLINE}.`;
    // The whole balance is a stake it holds; voided, it is at risk no more.
    const whole = await bet(500);
    expect(whole.warnings).toEqual([]);
    await as('settle_bet', { betId: whole.bet.id, result: 'void' });
    // Two of 300: the second is more than the balance holds beside the first.
    const first = await bet(300);
    expect(first.warnings).toEqual([]);
    const second = await bet(300);
    expect(second.warnings).toEqual([
      'The stake 300 is more than what the balance holds beside the stakes of open bets (200: balance 500, 300 on open bets): ' +
        `if it and the open bets lose, the balance goes to -100. If the balance is out of date, the user sets it on the Bankroll page. ${help}`,
    ]);
    for (const { bet: open } of [first, second]) await as('settle_bet', { betId: open.id, result: 'void' });
    // A hundred times the balance, with no limit set: recorded, with the warning.
    const huge = await bet(50_000);
    expect(huge.bet.stake).toBe(50_000);
    expect(huge.warnings).toEqual([
      'The stake 50000 is more than the balance (500): if it loses, the balance goes to -49500. If the balance is out of date, ' +
        `the user sets it on the Bankroll page. ${help}`,
    ]);
    // Lost, the balance is below 0: Kelly sizes nothing on it, and says why.
    await db.game.update({ where: { id: 'nfl-broke' }, data: { startsAt: new Date(now - HOUR) } });
    await finishGame(db, 'nfl-broke', 10, 20);
    expect(await as('settle_bet', { betId: huge.bet.id, result: 'auto' })).toMatchObject({ status: 'lost', profit: -50_000 });
    const kelly = await as('calc_kelly_stake', { probability: 0.6, americanOdds: 100 });
    expect(kelly).toMatchObject({ bankroll: -49_500, stake: 0, stakeUnits: 0, cappedStake: 0, cappedStakeUnits: 0 });
    expect(kelly.reason).toBe(
      'The balance (-49500) is not positive, so Kelly stakes nothing: it sizes a stake as a share of the money the bankroll ' +
        'holds. If the balance is out of date, the user sets it on the Bankroll page.',
    );
    // A bankroll passed sizes a what-if stake; the stake to quote stays within the user's own, nothing on this balance.
    expect(await as('calc_kelly_stake', { probability: 0.6, americanOdds: 100, bankroll: 1000 })).toMatchObject({
      stake: 50,
      cappedStake: 0,
    });
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

  it("a bet at a book with no price of its selection takes the reference book's consensus, for the fair probability and the closing line, and says so", async () => {
    const { db } = app.database;
    await addPricedGame(db, { now, id: 'nfl-caesars', books: ['draftkings', 'fanduel'] });
    const hourAgo = new Date(now - HOUR);
    await addPrices(
      db,
      'nfl-caesars',
      'h2h',
      [
        { book: 'williamhill_us', outcome: 'NYG', americanOdds: -140 },
        { book: 'williamhill_us', outcome: 'DAL', americanOdds: 120 },
      ],
      hourAgo,
    );
    await addPrices(
      db,
      'nfl-caesars',
      'totals',
      [
        { book: 'draftkings', outcome: 'Over', point: 47.5, americanOdds: -110 },
        { book: 'draftkings', outcome: 'Under', point: 47.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'Over', point: 48.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'Under', point: 48.5, americanOdds: -110 },
      ],
      hourAgo,
    );
    const logged = async (args: Record<string, unknown>) => {
      const res = await call('log_bet', { sport: 'nfl', gameId: 'nfl-caesars', market: 'h2h', americanOdds: 120, stake: 1, ...args });
      expect(res.status, res.body).toBe(200);
      const { bet, warnings } = res.json().data;
      return { bet, warnings: (warnings as string[]).filter((warning) => !warning.startsWith('The stake ')) };
    };
    // "William Hill" is the UK book, which prices nothing here: the consensus at the reference book (draftkings)
    // gives the fair probability, and the warning names the books with a price, Caesars' look-alike key first.
    const atReference = await logged({ selection: 'DAL', book: 'draftkings' });
    expect(atReference.warnings).toEqual([]);
    const william = await logged({ selection: 'DAL', book: 'William Hill' });
    expect(william.bet.book).toBe('williamhill');
    expect(william.bet.fairProbabilityAtPlacement).not.toBeNull();
    expect(william.bet.fairProbabilityAtPlacement).toBe(atReference.bet.fairProbabilityAtPlacement);
    expect(william.warnings).toEqual([
      'williamhill (William Hill) has no stored price of DAL (h2h); the fair probability is the consensus at draftkings, the ' +
        'reference book. Books with one: williamhill_us (Caesars), draftkings, fanduel. If the bet ' +
        'was at one of them, settle it void (settle_bet, before kick-off) and log it again with that book.',
    ]);
    // A book that prices the selection keeps its own consensus and says nothing.
    const caesars = await logged({ selection: 'DAL', book: 'Caesars' });
    expect(caesars.bet.book).toBe('williamhill_us');
    expect(caesars.warnings).toEqual([]);
    // Only at the same line: the reference book's 47.5 is another bet than 48.5.
    const total = await logged({ market: 'totals', selection: 'over', point: 48.5, americanOdds: -110, book: 'betmgm' });
    expect(total.bet.fairProbabilityAtPlacement).toBeNull();
    expect(total.warnings).toEqual([
      expect.stringMatching(
        /^betmgm has no stored price of over 48.5 \(totals\); nor has draftkings, the reference book, so the bet has no fair probability\. Books with one: fanduel\./,
      ),
    ]);

    // Kicked off once the bets were logged: the closing line of the William Hill bet is the reference book's, like the
    // placement's (a bet logged after kick-off has none: an in-play price).
    await db.game.update({ where: { id: 'nfl-caesars' }, data: { startsAt: new Date() } });
    const listed = (await call('list_bets', { limit: 100 })).json().data.bets as {
      id: string;
      closingFairProbability: number | null;
      closingLineValue: number | null;
    }[];
    const byId = (id: string) => listed.find((bet) => bet.id === id)!;
    expect(byId(william.bet.id).closingLineValue).toEqual(expect.any(Number));
    expect(byId(william.bet.id)).toMatchObject({
      closingFairProbability: byId(atReference.bet.id).closingFairProbability,
      closingLineValue: byId(atReference.bet.id).closingLineValue,
    });
    expect(byId(total.bet.id).closingLineValue ?? null).toBeNull();
  });

  it('a bet is recorded at the books it was priced at: a later change of reference book moves neither its book nor its closing line (before: book null, the close at the new reference book)', async () => {
    const { db } = app.database;
    // A user of their own, who changes reference book on the Bankroll page once the bets are logged.
    const email = `switcher-${provider}@example.com`;
    const userId = (await createUser(db, { email, password: PASSWORD })).id;
    await saveBankroll(db, userId, { balance: 1000, unit: 10, timeZone: 'UTC', referenceBook: 'draftkings' }, new Date());
    const token = (await app.database.token(userId, 'write')).token;
    const callAs = (tool: string, args: Record<string, unknown>) =>
      raw(app.server.port, {
        path: `/api/v1/tools/${tool}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
    await addPricedGame(db, { now, id: 'nfl-switch', books: ['draftkings', 'fanduel'] });
    // DraftKings totals 47.5, FanDuel 48.5: a bet on 47.5 has a price at DraftKings and none at FanDuel.
    await addPrices(
      db,
      'nfl-switch',
      'totals',
      [
        { book: 'draftkings', outcome: 'Over', point: 47.5, americanOdds: -105 },
        { book: 'draftkings', outcome: 'Under', point: 47.5, americanOdds: -115 },
        { book: 'fanduel', outcome: 'Over', point: 48.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'Under', point: 48.5, americanOdds: -110 },
      ],
      new Date(now - HOUR),
    );
    const over = { sport: 'nfl', gameId: 'nfl-switch', market: 'totals', selection: 'over', point: 47.5, americanOdds: -110, stake: 1 };
    const logged = async (args: Record<string, unknown>) => {
      const res = await callAs('log_bet', { ...over, ...args });
      expect(res.status, res.body).toBe(200);
      return res.json().data as { bet: { id: string; book: string | null; fairProbabilityAtPlacement: number | null }; duplicate: boolean };
    };
    // No book named: recorded at the reference book it was priced at. A book with no price of it (BetMGM): priced at
    // the reference book of the moment, which the bet keeps.
    const unnamed = await logged({ clientRequestId: 'switch-unnamed' });
    expect(unnamed.bet.book).toBe('draftkings');
    expect(unnamed.bet.fairProbabilityAtPlacement).toEqual(expect.any(Number));
    const named = await logged({ book: 'BetMGM' });
    expect(named.bet.book).toBe('betmgm');
    expect(named.bet.fairProbabilityAtPlacement).toBe(unnamed.bet.fairProbabilityAtPlacement);
    // A bet logged before the books were stored: no book, no reference book. It reads the reference book of the moment.
    const earlier = await db.bet.create({
      data: {
        userId,
        sport: 'nfl',
        gameId: 'nfl-switch',
        market: 'totals',
        selection: 'over',
        point: 47.5,
        americanOdds: -110,
        stakeCents: 100,
        placedAt: new Date(),
      },
    });

    await db.game.update({ where: { id: 'nfl-switch' }, data: { startsAt: new Date() } });
    type Listed = { id: string; book?: string; closingFairProbability?: number; closingLineValue?: number };
    const listed = async () => {
      const bets = (await toolData(app.server.port, token, 'list_bets', { limit: 100 })).bets as Listed[];
      return new Map(bets.map((bet) => [bet.id, bet]));
    };
    const before = await listed();
    for (const id of [unnamed.bet.id, named.bet.id, earlier.id]) expect(before.get(id)!.closingLineValue, id).toEqual(expect.any(Number));
    expect(before.get(named.bet.id)!.closingLineValue).toBe(before.get(unnamed.bet.id)!.closingLineValue);

    // The user makes FanDuel the reference book on the Bankroll page.
    const { cookies } = await signIn(app.server.port, email, PASSWORD);
    const form = htmlForms(
      (await raw(app.server.port, { method: 'GET', path: '/bankroll', headers: { cookie: cookieHeader(cookies) } })).body,
    ).find((candidate) => candidate.defaults.some(([name]) => name === 'referenceBook'))!;
    const saved = await postForm(
      app.server,
      cookies,
      '/bankroll',
      form.defaults.map(([name, value]): [string, string] => [name, name === 'referenceBook' ? 'FanDuel' : value]),
    );
    expect(saved.status).toBe(200);
    expect((await db.bankroll.findUniqueOrThrow({ where: { userId } })).referenceBook).toBe('fanduel');

    const after = await listed();
    for (const bet of [unnamed.bet, named.bet]) expect(after.get(bet.id), bet.id).toEqual(before.get(bet.id));
    // The bet logged before keeps today's reading: its close at the reference book of the moment, FanDuel, which has no 47.5.
    expect(after.get(earlier.id)!.book).toBeUndefined();
    expect(after.get(earlier.id)!.closingLineValue).toBeUndefined();

    // A retry of the unnamed bet is the same bet, sent without a book or naming the one it is recorded at; another book is another bet.
    await db.game.update({ where: { id: 'nfl-switch' }, data: { startsAt: new Date(now + 48 * HOUR) } });
    for (const book of [undefined, 'DraftKings']) {
      const again = await logged({ clientRequestId: 'switch-unnamed', ...(book ? { book } : {}) });
      expect(again, String(book)).toMatchObject({ duplicate: true, bet: { id: unnamed.bet.id, book: 'draftkings' } });
    }
    const other = await callAs('log_bet', { ...over, clientRequestId: 'switch-unnamed', book: 'fanduel' });
    expect(other.status).toBe(400);
    expect(other.json().error.message).toContain('book fanduel, not draftkings');
  });

  it("list_bets flags each bet log_bet warned of its price, in full with detail: full, and counts them; the stake's warnings are not of the price (before: nothing)", async () => {
    const { db } = app.database;
    const userId = await app.database.user(`flags-${provider}@example.com`, {
      balance: 1000,
      unit: 10,
      maxStake: 5,
      timeZone: 'UTC',
      referenceBook: 'draftkings',
    });
    const token = (await app.database.token(userId, 'write')).token;
    await addPricedGame(db, { now, id: 'nfl-flags', books: ['draftkings', 'fanduel'] });
    const logged = async (args: Record<string, unknown>) => {
      const data = await toolData(app.server.port, token, 'log_bet', {
        sport: 'nfl',
        gameId: 'nfl-flags',
        market: 'h2h',
        stake: 1,
        ...args,
      });
      return { id: data.bet.id as string, warnings: data.warnings as string[] };
    };
    // DraftKings DAL +130, FanDuel +125: +150 pays more than both (a typo), over the max stake too; +130 is clean
    // but for its stake; no book prices totals here.
    const typo = await logged({ selection: 'DAL', americanOdds: 150, stake: 10 });
    const stakeOnly = await logged({ selection: 'DAL', americanOdds: 130, stake: 10 });
    const clean = await logged({ selection: 'NYG', americanOdds: -150 });
    const unpriced = await logged({ market: 'totals', selection: 'over', point: 47.5, americanOdds: -110 });
    const isStake = (warning: string) => warning.startsWith('The stake ');
    expect(typo.warnings.filter(isStake)).toHaveLength(1);
    expect(stakeOnly.warnings.filter(isStake)).toHaveLength(1);
    expect(stakeOnly.warnings).toHaveLength(1);
    // A bet whose warnings were not stored (logged before they were): nothing is known, nothing flagged.
    const unstored = await db.bet.create({
      data: {
        userId,
        sport: 'nfl',
        gameId: 'nfl-flags',
        market: 'h2h',
        selection: 'DAL',
        americanOdds: 900,
        stakeCents: 100,
        placedAt: new Date(),
      },
    });

    const concise = await toolData(app.server.port, token, 'list_bets', {});
    const byId = (bets: { id: string }[]) => new Map(bets.map((bet) => [bet.id, bet as Record<string, unknown>]));
    const shown = byId(concise.bets);
    expect(shown.get(typo.id)!.priceFlags).toEqual(['above_books']);
    expect(shown.get(unpriced.id)!.priceFlags).toEqual(['unpriced_pick']);
    for (const id of [stakeOnly.id, clean.id, unstored.id]) expect(shown.get(id), id).not.toHaveProperty('priceFlags');
    for (const bet of concise.bets) expect(bet).not.toHaveProperty('priceWarnings');
    expect(concise.priceNote).toMatch(
      /^priceFlags repeat what log_bet warned of a bet's price: above_books .*detail: "full" gives each warning whole/,
    );
    expect(concise.summary.betsWithPriceFlags).toBe(2);

    const full = await toolData(app.server.port, token, 'list_bets', { detail: 'full' });
    const whole = byId(full.bets);
    expect(whole.get(typo.id)).toMatchObject({ priceFlags: ['above_books'], priceWarnings: typo.warnings.filter((w) => !isStake(w)) });
    expect(whole.get(typo.id)!.priceWarnings).toEqual([expect.stringMatching(/^\+150 pays more than any book JEV has a price from/)]);
    expect(whole.get(unpriced.id)).toMatchObject({ priceFlags: ['unpriced_pick'], priceWarnings: unpriced.warnings });
    for (const id of [stakeOnly.id, clean.id, unstored.id])
      expect(whole.get(id), id).toMatchObject({ priceFlags: null, priceWarnings: null });
    expect(full.priceNote).not.toContain('detail');
    expect(full.summary.betsWithPriceFlags).toBe(2);

    // The summary counts every bet the filters select, not the page; a list without such bets says nothing of them.
    expect((await toolData(app.server.port, token, 'list_bets', { limit: 1 })).summary.betsWithPriceFlags).toBe(2);
    const none = await toolData(app.server.port, token, 'list_bets', { status: 'won' });
    expect(none).not.toHaveProperty('priceNote');
    expect(none.summary.betsWithPriceFlags).toBe(0);
  });

  it('a mistaken grade is corrected only with correct: true; the balance moves by the difference once and both grades are kept', async () => {
    const bet = await log({ gameId: 'nfl-live', selection: 'KC', americanOdds: 150, stake: 10 });
    const start = (await bankroll()).balance;
    // Cashed out by mistake while the game ran.
    const cashed = await call('settle_bet', { betId: bet.id, result: 'cashout', payout: 10 });
    expect(cashed.json().data).toMatchObject({ status: 'cashout', profit: 0 });
    await endLiveGame();
    const refused = await call('settle_bet', { betId: bet.id, result: 'auto' });
    expect(refused.status).toBe(422);
    expect(refused.json().error.message).toMatch(/already settled as cashout.*correct: true/);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('settle_bet', { betId: bet.id, result: 'auto', correct: true })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    const corrected = answers[0]!.json().data;
    expect(corrected).toMatchObject({ status: 'won', payout: 25, profit: 15 });
    expect(corrected.correctedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/); // to the second, like every instant
    expect(corrected.earlierGrades).toEqual([
      { status: 'cashout', payout: 10, profit: 0, gradedAt: corrected.settledAt, replacedAt: corrected.correctedAt },
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

  it('no void from kick-off until the final, nor from the Bets page, unless the game goes 12 hours without one; a cashout in play stays', async () => {
    await addGame(app.database.db, { id: 'nfl-inplay', home: 'NO', away: 'TB', startsAt: new Date(now - HOUR), status: 'in_progress' });
    for (const [gameId, startsAt] of Object.entries({ 'nfl-inplay': now - HOUR, 'nfl-lagged': now - HOUR })) {
      const bet = await log({ gameId, selection: gameId === 'nfl-inplay' ? 'NO' : 'GB', americanOdds: 150, stake: 10 });
      const open = await bankroll();
      const pattern = new RegExp(
        `cannot be voided while its game ${gameId} is in play \\(kick-off ${instant(startsAt)}\\).*auto.*cashout.*` +
          `void it from ${instant(startsAt + VOID_AFTER_KICKOFF_HOURS * HOUR)}, ${VOID_AFTER_KICKOFF_HOURS} hours after kick-off`,
      );
      await refused({ betId: bet.id, result: 'void' }, pattern);
      await refused({ betId: bet.id, result: 'void', correct: true }, pattern);
      expect(await settleOnPage({ betId: bet.id, result: 'void' })).toContain(`cannot be voided while its game ${gameId} is in play`);
      expect(await statusOf(bet.id)).toBe('open');
      expect(await bankroll()).toMatchObject({ balance: open.balance, dailyLossRoom: open.dailyLossRoom });
    }
    // A cashout in play is what books offer: taken, at most what a win pays back.
    const cashed = await log({ gameId: 'nfl-inplay', selection: 'NO', americanOdds: 150, stake: 10 });
    expect((await call('settle_bet', { betId: cashed.id, result: 'cashout', payout: 25.01 })).status).toBe(400);
    expect((await call('settle_bet', { betId: cashed.id, result: 'cashout', payout: 4 })).json().data).toMatchObject({ profit: -6 });
    // A settled bet is not corrected to a void in play either.
    await refused({ betId: cashed.id, result: 'void', correct: true }, /cannot be voided while its game nfl-inplay is in play/);
    // Before kick-off a void is a cancelled bet; a game 13 hours past kick-off with no final is plausibly postponed.
    for (const gameId of ['nfl-next', 'nfl-stalled']) {
      const bet = await log({ gameId, selection: gameId === 'nfl-next' ? 'NYG' : 'SEA', stake: 10 });
      expect((await call('settle_bet', { betId: bet.id, result: 'void' })).json().data, gameId).toMatchObject({
        status: 'void',
        profit: 0,
      });
    }
  });

  it('a void before the stored start stands though the feed still calls the game under way, as log_bet judges kick-off (before: refused as in play, naming a kick-off to come)', async () => {
    // Called in progress, then delayed an hour: the start as stored now is kick-off (lib/data/kick-off.ts).
    await addGame(app.database.db, { id: 'nfl-delayed', home: 'CLE', away: 'PIT', startsAt: new Date(now + HOUR), status: 'in_progress' });
    const before = await bankroll();
    const res = await call('log_bet', {
      sport: 'nfl',
      gameId: 'nfl-delayed',
      market: 'h2h',
      selection: 'CLE',
      americanOdds: 120,
      stake: 5,
    });
    expect(res.json().data.warnings.filter((warning: string) => warning.includes('in-play bet'))).toEqual([]);
    const voided = await call('settle_bet', { betId: res.json().data.bet.id, result: 'void' });
    expect(voided.status, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'void', profit: 0 });
    expect((await bankroll()).balance).toBe(before.balance);
  });

  it("a prop its player's stored box-score line grades is graded only as the line does; a stat correction regrades it by auto", async () => {
    const { db } = app.database;
    await addGame(db, { id: 'nfl-box', home: 'KC', away: 'BUF', startsAt: new Date(now - HOUR), status: 'in_progress' });
    const prop = (player: string) =>
      log({ gameId: 'nfl-box', market: 'player_pass_yds', selection: 'over', point: 249.5, player, americanOdds: 100, stake: 20 });
    const [over, voided, byPage, absent, absentVoid] = [
      await prop('Patrick Mahomes'),
      await prop('patrick mahomes'),
      await prop('Patrick Mahomes'),
      await prop('Carson Wentz'),
      await prop('Carson Wentz'),
    ];
    const boxScore = (passingYards: number) =>
      replacePlayerStats(
        db,
        [
          {
            sport: 'nfl',
            player: 'Patrick Mahomes',
            teamId: 'nfl:KC',
            gameId: 'nfl-box',
            playedAt: new Date(now - HOUR),
            stats: { passingYards },
          },
        ],
        'live',
      );
    await boxScore(231);
    await finishGame(db, 'nfl-box', 27, 20);
    const start = await bankroll();
    // 231 yards: the over lost. Won, pushed or voided by hand it is refused, naming the grade and auto.
    for (const result of ['won', 'push', 'void']) {
      await refused(
        { betId: over.id, result },
        new RegExp(`Patrick Mahomes's stored box-score line grades bet ${over.id} lost, not ${result}: settle it with auto or lost`),
      );
    }
    await refused({ betId: voided.id, result: 'void' }, /box-score line grades bet .* lost, not void/);
    expect(await settleOnPage({ betId: byPage.id, result: 'won' })).toContain('stored box-score line grades bet');
    expect(await statusOf(byPage.id)).toBe('open');
    expect(await bankroll()).toMatchObject({ balance: start.balance, dailyLossRoom: start.dailyLossRoom });
    expect((await call('settle_bet', { betId: over.id, result: 'lost' })).json().data).toMatchObject({ status: 'lost', profit: -20 });
    // A player with no stored line (he may not have played): graded or voided as the book did.
    expect((await call('settle_bet', { betId: absent.id, result: 'won' })).json().data).toMatchObject({ status: 'won', profit: 20 });
    expect((await call('settle_bet', { betId: absentVoid.id, result: 'void' })).json().data).toMatchObject({ status: 'void' });

    // A stat correction reaches the store by ingestion (the box score replaced): 251 yards, the over won.
    await boxScore(251);
    // get_bankroll names the prop the stored correction regrades (not the one no line grades), until it is applied.
    expect((await bankroll()).note).toContain(
      `The stored result now grades bet ${over.id} (lost, now won) otherwise (a grade given before it was stored, or a stat ` +
        'correction since): if the book graded it so too, settle_bet with result auto and correct: true applies the grade.',
    );
    await refused({ betId: over.id, result: 'auto' }, /already settled as lost.*correct: true/);
    const corrected = (await call('settle_bet', { betId: over.id, result: 'auto', correct: true })).json().data;
    expect((await bankroll()).note).not.toContain(over.id);
    expect(corrected).toMatchObject({ status: 'won', profit: 20, earlierGrades: [{ status: 'lost', profit: -20 }] });
    await refused({ betId: voided.id, result: 'lost' }, /grades bet .* won, not lost: settle it with auto or won/);
    expect((await bankroll()).balance).toBeCloseTo(start.balance - 20 + 20 + 40, 9);
  });

  it('log_bet warns when the price logged pays more than every stored book offers for the selection, and records the bet', async () => {
    const priceWarnings = async (args: Record<string, unknown>) => {
      const res = await call('log_bet', { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', stake: 1, ...args });
      expect(res.status, res.body).toBe(200);
      expect(res.json().data.bet.americanOdds).toBe(args.americanOdds);
      return (res.json().data.warnings as string[]).filter((warning) => !warning.startsWith('The stake '));
    };
    // DraftKings DAL +130, FanDuel +125; NYG -150 and -145.
    expect(await priceWarnings({ selection: 'DAL', americanOdds: 150 })).toEqual([
      `+150 pays more than any book JEV has a price from for this pick (the best: +130 at draftkings, confirmed ${instant(now - HOUR)}). ` +
        'The bet is recorded at +150; if that is a typo or a price no longer offered, the ledger and closing-line value are wrong: ' +
        'settle it void (settle_bet, before kick-off) and log it again at the price taken.',
    ]);
    expect(await priceWarnings({ selection: 'NYG', americanOdds: -140, book: 'FanDuel' })).toEqual([
      expect.stringMatching(/^-140 pays more than any book .*the best: -145 at fanduel/),
    ]);
    // On a market no book prices, the one warning says so (no better-price warning beside it).
    expect(await priceWarnings({ market: 'totals', selection: 'over', point: 47.5, americanOdds: 300 })).toEqual([
      expect.stringMatching(/^No book JEV reads has a stored price of over 47\.5 \(totals\): no book prices totals in this game/),
    ]);
    // At or below the best price nothing is said.
    for (const args of [
      { selection: 'DAL', americanOdds: 130 },
      { selection: 'NYG', americanOdds: -145 },
      { selection: 'DAL', americanOdds: 110 },
    ]) {
      expect(await priceWarnings(args), JSON.stringify(args)).toEqual([]);
    }
  });

  it("a three-way moneyline's team side is lost on a draw, not pushed: the loss stays a loss (before: push, refund)", async () => {
    const { db } = app.database;
    await addGame(db, {
      sport: 'epl',
      id: 'epl-level',
      home: 'ARS',
      away: 'CHE',
      startsAt: new Date(now - 3 * HOUR),
      status: 'in_progress',
    });
    const home = await log({ sport: 'epl', gameId: 'epl-level', selection: 'ARS', americanOdds: 120, stake: 3 });
    const draw = await log({ sport: 'epl', gameId: 'epl-level', selection: 'draw', americanOdds: 250, stake: 2 });
    await finishGame(db, 'epl-level', 1, 1);
    const before = await bankroll();
    expect((await call('settle_bet', { betId: home.id, result: 'auto' })).json().data).toMatchObject({ status: 'lost', profit: -3 });
    expect((await call('settle_bet', { betId: draw.id, result: 'auto' })).json().data).toMatchObject({ status: 'won', profit: 5 });
    expect((await bankroll()).balance).toBeCloseTo(before.balance + 2, 9);
  });

  it('a game stored final without its score grades no game market until the score is stored, and its props by their lines', async () => {
    const { db } = app.database;
    await addGame(db, { id: 'nfl-unscored', home: 'DAL', away: 'WAS', startsAt: new Date(now - 4 * HOUR), status: 'in_progress' });
    const bet = await log({ gameId: 'nfl-unscored', selection: 'WAS', americanOdds: 300, stake: 4 });
    const prop = await log({
      gameId: 'nfl-unscored',
      market: 'player_pass_yds',
      selection: 'over',
      point: 249.5,
      player: 'Sample Passer',
      stake: 2,
    });
    await db.game.update({ where: { id: 'nfl-unscored' }, data: { status: 'final' } });
    await replacePlayerStats(
      db,
      [
        {
          sport: 'nfl',
          player: 'Sample Passer',
          teamId: 'nfl:DAL',
          gameId: 'nfl-unscored',
          playedAt: new Date(now - 4 * HOUR),
          stats: { passingYards: 180 },
        },
      ],
      'live',
    );
    const start = await bankroll();
    for (const result of ['won', 'lost', 'push']) {
      await refused(
        { betId: bet.id, result },
        new RegExp(`cannot be graded ${result} yet: .* is final, but its final score is not stored yet`),
      );
    }
    // A void waits 12 hours from kick-off, in case the score never comes; a cashout never comes after the final.
    await refused({ betId: bet.id, result: 'void' }, /cannot be voided yet: .* is final.*If it never comes, void it from/);
    await refused({ betId: bet.id, result: 'cashout', payout: 4 }, /is final.*no cashout/);
    await refused({ betId: bet.id, result: 'auto' }, /has no final score yet/);
    // The prop's line grades it whatever the score: lost, so neither won nor void (before: void passed).
    await refused({ betId: prop.id, result: 'void' }, /box-score line grades bet .* lost, not void/);
    await refused({ betId: prop.id, result: 'won' }, /box-score line grades bet .* lost, not won/);
    expect((await bankroll()).balance).toBe(start.balance);
    expect((await call('settle_bet', { betId: prop.id, result: 'auto' })).json().data).toMatchObject({ status: 'lost', profit: -2 });
    await finishGame(db, 'nfl-unscored', 27, 13);
    expect((await call('settle_bet', { betId: bet.id, result: 'auto' })).json().data).toMatchObject({ status: 'lost', profit: -4 });
  });

  it('a correction that lowers the profit counts in the loss-limit period it is made in (before: in the one first graded)', async () => {
    const { db } = app.database;
    await addGame(db, { id: 'nfl-later', home: 'DET', away: 'MIN', startsAt: new Date(now + HOUR) });
    const bet = await log({ gameId: 'nfl-later', selection: 'MIN', americanOdds: 150, stake: 6 });
    expect((await call('settle_bet', { betId: bet.id, result: 'void' })).json().data).toMatchObject({ status: 'void' });
    // Voided eight days ago, before a kick-off since put back; the game is then played, and lost.
    const weekAgo = new Date(now - 8 * 24 * HOUR);
    await db.bet.update({ where: { id: bet.id }, data: { settledAt: weekAgo } });
    await db.game.update({ where: { id: 'nfl-later' }, data: { startsAt: new Date(now - 3 * HOUR) } });
    await finishGame(db, 'nfl-later', 30, 7);
    const before = await bankroll();
    const lost = (await call('settle_bet', { betId: bet.id, result: 'auto', correct: true })).json().data;
    expect(lost).toMatchObject({ status: 'lost', profit: -6 });
    // Settled when corrected: the loss counts today and this week (the rooms count by settledAt).
    expect(lost.settledAt).toBe(lost.correctedAt);
    expect((await bankroll()).balance).toBeCloseTo(before.balance - 6, 9);
    expect(lost.earlierGrades).toEqual([expect.objectContaining({ status: 'void', gradedAt: instant(weekAgo.getTime()) })]);
  });

  it('get_bankroll names a void or a full cashout the final score then contradicts, and a prop graded by hand before its line (before: nothing)', async () => {
    const { db } = app.database;
    const kickOff = now - (VOID_AFTER_KICKOFF_HOURS + 2) * HOUR;
    await addGame(db, { id: 'nfl-resumed', home: 'TEN', away: 'JAX', startsAt: new Date(kickOff), status: 'in_progress' });
    await addGame(db, { id: 'nfl-comeback', home: 'NO', away: 'ATL', startsAt: new Date(now - HOUR), status: 'in_progress' });
    await addGame(db, { id: 'nfl-hand-graded', home: 'LAC', away: 'LAR', startsAt: new Date(now - HOUR), status: 'in_progress' });
    const voided = await log({ gameId: 'nfl-resumed', selection: 'JAX', americanOdds: 150, stake: 4 });
    const cashed = await log({ gameId: 'nfl-comeback', selection: 'ATL', americanOdds: 200, stake: 5 });
    const cashedLess = await log({ gameId: 'nfl-comeback', selection: 'ATL', americanOdds: 200, stake: 5 });
    const byHand = await log({
      gameId: 'nfl-hand-graded',
      market: 'player_rush_yds',
      selection: 'over',
      point: 60.5,
      player: 'Sample Back',
      stake: 3,
    });
    // 14 hours without a final: plausibly postponed, so the void stands; a cashout in play pays all a win would.
    expect((await call('settle_bet', { betId: voided.id, result: 'void' })).json().data).toMatchObject({ status: 'void' });
    expect((await call('settle_bet', { betId: cashed.id, result: 'cashout', payout: 15 })).json().data).toMatchObject({ profit: 10 });
    expect((await call('settle_bet', { betId: cashedLess.id, result: 'cashout', payout: 2 })).json().data).toMatchObject({ profit: -3 });
    await finishGame(db, 'nfl-resumed', 24, 10); // JAX lost after all
    await finishGame(db, 'nfl-comeback', 31, 7); // ATL lost
    await finishGame(db, 'nfl-hand-graded', 20, 17);
    expect((await call('settle_bet', { betId: byHand.id, result: 'won' })).json().data).toMatchObject({ status: 'won' });
    await replacePlayerStats(
      db,
      [
        {
          sport: 'nfl',
          player: 'Sample Back',
          teamId: 'nfl:LAC',
          gameId: 'nfl-hand-graded',
          playedAt: new Date(now - HOUR),
          stats: { rushingYards: 41 },
        },
      ],
      'live',
    );
    const note = (await bankroll()).note as string;
    // (Other tests' bets may share the sentence: a void this file made before a kick-off it then moved earlier.)
    expect(note).toMatch(
      new RegExp(
        `${voided.id} \\(void, now lost\\)[^.]* voided after kick-off while the game had no final, and its final score now ` +
          'grades (it|them): if the book did not refund (it|them), settle_bet with result auto and correct: true applies the grade\\.',
      ),
    );
    expect(note).toContain(
      `Bet ${cashed.id} (cashout, now lost) was cashed out for all a win pays back, and the final grades it lost: check the ` +
        'payout with the book, and correct it with settle_bet (cashout with the payout received, correct: true).',
    );
    expect(note).not.toContain(cashedLess.id);
    expect(note).toContain(`The stored result now grades bet ${byHand.id} (won, now lost) otherwise`);
    expect((await call('settle_bet', { betId: voided.id, result: 'auto', correct: true })).json().data).toMatchObject({ status: 'lost' });
    expect((await bankroll()).note).not.toContain(voided.id);
  });
});
