import type { Db } from '@/lib/db/client';
import { marketCore, outcomeRank, type MarketCore, type SteamMemo } from '../market-core';
import { gamePrices, historyKey, marketHistory, type HistoryMemo } from './odds';
import { priceVersions } from './price-version';

// The game markets of get_game_odds, priced: each game's market cores (lib/data/market-core.ts) are kept in
// the memo of the repositories that price them (one set per process in the server) and reused while the game's prices are unchanged. Every call reads each game's price version from
// the database (one query), so a price merged by any instance (ingestion, the sample loader) is seen on the
// next call; only the work that does not depend on the time of the call is reused.

/** Games × reference books × series flags remembered per memo. */
const SNAPSHOT_ENTRIES = 2_000;

interface Snapshot {
  version: string;
  /** Each market asked for so far: its core, or null when no book prices it. */
  markets: Map<string, MarketCore | null>;
}

/** The games priced so far, by game, reference book and series flag, oldest first. */
export type SnapshotMemo = Map<string, Snapshot>;

/** What pricing remembers between calls: the cores, and the history and steam they were made from. */
export interface PricingMemos {
  snapshots: SnapshotMemo;
  histories: HistoryMemo;
  steam: SteamMemo;
}

export interface PricedGame {
  id: string;
  homeTeam: { abbreviation: string };
  awayTeam: { abbreviation: string };
  /** Read with the game (findGames' priceVersion option) to spare a query; else read here. */
  priceVersion?: string;
}

/** The cores of the games' markets that some book prices, by game id and market. */
export async function pricedGames(
  db: Db,
  memos: PricingMemos,
  games: readonly PricedGame[],
  markets: readonly string[],
  referenceBook: string,
  { series = false } = {},
): Promise<Map<string, Map<string, MarketCore>>> {
  const memo = memos.snapshots;
  const versions = games.every((game) => game.priceVersion !== undefined)
    ? new Map(games.map((game) => [game.id, game.priceVersion!]))
    : await priceVersions(
        db,
        games.map((game) => game.id),
      );
  const keyOf = (game: PricedGame) => JSON.stringify([game.id, referenceBook, series]);
  const missing = games.filter((game) => {
    const known = memo.get(keyOf(game));
    return !known || known.version !== versions.get(game.id) || markets.some((market) => !known.markets.has(market));
  });
  if (missing.length > 0) {
    const fresh = await priceGames(db, memos, missing, markets, referenceBook, series);
    // Kept only when no merge landed while the prices and their history were read.
    const after = await priceVersions(
      db,
      missing.map((game) => game.id),
    );
    for (const game of missing) {
      const version = after.get(game.id);
      if (version === undefined || version !== versions.get(game.id)) continue;
      const key = keyOf(game);
      const known = memo.get(key);
      const kept = known?.version === version ? known.markets : new Map<string, MarketCore | null>();
      for (const [market, core] of fresh.get(game.id)!) kept.set(market, core);
      memo.delete(key);
      if (memo.size >= SNAPSHOT_ENTRIES) memo.delete(memo.keys().next().value!);
      memo.set(key, { version, markets: kept });
    }
    return answer(games, markets, (game) => fresh.get(game.id) ?? memo.get(keyOf(game))?.markets);
  }
  return answer(games, markets, (game) => memo.get(keyOf(game))?.markets);
}

function answer(
  games: readonly PricedGame[],
  markets: readonly string[],
  coresOf: (game: PricedGame) => ReadonlyMap<string, MarketCore | null> | undefined,
): Map<string, Map<string, MarketCore>> {
  const priced = new Map<string, Map<string, MarketCore>>();
  for (const game of games) {
    const cores = coresOf(game);
    const found = new Map<string, MarketCore>();
    for (const market of markets) {
      const core = cores?.get(market);
      if (core) found.set(market, core);
    }
    priced.set(game.id, found);
  }
  return priced;
}

/** Prices the games' markets from the stored prices and recorded changes. */
async function priceGames(
  db: Db,
  memos: PricingMemos,
  games: readonly PricedGame[],
  markets: readonly string[],
  referenceBook: string,
  series: boolean,
) {
  const ids = games.map((game) => game.id);
  const [rows, history] = await Promise.all([gamePrices(db, ids, markets), marketHistory(db, memos.histories, ids, markets)]);
  const byGameMarket = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.gameId}|${row.market}`;
    const group = byGameMarket.get(key);
    if (group) group.push(row);
    else byGameMarket.set(key, [row]);
  }
  const priced = new Map<string, Map<string, MarketCore | null>>();
  for (const game of games) {
    const cores = new Map<string, MarketCore | null>();
    for (const market of markets) {
      const quotes = byGameMarket.get(`${game.id}|${market}`);
      if (!quotes) {
        cores.set(market, null);
        continue;
      }
      const rank = (outcome: string) => outcomeRank(game.homeTeam.abbreviation, game.awayTeam.abbreviation, outcome);
      quotes.sort((a, b) => rank(a.outcome) - rank(b.outcome));
      cores.set(market, marketCore(quotes, { referenceBook, history: history.get(historyKey(quotes[0]!)) ?? [], series, steam: memos.steam }));
    }
    priced.set(game.id, cores);
  }
  return priced;
}
