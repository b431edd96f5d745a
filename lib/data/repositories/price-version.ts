import type { Db } from '@/lib/db/client';
import { join, sql } from '@/lib/db/sql';
import { selectRows } from '@/lib/db/select';

/**
 * A game's price version, as an SQL expression on the Game table `g`: the count of writes to its own prices and
 * their recorded changes, kept by database triggers in the writing transaction (migration 0007), and the game
 * row's `updatedAt`, which tells a game stored again (its count starting over) from the one before. Any write to
 * the game's prices changes it, whoever makes it; reading it costs nothing beyond the game row.
 */
export const PRICE_VERSION_SQL = sql`(g."priceWrites" || ':' || g."updatedAt")`;

/** The games' price versions; a game not stored has none. */
export async function priceVersions(db: Db, gameIds: readonly string[]): Promise<Map<string, string>> {
  if (gameIds.length === 0) return new Map();
  const rows = await selectRows(
    db,
    sql`SELECT g."id" AS "id", ${PRICE_VERSION_SQL} AS "version" FROM "Game" g WHERE g."id" IN (${join(gameIds)})`,
    { id: 'text', version: 'text' },
  );
  return new Map(rows.map((row) => [row.id, row.version]));
}
