import { alternateLines, ALTERNATES_OF, MAIN_MARKET_OF, type AlternateLine, type AlternateQuote } from '@/lib/betting/alternates';
import { DEFAULT_FAIR_LINE, type FairLine } from '@/lib/betting/fair-line';
import { windowChance, type FinalsTally } from '@/lib/betting/middles';
import type { PriceReads } from '@/lib/data/repositories';
import { confirmedSince } from '@/lib/data/kick-off';
import type { StoredOffering } from '@/lib/data/repositories/odds';
import { MINUTE_MS } from '@/lib/time';
import { priceLeagueFutures, type PricedFuturesMarket } from './futures';
import { gameCores, type GameCoreMemos, type PricedGame } from './game-cores';
import { historyKey, marketHistory } from './history';
import { groupBy } from '@/lib/collections';
import type { MarketCore } from './core-types';
import { inOutcomeOrder, type GameTeams } from './reference-pricing';
import {
  lowHoldFields,
  presentMarket,
  priceMarket,
  staleFromMs,
  type WithLowHold,
  type PresentationMemo,
  type PricedMarket,
} from './priced-market';
import { booksSpelling, priceSelection, pricesOfSelection, type MarketSelection } from './selection';

// Pricing: stored prices in, markets priced against the no-vig consensus at the reference book out, for the
// games of get_game_odds, the props of get_player_props and the ledger's bets alike, each through one market core
// (./reference-pricing.ts; a bet's selection, when logged and at its game's close, through ./selection.ts), and a game's
// alternate lines and a league's futures (lib/betting's alternates and futures, whose markets have no core). The
// service reads the prices it prices (PriceReads) and owns all that pricing remembers between calls, five memos:
// the game cores by price version, the recorded changes by history version, steam per history, each core's
// presentation, and each sport's tally of finals for FINALS_KEPT_MS. A bet's prices are read afresh on every call:
// it is priced once when logged, and its close once per list. The composition root (lib/root) builds one per
// process, so a test that builds its own starts empty; each memo only saves work, giving the answer pricing afresh
// would give.

export { pricesOfSelection, type MarketSelection } from './selection';
export type { BookQuote } from './reference-pricing';
export type { PricedGame } from './game-cores';

/** A game market as get_game_odds answers it; with `lowHold` asked for, also its lowest hold (null without one). */
export type PricedGameMarket = { market: string } & WithLowHold & PricedMarket;

/**
 * One player's market of a game; `price` prices it, so a paged answer prices only the page it shows (with `lowHold`
 * asked for, with its lowest hold too).
 */
export interface PropMarket {
  market: string;
  player: string;
  price(now: Date): PricedMarket & WithLowHold;
}

export interface PricingRequest {
  referenceBook: string;
  /** The fair line asked for (fairLine); the default consensus without it. */
  fairLine?: FairLine;
  /** Adds each market's history series (`history: true`). */
  series: boolean;
  /** Adds each market's lowest hold (get_game_odds' and get_player_props' maxHold). */
  lowHold?: boolean;
}

/**
 * How long a sport's tally of stored finals is reused for middles' chances: a chance rests on at least
 * MIN_FINALS_FOR_CHANCE (lib/betting/middles.ts) finals, so the few stored in the meantime move it by a point or two at most.
 */
const FINALS_KEPT_MS = 10 * MINUTE_MS;

export function createPricing(reads: PriceReads, { staleMinutes }: { staleMinutes: number }) {
  const memos: GameCoreMemos = { cores: new Map(), histories: new Map(), steam: new WeakMap() };
  const presentations: PresentationMemo = new WeakMap();
  const finals = new Map<string, { readAt: number; tally: Promise<FinalsTally> }>();

  /** The sport's finals tally, read again once FINALS_KEPT_MS old (by the call's clock). */
  const finalsOf = (sport: string, now: Date) => {
    const kept = finals.get(sport);
    if (kept && kept.readAt <= now.getTime() && now.getTime() - kept.readAt < FINALS_KEPT_MS) return kept.tally;
    const tally = reads.finalsTally(sport);
    finals.set(sport, { readAt: now.getTime(), tally });
    tally.catch(() => finals.delete(sport));
    return tally;
  };

  /** A presented market with its middle's chance of landing inside, from the sport's stored finals. */
  const withChance = (market: PricedMarket, core: MarketCore, tally: FinalsTally | undefined): PricedMarket => {
    const found = core.middle;
    if (!market.middle || !found || !tally) return market;
    // A game market lists the home side first (inOutcomeOrder), so a handicap's window is the home margin.
    const chance = windowChance(tally, found.kind, found.found.window, true);
    return { ...market, middle: { ...market.middle, chance, finals: tally.games } };
  };

  async function gamesProps(
    games: readonly PropGame[],
    { markets, referenceBook, fairLine, series, lowHold }: PricingRequest & { markets?: readonly string[] },
  ): Promise<Map<string, PropMarket[]>> {
    const ids = games.map((game) => game.id);
    if (ids.length === 0) return new Map<string, PropMarket[]>();
    const [rows, history] = await Promise.all([
      reads.propPrices(ids, markets),
      marketHistory(reads, memos.histories, ids, markets, { props: true }),
    ]);
    const groups = groupBy(rows, (row) => `${row.gameId}|${row.market}|${row.player}`);
    const byGame = new Map<string, PropMarket[]>(ids.map((id) => [id, []]));
    const teams = new Map(games.map((game) => [game.id, game]));
    for (const stored of groups.values()) {
      const { gameId, market, player } = stored[0]!;
      const game = teams.get(gameId)!;
      const quotes = confirmedSince(stored, game.pricesSince);
      if (quotes.length === 0) continue;
      byGame.get(gameId)!.push({
        market,
        player,
        price: (now) =>
          priceMarket(inOutcomeOrder(game, quotes), {
            referenceBook,
            fairLine,
            now,
            staleMinutes,
            series,
            history: history.get(historyKey(quotes[0]!)) ?? [],
            steam: memos.steam,
            lowHold,
          }),
      });
    }
    return byGame;
  }

  return {
    /** Each game's markets that some book prices, in the order asked, as they read at `now`; by game id. */
    async games(
      games: readonly PricedGame[],
      {
        markets,
        referenceBook,
        fairLine = DEFAULT_FAIR_LINE,
        series,
        lowHold,
        now,
      }: PricingRequest & { markets: readonly string[]; now: Date },
    ): Promise<Map<string, PricedGameMarket[]>> {
      const sports = [...new Set(games.map((game) => game.sport))];
      const [cores, tallies] = await Promise.all([
        gameCores(reads, memos, games, markets, { referenceBook, fairLine, series }),
        Promise.all(sports.map((sport) => finalsOf(sport, now))),
      ]);
      const tallyOf = new Map(tallies.map((tally, index) => [sports[index]!, tally]));
      return new Map(
        games.map((game) => [
          game.id,
          [...cores.get(game.id)!].map(([market, core]) => ({
            market,
            ...withChance(presentMarket(core, now, staleMinutes, presentations), core, tallyOf.get(game.sport)),
            ...lowHoldFields(core, now, lowHold),
          })),
        ]),
      );
    },

    /** A game's player props (all markets, or those asked for), by market and player. */
    async props(game: PropGame, request: PricingRequest & { markets?: readonly string[] }): Promise<PropMarket[]> {
      return (await gamesProps([game], request)).get(game.id)!;
    },

    /** Each game's player props as `props` gives them, by game id: one read of the prices for all the games. */
    gamesProps,

    /**
     * A game's alternate lines, each priced against the consensus of the books that offer it; with `pricesSince` (a
     * game under way) by the prices confirmed since then alone, as its main markets are.
     */
    async alternates(game: GameTeams & { id: string; pricesSince?: Date }): Promise<AlternateLine[]> {
      const stored = confirmedSince(await reads.alternatePrices(game.id), game.pricesSince);
      return alternateLines(stored, { home: game.homeTeam.abbreviation, away: game.awayTeam.abbreviation });
    },

    /**
     * A league's futures market by market, in the league's order (`order`), each priced against the consensus at the
     * reference book; and whether any price is the sample's.
     */
    async futures(
      sport: string,
      order: readonly string[],
      { referenceBook, fairLine }: { referenceBook: string; fairLine?: FairLine },
    ): Promise<{ markets: PricedFuturesMarket[]; sample: boolean }> {
      const stored = await reads.futurePrices(sport);
      return { markets: priceLeagueFutures(stored, order, referenceBook, fairLine), sample: stored.some((row) => row.source === 'sample') };
    },

    /**
     * A bet's selection priced among its market's current prices: at `book` when that book prices the selection, else
     * at the reference book (./selection.ts); with the prices read, which the ledger's price warnings also read. A
     * player is read as the books spell him (`player`: booksSpelling). When no book prices the selection, `offered`
     * holds what the game's books do price (each market's outcomes at their lines, their alternate lines' too), for the
     * ledger to say so; else null. With `since` (a bet logged in play: its kick-off) only prices confirmed since then
     * price it and are answered (`quotes`): a pre-game consensus says nothing of an in-play price. `onlyBefore` is true
     * when stored prices of the selection exist but none was confirmed since. A spread or total at a point the main
     * market gives no fair probability of is priced as get_game_odds' alternates answer prices it, when an alternate
     * line is at that point (`alternate`: the consensus of the books quoting both its sides; `quotes` then hold the
     * main market's and the alternate lines' prices).
     */
    async selection(
      game: GameTeams & { id: string },
      selected: MarketSelection,
      at: { book: string; referenceBook: string; since?: Date },
    ) {
      const read = (player: string | null) => reads.marketQuotes({ gameId: game.id, market: selected.market, player });
      let quotes = await read(selected.player);
      let player = selected.player;
      let offered: StoredOffering[] | null = null;
      if (pricesOfSelection(quotes, selected).length === 0) {
        offered = await reads.gameOfferings(game.id);
        const spelled = player === null ? undefined : booksSpelling(offered, selected.market, player);
        if (spelled !== undefined) {
          player = spelled;
          quotes = await read(spelled);
          if (pricesOfSelection(quotes, selected).length > 0) offered = null;
        }
      }
      const current = confirmedSince(quotes, at.since);
      const onlyBefore = offered === null && pricesOfSelection(current, selected).length === 0;
      const main = { quotes: current, player, offered, onlyBefore, alternate: false, ...priceSelection(current, selected, at) };
      const alternateMarket = ALTERNATES_OF[selected.market];
      if (main.fairProbability !== null || alternateMarket === undefined || selected.point === null) return main;
      const stored = await reads.alternatePrices(game.id);
      const ladder = stored.filter((quote) => quote.market === alternateMarket);
      if (pricesOfSelection(ladder, selected).length === 0) {
        // No alternate line at the point either: the lines the books do offer, alternates with them, find a typo'd point.
        return offered === null ? main : { ...main, offered: [...offered, ...alternateOfferings(stored)] };
      }
      const offer = confirmedSince(ladder, at.since);
      const side = alternateLines(offer, { home: game.homeTeam.abbreviation, away: game.awayTeam.abbreviation })
        .flatMap((line) => line.sides)
        .find((priced) => priced.outcome.toLowerCase() === selected.selection.toLowerCase() && priced.point === selected.point);
      return {
        quotes: [...current, ...offer],
        player,
        offered: null,
        onlyBefore: pricesOfSelection([...current, ...offer], selected).length === 0,
        alternate: true,
        book: at.book,
        fairProbability: side?.fairProbability ?? null,
      };
    },

    /**
     * Each bet's close, in the order given: its selection priced as at logging (at its book, else the reference book
     * it was logged under) among its market's last prices before its game started; null where neither prices it.
     * `referenceBook` (the user's current one) stands in for a bet that stored neither. A close carries its age:
     * when the book that priced it last quoted its prices of the market by kick-off (the oldest of them, which the
     * fair probability rests on), the whole minutes from then to kick-off rounded up, and `stale` when that is more
     * than staleMinutes (ODDS_STALE_MINUTES): the book had stopped updating, and the close may not be the market's.
     */
    async closing(bets: readonly ClosingBet[], referenceBook: string): Promise<(Close | null)[]> {
      const closes = await reads.closingQuotes(bets);
      return bets.map((bet, index) => {
        const quotes = closes[index]!;
        const loggedUnder = bet.referenceBook ?? referenceBook;
        const { book, fairProbability } = priceSelection(quotes, bet, { book: bet.book ?? loggedUnder, referenceBook: loggedUnder });
        if (fairProbability === null) return null;
        const quotedAt = new Date(Math.min(...quotes.filter((quote) => quote.book === book).map((quote) => quote.updatedAt.getTime())));
        return {
          fairProbability,
          quotedAt,
          quotedMinutesBeforeStart: Math.ceil((bet.startsAt.getTime() - quotedAt.getTime()) / MINUTE_MS),
          stale: bet.startsAt.getTime() >= staleFromMs(quotedAt, staleMinutes),
        };
      });
    },
  };
}

/** A game's alternate lines as what its books offer in the main markets they are points of (spreads, totals). */
function alternateOfferings(quotes: readonly Omit<AlternateQuote, 'updatedAt'>[]): StoredOffering[] {
  const seen = new Map<string, StoredOffering>();
  for (const { market, outcome, point } of quotes) {
    const main = MAIN_MARKET_OF[market];
    if (main !== undefined) seen.set(`${main}|${outcome}|${point}`, { market: main, player: '', outcome, point });
  }
  return [...seen.values()];
}

/** A game whose props are priced; with `pricesSince`, only the prices confirmed since then price them (PricedGame's). */
type PropGame = GameTeams & { id: string; pricesSince?: Date };

/**
 * A bet as its closing price is looked up: its selection, its game and when that game started, its book and the
 * reference book it was logged under (each null on a bet logged before it was stored; its book also when none was named).
 */
export interface ClosingBet extends MarketSelection {
  gameId: string;
  startsAt: Date;
  book: string | null;
  referenceBook: string | null;
}

/** A bet's close (closing): its fair probability and its age. */
export interface Close {
  fairProbability: number;
  quotedAt: Date;
  quotedMinutesBeforeStart: number;
  stale: boolean;
}

export type Pricing = ReturnType<typeof createPricing>;
