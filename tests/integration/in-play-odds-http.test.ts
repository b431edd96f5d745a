import { describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { cookieHeader, signIn } from '../helpers/console-http';
import { withoutAges } from '../helpers/ages';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, addPrices, type TestQuote } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// A game under way as the odds answers show it, over REST and MCP of the built server, on SQLite and PostgreSQL: by
// the one kick-off rule (lib/data/kick-off.ts), a game that has kicked off is priced by its prices confirmed since
// kick-off alone, as the lists of bets to make scan it, and says so in its priceNote; with none since, it shows no
// market and says why. Its pre-game prices are no offer on the game under way. A game still to start, by its stored
// start, shows every price. The console's Games pages show the game's note too. Every answer shows a game's status
// as the same rule reads it (statusAt): one called in progress whose start then moved later is scheduled, one still
// called scheduled after its start is in progress, and the game's note says why (list_games and get_weather too).

const MINUTE = 60_000;
const PASSWORD = 'correct horse battery';
const PRICED = 'In play: priced only by prices confirmed since kick-off; pre-game prices are no longer on offer.';
const UNPRICED = 'In play: no price confirmed since kick-off; pre-game prices are no longer on offer.';
/** Why a game called in progress is shown scheduled, and one called scheduled in progress. */
const MOVED_LATER = 'Not yet kicked off: called in progress, then its start moved later.';
const NOT_YET_CALLED = 'Its start has passed, though the feed has not yet called it in progress.';

/** Under way for 30 minutes, every price from before kick-off. */
const STALE = 'nfl-stale';
/** Under way for 30 minutes: the moneyline confirmed in play at both books, the spread only before kick-off. */
const MIXED = 'nfl-mixed';
/** Kicked off 30 minutes ago, the feed still calling it scheduled; every price from before kick-off. */
const LAGGED = 'nfl-lagged';
/** Called under way, but its start moved an hour on: not yet kicked off. */
const DELAYED = 'nfl-delayed';

const h2h = (home: string, away: string, [dk, fd]: [number, number][]): TestQuote[] => [
  { book: 'draftkings', outcome: home, americanOdds: dk![0] },
  { book: 'draftkings', outcome: away, americanOdds: dk![1] },
  { book: 'fanduel', outcome: home, americanOdds: fd![0] },
  { book: 'fanduel', outcome: away, americanOdds: fd![1] },
];
const spreads = (home: string, away: string): TestQuote[] =>
  ['draftkings', 'fanduel'].flatMap((book) => [
    { book, outcome: home, point: -3.5, americanOdds: -110 },
    { book, outcome: away, point: 3.5, americanOdds: -110 },
  ]);

interface Game {
  gameId: string;
  status?: string;
  priceNote?: string;
  markets: { market: string; outcomes: { outcome: string; americanOdds: number }[] }[];
}

describe.each(PROVIDERS)('a game under way in the odds answers, on %s', (provider) => {
  let token: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const { db } = database;
      const now = Date.now();
      const at = (minutes: number) => new Date(now + minutes * MINUTE);
      // A console user too: the Games pages show what get_game_odds answers.
      ({ token } = await database.token((await createUser(db, { email: 'ida@example.com', password: PASSWORD })).id, 'read'));
      await addGame(db, { id: STALE, home: 'KC', away: 'BUF', startsAt: at(-30), status: 'in_progress' });
      await addGame(db, { id: MIXED, home: 'DAL', away: 'PHI', startsAt: at(-30), status: 'in_progress' });
      await addGame(db, { id: LAGGED, home: 'ARI', away: 'SEA', startsAt: at(-30) });
      await addGame(db, { id: DELAYED, home: 'CHI', away: 'GB', startsAt: at(60), status: 'in_progress' });
      const preGame = at(-40);
      for (const [id, home, away] of [
        [STALE, 'KC', 'BUF'],
        [LAGGED, 'ARI', 'SEA'],
        [DELAYED, 'CHI', 'GB'],
      ] as const) {
        await addPrices(
          db,
          id,
          'h2h',
          h2h(home, away, [
            [-150, 130],
            [-145, 125],
          ]),
          preGame,
        );
        await addPrices(db, id, 'spreads', spreads(home, away), preGame);
      }
      await addPrices(
        db,
        MIXED,
        'h2h',
        h2h('DAL', 'PHI', [
          [-150, 130],
          [-145, 125],
        ]),
        preGame,
      );
      await addPrices(db, MIXED, 'spreads', spreads('DAL', 'PHI'), preGame);
      // DAL scored twice: both books' moneylines confirmed 5 minutes ago.
      await addPrices(
        db,
        MIXED,
        'h2h',
        h2h('DAL', 'PHI', [
          [-300, 240],
          [-280, 230],
        ]),
        at(-5),
      );
      // Props: STALE's from before kick-off, MIXED's one confirmed in play beside one from before.
      const prop = (gameId: string, player: string, book: string, outcome: string, americanOdds: number, updatedAt: Date) =>
        db.price.create({ data: { gameId, market: 'player_rush_yds', player, book, outcome, point: 30.5, americanOdds, updatedAt } });
      for (const [gameId, player, updatedAt] of [
        [STALE, 'Josh Allen', preGame],
        [MIXED, 'Jalen Hurts', preGame],
        [MIXED, 'Saquon Barkley', at(-5)],
      ] as const) {
        for (const book of ['draftkings', 'fanduel']) {
          await prop(gameId, player, book, 'over', -115, updatedAt);
          await prop(gameId, player, book, 'under', -105, updatedAt);
        }
      }
      for (const [book, outcome] of [
        ['draftkings', 'KC'],
        ['draftkings', 'BUF'],
      ] as const) {
        await db.alternatePrice.create({
          data: {
            gameId: STALE,
            market: 'alternate_spreads',
            book,
            outcome,
            point: outcome === 'KC' ? -6.5 : 6.5,
            americanOdds: 150,
            updatedAt: preGame,
          },
        });
      }
    },
  });

  const rest = async (tool: string, args: Record<string, unknown>) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sport: 'nfl', book: 'draftkings', ...args }),
    });
    expect(res.status, res.body).toBe(200);
    return res.json().data;
  };
  const byId = (games: Game[]) => new Map(games.map((game) => [game.gameId, game]));
  const marketsOf = (game: Game | undefined) => game?.markets.map((market) => market.market);

  /** What each game of the week's answer shows: its status, note and markets, the moneyline's DraftKings prices. */
  function checkWeek(games: Game[], full: boolean) {
    const shown = byId(games);
    expect(shown.get(STALE)).toMatchObject({ status: 'in_progress', priceNote: UNPRICED, markets: [] });
    // Still called scheduled, it is under way by its start, as its note says: in progress (before: "scheduled").
    expect(shown.get(LAGGED)).toMatchObject({ status: 'in_progress', priceNote: `${NOT_YET_CALLED} ${UNPRICED}`, markets: [] });
    expect(shown.get(MIXED)).toMatchObject({ status: 'in_progress', priceNote: PRICED });
    expect(marketsOf(shown.get(MIXED))).toEqual(['h2h']);
    expect(shown.get(MIXED)!.markets[0]!.outcomes.map((outcome) => outcome.americanOdds)).toEqual([-300, 240]);
    // Called in progress, its start since moved later: every pre-game price, shown scheduled (the concise answer names
    // a status only once it is not scheduled) and saying why (before: "in_progress", no note).
    expect(shown.get(DELAYED)!.status).toBe(full ? 'scheduled' : undefined);
    expect(shown.get(DELAYED)!.priceNote).toBe(MOVED_LATER);
    expect(marketsOf(shown.get(DELAYED))).toEqual(['h2h', 'spreads']);
  }

  it('get_game_odds, concise: a game under way shows only prices confirmed since kick-off, and says so (before: its pre-game prices, unmarked)', async () => {
    const answer = await rest('get_game_odds', {});
    checkWeek(answer.games, false);
    const viaMcp = await modern(app.server.port, token, 'tools/call', {
      name: 'get_game_odds',
      arguments: { sport: 'nfl', book: 'draftkings' },
    });
    expect(viaMcp.json().result.isError).toBeUndefined();
    expect(withoutAges(viaMcp.json().result.structuredContent)).toEqual(withoutAges(answer));
  });

  it('get_game_odds, detail full and by gameId: the same', async () => {
    checkWeek((await rest('get_game_odds', { detail: 'full', limit: 10 })).games, true);
    expect((await rest('get_game_odds', { gameId: STALE })).games).toEqual([
      expect.objectContaining({ gameId: STALE, priceNote: UNPRICED, markets: [] }),
    ]);
    const [delayed] = (await rest('get_game_odds', { gameId: DELAYED, detail: 'full' })).games as Game[];
    expect(delayed).toMatchObject({ gameId: DELAYED, status: 'scheduled', priceNote: MOVED_LATER });
  });

  it('list_games: each game with the status its prices are offered by, and why when it is not the stored one', async () => {
    // From yesterday to tomorrow (UTC dates): the games half an hour ago and an hour ahead, in any time zone.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const window = { from: day(-1), to: day(1) };
    for (const detail of ['concise', 'full'] as const) {
      const answer = await rest('list_games', { book: undefined, detail, ...window });
      const shown = byId(answer.games);
      const scheduled = detail === 'full' ? 'scheduled' : undefined;
      expect(shown.get(DELAYED), detail).toMatchObject({ note: MOVED_LATER });
      expect(shown.get(DELAYED)!.status, detail).toBe(scheduled);
      expect(shown.get(LAGGED), detail).toMatchObject({ status: 'in_progress', note: NOT_YET_CALLED });
      for (const id of [STALE, MIXED]) {
        expect(shown.get(id), `${detail} ${id}`).toMatchObject({ status: 'in_progress' });
        expect(shown.get(id), `${detail} ${id}`).not.toHaveProperty('note');
      }
      const viaMcp = await modern(app.server.port, token, 'tools/call', {
        name: 'list_games',
        arguments: { sport: 'nfl', detail, ...window },
      });
      expect(viaMcp.json().result.isError).toBeUndefined();
      expect(viaMcp.json().result.structuredContent).toEqual(answer);
    }
  });

  it('get_weather: the game with the status the rule reads, its note saying why', async () => {
    const answer = await rest('get_weather', { gameId: DELAYED, sport: undefined, book: undefined, detail: 'full' });
    expect(answer).toMatchObject({ gameId: DELAYED, status: 'scheduled' });
    expect(answer.note.startsWith(`${MOVED_LATER} `), answer.note).toBe(true);
  });

  it('get_game_odds alternates: a game under way shows no alternate line from before kick-off', async () => {
    const answer = await rest('get_game_odds', { gameId: STALE, alternates: true, book: undefined });
    expect(answer).toMatchObject({ gameId: STALE, alternates: [], priceNote: `${SAMPLE_NOTE} ${UNPRICED}` });
  });

  it('get_player_props: a game under way shows only props confirmed since kick-off, and says so', async () => {
    const stale = await rest('get_player_props', { gameId: STALE });
    expect(stale).toMatchObject({ gameId: STALE, props: [], priceNote: `${SAMPLE_NOTE} ${UNPRICED}` });
    const mixed = await rest('get_player_props', { gameId: MIXED });
    expect(mixed.props.map((prop: { player: string }) => prop.player)).toEqual(['Saquon Barkley']);
    expect(mixed.priceNote).toBe(`${SAMPLE_NOTE} ${PRICED}`);
    const full = await rest('get_player_props', { gameId: MIXED, detail: 'full' });
    expect(full.props.map((prop: { player: string }) => prop.player)).toEqual(['Saquon Barkley']);
    expect(full.priceNote).toBe(`${SAMPLE_NOTE} ${PRICED}`);
    const delayed = await rest('get_player_props', { gameId: DELAYED, detail: 'full' });
    expect(delayed).toMatchObject({ gameId: DELAYED, status: 'scheduled' });
    expect(delayed.priceNote).toContain(`${SAMPLE_NOTE} ${MOVED_LATER} `);
  });

  it("the console's Games pages show a game's note beside its markets", async () => {
    const { cookies } = await signIn(app.server.port, 'ida@example.com', PASSWORD);
    const page = (path: string) => raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies) } });
    const week = await page('/games?sport=nfl');
    expect(week.status).toBe(200);
    expect(week.body).toContain(UNPRICED);
    expect(week.body).toContain(PRICED);
    const game = await page(`/games/${STALE}`);
    expect(game.status).toBe(200);
    expect(game.body).toContain(UNPRICED);
    // The delayed game is not shown under way: its card names no status and says why.
    expect(week.body).toContain(MOVED_LATER);
    expect(week.body).toContain(NOT_YET_CALLED);
    const delayedCard = new RegExp(`<section[^>]*aria-labelledby="game-${DELAYED}"[\\s\\S]*?</section>`).exec(week.body)?.[0];
    expect(delayedCard).toBeDefined();
    expect(delayedCard).not.toContain('in_progress');
  });
});
