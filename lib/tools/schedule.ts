import { z } from 'zod';
import { resolveTeam } from '@/lib/data/teams';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { fullPageSchemaFields, PAGE_SIZES, pageFields, pageSchemaFields, toolPage, type PagingArgs } from './pages';
import { conciseGame, conciseGameSchema, fullGame, fullGameSchema, statusNote } from './game-fields';
import { dateRange } from './preferences';
import { fullWindowSchema, windowDays, windowInstants, windowSchema } from './date-window';
import { emptyNote, sampleNote } from './source-notes';
import { READ_HINTS } from './hints';
import { cursor, detail, isoDate, pageLimit, sport, SPORTS_DAY, team } from './inputs';
import { defineTool } from './types';

// The schedule tools: games between two dates, and the finals with their winners.

export const MAX_SCHEDULE_DAYS = 14;
export const MAX_RESULTS_DAYS = 31;
const DEFAULT_RESULTS_DAYS = 7;

const GAMES_PER_PAGE = PAGE_SIZES.scheduleGames;

const rangeArgs = {
  sport,
  from: isoDate.optional().meta({ description: `YYYY-MM-DD: a day in the user's time zone from ${SPORTS_DAY}.` }),
  to: isoDate.optional().meta({ description: 'YYYY-MM-DD, inclusive, read like from.' }),
  team: team.optional(),
  detail,
  limit: pageLimit(GAMES_PER_PAGE, 500, 'games'),
  cursor,
};

const note = z.string().optional();
/** A listed game's own note: why its status is not the stored one (./game-fields.ts, statusNote). */
const listedGame = { note };

const scheduleFull = z.object({
  sport: z.string(),
  ...fullWindowSchema,
  note,
  games: z.array(fullGameSchema.extend(listedGame)),
  ...fullPageSchemaFields,
});
const resultsFull = z.object({
  sport: z.string(),
  ...fullWindowSchema,
  note,
  results: z.array(fullGameSchema.extend({ winner: z.string().nullable() })),
  ...fullPageSchemaFields,
});

/** Paged always in the concise answer, and in the full one only when asked (so it stays as it always was). */
function gamesPage(ctx: Parameters<typeof toolPage>[0], args: PagingArgs & { detail?: string }, games: GameRow[], order: 'asc' | 'desc') {
  const full = args.detail === 'full';
  if (full && args.limit === undefined && args.cursor === undefined) return { games, full: {}, concise: {} };
  const page = toolPage(ctx, args, GAMES_PER_PAGE, games, (g) => [g.startsAt.getTime(), g.id], [order, 'asc']);
  return {
    games: page.items,
    full: { remaining: page.remaining, nextCursor: page.nextCursor ?? null },
    concise: pageFields(page, 'games'),
  };
}

export const listGames = defineTool({
  name: 'list_games',
  title: 'Schedule',
  description:
    `Games of a league between two dates (default the next 7 days; at most ${MAX_SCHEDULE_DAYS}), optionally one team's, paged: ` +
    'id, kickoff, matchup and scores once final. Use the ids with the other tools.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject(rangeArgs),
  output: z.union([
    z.object({
      sport: z.string(),
      ...windowSchema,
      note,
      games: z.array(conciseGameSchema.extend(listedGame)),
      ...pageSchemaFields,
    }),
    scheduleFull,
  ]),
  fullOutput: scheduleFull,
  async run(ctx, args) {
    const range = await dateRange(ctx, args.from, args.to, { back: 0, ahead: 7 }, MAX_SCHEDULE_DAYS);
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const games = await ctx.data.schedule.findGames({ sport: args.sport, from: range.from, to: range.to, teamId });
    const notes =
      games.length === 0 ? await emptyNote(ctx, args.sport, 'No games in that window.', range) : sampleNote(games.map((g) => g.source));
    const page = gamesPage(ctx, args, games, 'asc');
    const now = ctx.now();
    const why = (game: GameRow) => {
      const note = statusNote(game, now);
      return note ? { note } : {};
    };
    if (args.detail !== 'full') {
      const listed = page.games.map((game) => ({ ...conciseGame(game, now), ...why(game) }));
      return { sport: args.sport, ...windowDays(range), ...notes, games: listed, ...page.concise };
    }
    const listed = page.games.map((game) => ({ ...fullGame(game, now), ...why(game) }));
    return { sport: args.sport, ...windowInstants(range), ...notes, games: listed, ...page.full };
  },
});

export const getGameResults = defineTool({
  name: 'get_game_results',
  title: 'Results (final scores)',
  description:
    `Final scores of a league between two dates (default the last ${DEFAULT_RESULTS_DAYS} days, today's included; at most ${MAX_RESULTS_DAYS}), ` +
    "optionally one team's, newest first and paged, with the winner (null for a draw).",
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject(rangeArgs),
  output: z.union([
    z.object({
      sport: z.string(),
      ...windowSchema,
      note,
      results: z.array(conciseGameSchema.extend({ winner: z.string().nullable() })),
      ...pageSchemaFields,
    }),
    resultsFull,
  ]),
  fullOutput: resultsFull,
  async run(ctx, args) {
    // The last DEFAULT_RESULTS_DAYS sports days, today's included: this afternoon's finals are results too.
    const lastDays = { back: DEFAULT_RESULTS_DAYS - 1, ahead: DEFAULT_RESULTS_DAYS };
    const range = await dateRange(ctx, args.from, args.to, lastDays, MAX_RESULTS_DAYS);
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const games = await ctx.data.schedule.findGames({
      sport: args.sport,
      from: range.from,
      to: range.to,
      teamId,
      status: 'final',
      order: 'desc',
    });
    const winner = (game: GameRow) =>
      game.homeScore === null || game.awayScore === null || game.homeScore === game.awayScore
        ? null
        : game.homeScore > game.awayScore
          ? game.homeTeam.abbreviation
          : game.awayTeam.abbreviation;
    const page = gamesPage(ctx, args, games, 'desc');
    const now = ctx.now();
    const notes =
      games.length === 0 ? await emptyNote(ctx, args.sport, 'No finals in that window.', range) : sampleNote(games.map((g) => g.source));
    if (args.detail !== 'full') {
      const results = page.games.map((game) => ({ ...conciseGame(game, now), winner: winner(game) }));
      return { sport: args.sport, ...windowDays(range), ...notes, results, ...page.concise };
    }
    const results = page.games.map((game) => ({ ...fullGame(game, now), winner: winner(game) }));
    return { sport: args.sport, ...windowInstants(range), ...notes, results, ...page.full };
  },
});
