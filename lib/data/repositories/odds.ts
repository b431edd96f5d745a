import type { Db } from '@/lib/db/client';
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

/** Recorded price changes read per answer at most; a slate's worth is a few thousand. */
export const HISTORY_ROWS = 50_000;

/**
 * The recorded price changes (line movement) of the games' markets in time order: game markets (player '')
 * or, with `props`, the player props of those markets. One indexed query, capped at HISTORY_ROWS rows.
 */
export function priceHistory(db: Db, gameIds: readonly string[], markets: readonly string[] | undefined, { props = false } = {}) {
  return db.priceHistory.findMany({
    where: { gameId: { in: [...gameIds] }, ...(markets ? { market: { in: [...markets] } } : {}), player: props ? { not: '' } : '' },
    select: { gameId: true, market: true, player: true, book: true, outcome: true, point: true, americanOdds: true, observedAt: true },
    orderBy: [{ observedAt: 'asc' }, { id: 'asc' }],
    take: HISTORY_ROWS,
  });
}

export type StoredHistory = Awaited<ReturnType<typeof priceHistory>>[number];

/** A book's last stored spread and total of each game, on the team's side and the over. */
export function closingLines(db: Db, gameIds: readonly string[], book: string, teamAbbreviation: string) {
  return db.price.findMany({
    where: { gameId: { in: [...gameIds] }, market: { in: ['spreads', 'totals'] }, player: '', book, outcome: { in: [teamAbbreviation, 'over'] } },
    select: { gameId: true, market: true, point: true },
  });
}

/** Refreshes a game's stored props from the odds provider when they are stale (lib/data/props.ts). */
export function refreshProps(db: Db, source: PropsSource, game: PropsGame, now: Date) {
  return freshProps(db, game, now, source);
}
