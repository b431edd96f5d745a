import type { Db } from '@/lib/db/client';
import type { Game } from '@/lib/db/generated/sqlite/client';
import { empty, sql, type Sql } from '@/lib/db/sql';
import { selectRows, type ColumnKind, type RowOf } from '@/lib/db/select';
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

/** The games query's select list on `g` and its joins `h`, `a` and `v`, with the price version if asked. */
const gameSelect = (priceVersion: boolean) => sql`
    SELECT g."id", g."sport", g."season", g."startsAt", g."homeTeamId", g."awayTeamId", g."venueId", g."status",
      g."homeScore", g."awayScore", g."oddsEventId", g."source", g."updatedAt", g."priceWrites",
      h."abbreviation" AS "homeAbbreviation", h."name" AS "homeName", a."abbreviation" AS "awayAbbreviation", a."name" AS "awayName",
      v."name" AS "venueName", v."city" AS "venueCity", v."roof" AS "venueRoof"${priceVersion ? sql`, ${PRICE_VERSION_SQL} AS "priceVersion"` : empty}`;

const GAME_JOINS = sql`
    FROM "Game" g
      JOIN "Team" h ON h."id" = g."homeTeamId"
      JOIN "Team" a ON a."id" = g."awayTeamId"
      LEFT JOIN "Venue" v ON v."id" = g."venueId"`;

const columnsOf = (priceVersion: boolean) => ({ ...GAME_COLUMNS, ...(priceVersion ? { priceVersion: 'text' as const } : {}) });

/** The games meeting `where` (on `g`, the Game table), ordered by `orderBy`, with their price version if asked. */
export async function selectGames(db: Db, where: Sql, orderBy: Sql, { priceVersion = false } = {}): Promise<GameRow[]> {
  const rows = await selectRows(
    db,
    sql`${gameSelect(priceVersion)} ${GAME_JOINS} WHERE ${where} ORDER BY ${orderBy}`,
    columnsOf(priceVersion),
  );
  return rows.map((row) => gameRow(row, priceVersion));
}

/** Part of a list of games in kickoff order, read for a page of it (selectGamesFrom). */
export interface GamesFrom {
  /** The games from the position on, in kickoff order: at least `count` past it when the list has them. */
  games: GameRow[];
  /** Games of the list after the last one read. */
  following: number;
  /** Whether any game of the whole list (before the position too) comes from the sample slate. */
  sample: boolean;
}

/**
 * The games meeting `where` that start at or after `from` (all when undefined), in kickoff order, up to and with
 * every game starting with the `count`-th game after `from`: whole kickoffs, so a page cut by kickoff and id in
 * memory (lib/paging.ts, which orders ids as JavaScript does, whatever the database's collation) finds all it needs
 * among them. One query: kickoffs are ranked in the database and only the page's games are read.
 */
export async function selectGamesFrom(
  db: Db,
  where: Sql,
  { from, count, priceVersion = false }: { from: Date | undefined; count: number; priceVersion?: boolean },
): Promise<GamesFrom> {
  const atOrAfter = from ? sql` AND g."startsAt" >= ${from}` : empty;
  const after = from ? sql` AND g."startsAt" > ${from}` : empty;
  const rows = await selectRows(
    db,
    sql`
    ${gameSelect(priceVersion)},
      (SELECT COUNT(*) FROM "Game" g WHERE ${where}${atOrAfter}) AS "fromCount",
      (SELECT COUNT(*) FROM "Game" g WHERE ${where} AND g."source" = 'sample') AS "sampleGames"
    ${GAME_JOINS}
    WHERE ${where}${atOrAfter}
      AND g."startsAt" <= COALESCE((SELECT g."startsAt" FROM "Game" g WHERE ${where}${after} ORDER BY g."startsAt" LIMIT 1 OFFSET ${count - 1}), g."startsAt")
    ORDER BY g."startsAt", g."id"`,
    { ...columnsOf(priceVersion), fromCount: 'int', sampleGames: 'int' },
  );
  return {
    games: rows.map((row) => gameRow(row, priceVersion)),
    following: rows.length === 0 ? 0 : rows[0]!.fromCount - rows.length,
    sample: rows.length > 0 && rows[0]!.sampleGames > 0,
  };
}

/** A game from its row; built field by field: rest and spread of 20-odd members cost about as much as the query. */
function gameRow(row: RowOf<typeof GAME_COLUMNS> & { priceVersion?: string }, priceVersion: boolean): GameRow {
  return {
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
  };
}
