import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameFor } from '@/lib/data/ingest/odds';
import type { Sport } from '@/lib/data/sports';
import { syncCatalogue, upsertGames } from '@/lib/data/store';
import { teamNamed } from '@/lib/data/teams';
import { getTeamStats } from '@/lib/tools/stats';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// A season is read on the league's own calendar, as its game ids are dated (lib/data/sports.ts, seasonOf), not on
// UTC's: the NFL's 20:00 Eastern kickoff on 31 July is 00:00 UTC on 1 August, yet July's, in the season before
// August's; 00:30 in London on 1 August is 23:30 UTC on 31 July, yet August's. Games are stored as ingestion stores
// them (gameFor, upsertGames) and get_team_stats reads "this season" at a clock pinned either side of the boundary.

/** A final as ingestion stores it: an Odds API event made our game (its id and season), then scored. */
function final(sport: Sport, commenceTime: string, away: string, home: string, [awayScore, homeScore]: [number, number]) {
  const names = { home_team: teamNamed(sport, home)!.name, away_team: teamNamed(sport, away)!.name };
  const event = { id: `evt-${sport}-${commenceTime}`, commence_time: commenceTime, ...names };
  const made = gameFor(sport, event, new Date(commenceTime), (name) => teamNamed(sport, name));
  return { ...made!.game, status: 'final', homeScore, awayScore };
}

/** The AFC championship of the 2025 season, in January 2026. */
const JANUARY = final('nfl', '2026-01-25T20:00:00Z', 'KC', 'DEN', [27, 24]);
/** 20:00 Eastern on Friday 31 July 2026: 00:00 UTC on 1 August, a game of the 2025 season still. */
const JULY_NIGHT = final('nfl', '2026-08-01T00:00:00Z', 'KC', 'LV', [17, 20]);
/** Saturday 8 August 2026, 19:00 Eastern: the 2026 season's. */
const AUGUST = final('nfl', '2026-08-08T23:00:00Z', 'LAC', 'KC', [10, 21]);
/** Arsenal's last game of the 2025–26 EPL season, in May. */
const MAY = final('epl', '2026-05-24T15:00:00Z', 'ARS', 'CHE', [2, 1]);

describe.each(PROVIDERS)("seasons on the league's own calendar on %s", (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await syncCatalogue(database.db);
    await upsertGames(database.db, [JANUARY, JULY_NIGHT, AUGUST, MAY]);
  });
  afterAll(() => database.close());

  const stats = (now: string, args: { sport: Sport; team: string; season?: number }) =>
    getTeamStats.run(toolContext(database.db, { now: () => new Date(now) }), getTeamStats.input.parse(args));

  it("stores a game kicking off on the evening before the season's month, already that month in UTC, in the season before", async () => {
    expect(JULY_NIGHT.id).toBe('nfl-20260731-kc-lv');
    const stored = await database.db.game.findMany({ where: { sport: 'nfl' }, orderBy: { startsAt: 'asc' }, select: { season: true } });
    expect(stored.map((game) => game.season)).toEqual([2025, 2025, 2026]);
    const season2025 = await stats('2026-12-01T12:00:00Z', { sport: 'nfl', team: 'KC', season: 2025 });
    expect([season2025.gamesPlayed, season2025.record]).toEqual([2, { wins: 1, losses: 1, draws: 0 }]);
    const season2026 = await stats('2026-12-01T12:00:00Z', { sport: 'nfl', team: 'KC', season: 2026 });
    expect(season2026.lastFive.map((game) => game.gameId)).toEqual([AUGUST.id]);
  });

  it('reads "this season" on the league\'s calendar: 22:00 Eastern on 31 July is still the season before', async () => {
    // 02:00 UTC on 1 August: August in UTC, July in New York.
    const july = await stats('2026-08-01T02:00:00Z', { sport: 'nfl', team: 'KC' });
    expect([july.season, july.gamesPlayed]).toEqual([2025, 2]);
    expect(july.lastFive.map((game) => game.gameId)).toEqual([JULY_NIGHT.id, JANUARY.id]);
    // Midnight passed in New York: the new season, with its one final.
    const august = await stats('2026-08-10T12:00:00Z', { sport: 'nfl', team: 'KC' });
    expect([august.season, august.gamesPlayed]).toEqual([2026, 1]);
  });

  it('in London, 00:30 on 1 August is the new EPL season though UTC still reads 31 July', async () => {
    const london = await stats('2026-07-31T23:30:00Z', { sport: 'epl', team: 'ARS' });
    expect([london.season, london.gamesPlayed]).toEqual([2026, 0]);
    const before = await stats('2026-07-31T22:30:00Z', { sport: 'epl', team: 'ARS' });
    expect([before.season, before.gamesPlayed]).toEqual([2025, 1]);
  });
});
