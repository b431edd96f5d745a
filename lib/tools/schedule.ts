import { z } from 'zod';
import { resolveTeam } from '@/lib/data/repositories/schedule';
import { dateRange, emptyNote, gameView, sampleNote } from './data-answers';
import { READ_HINTS } from './hints';
import { isoDate, sport, team } from './inputs';
import { defineTool } from './types';

// The schedule tools: games between two dates, and the finals with their winners.

const MAX_SCHEDULE_DAYS = 14;
const MAX_RESULTS_DAYS = 31;
const DEFAULT_RESULTS_DAYS = 7;

const rangeArgs = {
  sport,
  from: isoDate.optional().meta({ description: "First date (YYYY-MM-DD, in the user's time zone)." }),
  to: isoDate.optional().meta({ description: 'Last date, inclusive (YYYY-MM-DD).' }),
  team: team.optional(),
};

/** YYYY-MM-DD of an instant in a time zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export const listGames = defineTool({
  name: 'list_games',
  title: 'Schedule',
  description:
    `Games of a league between two dates (default: today and the next 7 days; at most ${MAX_SCHEDULE_DAYS} days, else 422 limit), ` +
    'optionally for one team: game id, start time, status, teams, venue and roof, and scores once final. Use the game ids with the other tools. ' +
    "The answer echoes from and to as given (YYYY-MM-DD; defaults in the same form), with the user's timeZone and the window as " +
    "instants, startsFrom (inclusive) and startsBefore (exclusive). A game id carries the league's local date (US Eastern; UK time " +
    "for the EPL), so a Monday-night kickoff is dated Monday. team takes an abbreviation, a full name or a pro team's nickname (Lions).",
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject(rangeArgs),
  async run(ctx, args) {
    const range = await dateRange(ctx, args.from, args.to, { back: 0, ahead: 7 }, MAX_SCHEDULE_DAYS);
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const games = await ctx.data.schedule.findGames({ sport: args.sport, from: range.from, to: range.to, teamId });
    const note = games.length === 0 ? await emptyNote(ctx, args.sport, 'No games in that window.') : sampleNote(games.map((g) => g.source));
    return {
      sport: args.sport,
      // The dates as the caller gave them; defaults in the same YYYY-MM-DD form, in the user's time zone.
      from: args.from ?? localDate(range.from, range.timeZone),
      to: args.to ?? localDate(new Date(range.to.getTime() - 1), range.timeZone),
      timeZone: range.timeZone,
      startsFrom: range.from.toISOString(),
      startsBefore: range.to.toISOString(),
      ...note,
      games: games.map(gameView),
    };
  },
});

export const getGameResults = defineTool({
  name: 'get_game_results',
  title: 'Results (final scores)',
  description:
    `Final scores of a league between two dates (default: the last ${DEFAULT_RESULTS_DAYS} days; at most ${MAX_RESULTS_DAYS} days, else 422 limit), ` +
    'optionally for one team, newest first, with the winner (null for a draw).',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject(rangeArgs),
  async run(ctx, args) {
    const range = await dateRange(ctx, args.from, args.to, { back: DEFAULT_RESULTS_DAYS, ahead: DEFAULT_RESULTS_DAYS }, MAX_RESULTS_DAYS);
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const games = await ctx.data.schedule.findGames({
      sport: args.sport,
      from: range.from,
      to: range.to,
      teamId,
      status: 'final',
      order: 'desc',
    });
    return {
      sport: args.sport,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      ...(games.length === 0 ? await emptyNote(ctx, args.sport, 'No finals in that window.') : sampleNote(games.map((g) => g.source))),
      results: games.map((game) => ({
        ...gameView(game),
        winner:
          game.homeScore === null || game.awayScore === null || game.homeScore === game.awayScore
            ? null
            : game.homeScore > game.awayScore
              ? game.homeTeam.abbreviation
              : game.awayTeam.abbreviation,
      })),
    };
  },
});
