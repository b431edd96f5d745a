import type { Db } from '@/lib/db/client';
import { freshAlternates } from '../alternates';
import { freshProps, type PropsGame, type PropsSource } from '../props';

// Odds and props: the stored prices of games and players and their recorded changes (what pricing reads,
// lib/pricing), and the closing lines team records are measured on.

/** A quote's columns, as Price and PriceHistory both keep them. */
const QUOTE_SELECT = {
  gameId: true,
  market: true,
  player: true,
  book: true,
  outcome: true,
  point: true,
  americanOdds: true,
} as const;
const PRICE_SELECT = { ...QUOTE_SELECT, updatedAt: true } as const;

/** Every book's game-market prices (moneyline, spread, total) of the games, in the markets asked for. */
export function gamePrices(db: Db, gameIds: readonly string[], markets: readonly string[]) {
  return db.price.findMany({
    where: { gameId: { in: [...gameIds] }, market: { in: [...markets] }, player: '' },
    select: PRICE_SELECT,
  });
}

/** Every book's player-prop prices of the games (all markets, or those asked for), by market and player. */
export function propPrices(db: Db, gameIds: readonly string[], markets?: readonly string[]) {
  return db.price.findMany({
    where: { gameId: { in: [...gameIds] }, player: { not: '' }, ...(markets ? { market: { in: [...markets] } } : {}) },
    select: PRICE_SELECT,
    orderBy: [{ market: 'asc' }, { player: 'asc' }],
  });
}

/** What a game may have stored beside its main markets: player props, or alternate lines. */
const STORED_LINES = {
  props: { prices: { some: { player: { not: '' } } } },
  alternates: { alternates: { some: {} } },
} as const;

/**
 * Games of a league starting from `from` (and before `to`) that have `lines` stored (player props or alternate lines),
 * soonest first (at most `take`).
 */
export async function gamesWith(
  db: Db,
  sport: string,
  lines: keyof typeof STORED_LINES,
  { from, to, take }: { from: Date; to?: Date; take?: number },
): Promise<string[]> {
  const games = await db.game.findMany({
    where: { sport, startsAt: { gte: from, ...(to ? { lt: to } : {}) }, ...STORED_LINES[lines] },
    select: { id: true },
    orderBy: { startsAt: 'asc' },
    take,
  });
  return games.map((game) => game.id);
}

/** Recorded price changes read per query at most; a slate's worth is a few thousand. */
export const HISTORY_ROWS = 50_000;

/** The largest id of the recorded price changes: the history's version (lib/pricing/history.ts says why). */
export async function historyVersion(db: Db): Promise<number> {
  return (await db.priceHistory.aggregate({ _max: { id: true } }))._max.id ?? 0;
}

/**
 * The recorded price changes of the games' markets up to version `upTo`, in time order (at most HISTORY_ROWS):
 * game markets (player '') or, with `props`, the player props of those markets (all markets without `markets`).
 */
export function recordedPrices(
  db: Db,
  gameIds: readonly string[],
  markets: readonly string[] | undefined,
  { props, upTo }: { props: boolean; upTo: number },
) {
  return db.priceHistory.findMany({
    where: {
      gameId: { in: [...gameIds] },
      ...(markets ? { market: { in: [...markets] } } : {}),
      player: props ? { not: '' } : '',
      id: { lte: upTo },
    },
    select: { gameId: true, market: true, player: true, book: true, outcome: true, point: true, americanOdds: true, observedAt: true },
    orderBy: [{ observedAt: 'asc' }, { id: 'asc' }],
    take: HISTORY_ROWS,
  });
}

/** A book's last stored spread and total of each game, on the team's side and the over. */
export function closingLines(db: Db, gameIds: readonly string[], book: string, teamAbbreviation: string) {
  return db.price.findMany({
    where: {
      gameId: { in: [...gameIds] },
      market: { in: ['spreads', 'totals'] },
      player: '',
      book,
      outcome: { in: [teamAbbreviation, 'over'] },
    },
    select: { gameId: true, market: true, point: true },
  });
}

/** A book's latest stored price of one outcome, with when the book last confirmed it. */
export interface StoredQuote {
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  updatedAt: Date;
}

/** Every book's latest stored price of one market of a game (all its outcomes): a player's, or the game's. */
export function marketQuotes(
  db: Db,
  { gameId, market, player }: { gameId: string; market: string; player: string | null },
): Promise<StoredQuote[]> {
  return db.price.findMany({
    where: { gameId, market, player: player ?? '' },
    select: { book: true, outcome: true, point: true, americanOdds: true, updatedAt: true },
  });
}

/** One outcome at one line that some book prices in a game: a player's (his name as the books spell it), or the game's (''). */
export interface StoredOffering {
  market: string;
  player: string;
  outcome: string;
  point: number | null;
}

/**
 * What the books price in a game now, each market's outcomes at their lines once, whichever books price them: read
 * when a bet's selection has no stored price, to say what the game does have.
 */
export function gameOfferings(db: Db, gameId: string): Promise<StoredOffering[]> {
  return db.price.findMany({
    where: { gameId },
    distinct: ['market', 'player', 'outcome', 'point'],
    select: { market: true, player: true, outcome: true, point: true },
    orderBy: [{ market: 'asc' }, { player: 'asc' }, { outcome: 'asc' }, { point: 'asc' }],
  });
}

/** How closingQuotes tells markets apart: their game, their key and their player ('' for a game market). */
function closingKey(gameId: string, market: string, player: string | null): string {
  return `${gameId}\u0000${market}\u0000${player ?? ''}`;
}

/**
 * Closing prices: per book and outcome, the last price observed before the game started, for every
 * (game, market, player) asked for; each market's in the order asked. Each quote's `updatedAt` is the last time the
 * book is known to have quoted it by kick-off: its record's last confirmation once a later change or a take-down ended
 * it (confirmedUntil), else the current price's when it is still this one, else when it was observed; kick-off itself
 * when the book confirmed it after (the price stood at kick-off).
 */
export async function closingQuotes(
  db: Db,
  markets: readonly { gameId: string; startsAt: Date; market: string; player: string | null }[],
): Promise<StoredQuote[][]> {
  if (markets.length === 0) return [];
  const startOf = new Map(markets.map((m) => [m.gameId, m.startsAt]));
  const wanted = new Set(markets.map((m) => closingKey(m.gameId, m.market, m.player)));
  const where = { gameId: { in: [...startOf.keys()] }, market: { in: [...new Set(markets.map((m) => m.market))] } };
  const [history, current] = await Promise.all([
    db.priceHistory.findMany({
      where,
      select: { ...QUOTE_SELECT, observedAt: true, confirmedUntil: true },
      orderBy: [{ observedAt: 'asc' }, { id: 'asc' }],
    }),
    db.price.findMany({
      where,
      select: PRICE_SELECT,
    }),
  ]);
  const quoteKey = (row: { gameId: string; market: string; player: string; book: string; outcome: string }) =>
    `${closingKey(row.gameId, row.market, row.player)}\u0000${row.book}\u0000${row.outcome}`;
  // Per book and outcome, the last change by kick-off, and whether a later change ended it.
  const closing = new Map<string, { row: (typeof history)[number]; endedLater: boolean }>();
  for (const row of history) {
    if (!wanted.has(closingKey(row.gameId, row.market, row.player))) continue;
    const key = quoteKey(row);
    if (row.observedAt <= startOf.get(row.gameId)!)
      closing.set(key, { row, endedLater: false }); // ascending: last wins
    else {
      const close = closing.get(key);
      if (close) close.endedLater = true;
    }
  }
  const now = new Map(current.map((row) => [quoteKey(row), row]));
  const closes = new Map<string, StoredQuote[]>();
  for (const [key, { row, endedLater }] of closing) {
    const price = endedLater ? undefined : now.get(key);
    const stillCurrent = price !== undefined && price.americanOdds === row.americanOdds && price.point === row.point;
    const confirmed = row.confirmedUntil ?? (stillCurrent ? price.updatedAt : row.observedAt);
    const start = startOf.get(row.gameId)!;
    const updatedAt = new Date(Math.min(start.getTime(), Math.max(row.observedAt.getTime(), confirmed.getTime())));
    const marketKey = closingKey(row.gameId, row.market, row.player);
    const rows = closes.get(marketKey) ?? [];
    rows.push({ book: row.book, outcome: row.outcome, point: row.point, americanOdds: row.americanOdds, updatedAt });
    closes.set(marketKey, rows);
  }
  return markets.map((m) => closes.get(closingKey(m.gameId, m.market, m.player)) ?? []);
}

/** Refreshes a game's stored props from the odds provider when they are stale (lib/data/props.ts). */
export function refreshProps(db: Db, refreshes: Parameters<typeof freshProps>[1], source: PropsSource, game: PropsGame, now: Date) {
  return freshProps(db, refreshes, game, now, source);
}

/** Every book's stored alternate spreads and totals of a game (AlternatePrice), by market, point and book. */
export function alternatePrices(db: Db, gameId: string) {
  return db.alternatePrice.findMany({
    where: { gameId },
    select: { market: true, book: true, outcome: true, point: true, americanOdds: true, updatedAt: true },
    orderBy: [{ market: 'asc' }, { point: 'asc' }, { book: 'asc' }, { outcome: 'asc' }],
  });
}

/** Refreshes a game's stored alternate lines from the odds provider when they are stale (lib/data/alternates.ts). */
export function refreshAlternates(
  db: Db,
  refreshes: Parameters<typeof freshAlternates>[1],
  source: PropsSource,
  game: PropsGame,
  now: Date,
) {
  return freshAlternates(db, refreshes, game, now, source);
}
