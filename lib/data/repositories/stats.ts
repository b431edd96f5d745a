import type { Db } from '@/lib/db/client';
import { invalidInput } from '@/lib/errors';
import { closestNames } from '../closest-names';
import { normaliseName, type Sport } from '../sports';
import { GAME_INCLUDE } from './schedule';

// Player stats: box-score lines and the names they are stored under.

/** A player's name as stored (box scores, injuries), matched without regard to case or punctuation, or 400 with suggestions. */
export async function resolvePlayer(db: Db, sport: Sport, typed: string, teamId?: string): Promise<string> {
  const where = { sport, ...(teamId ? { teamId } : {}) };
  const [withStats, injured] = await Promise.all([
    db.playerStat.findMany({ where, select: { player: true }, distinct: ['player'] }),
    db.injury.findMany({ where, select: { player: true } }),
  ]);
  const names = [...new Set([...withStats, ...injured].map((row) => row.player))];
  const wanted = normaliseName(typed);
  const found = names.find((name) => normaliseName(name) === wanted);
  if (found) return found;
  const suggestions = closestNames(
    typed,
    names.map((name) => ({ name, spellings: [name] })),
  );
  throw invalidInput([
    {
      path: 'player',
      message: `no ${sport.toUpperCase()} player called "${typed}" has stats stored${suggestions.length ? `; closest: ${suggestions.join(', ')}` : ': get_player_props and get_injury_report name the players of a game'}`,
    },
  ]);
}

/** A player's last `take` box-score lines, newest first, each with its game. */
export function playerStatLines(db: Db, filter: { sport: Sport; player: string; teamId?: string; take: number }) {
  return db.playerStat.findMany({
    where: { sport: filter.sport, player: filter.player, ...(filter.teamId ? { teamId: filter.teamId } : {}) },
    include: { game: { include: GAME_INCLUDE } },
    orderBy: { playedAt: 'desc' },
    take: filter.take,
  });
}

/**
 * The team each named player last played for among `teamIds` (from stored box scores), as team abbreviations:
 * props name a player but not his team. A player with no stored line is left out.
 */
export async function playerTeams(db: Db, teamIds: string[], players: string[]): Promise<Map<string, string>> {
  if (players.length === 0) return new Map();
  const lines = await db.playerStat.findMany({
    where: { teamId: { in: teamIds }, player: { in: players } },
    select: { player: true, teamId: true },
    orderBy: { playedAt: 'asc' },
  });
  // Team ids are `<sport>:<abbreviation>` (lib/data/sports.ts, teamId); ascending, so the latest line wins.
  return new Map(lines.map((line) => [line.player, line.teamId.slice(line.teamId.indexOf(':') + 1)]));
}

/** The key of a player's line in boxScoreLines: his game and his name without regard to case or punctuation. */
export const boxScoreKey = (gameId: string, player: string) => `${gameId}\u0000${normaliseName(player)}`;

/** The stored box-score lines of these games, each by boxScoreKey, its stats as numbers. */
export async function boxScoreLines(db: Db, gameIds: string[]): Promise<Map<string, Record<string, number>>> {
  if (gameIds.length === 0) return new Map();
  const lines = await db.playerStat.findMany({ where: { gameId: { in: gameIds } }, select: { gameId: true, player: true, stats: true } });
  return new Map(lines.map((line) => [boxScoreKey(line.gameId, line.player), JSON.parse(line.stats) as Record<string, number>]));
}
