import { offeredGames } from '@/lib/data/kick-off';
import type { GameRow } from '@/lib/data/repositories/schedule';
import type { PageKey, SortOrder } from '@/lib/paging';
import type { PricedMarket, WithLowHold } from '@/lib/pricing/priced-market';
import { instant } from '@/lib/time';
import { ARBITRAGE_LIST_NOTE, conciseArbitrage, conciseMiddle, MIDDLE_NOTE } from './concise-market';
import { matchup } from './game-fields';
import { lowHoldEntryFields, lowHoldMarkets, lowHoldNotes, lowHoldRank } from './low-hold-list';
import { PAGE_SIZES, pageFields, toolPage, type PagingArgs } from './pages';
import type { ToolRun } from './types';

// The lists of bets to make with one entry a market: the arbitrages and the low-hold markets (get_game_odds' and
// get_player_props' arbitrage: true, with maxHold) and get_game_odds' middles. One builder makes them all: it scans
// the games still offered, a game in play by its prices since kick-off (lib/data/kick-off.ts: a final game's last
// prices are its close, which a date's answer or a gameId's shows and its lists leave out, and a pre-game price is no
// offer on a game under way, which no answer shows), ranks what it finds, breaks ties by game and market (and a
// prop's player), pages the list and says its notes once. Each tool prices its own markets (a game's, or its players' props) and picks how its
// entries are placed: GAME_MARKET_PLACING or propPlacing.

const { arbitrages: ARBITRAGES_PER_PAGE, middles: MIDDLES_PER_PAGE } = PAGE_SIZES;

/** A game as a list scans it: still offered, and once kicked off with the instant its offered prices start from. */
export type OfferedGame = GameRow & { pricesSince?: Date };

/** A priced market of a game as a list scans it: one of the game's markets, or one player's prop. */
type ListedMarket = { game: GameRow; market: string } & PricedMarket & WithLowHold;

/** How a tool's entries say where they stand, and the order that follows from it when their ranks tie. */
interface Placing<Market extends ListedMarket, Place> {
  /** What tells the entries apart, after their rank in the sort key: the game's id, the market and so on. */
  names: (market: Market) => PageKey;
  /** The order of `names`' fields. */
  order: SortOrder;
  /** Writes the places of a page's entries, after whatever they need is looked up for that page alone. */
  places: (page: readonly Market[]) => Promise<(market: Market) => Place>;
}

/** What a tool hands a list: the games its call covers, how it prices their markets and how it places an entry. */
interface ListSource<Market extends ListedMarket, Place> {
  games: readonly GameRow[];
  /**
   * Every market of `games` (the offered ones), priced: a game in play by the prices since its `pricesSince`, which
   * pricing reads; with its lowest hold when the call asks for the low-hold list.
   */
  price: (games: readonly OfferedGame[]) => Promise<Market[]>;
  placing: Placing<Market, Place>;
}

/** Where a game market's entry stands: its game and market. */
const marketPlace = ({ game, market }: ListedMarket) => ({
  gameId: game.id,
  matchup: matchup(game),
  startsAt: instant(game.startsAt),
  market,
});

/** A game's markets, placed by their game and market. */
export const GAME_MARKET_PLACING: Placing<ListedMarket, ReturnType<typeof marketPlace>> = {
  names: ({ game, market }) => [game.id, market],
  order: ['asc', 'asc'],
  places: () => Promise.resolve(marketPlace),
};

/** One player's prop of a game as a list scans it. */
type ListedProp = ListedMarket & { player: string };

/** Props, placed by their game, market and player, with the player's team where `teamsOf` knows it. */
export function propPlacing(
  teamsOf: (games: readonly GameRow[], players: readonly string[]) => Promise<ReadonlyMap<string, string>>,
): Placing<ListedProp, ReturnType<typeof marketPlace> & { player: string; team?: string }> {
  return {
    names: ({ game, market, player }) => [game.id, market, player],
    order: ['asc', 'asc', 'asc'],
    async places(page) {
      const teams = await teamsOf(
        [...new Set(page.map((prop) => prop.game))],
        page.map((prop) => prop.player),
      );
      return (prop) => {
        const team = teams.get(prop.player);
        return { ...marketPlace(prop), player: prop.player, ...(team ? { team } : {}) };
      };
    },
  };
}

/**
 * What `find` finds in the markets of the offered games, ordered by `rank` (then by place) on pages of `perPage`,
 * each entry with a way to its place; with the number of games scanned.
 */
async function marketList<Market extends ListedMarket, Place, Found extends { market: Market }>(
  ctx: ToolRun,
  args: PagingArgs & { detail?: string },
  { games, price, placing }: ListSource<Market, Place>,
  find: (markets: Market[]) => Found[],
  rank: { key: (found: Found) => PageKey; order: SortOrder },
  perPage: number,
) {
  const scanned = offeredGames(games, ctx.now());
  const found = find(await price(scanned));
  const key = (entry: Found) => [...rank.key(entry), ...placing.names(entry.market)];
  const page = toolPage(ctx, args, perPage, found, key, [...rank.order, ...placing.order]);
  const place = await placing.places(page.items.map((entry) => entry.market));
  return { found, page, placeOf: (entry: Found) => place(entry.market), gamesScanned: scanned.length };
}

/** arbitrage: true: the arbitrages alone, best worst-case return first. */
export async function arbitrageList<Market extends ListedMarket, Place>(ctx: ToolRun, args: PagingArgs, source: ListSource<Market, Place>) {
  const arbitrages = (markets: Market[]) =>
    markets.flatMap((market) => (market.arbitrage ? [{ market, arbitrage: market.arbitrage }] : []));
  const rank = { key: (entry: { arbitrage: { returnFraction: number } }) => [entry.arbitrage.returnFraction], order: ['desc'] as const };
  const { found, page, placeOf, gamesScanned } = await marketList(ctx, args, source, arbitrages, rank, ARBITRAGES_PER_PAGE);
  return {
    gamesScanned,
    arbitrages: page.items.map((entry) => ({ ...placeOf(entry), ...conciseArbitrage(entry.arbitrage) })),
    ...(found.length > 0 ? { arbitrageNote: ARBITRAGE_LIST_NOTE } : {}),
    ...pageFields(page, 'arbitrages'),
  };
}

/**
 * arbitrage: true with maxHold: every market whose best prices' hold is at most maxHold, one entry a market: its
 * arbitrage (a hold below 0, as the arbitrage list gives it) first, best worst-case return first; then the markets
 * whose lowest hold on one line (lib/betting/arbitrage.ts, sameLine) is at most maxHold, lowest first.
 */
export async function lowHoldList<Market extends ListedMarket, Place>(
  ctx: ToolRun,
  args: PagingArgs,
  maxHold: number,
  source: ListSource<Market, Place>,
) {
  const lowHold = (markets: Market[]) => lowHoldMarkets(markets, maxHold);
  const rank = { key: lowHoldRank, order: ['asc', 'asc'] as const };
  const { found, page, placeOf, gamesScanned } = await marketList(ctx, args, source, lowHold, rank, ARBITRAGES_PER_PAGE);
  return {
    gamesScanned,
    lowHold: page.items.map((entry) => ({ ...placeOf(entry), ...lowHoldEntryFields(entry) })),
    ...lowHoldNotes(found),
    ...pageFields(page, 'markets'),
  };
}

/** middles: true (get_game_odds): the middles alone, the cheapest miss first. */
export async function middleList<Market extends ListedMarket, Place>(ctx: ToolRun, args: PagingArgs, source: ListSource<Market, Place>) {
  const middles = (markets: Market[]) => markets.flatMap((market) => (market.middle ? [{ market, middle: market.middle }] : []));
  const rank = {
    key: (entry: { middle: { worstReturnFraction: number } }) => [entry.middle.worstReturnFraction],
    order: ['desc'] as const,
  };
  const { found, page, placeOf, gamesScanned } = await marketList(ctx, args, source, middles, rank, MIDDLES_PER_PAGE);
  return {
    gamesScanned,
    middles: page.items.map((entry) => ({ ...placeOf(entry), ...conciseMiddle(entry.middle) })),
    ...(found.length > 0 ? { middleNote: MIDDLE_NOTE } : {}),
    ...pageFields(page, 'middles'),
  };
}
