import type { Db } from '@/lib/db/client';
import type { Sport } from '../sports';

// Injuries and weather: the conditions a game is played under.

/** A league's injured players, or only some teams', by team and player. */
export function injuries(db: Db, sport: Sport, teamIds?: readonly string[]) {
  return db.injury.findMany({
    where: { sport, ...(teamIds ? { teamId: { in: [...teamIds] } } : {}) },
    include: { team: { select: { abbreviation: true, name: true } } },
    orderBy: [{ teamId: 'asc' }, { player: 'asc' }],
  });
}

/** Whether any injury report of the league is stored at all. */
/** When the league's stored injury report was last updated (its newest entry), or null when none is stored. */
export async function injuryReportUpdatedAt(db: Db, sport: Sport): Promise<Date | null> {
  const { _max } = await db.injury.aggregate({ where: { sport }, _max: { updatedAt: true } });
  return _max.updatedAt;
}

/** The stored kickoff forecast of a game, if any. */
export function forecast(db: Db, gameId: string) {
  return db.weather.findUnique({ where: { gameId } });
}
