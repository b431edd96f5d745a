import type { Db } from '@/lib/db/client';
import type { RecordedPrice } from '@/lib/betting/movement';
import { freshProps, type PropsGame, type PropsSource } from '../props';

// Odds and props: the stored prices of games and players, and the closing lines team records are measured on.

const PRICE_SELECT = { gameId: true, market: true, player: true, book: true, outcome: true, point: true, americanOdds: true, updatedAt: true } as const;

export type StoredPrice = Awaited<ReturnType<typeof gamePrices>>[number];

/** Every book's game-market prices (moneyline, spread, total) of the games, in the markets asked for. */
export function gamePrices(db: Db, gameIds: readonly string[], markets: readonly string[]) {
  return db.price.findMany({
    where: { gameId: { in: [...gameIds] }, market: { in: [...markets] }, player: '' },
    select: PRICE_SELECT,
  });
}

/** Every book's player-prop prices of one game (all markets, or those asked for), by market and player. */
export function propPrices(db: Db, gameId: string, markets?: readonly string[]) {
  return db.price.findMany({
    where: { gameId, player: { not: '' }, ...(markets ? { market: { in: [...markets] } } : {}) },
    select: PRICE_SELECT,
    orderBy: [{ market: 'asc' }, { player: 'asc' }],
  });
}

/** Games of a league starting from `from` that have player props stored, soonest first (at most `take`). */
export async function gamesWithProps(db: Db, sport: string, from: Date, take: number): Promise<string[]> {
  const games = await db.game.findMany({
    where: { sport, startsAt: { gte: from }, prices: { some: { player: { not: '' } } } },
    select: { id: true },
    orderBy: { startsAt: 'asc' },
    take,
  });
  return games.map((game) => game.id);
}

/** Recorded price changes read per query at most; a slate's worth is a few thousand. */
export const HISTORY_ROWS = 50_000;
/** Distinct history questions remembered per database (games × markets × props). */
const HISTORY_MEMO_ENTRIES = 200;

/** One market's recorded price changes, keyed `gameId|market|player`, each list in time order. */
export type MarketHistory = ReadonlyMap<string, readonly RecordedPrice[]>;

export const historyKey = (row: { gameId: string; market: string; player: string }) => `${row.gameId}|${row.market}|${row.player}`;

/** The history questions asked so far with the answer and the version it was read at, oldest first. */
export type HistoryMemo = Map<string, { version: number; history: MarketHistory }>;

/**
 * The recorded price changes (line movement) of the games' markets: game markets (player '') or, with
 * `props`, the player props of those markets. PriceHistory is append-only (ingestion adds a row per change;
 * only clearing a game's data deletes, and it deletes the game too), so its largest id is a version: each
 * call asks for it (one primary-key lookup) and reads the rows (one indexed query, at most HISTORY_ROWS)
 * only when it changed since the same question was last asked of this memo (one per process in the server).
 */
export async function marketHistory(
  db: Db,
  memo: HistoryMemo,
  gameIds: readonly string[],
  markets: readonly string[] | undefined,
  { props = false } = {},
): Promise<MarketHistory> {
  const version = (await db.priceHistory.aggregate({ _max: { id: true } }))._max.id ?? 0;
  const key = JSON.stringify([gameIds, markets ?? null, props]);
  const known = memo.get(key);
  if (known && known.version === version) return known.history;
  const rows = await db.priceHistory.findMany({
    where: { gameId: { in: [...gameIds] }, ...(markets ? { market: { in: [...markets] } } : {}), player: props ? { not: '' } : '', id: { lte: version } },
    select: { gameId: true, market: true, player: true, book: true, outcome: true, point: true, americanOdds: true, observedAt: true },
    orderBy: [{ observedAt: 'asc' }, { id: 'asc' }],
    take: HISTORY_ROWS,
  });
  const history = new Map<string, RecordedPrice[]>();
  for (const row of rows) {
    const recorded = { book: row.book, outcome: row.outcome, point: row.point, americanOdds: row.americanOdds, at: row.observedAt.getTime() };
    const group = history.get(historyKey(row));
    if (group) group.push(recorded);
    else history.set(historyKey(row), [recorded]);
  }
  memo.delete(key);
  if (memo.size >= HISTORY_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(key, { version, history });
  return history;
}

/** A book's last stored spread and total of each game, on the team's side and the over. */
export function closingLines(db: Db, gameIds: readonly string[], book: string, teamAbbreviation: string) {
  return db.price.findMany({
    where: { gameId: { in: [...gameIds] }, market: { in: ['spreads', 'totals'] }, player: '', book, outcome: { in: [teamAbbreviation, 'over'] } },
    select: { gameId: true, market: true, point: true },
  });
}

/** Refreshes a game's stored props from the odds provider when they are stale (lib/data/props.ts). */
export function refreshProps(db: Db, refreshes: Parameters<typeof freshProps>[1], source: PropsSource, game: PropsGame, now: Date) {
  return freshProps(db, refreshes, game, now, source);
}
