import { z } from 'zod';
import { ago } from '@/lib/data/names';
import { resolveTeam } from '@/lib/data/repositories/schedule';
import { SPORT_INFO } from '@/lib/data/sports';
import { invalidInput } from '@/lib/errors';
import { gameView, onSampleSlate, SAMPLE_COVERS, SAMPLE_NOTE, teamView } from './data-answers';
import { READ_HINTS } from './hints';
import { gameId, sport, team } from './inputs';
import { defineTool } from './types';

// The conditions tools: injury reports and the weather at kickoff.

export const INJURY_NOTE =
  'The injury report is updated about twice a day and does not cover game-day inactives; say so whenever an injury matters to a pick.';

export const getInjuryReport = defineTool({
  name: 'get_injury_report',
  title: 'Injury report',
  description:
    'Injured players of a league, a team or the two teams of a game: player, position, status (Out, Doubtful, Questionable, ' +
    `Day-To-Day …), detail, when it was reported and updatedAgo. ${INJURY_NOTE}`,
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ sport, team: team.optional(), gameId: gameId.optional() }),
  async run(ctx, args) {
    let teamIds: string[] | undefined;
    let gameSource: string | undefined;
    if (args.gameId) {
      const game = await ctx.data.schedule.requireGameRow(args.gameId, args.sport);
      teamIds = [game.homeTeamId, game.awayTeamId];
      gameSource = game.source;
    }
    if (args.team) {
      const teamId = resolveTeam(args.sport, args.team).id;
      if (teamIds && !teamIds.includes(teamId)) throw invalidInput([{ path: 'team', message: `does not play in ${args.gameId}` }]);
      teamIds = [teamId];
    }
    const injuries = await ctx.data.conditions.injuries(args.sport, teamIds);
    const now = ctx.now();
    // On the sample slate even "no injuries" is invented: without injuries to tell, the game's or teams' games do.
    const sample =
      gameSource === 'sample' ||
      injuries.some((injury) => injury.source === 'sample') ||
      (injuries.length === 0 && gameSource === undefined && (await onSampleSlate(ctx, args.sport, teamIds)));
    // A team without injuries is normal; a league without any is a report that was never fetched.
    const unreported =
      injuries.length === 0 && !(await ctx.data.conditions.hasInjuryReport(args.sport))
        ? ` No ${args.sport.toUpperCase()} injury report is stored at all, so this does not mean nobody is injured: ` +
          (SPORT_INFO[args.sport].injuryReportAlways
            ? `\`jev ingest --only injuries\` (or the worker) fetches it; ${SAMPLE_COVERS}.`
            : 'ESPN publishes college injury reports only sparsely; label availability news from elsewhere as unverified.')
        : '';
    return {
      sport: args.sport,
      note: `${INJURY_NOTE}${unreported}${sample ? ` ${SAMPLE_NOTE}` : ''}`,
      injuries: injuries.map((injury) => ({
        team: teamView(injury.team),
        player: injury.player,
        position: injury.position,
        status: injury.status,
        detail: injury.detail,
        reportedAt: injury.reportedAt.toISOString(),
        updatedAt: injury.updatedAt.toISOString(),
        updatedAgo: ago(injury.updatedAt, now),
      })),
    };
  },
});

export const getWeather = defineTool({
  name: 'get_weather',
  title: 'Weather at kickoff',
  description:
    "Forecast for the hour of kickoff at the game's venue: temperature (°F), wind (mph), chance of precipitation and conditions, " +
    'with its age. Indoor venues say so (weather does not apply); retractable roofs may be closed.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ gameId }),
  async run(ctx, args) {
    const game = await ctx.data.schedule.requireGameRow(args.gameId);
    const base = { ...gameView(game) };
    const sample = game.source === 'sample' ? ` ${SAMPLE_NOTE}` : '';
    if (game.venue?.roof === 'indoor')
      return { ...base, indoor: true, note: `${game.venue.name} is indoors: weather does not affect play.${sample}` };
    const forecast = await ctx.data.conditions.forecast(game.id);
    const roofNote = game.venue?.roof === 'retractable' ? `${game.venue.name} has a retractable roof, which may be closed. ` : '';
    if (!forecast) {
      const missing = 'No forecast is stored for this game yet (forecasts are fetched within a week of kickoff).';
      return { ...base, indoor: false, forecast: null, note: `${roofNote}${missing}${sample}` };
    }
    const notes = `${roofNote}${forecast.source === 'sample' || game.source === 'sample' ? SAMPLE_NOTE : ''}`.trim();
    return {
      ...base,
      indoor: false,
      forecast: {
        forecastFor: forecast.forecastFor.toISOString(),
        temperatureF: forecast.temperatureF,
        windMph: forecast.windMph,
        precipitationProbability: forecast.precipitationProbability,
        conditions: forecast.conditions,
        updatedAt: forecast.updatedAt.toISOString(),
        updatedAgo: ago(forecast.updatedAt, ctx.now()),
      },
      ...(notes ? { note: notes } : {}),
    };
  },
});
