import { z } from 'zod';
import { closestNames } from '@/lib/data/closest-names';
import { ONE_SIDED_BRIEF } from '@/lib/contract-definitions';
import type { PropMarket } from '@/lib/pricing';
import { asOffered, offeredGames } from '@/lib/data/kick-off';
import type { GameRow } from '@/lib/data/repositories/schedule';
import type { Sport } from '@/lib/data/sports';
import { invalidInput } from '@/lib/errors';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { conciseGame, fullGame, inPlayNote, joinNotes, statusNote } from './game-fields';
import { preferences } from './preferences';
import { OPEN_WORLD_READ_HINTS } from './hints';
import {
  book,
  cursor,
  detail,
  expected,
  fairLine,
  gameId,
  minBooks,
  minExpectedValue,
  NO_MARKET_MESSAGE,
  pageLimit,
  player,
  sport,
  refuseAnyGiven,
  storable,
} from './inputs';
import { fullPageFields, PAGE_SIZES, pageFields, toolPage } from './pages';
import { conciseMarket, marketNotes } from './concise-market';
import { arbitrageFlag, listAlone, MAX_HOLD_ALONE, maxHoldInput } from './low-hold-list';
import { arbitrageList, lowHoldList, propPlacing, type OfferedGame } from './market-lists';
import { propsFull, propsOutput } from './odds-schemas';
import { conciseValue, VALUE_ORDER, valueKey, valueList, valueScan, type ValueScan } from './value-list';
import { defineTool, type ToolRun } from './types';
import { historyFlag, upcomingWindow } from './odds';
import { fairLineField } from '@/lib/betting/fair-line';

// get_player_props: a game's player props, or a league's week of them, priced as get_game_odds prices game markets.

const { valueEntries: VALUE_PER_PAGE, arbitrages: ARBITRAGES_PER_PAGE, playerMarkets: PROPS_PER_PAGE } = PAGE_SIZES;

/**
 * Why a game's answer holds no props: the markets asked for when the game has props in others (named, so the next
 * call can ask for one of them), else which games have some.
 */
async function noPropsNote(
  ctx: ToolRun,
  sport: Sport,
  gameProps: () => Promise<readonly PropMarket[]>,
  asked?: readonly string[],
): Promise<string> {
  if (asked !== undefined) {
    const markets = [...new Set((await gameProps()).map((prop) => prop.market))].sort();
    if (markets.length > 0) {
      return `This game has no ${asked.join(', ')} props stored; its prop markets are ${markets.join(', ')}: ask for one of them, or leave markets out.`;
    }
  }
  const others = await ctx.data.odds.gamesWith(sport, 'props', { from: upcomingWindow(ctx.now()).from, take: 5 });
  return others.length === 0
    ? `No player props of this game are stored yet, nor of any coming ${sport.toUpperCase()} game.`
    : `No player props of this game are stored yet. Games with props: ${others.join(', ')}.`;
}

/** Only `player`'s props when one is named; invalid input naming the closest players when none of `props` are theirs. */
function onlyPlayer(props: PropMarket[], player: string | undefined, where: string): PropMarket[] {
  if (!player) return props;
  const wanted = player.toLowerCase();
  const selected = props.filter((prop) => prop.player.toLowerCase() === wanted);
  if (selected.length === 0 && props.length > 0) {
    const players = [...new Set(props.map((prop) => prop.player))];
    const closest = closestNames(
      player,
      players.map((name) => ({ name, spellings: [name] })),
    );
    throw invalidInput([{ path: 'player', message: `no props for "${player}" ${where}; closest: ${closest.join(', ')}` }]);
  }
  return selected;
}

const propsInput = z.strictObject({
  sport,
  gameId: gameId.optional().meta({ description: "Optional with minExpectedValue or arbitrage: the league's week." }),
  markets: z
    .array(storable(z.string()).regex(/^[a-z_]{3,60}$/, 'must be a prop market key such as player_pass_yds'), {
      error: expected('must be an array of prop markets'),
    })
    .min(1, NO_MARKET_MESSAGE)
    .optional(),
  player: player.optional().meta({ description: 'Only this player.' }),
  book: book.optional(),
  fairLine: fairLine.meta({ description: 'As get_game_odds.' }),
  minExpectedValue,
  minBooks,
  arbitrage: arbitrageFlag,
  maxHold: maxHoldInput,
  history: historyFlag,
  detail,
  limit: pageLimit(PROPS_PER_PAGE, 200, 'player markets').meta({
    description: `Per page: player markets (${PROPS_PER_PAGE}; ${PAGE_SIZES.playerMarketsFull} detail full), value entries (${VALUE_PER_PAGE}), arbitrages (${ARBITRAGES_PER_PAGE}).`,
  }),
  cursor,
});

type PropsArgs = z.output<typeof propsInput>;

export const getPlayerProps = defineTool({
  name: 'get_player_props',
  title: 'Player props with the no-vig consensus',
  description:
    `A game's player props (player_pass_yds …) priced as in get_game_odds; ${ONE_SIDED_BRIEF}. ` +
    'minExpectedValue or arbitrage (maxHold): that list alone, as there. See jev://notes/answers.',
  scope: 'read',
  hints: OPEN_WORLD_READ_HINTS, // props may be fetched from the odds provider during the call
  input: propsInput,
  output: propsOutput,
  fullOutput: propsFull,
  async run(ctx, args) {
    if (args.arbitrage === true) {
      // As get_game_odds: the arbitrage and low-hold lists are the books' own prices, with no fair line.
      refuseAnyGiven(args, ['minExpectedValue', 'minBooks', 'history', 'detail', 'fairLine'], listAlone('arbitrage'));
    }
    if (args.maxHold !== undefined && args.arbitrage !== true) throw invalidInput([MAX_HOLD_ALONE]);
    const scan = valueScan(args);
    if (args.gameId === undefined) {
      if (args.arbitrage === true) return propsHeld(ctx, args, await leagueProps(ctx, args));
      if (!scan)
        throw invalidInput([
          {
            path: 'gameId',
            message: "is required, unless minExpectedValue or arbitrage: true asks for that list over the league's coming week",
          },
        ]);
      return leaguePropsValue(ctx, args, scan);
    }
    const game = await ctx.data.schedule.requireGameRow(args.gameId, args.sport);
    const { referenceBook } = await preferences(ctx, args.book);
    const source = { odds: ctx.providers.odds, ttlMs: ctx.settings.propsTtlSeconds * 1000 };
    const refresh = await ctx.data.odds.refreshProps(source, game, ctx.now());
    if (args.arbitrage === true) return propsHeld(ctx, args, { referenceBook, games: [game], note: refresh.note });
    if (scan) return propsValue(ctx, args, scan, referenceBook, [game], refresh.note);
    const now = ctx.now();
    // Under way, the game is priced by its props confirmed since kick-off alone, as the lists of bets to make scan it.
    const offered = asOffered(game, now);
    const all = await ctx.pricing.props(offered, {
      markets: args.markets,
      referenceBook,
      fairLine: args.fairLine,
      series: args.history === true,
    });
    const selected = onlyPlayer(all, args.player, 'in this game');
    const inPlay = inPlayNote(offered, selected.length > 0);
    const priceNote = joinNotes(
      game.source === 'sample' ? SAMPLE_NOTE : undefined,
      statusNote(game, now),
      inPlay,
      selected.length === 0 && inPlay === undefined
        ? await noPropsNote(ctx, args.sport, () => ctx.pricing.props(game, { referenceBook, series: false }), args.markets)
        : undefined,
    );
    const notes = { ...(refresh.note ? { note: refresh.note } : {}), ...(priceNote ? { priceNote } : {}) };
    const propKey = (prop: PropMarket) => [prop.market, prop.player];
    const order = ['asc', 'asc'] as const;
    const teams = await ctx.data.stats.playerTeams([game.homeTeamId, game.awayTeamId], [...new Set(selected.map((prop) => prop.player))]);
    const priceProp = (prop: PropMarket) => {
      const team = teams.get(prop.player);
      return { market: prop.market, player: prop.player, ...(team ? { team } : {}), ...prop.price(now) };
    };
    if (args.detail === 'full') {
      const page = toolPage(ctx, args, PAGE_SIZES.playerMarketsFull, selected, propKey, order);
      return {
        ...fullGame(game, now),
        referenceBook,
        ...fairLineField(args.fairLine),
        ...notes,
        props: page.items.map(priceProp),
        ...fullPageFields(page, 'player markets'),
      };
    }
    const page = toolPage(ctx, args, PROPS_PER_PAGE, selected, propKey, order);
    const props = page.items
      .map(priceProp)
      .map(({ market, player, team, ...pricedMarket }) => ({ market, player, ...(team ? { team } : {}), ...conciseMarket(pricedMarket) }));
    return {
      ...conciseGame(game, now),
      referenceBook,
      ...fairLineField(args.fairLine),
      ...notes,
      ...marketNotes(props),
      props,
      ...pageFields(page, 'player markets'),
    };
  },
});

/** The games a props list covers, at the reference book, with the note the answer passes on. */
interface PropsScope {
  referenceBook: string;
  games: GameRow[];
  note?: string;
}

/**
 * The league's coming week of props, as stored: fetching every game's props from the provider would take minutes,
 * so a game's are refreshed when it is asked for by gameId.
 */
async function leagueProps(ctx: ToolRun, args: PropsArgs): Promise<Required<PropsScope>> {
  const { referenceBook } = await preferences(ctx, args.book);
  const window = upcomingWindow(ctx.now());
  const [games, withProps] = await Promise.all([
    ctx.data.schedule.findGames({ sport: args.sport, ...window, offered: true }),
    ctx.data.odds.gamesWith(args.sport, 'props', window),
  ]);
  const stored = new Set(withProps);
  const note = `Props as last stored; naming a gameId fetches that game's afresh.`;
  return { referenceBook, games: games.filter((game) => stored.has(game.id)), note };
}

/** The value over the league's coming week of props (leagueProps). */
async function leaguePropsValue(ctx: ToolRun, args: PropsArgs, scan: ValueScan) {
  const { referenceBook, games, note } = await leagueProps(ctx, args);
  return propsValue(ctx, args, scan, referenceBook, games, note);
}

/** The teams of the players of `games`, by player, where the stored stats know them. */
function playerTeams(ctx: ToolRun, games: readonly GameRow[], players: readonly string[]) {
  return ctx.data.stats.playerTeams(
    games.flatMap((game) => [game.homeTeamId, game.awayTeamId]),
    [...new Set(players)],
  );
}

/**
 * arbitrage: true over props, as get_game_odds over game markets (./market-lists.ts): the arbitrages alone, best first;
 * with maxHold the low-hold list. Every prop of the games still offered is priced (a game in play by its prices since
 * kick-off); each entry names its game, market, player and the player's team.
 */
async function propsHeld(ctx: ToolRun, args: PropsArgs, { referenceBook, games, note }: PropsScope) {
  const price = async (offered: readonly OfferedGame[]) => {
    const now = ctx.now();
    const lowHold = args.maxHold !== undefined;
    const byGame = await ctx.pricing.gamesProps(offered, { markets: args.markets, referenceBook, series: false, lowHold });
    const all = offered.flatMap((game) => byGame.get(game.id)!.map((prop) => ({ game, prop })));
    const where = args.gameId ? 'in this game' : "in the league's coming week";
    const shown = new Set(
      onlyPlayer(
        all.map(({ prop }) => prop),
        args.player,
        where,
      ),
    );
    return all
      .filter(({ prop }) => shown.has(prop))
      .map(({ game, prop }) => ({ game, market: prop.market, player: prop.player, ...prop.price(now) }));
  };
  const source = { games, price, placing: propPlacing((pageGames, players) => playerTeams(ctx, pageGames, players)) };
  const header = {
    sport: args.sport,
    referenceBook,
    ...(note ? { note } : {}),
    ...(games.some((game) => game.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
  };
  if (args.maxHold !== undefined) return { ...header, ...(await lowHoldList(ctx, args, args.maxHold, source)) };
  return { ...header, ...(await arbitrageList(ctx, args, source)) };
}

/** The value list over `games`' props, best first, each entry with its game, player and the player's team. */
async function propsValue(ctx: ToolRun, args: PropsArgs, scan: ValueScan, referenceBook: string, games: GameRow[], note?: string) {
  const now = ctx.now();
  // As the lists of bets to make scan them: the games still offered, one in play by its prices since kick-off.
  const offered = offeredGames(games, now);
  const byGame = await ctx.pricing.gamesProps(offered, { markets: args.markets, referenceBook, fairLine: args.fairLine, series: false });
  const props = offered.map((game) => ({ game, props: byGame.get(game.id)! }));
  const where = args.gameId ? 'in this game' : "in the league's coming week";
  const players = onlyPlayer(
    props.flatMap((game) => game.props),
    args.player,
    where,
  );
  const shown = new Set(players);
  const scanned = props.map(({ game, props }) => ({
    gameId: game.id,
    markets: props.filter((prop) => shown.has(prop)).map((prop) => ({ market: prop.market, player: prop.player, ...prop.price(now) })),
  }));
  const { value, valueNote } = valueList(scanned, scan, now, ctx.settings.oddsStaleMinutes);
  const page = toolPage(ctx, args, VALUE_PER_PAGE, value, valueKey, VALUE_ORDER);
  const byId = new Map(games.map((game) => [game.id, game]));
  const pageGames = [...new Set(page.items.map((entry) => entry.gameId))].map((id) => byId.get(id)!);
  const teams = await playerTeams(
    ctx,
    pageGames,
    page.items.map((entry) => entry.player!),
  );
  const empty = games.length === 0 ? ` No ${args.sport.toUpperCase()} game of the coming week has props stored.` : '';
  return {
    sport: args.sport,
    referenceBook,
    ...fairLineField(args.fairLine),
    ...(note ? { note } : {}),
    ...(games.some((game) => game.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    gamesScanned: offered.length,
    value: page.items.map((entry) => ({
      ...conciseValue(byId.get(entry.gameId)!, entry, teams.get(entry.player!)),
      player: entry.player!,
    })),
    valueNote: valueNote + empty,
    ...pageFields(page, 'value entries'),
  };
}
