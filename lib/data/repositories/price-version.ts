import { databaseProvider, type Db } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/sqlite/client';
import { GAME_MARKETS } from '../sports';

/**
 * A game's price version, as an SQL expression on the Game table `g`: the number of its game-market prices,
 * the sum of their update times, and the largest recorded change of any game. A merge either records a change
 * (a new or moved price, with a larger id than any before, even after data is cleared and loaded again) or
 * moves a confirmed price's update time forward, so every merge touching the game changes it; reading it costs
 * one pass over the game's prices.
 */
export function priceVersionSql(db: Db): Prisma.Sql {
  const updatedMs =
    databaseProvider(db) === 'postgres'
      ? Prisma.sql`(extract(epoch from p."updatedAt") * 1000)::bigint`
      : Prisma.sql`CAST(round((julianday(p."updatedAt") - 2440587.5) * 86400000) AS INTEGER)`;
  // Naming the game markets keeps the scan to them (the key starts gameId, market, player): props are skipped.
  return Prisma.sql`(SELECT count(*) || ':' || coalesce(sum(${updatedMs}), 0) FROM "Price" p
      WHERE p."gameId" = g."id" AND p."market" IN (${Prisma.join(GAME_MARKETS)}) AND p."player" = '')
    || ':' || coalesce((SELECT max("id") FROM "PriceHistory"), 0)`;
}

/** The games' price versions; a game not stored has none. */
export async function priceVersions(db: Db, gameIds: readonly string[]): Promise<Map<string, string>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: string; version: string }[]>`
    SELECT g."id" AS "id", ${priceVersionSql(db)} AS "version" FROM "Game" g WHERE g."id" IN (${Prisma.join(gameIds)})`;
  return new Map(rows.map((row) => [row.id, row.version]));
}
