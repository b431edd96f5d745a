import type { Db } from '@/lib/db/client';
import { ToolError, invalidInput } from '@/lib/errors';
import { closestNames } from './names';
import { normaliseName, type Sport } from './sports';
import { catalogueTeams, teamNamed, type CatalogueTeam } from './teams';

// Reads behind the data tools. Each answer is a handful of queries whatever the number of games: games with
// their teams in one go, then the prices (or injuries, forecasts, stat lines) of all of them in one more.

export const GAME_INCLUDE = {
  homeTeam: { select: { abbreviation: true, name: true } },
  awayTeam: { select: { abbreviation: true, name: true } },
  venue: { select: { name: true, city: true, roof: true } },
} as const;

export type GameRow = Awaited<ReturnType<typeof findGames>>[number];

export interface GameFilter {
  sport: Sport;
  from: Date;
  to: Date;
  teamId?: string;
  status?: 'final';
  excludeFinal?: boolean;
  order?: 'asc' | 'desc';
}

export function findGames(db: Db, filter: GameFilter) {
  return db.game.findMany({
    where: {
      sport: filter.sport,
      startsAt: { gte: filter.from, lt: filter.to },
      ...(filter.teamId ? { OR: [{ homeTeamId: filter.teamId }, { awayTeamId: filter.teamId }] } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.excludeFinal ? { status: { not: 'final' } } : {}),
    },
    include: GAME_INCLUDE,
    orderBy: [{ startsAt: filter.order ?? 'asc' }, { id: 'asc' }],
  });
}

/** The game (404 when unknown), checked against the sport the caller named when one was. */
export async function requireGameRow(db: Db, gameId: string, sport?: Sport) {
  const game = await db.game.findUnique({ where: { id: gameId }, include: GAME_INCLUDE });
  if (!game) throw new ToolError('not_found', `No game with id ${gameId}. Find game ids with list_games or get_game_odds.`);
  if (sport && game.sport !== sport) {
    throw invalidInput([{ path: 'gameId', message: `${gameId} is a ${game.sport.toUpperCase()} game, not ${sport.toUpperCase()}` }]);
  }
  return game;
}

/** A team by any of its names (abbreviation, full name, nickname, provider spellings), or 400 with suggestions. */
export function resolveTeam(sport: Sport, typed: string, path = 'team'): CatalogueTeam {
  const teams = catalogueTeams(sport);
  const team = teamNamed(sport, typed);
  if (team) return team;
  if (teams.length === 0) throw invalidInput([{ path: 'sport', message: `has no teams on this service yet: ${sport.toUpperCase()} is not covered` }]);
  const suggestions = closestNames(typed, teams.map((t) => ({ name: `${t.name} (${t.abbreviation})`, spellings: t.aliases })));
  throw invalidInput([{ path, message: `no ${sport.toUpperCase()} team called "${typed}"; closest: ${suggestions.join(', ')}` }]);
}

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
  const suggestions = closestNames(typed, names.map((name) => ({ name, spellings: [name] })));
  throw invalidInput([
    { path: 'player', message: `no ${sport.toUpperCase()} player called "${typed}" has stats stored${suggestions.length ? `; closest: ${suggestions.join(', ')}` : ''}` },
  ]);
}

/** Reference book: the call's, else the user's stored one, else the server default; and the user's time zone. */
export async function userPreferences(db: Db, userId: string) {
  return db.bankroll.findUnique({ where: { userId }, select: { referenceBook: true, timeZone: true } });
}
