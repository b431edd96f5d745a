import { z } from 'zod';
import { closestNames } from '@/lib/data/closest-names';
import { fairLineName, type FairLine } from '@/lib/betting/fair-line';
import { ONE_SIDED_BRIEF, VALUE_MIN_BOOKS } from '@/lib/contract-definitions';
import type { PricedGameMarket, PropMarket } from '@/lib/pricing';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { resolveTeam } from '@/lib/data/teams';
import { GAME_MARKETS, type GameMarket, type Sport } from '@/lib/data/sports';
import { invalidInput } from '@/lib/errors';
import { SAMPLE_NOTE } from '@/lib/data/sample-note';
import { conciseGame, gameView, matchup } from './game-views';
import { preferences } from './preferences';
import { emptyNote } from './source-notes';
import { OPEN_WORLD_READ_HINTS } from './hints';
import {
  book,
  cursor,
  detail,
  expected,
  fairLine,
  gameId,
  isoDate,
  minBooks,
  minExpectedValue,
  pageLimit,
  player,
  sport,
  SPORTS_DAY,
  refuseAnyGiven,
  storable,
  team,
} from './inputs';
import { DAY_MS, HOUR_MS, instant, sportsDays } from '@/lib/time';
import { fullPageFields, PAGE_SIZES, pageFields, toolPage } from './pages';
import { ARBITRAGE_NOTE, conciseArbitrage, conciseMarket, conciseMiddle, marketNotes, MIDDLE_NOTE } from './concise-market';
import {
  arbitrageFlag,
  lowHoldEntryFields,
  lowHoldMarkets,
  lowHoldNotes,
  lowHoldRank,
  listAlone,
  MAX_HOLD_ALONE,
  maxHoldInput,
} from './low-hold-list';
import { gameAlternates, NOT_WITH_ALTERNATES } from './alternates';
import { futuresFlag, leagueFutures, refuseWithFutures } from './futures';
import { gameOddsOutput, propsOutput } from './odds-schemas';
import { conciseValue, VALUE_ORDER, valueKey, valueList, type ValueScan } from './value-list';
import { defineTool, type ToolRun } from './types';

// The odds tools: game markets and player props with the no-vig consensus at the reference book.

/** Without a date, odds cover games from a few hours ago (possibly live) to the coming week. */
const UPCOMING_LOOKBACK_MS = 4 * HOUR_MS;
const UPCOMING_DAYS = 8;

/** The coming week as the odds tools read it when no date is given: from a few hours ago (possibly live) on. */
const upcomingWindow = (now: Date) => ({
  from: new Date(now.getTime() - UPCOMING_LOOKBACK_MS),
  to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS),
});

const historyFlag = z
  .boolean({ error: expected('must be true or false') })
  .optional()
  .meta({ description: 'Adds per market the reference price and consensus over time, for charts.' });

const {
  oddsGames: GAMES_PER_PAGE,
  oddsGamesWithHistory: GAMES_WITH_HISTORY_PER_PAGE,
  valueEntries: VALUE_PER_PAGE,
  arbitrages: ARBITRAGES_PER_PAGE,
  middles: MIDDLES_PER_PAGE,
  playerMarkets: PROPS_PER_PAGE,
} = PAGE_SIZES;

const gameOddsInput = z.strictObject({
  sport,
  gameId: gameId.optional(),
  team: team.optional(),
  date: isoDate.optional().meta({ description: `YYYY-MM-DD: a day in the user's time zone from ${SPORTS_DAY}.` }),
  markets: z
    .array(z.enum(GAME_MARKETS, { error: `must be one of ${GAME_MARKETS.join(', ')}` }), {
      error: expected('must be an array of markets'),
    })
    .min(1, 'must name at least one market (or leave it out for all)')
    .optional(),
  book: book.optional(),
  fairLine,
  minExpectedValue,
  minBooks,
  arbitrage: arbitrageFlag.meta({ description: 'The arbitrages alone, best first.' }),
  maxHold: maxHoldInput.meta({ description: 'With arbitrage: also markets holding at most this (0.02 = 2%).' }),
  middles: z
    .boolean({ error: expected('must be true or false') })
    .optional()
    .meta({ description: 'The middles alone.' }),
  alternates: z
    .boolean({ error: expected('must be true or false') })
    .optional()
    .meta({ description: 'With gameId: its alternate spreads and totals alone.' }),
  futures: futuresFlag,
  history: historyFlag,
  detail,
  limit: pageLimit(GAMES_PER_PAGE, 100, 'games').meta({
    description: `Per page: games (default ${GAMES_PER_PAGE}, ${PAGE_SIZES.oddsGamesFull} with detail full, ${GAMES_WITH_HISTORY_PER_PAGE} with history), value entries (${VALUE_PER_PAGE}), other lists (${PAGE_SIZES.otherLists}; futures ${PAGE_SIZES.futures}).`,
  }),
  cursor,
});

export const getGameOdds = defineTool({
  name: 'get_game_odds',
  title: 'Game odds with the no-vig consensus',
  description:
    "A league's coming week, a date, a team or one game at the reference book with the no-vig consensus: per outcome fairProbability, " +
    'fairAmericanOdds, expectedValue and the best price elsewhere; per market consensusBooks, age, arbitrage, middle and steam. minExpectedValue, ' +
    'arbitrage or middles: that list alone. See jev://notes/no-vig-consensus and jev://notes/answers.',
  scope: 'read',
  hints: OPEN_WORLD_READ_HINTS, // a league's futures may be fetched from the odds provider during the call
  input: gameOddsInput,
  output: gameOddsOutput,
  async run(ctx, args) {
    if (args.alternates === true) return alternatesOf(ctx, args);
    if (args.futures === true) {
      refuseWithFutures(args);
      const { referenceBook } = await preferences(ctx, args.book);
      const key = JSON.stringify([ctx.user.id, args, referenceBook]);
      return ctx.caches.answer(ctx.tool, key, () => leagueFutures(ctx, args, referenceBook));
    }
    for (const list of ['arbitrage', 'middles'] as const) {
      if (args[list] !== true) continue;
      // Neither list uses a fair line: an arbitrage or a middle is the books' own prices.
      const others = ['minExpectedValue', 'minBooks', 'history', 'detail', 'fairLine', 'arbitrage', 'middles', 'maxHold'].filter(
        (name) => name !== list && !(list === 'arbitrage' && name === 'maxHold'),
      );
      refuseAnyGiven(args, others, listAlone(list));
    }
    if (args.maxHold !== undefined && args.arbitrage !== true) throw invalidInput([MAX_HOLD_ALONE]);
    const { referenceBook, timeZone } = await preferences(ctx, args.book);
    const markets = args.markets ?? [...GAME_MARKETS];
    const scan = valueScan(args);
    // The caller is part of the key: a page's nextCursor is the caller's own.
    const key = JSON.stringify([ctx.user.id, args, markets, referenceBook, timeZone]);
    return ctx.caches.answer(ctx.tool, key, () => gameOdds(ctx, args, { markets, referenceBook, timeZone, scan }));
  },
});

/** alternates: true: one game's alternate lines alone (./alternates.ts); refused without gameId or with a list option. */
function alternatesOf(ctx: ToolRun, args: GameOddsArgs) {
  if (args.gameId === undefined)
    throw invalidInput([
      {
        path: 'alternates',
        message: 'needs gameId: alternate lines are fetched one game at a time (list_games or get_game_odds give ids)',
      },
    ]);
  refuseAnyGiven(args, NOT_WITH_ALTERNATES, "cannot be given with alternates: true, which answers with the game's alternate lines alone");
  return gameAlternates(ctx, { ...args, gameId: args.gameId });
}

/** The value list's question, when minExpectedValue asks it: measured on the fair line asked for. */
function valueScan(args: { minExpectedValue?: number; minBooks?: number; fairLine?: FairLine }): ValueScan | undefined {
  if (args.minExpectedValue === undefined) return undefined;
  return {
    minExpectedValue: args.minExpectedValue,
    minBooks: args.minBooks ?? VALUE_MIN_BOOKS,
    ...(args.fairLine ? { fairLine: fairLineName(args.fairLine) } : {}),
  };
}

/** Says which fair line an answer is on, when the call chose one. */
const fairLineField = (line: FairLine | undefined) => (line ? { fairLine: fairLineName(line) } : {});

interface OddsQuery {
  markets: GameMarket[];
  referenceBook: string;
  timeZone: string;
  scan: ValueScan | undefined;
}

type GameOddsArgs = z.output<typeof gameOddsInput>;

/** The games an odds call covers: one game, or a league's games on a date or in the coming week. */
async function oddsGames(ctx: ToolRun, args: GameOddsArgs, timeZone: string, now: Date): Promise<GameRow[]> {
  if (args.gameId) return [await ctx.data.schedule.requireGameRow(args.gameId, args.sport)];
  const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
  const window = args.date ? sportsDays(args.date, args.date, timeZone) : upcomingWindow(now);
  return ctx.data.schedule.findGames({ sport: args.sport, ...window, teamId, excludeFinal: !args.date, priceVersion: true });
}

/** A date's window as the answer states it: the user's sports day (lib/time.ts), as oddsGames reads it. */
function dayWindow(date: string, timeZone: string) {
  const { from, to } = sportsDays(date, date, timeZone);
  return { from: instant(from), to: instant(to), timeZone };
}

/** Games in kickoff order, then by id: the order findGames returns and pages are cut in. */
const gameKey = (game: GameRow) => [game.startsAt.getTime(), game.id];
const GAME_ORDER = ['asc', 'asc'] as const;

async function gameOdds(ctx: ToolRun, args: GameOddsArgs, query: OddsQuery) {
  const now = ctx.now();
  const games = await oddsGames(ctx, args, query.timeZone, now);
  const header = {
    sport: args.sport,
    referenceBook: query.referenceBook,
    ...fairLineField(args.fairLine),
    // A date's window, as the answer used it: the user's sports day (lib/time.ts).
    ...(args.date ? { window: dayWindow(args.date, query.timeZone) } : {}),
    ...(games.some((g) => g.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    ...(games.length === 0
      ? await emptyNote(ctx, args.sport, `No ${args.sport.toUpperCase()} games with prices in that window. list_games shows the schedule.`)
      : {}),
  };
  const present = async (rows: GameRow[]) => {
    const { markets, referenceBook } = query;
    const lowHold = args.maxHold !== undefined;
    const priced = await ctx.pricing.games(rows, {
      markets,
      referenceBook,
      fairLine: args.fairLine,
      series: args.history === true,
      lowHold,
      now,
    });
    return rows.map((game) => ({ game, markets: priced.get(game.id)! }));
  };

  if (args.detail === 'full') {
    // Every field, paged like the default answer (a college week whole would be tens of thousands of tokens).
    const perPage = args.history === true ? GAMES_WITH_HISTORY_PER_PAGE : PAGE_SIZES.oddsGamesFull;
    const page = toolPage(ctx, args, perPage, games, gameKey, GAME_ORDER);
    // The value list scans every game of the call, whichever page of games is shown.
    const scanned = query.scan ? (await present(games)).map(({ game, markets }) => ({ ...gameView(game), markets })) : undefined;
    const shown = new Set(page.items.map((game) => game.id));
    const answered = scanned
      ? scanned.filter((game) => shown.has(game.gameId))
      : (await present(page.items)).map(({ game, markets }) => ({ ...gameView(game), markets }));
    return {
      ...header,
      games: answered,
      ...(query.scan && scanned ? valueList(scanned, query.scan, now, ctx.settings.oddsStaleMinutes) : {}),
      ...fullPageFields(page, 'games'),
    };
  }

  if (query.scan) {
    // The value question answers with the value: every game is scanned, only the value is shown.
    const presented = await present(games);
    const scanned = presented.map(({ game, markets }) => ({ gameId: game.id, markets }));
    const { value, valueNote } = valueList(scanned, query.scan, now, ctx.settings.oddsStaleMinutes);
    const byId = new Map(games.map((game) => [game.id, game]));
    const page = toolPage(ctx, args, VALUE_PER_PAGE, value, valueKey, VALUE_ORDER);
    const arbitrages = presented.some(({ markets }) => markets.some((market) => market.arbitrage));
    return {
      ...header,
      gamesScanned: games.length,
      value: page.items.map((entry) => conciseValue(byId.get(entry.gameId)!, entry)),
      valueNote: arbitrages
        ? `${valueNote} Some markets also hold an arbitrage: get_game_odds with arbitrage: true lists them.`
        : valueNote,
      ...pageFields(page, 'value entries'),
    };
  }

  if (args.arbitrage === true && args.maxHold !== undefined)
    return lowHoldList(ctx, args, args.maxHold, header, games, await present(games));

  if (args.arbitrage === true) {
    // Every game is scanned, only the arbitrages are shown, best worst-case return first.
    const found = (await present(games)).flatMap(({ game, markets }) =>
      markets.flatMap(({ market, arbitrage }) => (arbitrage ? [{ game, market, arbitrage }] : [])),
    );
    const arbitrageKey = (entry: (typeof found)[number]) => [entry.arbitrage.returnFraction, entry.game.id, entry.market];
    const page = toolPage(ctx, args, ARBITRAGES_PER_PAGE, found, arbitrageKey, ['desc', 'asc', 'asc']);
    return {
      ...header,
      gamesScanned: games.length,
      arbitrages: page.items.map(({ game, market, arbitrage }) => ({
        gameId: game.id,
        matchup: matchup(game),
        startsAt: instant(game.startsAt),
        market,
        ...conciseArbitrage(arbitrage),
      })),
      ...(found.length > 0 ? { arbitrageNote: ARBITRAGE_NOTE } : {}),
      ...pageFields(page, 'arbitrages'),
    };
  }

  if (args.middles === true) {
    // Every game is scanned, only the middles are shown, the cheapest miss first.
    const found = (await present(games)).flatMap(({ game, markets }) =>
      markets.flatMap(({ market, middle }) => (middle ? [{ game, market, middle }] : [])),
    );
    const middleKey = (entry: (typeof found)[number]) => [entry.middle.worstReturnFraction, entry.game.id, entry.market];
    const page = toolPage(ctx, args, MIDDLES_PER_PAGE, found, middleKey, ['desc', 'asc', 'asc']);
    return {
      ...header,
      gamesScanned: games.length,
      middles: page.items.map(({ game, market, middle }) => ({
        gameId: game.id,
        matchup: matchup(game),
        startsAt: instant(game.startsAt),
        market,
        ...conciseMiddle(middle),
      })),
      ...(found.length > 0 ? { middleNote: MIDDLE_NOTE } : {}),
      ...pageFields(page, 'middles'),
    };
  }

  const perPage = args.history === true ? GAMES_WITH_HISTORY_PER_PAGE : GAMES_PER_PAGE;
  const page = toolPage(ctx, args, perPage, games, gameKey, GAME_ORDER);
  const presented = await present(page.items);
  const shown = presented.map(({ game, markets }) => ({
    ...conciseGame(game),
    markets: markets.map(({ market, ...priced }) => ({ market, ...conciseMarket(priced) })),
  }));
  return {
    ...header,
    ...marketNotes(shown.flatMap((game) => game.markets)),
    games: shown,
    ...pageFields(page, 'games'),
  };
}

/**
 * arbitrage: true with maxHold: every market of the games whose best prices' hold is at most maxHold, one entry a market:
 * its arbitrage (a hold below 0, as the arbitrage list gives it) first, best worst-case return first; then the markets
 * whose lowest hold on one line (lib/betting/arbitrage.ts, sameLine) is at most maxHold, lowest first.
 */
function lowHoldList<Header extends object>(
  ctx: ToolRun,
  args: GameOddsArgs,
  maxHold: number,
  header: Header,
  games: readonly GameRow[],
  presented: readonly { game: GameRow; markets: readonly PricedGameMarket[] }[],
) {
  const found = presented.flatMap(({ game, markets }) => lowHoldMarkets(markets, maxHold).map((entry) => ({ game, ...entry })));
  const key = (entry: (typeof found)[number]) => [...lowHoldRank(entry), entry.game.id, entry.market.market];
  const page = toolPage(ctx, args, ARBITRAGES_PER_PAGE, found, key, ['asc', 'asc', 'asc', 'asc']);
  return {
    ...header,
    gamesScanned: games.length,
    lowHold: page.items.map((entry) => ({
      gameId: entry.game.id,
      matchup: matchup(entry.game),
      startsAt: instant(entry.game.startsAt),
      market: entry.market.market,
      ...lowHoldEntryFields(entry),
    })),
    ...lowHoldNotes(found),
    ...pageFields(page, 'markets'),
  };
}

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
  const others = await ctx.data.odds.gamesWith(sport, 'props', { from: new Date(ctx.now().getTime() - UPCOMING_LOOKBACK_MS), take: 5 });
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
    .min(1, 'must name at least one market (or leave it out for all)')
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
    const all = await ctx.pricing.props(game, {
      markets: args.markets,
      referenceBook,
      fairLine: args.fairLine,
      series: args.history === true,
    });
    const selected = onlyPlayer(all, args.player, 'in this game');
    const now = ctx.now();
    const priceNotes = [
      game.source === 'sample' ? SAMPLE_NOTE : undefined,
      selected.length === 0
        ? await noPropsNote(ctx, args.sport, () => ctx.pricing.props(game, { referenceBook, series: false }), args.markets)
        : undefined,
    ];
    const notes = {
      ...(refresh.note ? { note: refresh.note } : {}),
      ...(priceNotes.some(Boolean) ? { priceNote: priceNotes.filter(Boolean).join(' ') } : {}),
    };
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
        ...gameView(game),
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
      ...conciseGame(game),
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
    ctx.data.schedule.findGames({ sport: args.sport, ...window, excludeFinal: true }),
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
 * arbitrage: true over props, as get_game_odds over game markets: the arbitrages alone, best first; with maxHold the
 * low-hold list (./low-hold-list.ts): the arbitrages, then the markets whose hold on one line is at most maxHold, lowest
 * first. Every market of the games is priced; each entry names its game, market, player and the player's team.
 */
async function propsHeld(ctx: ToolRun, args: PropsArgs, { referenceBook, games, note }: PropsScope) {
  const now = ctx.now();
  const lowHold = args.maxHold !== undefined;
  const byGame = await ctx.pricing.gamesProps(games, { markets: args.markets, referenceBook, series: false, lowHold });
  const all = games.flatMap((game) => byGame.get(game.id)!.map((prop) => ({ game, prop })));
  const where = args.gameId ? 'in this game' : "in the league's coming week";
  const shown = new Set(
    onlyPlayer(
      all.map(({ prop }) => prop),
      args.player,
      where,
    ),
  );
  const priced = all
    .filter(({ prop }) => shown.has(prop))
    .map(({ game, prop }) => ({ game, market: prop.market, player: prop.player, ...prop.price(now) }));
  const header = {
    sport: args.sport,
    referenceBook,
    ...(note ? { note } : {}),
    ...(games.some((game) => game.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    gamesScanned: games.length,
  };
  const entryOf = async <Entry extends { game: GameRow; market: string; player: string }>(items: readonly Entry[]) => {
    const teams = await playerTeams(
      ctx,
      [...new Set(items.map((item) => item.game))],
      items.map((item) => item.player),
    );
    return (item: Entry) => {
      const team = teams.get(item.player);
      return {
        gameId: item.game.id,
        matchup: matchup(item.game),
        startsAt: instant(item.game.startsAt),
        market: item.market,
        player: item.player,
        ...(team ? { team } : {}),
      };
    };
  };

  if (args.maxHold !== undefined) {
    const found = lowHoldMarkets(priced, args.maxHold);
    const key = (entry: (typeof found)[number]) => [...lowHoldRank(entry), entry.market.game.id, entry.market.market, entry.market.player];
    const page = toolPage(ctx, args, ARBITRAGES_PER_PAGE, found, key, ['asc', 'asc', 'asc', 'asc', 'asc']);
    const entry = await entryOf(page.items.map((item) => item.market));
    return {
      ...header,
      lowHold: page.items.map((item) => ({ ...entry(item.market), ...lowHoldEntryFields(item) })),
      ...lowHoldNotes(found),
      ...pageFields(page, 'markets'),
    };
  }

  const found = priced.flatMap((market) => (market.arbitrage ? [{ ...market, arbitrage: market.arbitrage }] : []));
  const key = (entry: (typeof found)[number]) => [entry.arbitrage.returnFraction, entry.game.id, entry.market, entry.player];
  const page = toolPage(ctx, args, ARBITRAGES_PER_PAGE, found, key, ['desc', 'asc', 'asc', 'asc']);
  const entry = await entryOf(page.items);
  return {
    ...header,
    arbitrages: page.items.map((item) => ({ ...entry(item), ...conciseArbitrage(item.arbitrage) })),
    ...(found.length > 0 ? { arbitrageNote: ARBITRAGE_NOTE } : {}),
    ...pageFields(page, 'arbitrages'),
  };
}

/** The value list over `games`' props, best first, each entry with its game, player and the player's team. */
async function propsValue(ctx: ToolRun, args: PropsArgs, scan: ValueScan, referenceBook: string, games: GameRow[], note?: string) {
  const now = ctx.now();
  const byGame = await ctx.pricing.gamesProps(games, { markets: args.markets, referenceBook, fairLine: args.fairLine, series: false });
  const props = games.map((game) => ({ game, props: byGame.get(game.id)! }));
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
    gamesScanned: games.length,
    value: page.items.map((entry) => ({
      ...conciseValue(byId.get(entry.gameId)!, entry, teams.get(entry.player!)),
      player: entry.player!,
    })),
    valueNote: valueNote + empty,
    ...pageFields(page, 'value entries'),
  };
}
