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
export async function hasInjuryReport(db: Db, sport: Sport): Promise<boolean> {
  return (await db.injury.findFirst({ where: { sport }, select: { id: true } })) !== null;
}

/** The stored kickoff forecast of a game, if any. */
export function forecast(db: Db, gameId: string) {
  return db.weather.findUnique({ where: { gameId } });
}
