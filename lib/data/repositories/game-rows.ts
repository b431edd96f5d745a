import type { Db } from '@/lib/db/client';
import type { Game } from '@/lib/db/generated/sqlite/client';
import { sql, type Sql } from '@/lib/db/sql';
import { selectValues, type ColumnList } from '@/lib/db/select';
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

/** The columns of the games query, in the order selectValues hands them out (selectGames names each back). */
const GAME_COLUMNS = [
  ['id', 'text'],
  ['sport', 'text'],
  ['season', 'int'],
  ['startsAt', 'date'],
  ['homeTeamId', 'text'],
  ['awayTeamId', 'text'],
  ['venueId', 'text?'],
  ['status', 'text'],
  ['homeScore', 'int?'],
  ['awayScore', 'int?'],
  ['oddsEventId', 'text?'],
  ['source', 'text'],
  ['updatedAt', 'date'],
  ['priceWrites', 'int'],
  ['homeAbbreviation', 'text'],
  ['homeName', 'text'],
  ['awayAbbreviation', 'text'],
  ['awayName', 'text'],
  ['venueName', 'text?'],
  ['venueCity', 'text?'],
  ['venueRoof', 'text?'],
  ['priceVersion', 'text?'],
] as const satisfies ColumnList;

/** The games meeting `where` (on `g`, the Game table), ordered by `orderBy`, with their price version if asked. */
export async function selectGames(db: Db, where: Sql, orderBy: Sql, { priceVersion = false } = {}): Promise<GameRow[]> {
  const rows = await selectValues(
    db,
    sql`
    SELECT g."id", g."sport", g."season", g."startsAt", g."homeTeamId", g."awayTeamId", g."venueId", g."status",
      g."homeScore", g."awayScore", g."oddsEventId", g."source", g."updatedAt", g."priceWrites",
      h."abbreviation" AS "homeAbbreviation", h."name" AS "homeName", a."abbreviation" AS "awayAbbreviation", a."name" AS "awayName",
      v."name" AS "venueName", v."city" AS "venueCity", v."roof" AS "venueRoof",
      ${priceVersion ? PRICE_VERSION_SQL : sql`NULL`} AS "priceVersion"
    FROM "Game" g
      JOIN "Team" h ON h."id" = g."homeTeamId"
      JOIN "Team" a ON a."id" = g."awayTeamId"
      LEFT JOIN "Venue" v ON v."id" = g."venueId"
    WHERE ${where}
    ORDER BY ${orderBy}`,
    GAME_COLUMNS,
  );
  // Each game built field by field, its values named in GAME_COLUMNS' order.
  return rows.map(
    ([
      id,
      sport,
      season,
      startsAt,
      homeTeamId,
      awayTeamId,
      venueId,
      status,
      homeScore,
      awayScore,
      oddsEventId,
      source,
      updatedAt,
      priceWrites,
      homeAbbreviation,
      homeName,
      awayAbbreviation,
      awayName,
      venueName,
      venueCity,
      venueRoof,
      version,
    ]) => ({
      id,
      sport,
      season,
      startsAt,
      homeTeamId,
      awayTeamId,
      venueId,
      status,
      homeScore,
      awayScore,
      oddsEventId,
      source,
      updatedAt,
      priceWrites,
      ...(priceVersion ? { priceVersion: version! } : {}),
      homeTeam: { abbreviation: homeAbbreviation, name: homeName },
      awayTeam: { abbreviation: awayAbbreviation, name: awayName },
      venue: venueId === null ? null : { name: venueName!, city: venueCity, roof: venueRoof! },
    }),
  );
}
