import { z } from 'zod';
import { closestNames } from '@/lib/data/names';
import { outcomeRank } from '@/lib/data/market-core';
import { presentMarket, priceMarket, type PricedMarket } from '@/lib/data/pricing';
import { historyKey, type MarketHistory, type StoredPrice } from '@/lib/data/repositories/odds';
import { resolveTeam, type GameRow } from '@/lib/data/repositories/schedule';
import { GAME_MARKETS, type GameMarket, type Sport } from '@/lib/data/sports';
import { invalidInput } from '@/lib/errors';
import { DAY_MS, dayStart, emptyNote, gameView, preferences, SAMPLE_NOTE } from './data-answers';
import { OPEN_WORLD_READ_HINTS, READ_HINTS } from './hints';
import { book, expected, gameId, isoDate, player, sport, storable, team } from './inputs';
import { defineTool, type ToolContext } from './types';

// The odds tools: game markets and player props with the no-vig consensus at the reference book.

/** Without a date, odds cover games from a few hours ago (possibly live) to the coming week. */
const UPCOMING_LOOKBACK_MS = 4 * 3_600_000;
const UPCOMING_DAYS = 8;

function pricingOptions(ctx: ToolContext, referenceBook: string, now: Date, series = false) {
  return { referenceBook, now, staleMinutes: ctx.settings.oddsStaleMinutes, series };
}

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** One market's quotes in outcome order, priced against the consensus, with its movement. */
function priced(game: GameRow, quotes: StoredPrice[], options: ReturnType<typeof pricingOptions>, history: MarketHistory) {
  const rank = (outcome: string) => outcomeRank(game.homeTeam.abbreviation, game.awayTeam.abbreviation, outcome);
  quotes.sort((a, b) => rank(a.outcome) - rank(b.outcome));
  return priceMarket(quotes, { ...options, history: history.get(historyKey(quotes[0]!)) ?? [] });
}

const historyFlag = z
  .boolean({ error: expected('must be true or false') })
  .optional()
  .meta({
    description:
      "Adds per market `history`: the reference book's price and the consensus fair probability after each recorded change, for charts.",
  });

export const getGameOdds = defineTool({
  name: 'get_game_odds',
  title: 'Game odds with the no-vig consensus',
  description:
    'Moneyline (h2h), spread and total for one game, a team, a date or the coming week of a league, at the reference book. ' +
    'Per market: consensusBooks (books in the no-vig consensus, the reference included; 1 = the reference book alone, 0 = no consensus) ' +
    'and books (books pricing it). Per outcome: the reference price and point, impliedProbability, fairProbability (6 decimals), ' +
    'fairAmericanOdds, expectedValue (the reference price against the fair probability, per unit staked), the best price on the same ' +
    'bet with its book, its expectedValue against the fair probability and updatedAt/updatedAgo for each price. ' +
    "Movement per outcome: opening (the reference book's first recorded price and line, with when) and fairProbabilityChange (now minus 24 hours ago " +
    'at the same reference line; null without history). Per market: arbitrage (null, or when the best prices on the reference line imply less ' +
    'than 1 in total: impliedSum, returnPercent = 1/impliedSum - 1, legs with outcome, book, americanOdds and stakeShare summing to 1, and a note: ' +
    "never risk-free, each leg's age) and steam (null, or the latest outcome at least 3 books moved towards within 30 minutes: outcome, books, " +
    'from, to, ago). history: true adds a time series per market. minExpectedValue (a fraction, e.g. 0.02) adds value: every outcome whose best ' +
    'price has at least that expectedValue in a market with consensusBooks >= minBooks (default 3), best first, stale prices left out and counted ' +
    "in valueNote. State every price's updatedAgo and pass on any priceNote or note " +
    '(stale prices, a market the reference book does not price, sample data). The consensus uses only books at the reference line.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    sport,
    gameId: gameId.optional(),
    team: team.optional(),
    date: isoDate
      .optional()
      .meta({ description: "Games starting on this date (YYYY-MM-DD, in the user's time zone); default: the coming week." }),
    markets: z
      .array(z.enum(GAME_MARKETS, { error: `must be one of ${GAME_MARKETS.join(', ')}` }), {
        error: expected('must be an array of markets'),
      })
      .min(1, 'must name at least one market (or leave it out for all)')
      .optional()
      .meta({ description: 'Markets to return: h2h (moneyline), spreads, totals; default all three.' }),
    book: book.optional(),
    minExpectedValue: z
      .number({ error: expected('must be a number: an expected value per unit staked as a fraction (0.02 = 2%)') })
      .min(-1, 'must be -1 or more (a fraction, not a percentage)')
      .max(10, 'must be 10 or less (a fraction, not a percentage)')
      .optional()
      .meta({
        description:
          'Scan for value: list every outcome whose best price has at least this expectedValue per unit staked (a fraction, 0.02 = 2%).',
      }),
    minBooks: z
      .int({ error: expected('must be a whole number of books') })
      .min(1, 'must be at least 1')
      .max(50, 'must be at most 50')
      .optional()
      .meta({
        description:
          'With minExpectedValue: only markets whose consensus joins at least this many books (default 3; one book is no evidence).',
      }),
    history: historyFlag,
  }),
  async run(ctx, args) {
    const { referenceBook, timeZone } = await preferences(ctx, args.book);
    const markets = args.markets ?? [...GAME_MARKETS];
    const scan =
      args.minExpectedValue === undefined ? undefined : { minExpectedValue: args.minExpectedValue, minBooks: args.minBooks ?? 3 };
    const key = JSON.stringify([
      args.sport,
      args.gameId,
      args.team,
      args.date,
      markets,
      referenceBook,
      timeZone,
      scan,
      args.history === true,
    ]);
    return ctx.caches.get('game_odds', key, () => gameOdds(ctx, args, markets, referenceBook, timeZone, scan));
  },
});

interface ValueScan {
  minExpectedValue: number;
  minBooks: number;
}

/** Every outcome whose best price meets the scan, best first; stale best prices are left out and counted. */
function valueList(
  games: { gameId: string; markets: ({ market: string } & PricedMarket)[] }[],
  scan: ValueScan,
  now: Date,
  staleMinutes: number,
) {
  const value = [];
  let stale = 0;
  for (const game of games) {
    for (const market of game.markets) {
      if (market.consensusBooks < scan.minBooks) continue;
      for (const outcome of market.outcomes) {
        const best = outcome.best;
        if (!best || best.expectedValue === undefined || outcome.fairProbability === null || best.expectedValue < scan.minExpectedValue)
          continue;
        if (now.getTime() - Date.parse(best.updatedAt) > staleMinutes * 60_000) {
          stale++;
          continue;
        }
        value.push({
          gameId: game.gameId,
          market: market.market,
          outcome: outcome.outcome,
          point: outcome.point,
          book: best.book,
          americanOdds: best.americanOdds,
          fairProbability: outcome.fairProbability,
          expectedValue: best.expectedValue,
          consensusBooks: market.consensusBooks,
          updatedAgo: best.updatedAgo,
        });
      }
    }
  }
  value.sort((a, b) => b.expectedValue - a.expectedValue || a.gameId.localeCompare(b.gameId) || a.market.localeCompare(b.market));
  const valueNote =
    `${value.length} outcome${value.length === 1 ? '' : 's'} with a best-price expectedValue of at least ${scan.minExpectedValue} in markets ` +
    `with consensusBooks >= ${scan.minBooks}` +
    (stale > 0 ? `; ${stale} more left out because the best price is older than ${staleMinutes} minutes (stale).` : '.') +
    ' Expected value is against the no-vig consensus, not a promised profit.';
  return { value, valueNote };
}

async function gameOdds(
  ctx: ToolContext,
  args: { sport: Sport; gameId?: string; team?: string; date?: string; history?: boolean },
  markets: GameMarket[],
  referenceBook: string,
  timeZone: string,
  scan: ValueScan | undefined,
) {
  const now = ctx.now();
  let games: GameRow[];
  if (args.gameId) {
    games = [await ctx.data.schedule.requireGameRow(args.gameId, args.sport)];
  } else {
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const window = args.date
      ? { from: dayStart(args.date, timeZone), to: new Date(dayStart(args.date, timeZone).getTime() + DAY_MS) }
      : { from: new Date(now.getTime() - UPCOMING_LOOKBACK_MS), to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS) };
    games = await ctx.data.schedule.findGames({ sport: args.sport, ...window, teamId, excludeFinal: !args.date, priceVersion: true });
  }
  const priced = await ctx.data.odds.pricedGames(games, markets, referenceBook, { series: args.history === true });
  const staleMinutes = ctx.settings.oddsStaleMinutes;
  const answered = games.map((game) => {
    const cores = priced.get(game.id)!;
    return { ...gameView(game), markets: [...cores].map(([market, core]) => ({ market, ...presentMarket(core, now, staleMinutes) })) };
  });
  return {
    sport: args.sport,
    referenceBook,
    ...(games.some((g) => g.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    ...(games.length === 0
      ? await emptyNote(ctx, args.sport, `No ${args.sport.toUpperCase()} games with prices in that window. list_games shows the schedule.`)
      : {}),
    games: answered,
    ...(scan ? valueList(answered, scan, now, staleMinutes) : {}),
  };
}

export const getPlayerProps = defineTool({
  name: 'get_player_props',
  title: 'Player props with the no-vig consensus',
  description:
    "Player-prop markets of one game (e.g. player_pass_yds, player_points, player_anytime_td), per player: the reference book's " +
    'over/under (or yes) price and line, the no-vig consensus (consensusBooks, fairProbability, fairAmericanOdds, expectedValue) exactly ' +
    "as get_game_odds, the best price on the same line, and each price's updatedAgo. One-sided markets such as anytime touchdown list " +
    'only "yes": consensusBooks is 0 and there is no fair price. The best price carries its expectedValue; each market carries arbitrage ' +
    'and steam, each outcome opening and fairProbabilityChange, and history: true adds the time series, all exactly as get_game_odds. Props older than a few minutes are refreshed from the provider when ' +
    'one is set up; if it fails, stored props are returned with a note. Pass on every priceNote and note.',
  scope: 'read',
  hints: OPEN_WORLD_READ_HINTS, // props may be fetched from the odds provider during the call
  input: z.strictObject({
    sport,
    gameId,
    markets: z
      .array(storable(z.string()).regex(/^[a-z_]{3,60}$/, 'must be a prop market key such as player_pass_yds'), {
        error: expected('must be an array of prop markets'),
      })
      .min(1, 'must name at least one market (or leave it out for all)')
      .optional()
      .meta({ description: 'Prop market keys to return (e.g. player_pass_yds, player_points); default all stored for the game.' }),
    player: player.optional().meta({ description: "Only this player's props." }),
    book: book.optional(),
    history: historyFlag,
  }),
  async run(ctx, args) {
    const game = await ctx.data.schedule.requireGameRow(args.gameId, args.sport);
    const { referenceBook } = await preferences(ctx, args.book);
    const source = { odds: ctx.providers.odds, ttlMs: ctx.settings.propsTtlSeconds * 1000 };
    const refresh = await ctx.data.odds.refreshProps(source, game, ctx.now());
    const [rows, history] = await Promise.all([
      ctx.data.odds.propPrices(game.id, args.markets),
      ctx.data.odds.marketHistory([game.id], args.markets, { props: true }),
    ]);
    let selected = rows;
    if (args.player) {
      const wanted = args.player.toLowerCase();
      selected = rows.filter((row) => row.player.toLowerCase() === wanted);
      if (selected.length === 0 && rows.length > 0) {
        const players = [...new Set(rows.map((row) => row.player))];
        const closest = closestNames(
          args.player,
          players.map((name) => ({ name, spellings: [name] })),
        );
        throw invalidInput([{ path: 'player', message: `no props for "${args.player}" in this game; closest: ${closest.join(', ')}` }]);
      }
    }
    const options = pricingOptions(ctx, referenceBook, ctx.now(), args.history === true);
    const groups = groupBy(selected, (row) => `${row.market}|${row.player}`);
    const priceNotes = [
      game.source === 'sample' ? SAMPLE_NOTE : undefined,
      groups.size === 0 ? 'No player props are stored for this game yet.' : undefined,
    ];
    return {
      ...gameView(game),
      referenceBook,
      ...(refresh.note ? { note: refresh.note } : {}),
      ...(priceNotes.some(Boolean) ? { priceNote: priceNotes.filter(Boolean).join(' ') } : {}),
      props: [...groups.values()].map((quotes) => ({
        market: quotes[0]!.market,
        player: quotes[0]!.player,
        ...priced(game, quotes, options, history),
      })),
    };
  },
});
