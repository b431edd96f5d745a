import { fairLineName, type FairLine } from '@/lib/betting/fair-line';
import { confirmedSince } from '@/lib/data/kick-off';
import type { PriceReads } from '@/lib/data/repositories';
import { historyKey, marketHistory, type HistoryMemo } from './history';
import { groupBy } from '@/lib/collections';
import type { MarketCore, SteamMemo } from './core-types';
import { inOutcomeOrder, marketCore, type GameTeams } from './reference-pricing';

// The game markets of get_game_odds as market cores (./reference-pricing.ts), kept and reused while the game's prices
// are unchanged. Every call reads each game's price version from the database (one query, or none when the games
// were read with theirs), so a price merged by any instance (ingestion, the sample loader) is seen on the next
// call; only the work that does not depend on the time of the call is reused.

export interface PricedGame extends GameTeams {
  id: string;
  sport: string;
  /** Read with the game (findGames' priceVersion option) to spare a query; else read here. */
  priceVersion?: string;
  /** Only the prices confirmed since then price the game (a game in play, as offered: lib/data/kick-off.ts). */
  pricesSince?: Date;
}

/** The markets with two sides at lines, where books' different lines can make a middle. */
const MIDDLE_MARKETS = new Set(['spreads', 'totals']);

/** Games × prices since × reference books × fair lines × series flags remembered. */
const KEPT_GAMES = 2_000;

interface KeptGame {
  version: string;
  /** Each market asked for so far: its core, or null when no book prices it. */
  markets: Map<string, MarketCore | null>;
}

/** The games priced so far, by game, prices since, reference book, fair line and series flag, oldest first: answers never mix lines. */
export type CoreMemo = Map<string, KeptGame>;

/** What the game cores are kept in, and the history and steam they were made from. */
export interface GameCoreMemos {
  cores: CoreMemo;
  histories: HistoryMemo;
  steam: SteamMemo;
}

/** What a core is made for besides its game and market: each choice is part of the memo's key. */
export interface CoreChoice {
  referenceBook: string;
  fairLine: FairLine;
  series: boolean;
}

/** The cores of the games' markets that some book prices, by game id and market. */
export async function gameCores(
  reads: PriceReads,
  memos: GameCoreMemos,
  games: readonly PricedGame[],
  markets: readonly string[],
  { referenceBook, fairLine, series }: CoreChoice,
): Promise<Map<string, Map<string, MarketCore>>> {
  const memo = memos.cores;
  const versions = games.every((game) => game.priceVersion !== undefined)
    ? new Map(games.map((game) => [game.id, game.priceVersion!]))
    : await reads.priceVersions(games.map((game) => game.id));
  const keyOf = (game: PricedGame) =>
    JSON.stringify([game.id, game.pricesSince?.getTime() ?? null, referenceBook, fairLineName(fairLine), series]);
  const missing = games.filter((game) => {
    const known = memo.get(keyOf(game));
    return !known || known.version !== versions.get(game.id) || markets.some((market) => !known.markets.has(market));
  });
  if (missing.length > 0) {
    const fresh = await priceGames(reads, memos, missing, markets, { referenceBook, fairLine, series });
    // Kept only when no merge landed while the prices and their history were read.
    const after = await reads.priceVersions(missing.map((game) => game.id));
    for (const game of missing) {
      const version = after.get(game.id);
      if (version === undefined || version !== versions.get(game.id)) continue;
      const key = keyOf(game);
      const known = memo.get(key);
      const kept = known?.version === version ? known.markets : new Map<string, MarketCore | null>();
      for (const [market, core] of fresh.get(game.id)!) kept.set(market, core);
      memo.delete(key);
      if (memo.size >= KEPT_GAMES) memo.delete(memo.keys().next().value!);
      memo.set(key, { version, markets: kept });
    }
    return coresAsked(games, markets, (game) => fresh.get(game.id) ?? memo.get(keyOf(game))?.markets);
  }
  return coresAsked(games, markets, (game) => memo.get(keyOf(game))?.markets);
}

/** Each game's cores of the markets asked for, leaving out the markets no book prices. */
function coresAsked(
  games: readonly PricedGame[],
  markets: readonly string[],
  coresOf: (game: PricedGame) => ReadonlyMap<string, MarketCore | null> | undefined,
): Map<string, Map<string, MarketCore>> {
  const priced = new Map<string, Map<string, MarketCore>>();
  for (const game of games) {
    const cores = coresOf(game);
    const kept = new Map<string, MarketCore>();
    for (const market of markets) {
      const core = cores?.get(market);
      if (core) kept.set(market, core);
    }
    priced.set(game.id, kept);
  }
  return priced;
}

/** Prices the games' markets from the stored prices and recorded changes. */
async function priceGames(
  reads: PriceReads,
  memos: GameCoreMemos,
  games: readonly PricedGame[],
  markets: readonly string[],
  { referenceBook, fairLine, series }: CoreChoice,
) {
  const ids = games.map((game) => game.id);
  const [rows, history] = await Promise.all([reads.gamePrices(ids, markets), marketHistory(reads, memos.histories, ids, markets)]);
  const byGameMarket = groupBy(rows, (row) => `${row.gameId}|${row.market}`);
  const priced = new Map<string, Map<string, MarketCore | null>>();
  for (const game of games) {
    const cores = new Map<string, MarketCore | null>();
    for (const market of markets) {
      const stored = byGameMarket.get(`${game.id}|${market}`);
      const quotes = stored && confirmedSince(stored, game.pricesSince);
      cores.set(
        market,
        quotes && quotes.length > 0
          ? marketCore(inOutcomeOrder(game, quotes), {
              referenceBook,
              fairLine,
              history: history.get(historyKey(quotes[0]!)) ?? [],
              series,
              steam: memos.steam,
              ...(MIDDLE_MARKETS.has(market) ? { middles: { sport: game.sport } } : {}),
            })
          : null,
      );
    }
    priced.set(game.id, cores);
  }
  return priced;
}
