import { z } from 'zod';
import { fairLineField } from '@/lib/betting/fair-line';
import { GAME_MARKETS, type GameMarket } from '@/lib/betting/grading';
import type { PricedGameMarket } from '@/lib/pricing';
import { asOffered, isOffered } from '@/lib/data/kick-off';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { resolveTeam } from '@/lib/data/teams';
import { invalidInput } from '@/lib/errors';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { conciseGame, fullGame, gameNote } from './game-fields';
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
  flag,
  isoDate,
  minBooks,
  NO_MARKET_MESSAGE,
  minExpectedValue,
  pageLimit,
  sport,
  SPORTS_DAY,
  refuseAnyGiven,
  team,
} from './inputs';
import { DAY_MS, HOUR_MS } from '@/lib/time';
import { dayWindow, windowDays, windowInstants, type DayWindow } from './date-window';
import { fullPageFields, PAGE_SIZES, pageFields, toolPage } from './pages';
import { conciseMarket, marketNotes } from './concise-market';
import { arbitrageFlag, listAlone, MAX_HOLD_ALONE, maxHoldInput } from './low-hold-list';
import { arbitrageList, GAME_MARKET_PLACING, lowHoldList, middleList, type OfferedGame } from './market-lists';
import { gameAlternates, NOT_WITH_ALTERNATES } from './alternates';
import { FUTURES_ALONE, futuresFlag, leagueFutures, NOT_WITH_FUTURES } from './futures';
import { gameOddsFull, gameOddsOutput } from './odds-schemas';
import { conciseValue, VALUE_ORDER, valueKey, valueList, valueScan, type ValueScan } from './value-list';
import { defineTool, type ToolRun } from './types';

// get_game_odds: a league's or a game's markets with the no-vig consensus at the reference book (player props: ./player-props.ts).

/** Without a date, odds cover games from a few hours ago (possibly live) to the coming week. */
const UPCOMING_LOOKBACK_MS = 4 * HOUR_MS;
const UPCOMING_DAYS = 8;

/** The coming week as the odds tools read it when no date is given: from a few hours ago (possibly live) on. */
export const upcomingWindow = (now: Date) => ({
  from: new Date(now.getTime() - UPCOMING_LOOKBACK_MS),
  to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS),
});

export const historyFlag = flag()
  .optional()
  .meta({ description: 'Adds per market the reference price and consensus over time, for charts.' });

const { oddsGames: GAMES_PER_PAGE, oddsGamesWithHistory: GAMES_WITH_HISTORY_PER_PAGE, valueEntries: VALUE_PER_PAGE } = PAGE_SIZES;

const gameOddsInput = z.strictObject({
  sport,
  gameId: gameId.optional(),
  team: team.optional(),
  date: isoDate.optional().meta({ description: `YYYY-MM-DD: a day in the user's time zone from ${SPORTS_DAY}.` }),
  markets: z
    .array(z.enum(GAME_MARKETS, { error: `must be one of ${GAME_MARKETS.join(', ')}` }), {
      error: expected('must be an array of markets'),
    })
    .min(1, NO_MARKET_MESSAGE)
    .optional(),
  book: book.optional(),
  fairLine,
  minExpectedValue,
  minBooks,
  arbitrage: arbitrageFlag.meta({ description: 'The arbitrages alone, best first.' }),
  maxHold: maxHoldInput.meta({ description: 'With arbitrage: also markets holding at most this (0.02 = 2%).' }),
  middles: flag().optional().meta({ description: 'The middles alone.' }),
  alternates: flag().optional().meta({ description: 'With gameId: its alternate spreads and totals alone.' }),
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
  fullOutput: gameOddsFull,
  async run(ctx, args) {
    if (args.alternates === true) return alternatesOf(ctx, args);
    if (args.futures === true) {
      refuseAnyGiven(args, NOT_WITH_FUTURES, FUTURES_ALONE);
      const { referenceBook } = await preferences(ctx, args.book);
      const key = JSON.stringify([ctx.user.id, args, referenceBook]);
      return ctx.caches.answer(ctx.tool, key, () => leagueFutures(ctx, args, referenceBook));
    }
    for (const list of ['arbitrage', 'middles'] as const) {
      if (args[list] !== true) continue;
      // Neither list uses a fair line: an arbitrage or a middle is the books' own prices.
      const others = (['minExpectedValue', 'minBooks', 'history', 'detail', 'fairLine', 'arbitrage', 'middles', 'maxHold'] as const).filter(
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

interface OddsQuery {
  markets: GameMarket[];
  referenceBook: string;
  timeZone: string;
  scan: ValueScan | undefined;
}

type GameOddsArgs = z.output<typeof gameOddsInput>;

/**
 * The games an odds call covers: one game, or a league's games on a date or in the coming week (the games still offered;
 * a date's answer holds its finals too, with their last prices, which its lists leave out).
 */
async function oddsGames(ctx: ToolRun, args: GameOddsArgs, day: DayWindow | undefined, now: Date): Promise<GameRow[]> {
  if (args.gameId) return [await ctx.data.schedule.requireGameRow(args.gameId, args.sport)];
  const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
  const { from, to } = day ?? upcomingWindow(now);
  return ctx.data.schedule.findGames({ sport: args.sport, from, to, teamId, offered: !day, priceVersion: true });
}

/** Games in kickoff order, then by id: the order findGames returns and pages are cut in. */
const gameKey = (game: GameRow) => [game.startsAt.getTime(), game.id];
const GAME_ORDER = ['asc', 'asc'] as const;

/**
 * What every form of the answer starts from: the call's games, the answer's header and a way to price games. The
 * header's window is the concise one, or in the full answer the one with the instants (`Echo`, ./date-window.ts).
 */
interface OddsScan<Echo extends WindowEcho = typeof windowDays> {
  games: GameRow[];
  header: Awaited<ReturnType<typeof oddsHeader<Echo>>>;
  now: Date;
  present: (rows: readonly GameRow[]) => Promise<PresentedGame[]>;
}

type PresentedGame = { game: OfferedGame; markets: PricedGameMarket[] };

/** The answer to an odds call about games: the form its arguments ask for. */
async function gameOdds(ctx: ToolRun, args: GameOddsArgs, query: OddsQuery) {
  const now = ctx.now();
  // A date's window: the user's sports day (lib/time.ts), echoed as list_games echoes its days (./date-window.ts).
  const day = args.date ? dayWindow(args.date, args.date, query.timeZone) : undefined;
  const games = await oddsGames(ctx, args, day, now);
  // A game under way is priced by its prices since kick-off alone, whichever form of the answer shows it.
  const present = async (rows: readonly GameRow[]) => {
    const offered = rows.map((game) => asOffered(game, now));
    const priced = await ctx.pricing.games(offered, {
      markets: query.markets,
      referenceBook: query.referenceBook,
      fairLine: args.fairLine,
      series: args.history === true,
      lowHold: args.maxHold !== undefined,
      now,
    });
    return offered.map((game) => ({ game, markets: priced.get(game.id)! }));
  };
  if (args.detail === 'full') {
    const header = await oddsHeader(ctx, args, query, games, day, windowInstants);
    return fullOdds(ctx, args, query.scan, { games, header, now, present });
  }
  const scan: OddsScan = { games, header: await oddsHeader(ctx, args, query, games, day, windowDays), now, present };
  if (query.scan) return valueOdds(ctx, args, query.scan, scan);
  if (args.arbitrage === true && args.maxHold !== undefined)
    return { ...scan.header, ...(await lowHoldList(ctx, args, args.maxHold, gameMarkets(scan))) };
  if (args.arbitrage === true) return { ...scan.header, ...(await arbitrageList(ctx, args, gameMarkets(scan))) };
  if (args.middles === true) return { ...scan.header, ...(await middleList(ctx, args, gameMarkets(scan))) };
  return conciseOdds(ctx, args, scan);
}

/** How an answer echoes a date's window: its day alone, or in the full answer with the instants (./date-window.ts). */
type WindowEcho = typeof windowDays | typeof windowInstants;

async function oddsHeader<Echo extends WindowEcho>(
  ctx: ToolRun,
  args: GameOddsArgs,
  query: OddsQuery,
  games: readonly GameRow[],
  day: DayWindow | undefined,
  echo: Echo,
) {
  return {
    sport: args.sport,
    referenceBook: query.referenceBook,
    ...fairLineField(args.fairLine),
    ...(day ? { window: echo(day) as ReturnType<Echo> } : {}),
    ...(games.some((g) => g.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    ...(games.length === 0
      ? await emptyNote(
          ctx,
          args.sport,
          `No ${args.sport.toUpperCase()} games with prices in that window. list_games shows the schedule.`,
          day,
        )
      : {}),
  };
}

/** A game's own note: why its status is not the stored one, and under way, that it shows only prices since kick-off. */
function priceNote(game: OfferedGame, markets: readonly PricedGameMarket[], now: Date) {
  const note = gameNote(game, markets.length > 0, now);
  return note === undefined ? {} : { priceNote: note };
}

/** The default answer: a page of games, each market concise. */
async function conciseOdds(ctx: ToolRun, args: GameOddsArgs, { games, header, now, present }: OddsScan) {
  const perPage = args.history === true ? GAMES_WITH_HISTORY_PER_PAGE : GAMES_PER_PAGE;
  const page = toolPage(ctx, args, perPage, games, gameKey, GAME_ORDER);
  const shown = (await present(page.items)).map(({ game, markets }) => ({
    ...conciseGame(game, now),
    ...priceNote(game, markets, now),
    markets: markets.map(({ market, ...priced }) => ({ market, ...conciseMarket(priced) })),
  }));
  return {
    ...header,
    ...marketNotes(shown.flatMap((game) => game.markets)),
    games: shown,
    ...pageFields(page, 'games'),
  };
}

/** detail: "full": every field, paged like the default answer (a college week whole would be tens of thousands of tokens). */
async function fullOdds(
  ctx: ToolRun,
  args: GameOddsArgs,
  valueAsked: ValueScan | undefined,
  { games, header, now, present }: OddsScan<typeof windowInstants>,
) {
  const perPage = args.history === true ? GAMES_WITH_HISTORY_PER_PAGE : PAGE_SIZES.oddsGamesFull;
  const page = toolPage(ctx, args, perPage, games, gameKey, GAME_ORDER);
  const shown = (await present(page.items)).map(({ game, markets }) => ({
    ...fullGame(game, now),
    ...priceNote(game, markets, now),
    markets,
  }));
  return {
    ...header,
    games: shown,
    // The value list scans every game of the call still offered, whichever page of games is shown.
    ...(valueAsked ? valueList(await offeredMarkets(games, present), valueAsked, now, ctx.settings.oddsStaleMinutes) : {}),
    ...fullPageFields(page, 'games'),
  };
}

/**
 * The markets of the games still offered, as the lists of bets to make scan them: a final game's last prices are its
 * close (and a game in play is priced by its prices since kick-off alone, as present prices every game).
 */
async function offeredMarkets(games: readonly GameRow[], present: OddsScan['present']) {
  return (await present(games.filter(isOffered))).map(({ game, markets }) => ({ gameId: game.id, markets }));
}

/** The value question answers with the value: every game still offered is scanned, only the value is shown. */
async function valueOdds(ctx: ToolRun, args: GameOddsArgs, valueAsked: ValueScan, { games, header, now, present }: OddsScan) {
  const scanned = await offeredMarkets(games, present);
  const { value, valueNote } = valueList(scanned, valueAsked, now, ctx.settings.oddsStaleMinutes);
  const byId = new Map(games.map((game) => [game.id, game]));
  const page = toolPage(ctx, args, VALUE_PER_PAGE, value, valueKey, VALUE_ORDER);
  // The arbitrage list scans the same markets: it is pointed to only when it would list one.
  const arbitrages = scanned.some(({ markets }) => markets.some((market) => market.arbitrage));
  return {
    ...header,
    gamesScanned: scanned.length,
    value: page.items.map((entry) => conciseValue(byId.get(entry.gameId)!, entry)),
    valueNote: arbitrages ? `${valueNote} Some markets also hold an arbitrage: get_game_odds with arbitrage: true lists them.` : valueNote,
    ...pageFields(page, 'value entries'),
  };
}

/** The call's game markets as the lists of bets to make scan them (./market-lists.ts). */
const gameMarkets = ({ games, present }: OddsScan) => ({
  games,
  price: async (offered: readonly OfferedGame[]) =>
    (await present(offered)).flatMap(({ game, markets }) => markets.map((market) => ({ game, ...market }))),
  placing: GAME_MARKET_PLACING,
});
