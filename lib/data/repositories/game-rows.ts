import type { Db } from '@/lib/db/client';
import type { Game } from '@/lib/db/generated/sqlite/client';
import { empty, sql, type Sql } from '@/lib/db/sql';
import { selectRows, type ColumnKind } from '@/lib/db/select';
import { PRICE_VERSION_SQL } from './price-version';

// Games with their teams and venue in one raw query, read past Prisma's client (lib/db/select.ts says why): the
// odds tools' hot path reads the games on every call.

export type GameRow = Game & {
  homeTeam: { abbreviation: string; name: string };
  awayTeam: { abbreviation: string; name: string };
  venue: { name: string; city: string | null; roof: string } | null;
  /** The game's price version (price-version.ts), when asked for. */
  priceVersion?: string;
};

/** The columns of the games query, as selectRows hands them out. */
const GAME_COLUMNS = {
  id: 'text',
  sport: 'text',
  season: 'int',
  startsAt: 'date',
  homeTeamId: 'text',
  awayTeamId: 'text',
  venueId: 'text?',
  status: 'text',
  homeScore: 'int?',
  awayScore: 'int?',
  oddsEventId: 'text?',
  source: 'text',
  updatedAt: 'date',
  priceWrites: 'int',
  homeAbbreviation: 'text',
  homeName: 'text',
  awayAbbreviation: 'text',
  awayName: 'text',
  venueName: 'text?',
  venueCity: 'text?',
  venueRoof: 'text?',
} as const satisfies Record<keyof Game, ColumnKind> & Record<string, ColumnKind>;

/** The games meeting `where` (on `g`, the Game table), ordered by `orderBy`, with their price version if asked. */
export async function selectGames(db: Db, where: Sql, orderBy: Sql, { priceVersion = false } = {}): Promise<GameRow[]> {
  const columns = { ...GAME_COLUMNS, ...(priceVersion ? { priceVersion: 'text' as const } : {}) };
  const rows = await selectRows(
    db,
    sql`
    SELECT g."id", g."sport", g."season", g."startsAt", g."homeTeamId", g."awayTeamId", g."venueId", g."status",
      g."homeScore", g."awayScore", g."oddsEventId", g."source", g."updatedAt", g."priceWrites",
      h."abbreviation" AS "homeAbbreviation", h."name" AS "homeName", a."abbreviation" AS "awayAbbreviation", a."name" AS "awayName",
      v."name" AS "venueName", v."city" AS "venueCity", v."roof" AS "venueRoof"${priceVersion ? sql`, ${PRICE_VERSION_SQL} AS "priceVersion"` : empty}
    FROM "Game" g
      JOIN "Team" h ON h."id" = g."homeTeamId"
      JOIN "Team" a ON a."id" = g."awayTeamId"
      LEFT JOIN "Venue" v ON v."id" = g."venueId"
    WHERE ${where}
    ORDER BY ${orderBy}`,
    columns,
  );
  // Each game built field by field: rest and spread of 20-odd members cost about as much as the query.
  return rows.map((row) => ({
    id: row.id,
    sport: row.sport,
    season: row.season,
    startsAt: row.startsAt,
    homeTeamId: row.homeTeamId,
    awayTeamId: row.awayTeamId,
    venueId: row.venueId,
    status: row.status,
    homeScore: row.homeScore,
    awayScore: row.awayScore,
    oddsEventId: row.oddsEventId,
    source: row.source,
    updatedAt: row.updatedAt,
    priceWrites: row.priceWrites,
    ...(priceVersion ? { priceVersion: row.priceVersion } : {}),
    homeTeam: { abbreviation: row.homeAbbreviation, name: row.homeName },
    awayTeam: { abbreviation: row.awayAbbreviation, name: row.awayName },
    venue: row.venueId === null ? null : { name: row.venueName!, city: row.venueCity, roof: row.venueRoof! },
  }));
}
