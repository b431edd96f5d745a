import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { logBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import { listGames } from '@/lib/tools/schedule';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame, addPrices } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// A pro team's nickname is accepted wherever a team is (a bet's selection as well as the team argument);
// college keeps its stricter rule; list_games echoes from/to as given.

const NOW = new Date('2026-11-23T15:00:00Z');

describe.each(PROVIDERS)('team nicknames and list_games dates on %s', (provider) => {
  let database: TestDatabase;
  let ctx: ReturnType<typeof toolContext>;

  beforeAll(async () => {
    database = await testDatabase(provider);
    const userId = await database.user(`names-${provider}@example.com`);
    ctx = toolContext(database.db, { user: { id: userId, email: 'n@example.com' }, now: () => NOW, scope: 'write' });
    // Monday Night Football, 20:15 Eastern = 01:15 UTC on Tuesday: dated Monday.
    await addGame(database.db, { id: 'nfl-20261123-gb-det', home: 'DET', away: 'GB', startsAt: new Date('2026-11-24T01:15:00Z') });
    await addGame(database.db, {
      id: 'ncaaf-20261128-aub-lsu',
      sport: 'ncaaf',
      home: 'LSU',
      away: 'AUB',
      startsAt: new Date('2026-11-28T20:00:00Z'),
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  const bet = (gameId: string, sport: string, selection: string) =>
    logBet.run(ctx, logBet.input.parse({ sport, gameId, market: 'h2h', selection, americanOdds: -120, stake: 10 }));

  it('log_bet takes a pro nickname ("Lions") as the selection and stores the abbreviation', async () => {
    expect((await bet('nfl-20261123-gb-det', 'nfl', 'Lions')).bet.selection).toBe('DET');
    expect((await bet('nfl-20261123-gb-det', 'nfl', 'packers')).bet.selection).toBe('GB');
    expect((await bet('nfl-20261123-gb-det', 'nfl', 'Detroit Lions')).bet.selection).toBe('DET');
  });

  it('college keeps the stricter rule: a nickname alone is refused, the school name works', async () => {
    const refused = await bet('ncaaf-20261128-aub-lsu', 'ncaaf', 'Tigers').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).code).toBe('invalid_input');
    expect((await bet('ncaaf-20261128-aub-lsu', 'ncaaf', 'LSU')).bet.selection).toBe('LSU');
  });

  it('list_games echoes from and to as given, takes a nickname, and the Monday night game is Monday', async () => {
    const given = await listGames.run(
      ctx,
      listGames.input.parse({ sport: 'nfl', from: '2026-11-23', to: '2026-11-23', team: 'Lions', detail: 'full' }),
    );
    expect(given).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-23',
      timeZone: 'America/New_York',
      // Monday's sports day in New York: 06:00 EST to 06:00 next morning.
      startsFrom: '2026-11-23T11:00:00Z',
      startsBefore: '2026-11-24T11:00:00Z',
    });
    expect(given.games.map((g) => g.gameId)).toEqual(['nfl-20261123-gb-det']);

    const defaults = await listGames.run(ctx, listGames.input.parse({ sport: 'nfl' }));
    expect(defaults.from).toBe('2026-11-23');
    expect(defaults.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

/** The sports day of an instant in a zone, worked out here with Intl alone: the local date, less a day before 06:00. */
function localSportsDay(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - (Number(parts.hour) < 6 ? 1 : 0)));
  return date.toISOString().slice(0, 10);
}

// "Tonight's games" for a user anywhere from UTC−12 to UTC+14: a date is the user's sports day (06:00 to 06:00),
// so the night's games are the ones asked for, whatever date the league gives them.
const GAMES = [
  { id: 'nba-20261127-lal-bos', sport: 'nba', home: 'BOS', away: 'LAL', startsAt: '2026-11-28T00:30:00Z' }, // Friday 19:30 Eastern
  { id: 'nba-20261127-gsw-den', sport: 'nba', home: 'DEN', away: 'GSW', startsAt: '2026-11-28T03:00:00Z' }, // Friday 20:00 Mountain
  { id: 'epl-20261128-ars-che', sport: 'epl', home: 'CHE', away: 'ARS', startsAt: '2026-11-28T15:00:00Z' }, // Saturday 15:00 London
  { id: 'nba-20261128-mia-nyk', sport: 'nba', home: 'NYK', away: 'MIA', startsAt: '2026-11-29T00:00:00Z' }, // Saturday 19:00 Eastern
  { id: 'nba-20261126-phx-lac', sport: 'nba', home: 'LAC', away: 'PHX', startsAt: '2026-11-27T03:30:00Z' }, // Thursday 19:30 Pacific
];
const ZONES = [
  'Etc/GMT+12',
  'America/Los_Angeles',
  'America/New_York',
  'UTC',
  'Europe/London',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
];

describe.each(PROVIDERS)('dates in every time zone on %s', (provider) => {
  let database: TestDatabase;
  const users = new Map<string, string>();
  beforeAll(async () => {
    database = await testDatabase(provider);
    for (const game of GAMES) {
      await addGame(database.db, { ...game, startsAt: new Date(game.startsAt) });
      const [away, home] = [game.away, game.home];
      await addPrices(
        database.db,
        game.id,
        'h2h',
        [
          { book: 'draftkings', outcome: home, americanOdds: -130 },
          { book: 'draftkings', outcome: away, americanOdds: 110 },
        ],
        new Date('2026-11-26T12:00:00Z'),
      );
    }
    for (const timeZone of ZONES)
      users.set(
        timeZone,
        await database.user(`${timeZone.replace(/\W/g, '')}-${provider}@example.com`, { balance: 100, unit: 1, timeZone }),
      );
  });
  afterAll(async () => {
    await database?.close();
  });

  const contextFor = (timeZone: string) =>
    toolContext(database.db, { user: { id: users.get(timeZone)!, email: 'z@example.com' }, now: () => new Date('2026-11-26T12:00:00Z') });

  it.each(ZONES)('in %s, each game is listed and priced on the sports day it is played there, and on no other', async (timeZone) => {
    const ctx = contextFor(timeZone);
    for (const game of GAMES) {
      const day = localSportsDay(new Date(game.startsAt), timeZone);
      const listed = await listGames.run(ctx, listGames.input.parse({ sport: game.sport, from: day, to: day }));
      const ids = listed.games.map((g) => g.gameId);
      expect(ids, `${game.id} on ${day}`).toContain(game.id);
      for (const other of GAMES.filter((g) => g.sport === game.sport)) {
        expect(ids.includes(other.id), `${other.id} on ${day}`).toBe(localSportsDay(new Date(other.startsAt), timeZone) === day);
      }
      const odds = (await getGameOdds.run(ctx, getGameOdds.input.parse({ sport: game.sport, date: day }))) as {
        games: { gameId: string }[];
        window: { from: string; to: string; timeZone: string };
      };
      expect(odds.games.map((g) => g.gameId)).toContain(game.id);
      // The window said as the day asked for, in the user's zone (to inclusive), as list_games echoes its days.
      expect(odds.window).toEqual({ from: day, to: day, timeZone });
      expect(odds.window).toEqual({ from: listed.from, to: listed.to, timeZone: listed.timeZone });
    }
  });
});
