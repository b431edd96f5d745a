import type { Db } from '@/lib/db/client';
import { Prisma, type Game } from '@/lib/db/generated/sqlite/client';
import { PRICE_VERSION_SQL } from './price-version';

// Games with their teams and venue in one raw query. Prisma's own query with the relations included costs
// several times as much per call (the odds tools' hot path reads the games on every call).

export type GameRow = Game & {
  homeTeam: { abbreviation: string; name: string };
  awayTeam: { abbreviation: string; name: string };
  venue: { name: string; city: string | null; roof: string } | null;
  /** The game's price version (price-version.ts), when asked for. */
  priceVersion?: string;
};

interface Flat extends Game {
  homeAbbreviation: string;
  homeName: string;
  awayAbbreviation: string;
  awayName: string;
  venueName: string | null;
  venueCity: string | null;
  venueRoof: string | null;
}

/** The games meeting `where` (on `g`, the Game table), ordered by `orderBy`, with their price version if asked. */
export async function selectGames(db: Db, where: Prisma.Sql, orderBy: Prisma.Sql, { priceVersion = false } = {}): Promise<GameRow[]> {
  const rows = await db.$queryRaw<Flat[]>`
    SELECT g."id", g."sport", g."season", g."startsAt", g."homeTeamId", g."awayTeamId", g."venueId", g."status",
      g."homeScore", g."awayScore", g."oddsEventId", g."source", g."updatedAt", g."priceWrites",
      h."abbreviation" AS "homeAbbreviation", h."name" AS "homeName", a."abbreviation" AS "awayAbbreviation", a."name" AS "awayName",
      v."name" AS "venueName", v."city" AS "venueCity", v."roof" AS "venueRoof"${priceVersion ? Prisma.sql`, ${PRICE_VERSION_SQL} AS "priceVersion"` : Prisma.empty}
    FROM "Game" g
      JOIN "Team" h ON h."id" = g."homeTeamId"
      JOIN "Team" a ON a."id" = g."awayTeamId"
      LEFT JOIN "Venue" v ON v."id" = g."venueId"
    WHERE ${where}
    ORDER BY ${orderBy}`;
  return rows.map(({ homeAbbreviation, homeName, awayAbbreviation, awayName, venueName, venueCity, venueRoof, ...game }) => ({
    ...game,
    homeTeam: { abbreviation: homeAbbreviation, name: homeName },
    awayTeam: { abbreviation: awayAbbreviation, name: awayName },
    venue: game.venueId === null ? null : { name: venueName!, city: venueCity, roof: venueRoof! },
  }));
}
