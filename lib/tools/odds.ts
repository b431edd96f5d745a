import { z } from 'zod';
import { closestNames } from '@/lib/data/names';
import { priceMarket } from '@/lib/data/pricing';
import type { StoredPrice } from '@/lib/data/repositories/odds';
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

/** Home side first, then the draw, then away; over before under; for props by player. */
function outcomeRank(game: GameRow, outcome: string): number {
  return [game.homeTeam.abbreviation, 'draw', game.awayTeam.abbreviation, 'over', 'yes', 'under', 'no'].indexOf(outcome);
}

function pricingOptions(ctx: ToolContext, referenceBook: string, now: Date) {
  return { referenceBook, now, staleMinutes: ctx.settings.oddsStaleMinutes };
}

function groupPrices(rows: readonly StoredPrice[], key: (row: StoredPrice) => string): Map<string, StoredPrice[]> {
  const groups = new Map<string, StoredPrice[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** One market's quotes in outcome order, priced against the consensus. */
function priced(game: GameRow, quotes: StoredPrice[], options: ReturnType<typeof pricingOptions>) {
  quotes.sort((a, b) => outcomeRank(game, a.outcome) - outcomeRank(game, b.outcome));
  return priceMarket(quotes, options);
}

export const getGameOdds = defineTool({
  name: 'get_game_odds',
  title: 'Game odds with the no-vig consensus',
  description:
    'Moneyline (h2h), spread and total for one game, a team, a date or the coming week of a league, at the reference book. ' +
    'Per market: consensusBooks (books in the no-vig consensus, the reference included; 1 = the reference book alone, 0 = no consensus) ' +
    'and books (books pricing it). Per outcome: the reference price and point, impliedProbability, fairProbability (6 decimals), ' +
    'fairAmericanOdds, expectedValue (the reference price against the fair probability, per unit staked), the best price on the same ' +
    "bet with its book, and updatedAt/updatedAgo for each price. State every price's updatedAgo and pass on any priceNote or note " +
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
  }),
  async run(ctx, args) {
    const { referenceBook, timeZone } = await preferences(ctx, args.book);
    const markets = args.markets ?? [...GAME_MARKETS];
    const key = JSON.stringify([args.sport, args.gameId, args.team, args.date, markets, referenceBook, timeZone]);
    return ctx.caches.get('game_odds', key, () => gameOdds(ctx, args, markets, referenceBook, timeZone));
  },
});

async function gameOdds(
  ctx: ToolContext,
  args: { sport: Sport; gameId?: string; team?: string; date?: string },
  markets: GameMarket[],
  referenceBook: string,
  timeZone: string,
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
    games = await ctx.data.schedule.findGames({ sport: args.sport, ...window, teamId, excludeFinal: !args.date });
  }
  const rows = await ctx.data.odds.gamePrices(
    games.map((g) => g.id),
    markets,
  );
  const byGameMarket = groupPrices(rows, (row) => `${row.gameId}|${row.market}`);
  const options = pricingOptions(ctx, referenceBook, now);
  return {
    sport: args.sport,
    referenceBook,
    ...(games.some((g) => g.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    ...(games.length === 0
      ? await emptyNote(ctx, args.sport, `No ${args.sport.toUpperCase()} games with prices in that window. list_games shows the schedule.`)
      : {}),
    games: games.map((game) => ({
      ...gameView(game),
      markets: markets.flatMap((market) => {
        const quotes = byGameMarket.get(`${game.id}|${market}`);
        return quotes ? [{ market, ...priced(game, quotes, options) }] : [];
      }),
    })),
  };
}

export const getPlayerProps = defineTool({
  name: 'get_player_props',
  title: 'Player props with the no-vig consensus',
  description:
    "Player-prop markets of one game (e.g. player_pass_yds, player_points, player_anytime_td), per player: the reference book's " +
    'over/under (or yes) price and line, the no-vig consensus (consensusBooks, fairProbability, fairAmericanOdds, expectedValue) exactly ' +
    "as get_game_odds, the best price on the same line, and each price's updatedAgo. One-sided markets such as anytime touchdown list " +
    'only "yes": consensusBooks is 0 and there is no fair price. Props older than a few minutes are refreshed from the provider when ' +
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
  }),
  async run(ctx, args) {
    const game = await ctx.data.schedule.requireGameRow(args.gameId, args.sport);
    const { referenceBook } = await preferences(ctx, args.book);
    const source = { odds: ctx.providers.odds, ttlMs: ctx.settings.propsTtlSeconds * 1000 };
    const refresh = await ctx.data.odds.refreshProps(source, game, ctx.now());
    const rows = await ctx.data.odds.propPrices(game.id, args.markets);
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
    const options = pricingOptions(ctx, referenceBook, ctx.now());
    const groups = groupPrices(selected, (row) => `${row.market}|${row.player}`);
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
        ...priced(game, quotes, options),
      })),
    };
  },
});
