import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameOdds } from '@/lib/tools/odds';
import { getGameResults, listGames } from '@/lib/tools/schedule';
import { getTeamStats } from '@/lib/tools/stats';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { toolContext } from '../../helpers/tool-context';

// The dates an agent reads in the schedule and stats answers are the user's, in their time zone, and can be quoted as
// they stand: a game in the evening in Los Angeles is already the next day in UTC, and an exclusive UTC instant at
// the end of a window reads as one day too many.

const NOW = new Date('2026-11-29T23:35:00Z'); // Sunday, 15:35 in Los Angeles
const ZONE = 'America/Los_Angeles';
/** Sunday 23 November, 19:30 in Los Angeles: already Monday the 24th in UTC. */
const EVENING_GAME = { id: 'nba-20261123-lal-bos', sport: 'nba', home: 'BOS', away: 'LAL', startsAt: new Date('2026-11-24T03:30:00Z') };
/** Monday night football on 16 November, 17:15 in Los Angeles (20:15 in New York): the 17th in UTC. */
const MONDAY_NIGHT = { id: 'nfl-20261116-kc-lv', home: 'LV', away: 'KC', startsAt: new Date('2026-11-17T01:15:00Z') };

/** The window fields of a schedule answer. */
const windowOf = (answer: object) => {
  const { from, to, timeZone, startsFrom, startsBefore } = answer as Record<string, unknown>;
  return Object.fromEntries(Object.entries({ from, to, timeZone, startsFrom, startsBefore }).filter(([, value]) => value !== undefined));
};

describe.each(PROVIDERS)("dates in the user's time zone on %s", (provider) => {
  let database: TestDatabase;
  let westId: string;
  beforeAll(async () => {
    database = await testDatabase(provider);
    westId = await database.user('wes@example.com', { balance: 1000, unit: 10, timeZone: ZONE });
    const final = { status: 'final', homeScore: 110, awayScore: 104 };
    await addGame(database.db, { ...EVENING_GAME, ...final });
    await addGame(database.db, { ...MONDAY_NIGHT, status: 'final', homeScore: 20, awayScore: 27 });
    await addGame(database.db, {
      id: 'nfl-20261129-kc-den',
      home: 'DEN',
      away: 'KC',
      startsAt: new Date('2026-11-29T21:25:00Z'),
      ...final,
    });
  });
  afterAll(() => database.close());

  const west = () => toolContext(database.db, { user: { id: westId, email: 'wes@example.com' }, now: () => NOW });

  it("get_game_results echoes its window as list_games does: the user's days, inclusive, and the zone; the instants only in full", async () => {
    const day = { sport: 'nba', from: '2026-11-23', to: '2026-11-23' } as const;
    const concise = await getGameResults.run(west(), getGameResults.input.parse(day));
    expect(concise.results.map((result) => result.gameId)).toEqual([EVENING_GAME.id]);
    expect(windowOf(concise)).toEqual({ from: '2026-11-23', to: '2026-11-23', timeZone: ZONE });
    const full = await getGameResults.run(west(), getGameResults.input.parse({ ...day, detail: 'full' }));
    // 06:00 in Los Angeles on the 23rd to 06:00 on the 24th, the end exclusive.
    expect(windowOf(full)).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
      timeZone: ZONE,
      startsFrom: '2026-11-23T14:00:00Z',
      startsBefore: '2026-11-24T14:00:00Z',
    });
    // The same fields, meaning the same, as list_games' for the same arguments, in either detail.
    expect(windowOf(await listGames.run(west(), listGames.input.parse(day)))).toEqual(windowOf(concise));
    expect(windowOf(await listGames.run(west(), listGames.input.parse({ ...day, detail: 'full' })))).toEqual(windowOf(full));
    // Without dates, the defaulted days: the last seven, today's (Sunday the 29th in Los Angeles) included.
    const defaulted = await getGameResults.run(west(), getGameResults.input.parse({ sport: 'nba' }));
    expect(windowOf(defaulted)).toEqual({ from: '2026-11-23', to: '2026-11-29', timeZone: ZONE });
    expect(defaulted.results.map((result) => result.gameId)).toEqual([EVENING_GAME.id]);
  });

  it("get_game_odds with a date echoes its window as list_games does: the user's day, inclusive, and the zone; the instants only in full", async () => {
    const day = { sport: 'nba', date: '2026-11-23' } as const;
    const schedule = { sport: 'nba', from: day.date, to: day.date } as const;
    const concise = await getGameOdds.run(west(), getGameOdds.input.parse(day));
    expect('games' in concise && concise.games?.map((game) => game.gameId)).toEqual([EVENING_GAME.id]);
    expect('window' in concise && concise.window).toEqual({ from: '2026-11-23', to: '2026-11-23', timeZone: ZONE });
    expect('window' in concise && concise.window).toEqual(windowOf(await listGames.run(west(), listGames.input.parse(schedule))));
    const full = await getGameOdds.run(west(), getGameOdds.input.parse({ ...day, detail: 'full' }));
    // 06:00 in Los Angeles on the 23rd to 06:00 on the 24th, the end exclusive: the same fields list_games gives in full.
    expect('window' in full && full.window).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
      timeZone: ZONE,
      startsFrom: '2026-11-23T14:00:00Z',
      startsBefore: '2026-11-24T14:00:00Z',
    });
    const fullSchedule = await listGames.run(west(), listGames.input.parse({ ...schedule, detail: 'full' }));
    expect('window' in full && full.window).toEqual(windowOf(fullSchedule));
    // The value list, the arbitrages and the middles echo it as the concise answer does.
    for (const list of [{ minExpectedValue: 0 }, { arbitrage: true }, { middles: true }]) {
      const answer = await getGameOdds.run(west(), getGameOdds.input.parse({ ...day, ...list }));
      expect('window' in answer && answer.window, JSON.stringify(list)).toEqual({ from: '2026-11-23', to: '2026-11-23', timeZone: ZONE });
    }
  });

  it("get_team_stats gives the first stored final's kick-off in the user's time zone, named", async () => {
    const stats = await getTeamStats.run(west(), getTeamStats.input.parse({ sport: 'nfl', team: 'KC' }));
    expect(stats.gamesPlayed).toBe(2);
    expect(stats.note).toMatch(/^From the 2 finals stored for this season, the first on Nov 16, 2026, 5:15 PM \(America\/Los_Angeles\): /);
    // A user without a bankroll reads it in the default zone, US Eastern.
    const eastern = toolContext(database.db, { now: () => NOW });
    const theirs = await getTeamStats.run(eastern, getTeamStats.input.parse({ sport: 'nfl', team: 'KC' }));
    expect(theirs.note).toMatch(/^From the 2 finals stored for this season, the first on Nov 16, 2026, 8:15 PM \(America\/New_York\): /);
  });
});
