import type { Db } from '@/lib/db/client';
import { join, sql } from '@/lib/db/sql';
import { ToolError, invalidInput } from '@/lib/errors';
import type { FinalsTally } from '@/lib/betting/middles';
import { OFFERED_STATUSES } from '../kick-off';
import type { Sport } from '../sports';
import { selectRows } from '@/lib/db/select';
import { selectGames, type GameRow } from './game-rows';

// Schedule and results: games with their teams and venue, found by window, id, team or season. Each answer
// is a handful of queries whatever the number of games: games with their teams in one go, then the prices
// (or injuries, forecasts, stat lines) of all of them in one more.

export const GAME_INCLUDE = {
  homeTeam: { select: { abbreviation: true, name: true } },
  awayTeam: { select: { abbreviation: true, name: true } },
  venue: { select: { name: true, city: true, roof: true } },
} as const;

export type { GameRow } from './game-rows';

export interface GameFilter {
  sport: Sport;
  from: Date;
  to: Date;
  teamId?: string;
  status?: 'final';
  /** Only the games still offered (lib/data/kick-off.ts): no final, postponed or canceled game. */
  offered?: boolean;
  order?: 'asc' | 'desc';
  /** Adds each game's price version (for get_game_odds' priced markets). */
  priceVersion?: boolean;
}

const playing = (teamIds: readonly string[]) => ({ OR: [{ homeTeamId: { in: [...teamIds] } }, { awayTeamId: { in: [...teamIds] } }] });

export function findGames(db: Db, filter: GameFilter): Promise<GameRow[]> {
  const conditions = [sql`g."sport" = ${filter.sport}`, sql`g."startsAt" >= ${filter.from}`, sql`g."startsAt" < ${filter.to}`];
  if (filter.teamId) conditions.push(sql`(g."homeTeamId" = ${filter.teamId} OR g."awayTeamId" = ${filter.teamId})`);
  // Asking for the games still offered wins over asking for a status.
  if (filter.offered) conditions.push(sql`g."status" IN (${join([...OFFERED_STATUSES])})`);
  else if (filter.status) conditions.push(sql`g."status" = ${filter.status}`);
  const order = filter.order === 'desc' ? sql`g."startsAt" DESC, g."id" ASC` : sql`g."startsAt" ASC, g."id" ASC`;
  return selectGames(db, join(conditions, ' AND '), order, { priceVersion: filter.priceVersion });
}

/** The game (404 when unknown), checked against the sport the caller named when one was. */
export async function requireGameRow(db: Db, gameId: string, sport?: Sport) {
  const [game] = await selectGames(db, sql`g."id" = ${gameId}`, sql`g."id"`);
  if (!game) throw new ToolError('not_found', `No game with id ${gameId}. Find game ids with list_games or get_game_odds.`);
  if (sport && game.sport !== sport) {
    throw invalidInput([
      {
        path: 'gameId',
        message: `${gameId} is a ${game.sport.toUpperCase()} game, not ${sport.toUpperCase()}: call with sport ${game.sport}`,
      },
    ]);
  }
  return game;
}

/** A team's finals of one season, newest first. */
export function teamFinals(db: Db, sport: Sport, season: number, teamId: string) {
  return db.game.findMany({
    where: { sport, season, status: 'final', ...playing([teamId]) },
    include: GAME_INCLUDE,
    orderBy: { startsAt: 'desc' },
  });
}

/**
 * Where a sport's stored games come from ('sample', 'live' …), optionally only those of some teams: none
 * means nothing is stored at all. Answers with nothing to show use it to say whether they rest on the sample slate.
 */
export async function gameSources(db: Db, sport: Sport, teamIds?: readonly string[]): Promise<Set<string>> {
  const rows = await db.game.findMany({
    where: { sport, ...(teamIds ? playing(teamIds) : {}) },
    distinct: ['source'],
    select: { source: true },
  });
  return new Set(rows.map((row) => row.source));
}

/** The first and last kickoffs stored for a sport (null with none): how far the stored schedule reaches. */
export async function storedSpan(db: Db, sport: Sport): Promise<{ first: Date; last: Date } | null> {
  const [first, last] = await Promise.all(
    (['asc', 'desc'] as const).map((order) =>
      db.game.findFirst({ where: { sport }, orderBy: { startsAt: order }, select: { startsAt: true } }),
    ),
  );
  return first && last ? { first: first.startsAt, last: last.startsAt } : null;
}

/**
 * A sport's stored final scores tallied by home margin (home less away) and total: how often a middle's window was
 * landed in (lib/betting/middles.ts, windowChance). One grouped query: a distinct score is a row.
 */
export async function finalsTally(db: Db, sport: string): Promise<FinalsTally> {
  const scores = await selectRows(
    db,
    sql`SELECT g."homeScore" AS "home", g."awayScore" AS "away", COUNT(*) AS "games" FROM "Game" g
      WHERE g."sport" = ${sport} AND g."status" = 'final' AND g."homeScore" IS NOT NULL AND g."awayScore" IS NOT NULL
      GROUP BY g."homeScore", g."awayScore"`,
    { home: 'int', away: 'int', games: 'int' },
  );
  const margins = new Map<number, number>();
  const totals = new Map<number, number>();
  let games = 0;
  for (const { home, away, games: count } of scores) {
    games += count;
    margins.set(home - away, (margins.get(home - away) ?? 0) + count);
    totals.set(home + away, (totals.get(home + away) ?? 0) + count);
  }
  return { games, margins, totals };
}
