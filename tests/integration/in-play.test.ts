import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBets, logBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import { getPlayerProps } from '@/lib/tools/player-props';
import { listRecommendations, saveRecommendation } from '@/lib/tools/recommendations';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { ToolError } from '@/lib/errors';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame, addPrices, type TestQuote } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// One rule for "in play" and "offered" across the tools (lib/data/kick-off.ts), played as an agent plays it on a
// Sunday afternoon, on a pinned clock, on SQLite and PostgreSQL:
// - log_bet judges a bet in play by the start as stored now, the instant list_bets reads its close by, so a bet
//   warned in play never gets a closing-line value and one logged before kick-off always can; a start moved after
//   logging moves the judgement with it.
// - save_recommendation saves no pick once its game has kicked off (422 limit, as on a final game).
// - the lists of bets to make (value, arbitrages, low-hold markets, middles; game markets and props) take a game in
//   play only by its prices confirmed since kick-off: a pre-game price is no offer on a game under way. So do the
//   game's own answers, which say so (./in-play-odds-http.test.ts shows them over HTTP).

const NOW = new Date('2026-11-29T20:00:00Z'); // Sunday, 15:00 in New York
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offset: number) => new Date(NOW.getTime() + offset);

/** Under way by its status, but its start moved an hour on (a delay) and the status is not refreshed yet. */
const DELAYED = 'nfl-20261129-gb-chi';
/** Kicked off 30 minutes ago, the feed still calling it scheduled. */
const LAGGED = 'nfl-20261129-sea-ari';
/** Still to start. */
const COMING = 'nfl-20261129-lv-den';
/** Under way for 30 minutes: pre-game prices only (a false arbitrage, a middle and a prop arbitrage among them). */
const STALE = 'nfl-20261129-buf-kc';
/** Under way for 30 minutes: one book's in-play prices beside another's pre-game ones. */
const MIXED = 'nfl-20261129-phi-dal';
/** Under way for 30 minutes: two books' in-play prices that make an arbitrage. */
const LIVE = 'nfl-20261129-sf-lar';

const h2h = (book: string, home: string, away: string, homeOdds: number, awayOdds: number): TestQuote[] => [
  { book, outcome: home, americanOdds: homeOdds },
  { book, outcome: away, americanOdds: awayOdds },
];

describe.each(PROVIDERS)('in play and offered, one rule, on %s', (provider) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await testDatabase(provider);
    const { db } = database;
    userId = await database.user('ann@example.com', { balance: 1000, unit: 10, referenceBook: 'draftkings', timeZone: 'UTC' });
    const games = [
      { id: DELAYED, home: 'CHI', away: 'GB', startsAt: at(HOUR), status: 'in_progress' },
      { id: LAGGED, home: 'ARI', away: 'SEA', startsAt: at(-30 * MINUTE) },
      { id: COMING, home: 'DEN', away: 'LV', startsAt: at(2 * HOUR) },
      { id: STALE, home: 'KC', away: 'BUF', startsAt: at(-30 * MINUTE), status: 'in_progress' },
      { id: MIXED, home: 'DAL', away: 'PHI', startsAt: at(-30 * MINUTE), status: 'in_progress' },
      { id: LIVE, home: 'LAR', away: 'SF', startsAt: at(-30 * MINUTE), status: 'in_progress' },
    ];
    for (const game of games) await addGame(db, game);
    const preGame = at(-40 * MINUTE);
    const inPlay = at(-5 * MINUTE);
    for (const [id, home, away] of [
      [DELAYED, 'CHI', 'GB'],
      [LAGGED, 'ARI', 'SEA'],
      [COMING, 'DEN', 'LV'],
    ] as const) {
      await addPrices(db, id, 'h2h', [...h2h('draftkings', home, away, -150, 130), ...h2h('fanduel', home, away, -145, 125)], preGame);
    }
    // Before kick-off: KC +110 at one book and BUF +110 at the other (an arbitrage), KC -2.5 and BUF +3.5 (a middle).
    await addPrices(db, STALE, 'h2h', [...h2h('draftkings', 'KC', 'BUF', 110, -130), ...h2h('fanduel', 'KC', 'BUF', -130, 110)], preGame);
    await addPrices(
      db,
      STALE,
      'spreads',
      [
        { book: 'draftkings', outcome: 'KC', point: -2.5, americanOdds: -110 },
        { book: 'draftkings', outcome: 'BUF', point: 2.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'KC', point: -3.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'BUF', point: 3.5, americanOdds: -110 },
      ],
      preGame,
    );
    for (const [book, outcome, americanOdds] of [
      ['draftkings', 'over', 110],
      ['draftkings', 'under', -140],
      ['fanduel', 'over', -150],
      ['fanduel', 'under', 105],
    ] as const) {
      const prop = { gameId: STALE, market: 'player_rush_yds', player: 'Josh Allen', book, outcome, point: 30.5, americanOdds };
      await db.price.create({ data: { ...prop, updatedAt: preGame } });
    }
    // DAL +110 at DraftKings before kick-off, beside FanDuel's in-play -300/+220: together "an arbitrage", in play none.
    await addPrices(db, MIXED, 'h2h', h2h('draftkings', 'DAL', 'PHI', 110, -130), preGame);
    await addPrices(db, MIXED, 'h2h', h2h('fanduel', 'DAL', 'PHI', -300, 220), inPlay);
    await addPrices(db, LIVE, 'h2h', [...h2h('draftkings', 'LAR', 'SF', 110, -130), ...h2h('fanduel', 'LAR', 'SF', -130, 110)], inPlay);
  });
  afterAll(() => database?.close());

  const ctx = (now: Date) =>
    toolContext(database.db, {
      now: () => now,
      user: { id: userId, email: 'ann@example.com' },
      scope: 'write',
      env: { ODDS_CACHE_SECONDS: '0' },
    });
  const bet = (gameId: string, selection: string, americanOdds: number, sport = 'nfl') =>
    logBet.run(ctx(NOW), logBet.input.parse({ sport, gameId, market: 'h2h', selection, americanOdds, stake: 10, book: 'draftkings' }));
  const listed = async (now: Date, id: string) => {
    const answer = await listBets.run(ctx(now), listBets.input.parse({ detail: 'full', limit: 100 }));
    return answer.bets.find((b) => b.id === id)!;
  };
  const inPlayWarning = (warnings: readonly string[]) => warnings.filter((warning) => warning.includes('in-play bet'));

  it('log_bet and list_bets agree: a game called under way before its stored start is not yet in play (before: warned in play, then measured)', async () => {
    const logged = await bet(DELAYED, 'CHI', -150);
    expect(inPlayWarning(logged.warnings)).toEqual([]);
    // Priced by the prices before kick-off, as a pre-game bet is (before: none, read as in play since now).
    expect(logged.bet.fairProbabilityAtPlacement).toEqual(expect.any(Number));
    // Once the game kicks off at its stored start, its close measures the bet.
    expect((await listed(at(2 * HOUR), logged.bet.id)).closingLineValue).toEqual(expect.any(Number));
  });

  it('a bet warned in play never gets a closing-line value, and one logged before kick-off does', async () => {
    const inPlay = await bet(LAGGED, 'ARI', -150);
    expect(inPlayWarning(inPlay.warnings)).toEqual([
      expect.stringMatching(/^The game nfl-20261129-sea-ari kicked off at Nov 29, 2026, 7:30 PM \(UTC\), before this bet was logged/),
    ]);
    expect((await listed(at(2 * HOUR), inPlay.bet.id)).closingLineValue).toBeNull();
    const preGame = await bet(COMING, 'DEN', -150);
    expect(inPlayWarning(preGame.warnings)).toEqual([]);
    expect((await listed(at(3 * HOUR), preGame.bet.id)).closingLineValue).toEqual(expect.any(Number));
  });

  it('a start moved after logging moves the judgement with it: the start as stored now is the one the close is read by', async () => {
    const { db } = database;
    // An NBA game, apart from the NFL games the other tests read.
    const id = 'nba-20261129-bos-lal';
    await addGame(db, { id, sport: 'nba', home: 'LAL', away: 'BOS', startsAt: at(-30 * MINUTE) });
    await addPrices(db, id, 'h2h', h2h('draftkings', 'LAL', 'BOS', -150, 130), at(-40 * MINUTE));
    // Logged past the stored start, so in play; the feed then moves the start an hour on (the game was delayed).
    const delayed = await bet(id, 'LAL', -150, 'nba');
    expect(inPlayWarning(delayed.warnings)).toHaveLength(1);
    await db.game.update({ where: { id }, data: { startsAt: at(HOUR) } });
    await addPrices(db, id, 'h2h', h2h('draftkings', 'LAL', 'BOS', -170, 150), at(30 * MINUTE));
    // Placed before the game began after all: the close at the new start (-170/+150) measures it.
    const measured = await listed(at(2 * HOUR), delayed.bet.id);
    expect(measured.closingFairProbability).toBe(0.611511); // DraftKings' -170/+150 without its margin
    // The other way: logged before the stored start, which is then corrected to before the bet: in play, no close.
    const corrected = await bet(COMING, 'LV', 130);
    await db.game.update({ where: { id: COMING }, data: { startsAt: at(-HOUR), status: 'in_progress' } });
    expect((await listed(at(2 * HOUR), corrected.bet.id)).closingLineValue).toBeNull();
    await db.game.update({ where: { id: COMING }, data: { startsAt: at(2 * HOUR), status: 'scheduled' } });
  });

  it('save_recommendation refuses a game that has kicked off, as a final one, and stores nothing (before: saved into the record)', async () => {
    const pick = { sport: 'nfl', market: 'h2h', americanOdds: 110, probability: 0.5, reasoning: 'Leading by 14.', risks: 'Late comeback.' };
    const save = (gameId: string, selection: string) =>
      saveRecommendation.run(ctx(NOW), saveRecommendation.input.parse({ ...pick, gameId, selection }));
    const before = await database.db.recommendation.count();
    for (const [gameId, selection, kickOff] of [
      [STALE, 'KC', '2026-11-29T19:30:00Z'],
      [LAGGED, 'ARI', '2026-11-29T19:30:00Z'],
    ] as const) {
      const refused = await save(gameId, selection).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ToolError);
      expect(refused).toMatchObject({
        code: 'limit',
        message:
          `The game ${gameId} kicked off at ${kickOff}, so no pick on it can be saved: JEV saves picks before kick-off, so ` +
          'their record counts only picks made before the game began. Save picks on games still to start (list_games).',
      });
    }
    expect(await database.db.recommendation.count()).toBe(before);
    // Still to start by the stored start, whatever the status says: saved, as a bet there is logged pre-game.
    for (const gameId of [COMING, DELAYED]) expect((await save(gameId, gameId === COMING ? 'DEN' : 'CHI')).duplicate).toBe(false);
    const record = await listRecommendations.run(ctx(NOW), listRecommendations.input.parse({}));
    expect(record.summary.count).toBe(before + 2);
  });

  const odds = async (args: Record<string, unknown>) =>
    (await getGameOdds.run(ctx(NOW), getGameOdds.input.parse({ sport: 'nfl', limit: 100, ...args }))) as Record<string, unknown>;
  const gameIds = (entries: unknown) => [...new Set((entries as { gameId: string }[]).map((entry) => entry.gameId))].sort();

  it('the lists of bets to make take a game in play by its prices since kick-off alone (before: its pre-game prices too)', async () => {
    const arbitrages = await odds({ arbitrage: true });
    expect(gameIds(arbitrages.arbitrages)).toEqual([LIVE]);
    expect(arbitrages.gamesScanned).toBe(6);
    // Held at most 1%: the games still to start hold more (2.7%).
    const lowHold = await odds({ arbitrage: true, maxHold: 0.01 });
    expect(gameIds(lowHold.lowHold)).toEqual([LIVE]);
    expect((await odds({ middles: true })).middles).toEqual([]);
    // The value list too: only LIVE and the games still to start have offered prices to measure.
    const value = await odds({ minExpectedValue: -1, minBooks: 1 });
    expect(gameIds(value.value)).toEqual([COMING, DELAYED, LIVE].sort());
    // A game's own answer prices it alike: only FanDuel's in-play moneyline, not DraftKings' pre-game one, and says so.
    const shown = (await odds({ gameId: MIXED })).games as { priceNote: string; markets: { books: number }[] }[];
    expect(shown[0]!.priceNote).toBe('In play: priced only by prices confirmed since kick-off; pre-game prices are no longer on offer.');
    expect(shown[0]!.markets.map((market) => market.books)).toEqual([1]);
  });

  it('the value list points to the arbitrage list only when the arbitrage list would list one', async () => {
    const pointer = 'get_game_odds with arbitrage: true lists them';
    for (const gameId of [STALE, MIXED]) {
      expect((await odds({ gameId, minExpectedValue: -1, minBooks: 1 })).valueNote, gameId).not.toContain(pointer);
      expect((await odds({ gameId, arbitrage: true })).arbitrages, gameId).toEqual([]);
    }
    expect((await odds({ gameId: LIVE, minExpectedValue: -1, minBooks: 1 })).valueNote).toContain(pointer);
    expect((await odds({ gameId: LIVE, arbitrage: true })).arbitrages).toHaveLength(1);
  });

  it("get_player_props' lists leave out a game in play's pre-game props", async () => {
    const props = async (args: Record<string, unknown>) =>
      (await getPlayerProps.run(ctx(NOW), getPlayerProps.input.parse({ sport: 'nfl', gameId: STALE, ...args }))) as Record<string, unknown>;
    for (const args of [{ arbitrage: true }, { arbitrage: true, maxHold: 0.05 }]) {
      const answer = await props(args);
      expect(answer.arbitrages ?? answer.lowHold).toEqual([]);
      expect(answer.gamesScanned).toBe(1);
    }
    expect((await props({ minExpectedValue: -1, minBooks: 1 })).value).toEqual([]);
    // Nor does its answer of props show them: only the props confirmed since kick-off would be, and it says there are none.
    expect(await props({})).toMatchObject({
      props: [],
      priceNote: `${SAMPLE_NOTE} In play: no price confirmed since kick-off; pre-game prices are no longer on offer.`,
    });
  });
});
