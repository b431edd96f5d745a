import { ago, instant } from '@/lib/time';
import { z } from 'zod';
import { resolveTeam } from '@/lib/data/teams';
import { SPORT_INFO } from '@/lib/data/sports';
import { invalidInput } from '@/lib/errors';
import { fullPageSchemaFields, PAGE_SIZES, pageFields, pageSchemaFields, toolPage } from './pages';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { conciseGame, conciseGameSchema, fullGame, fullGameSchema, statusNote, teamSchema, teamNames } from './game-fields';
import { onSampleSlate, SAMPLE_COVERS } from './source-notes';
import { READ_HINTS } from './hints';
import { cursor, detail, gameId, pageLimit, sport, team } from './inputs';
import { defineTool } from './types';

// The conditions tools: injury reports and the weather at kickoff.

/** What the injury report cannot tell: the tools' descriptions and answers, the instructions, the notes and the prompts all say it. */
export const INJURY_REPORT_LIMITS = 'updated about twice a day and does not cover game-day inactives';

export const INJURY_NOTE = `The injury report is ${INJURY_REPORT_LIMITS}; say so whenever an injury matters to a pick.`;

/** The league report's age: said even when it lists nobody for the teams asked, so "none" is told from "no report". */
const reportUpdatedAgo = z.string().optional();

const injuryReportConcise = z.object({
  sport: z.string(),
  reportUpdatedAgo,
  note: z.string(),
  teams: z.array(
    z.object({
      team: z.string(),
      updatedAgo: z.string(),
      injuries: z.array(
        z.object({ player: z.string(), position: z.string().nullable(), status: z.string(), detail: z.string().nullable() }),
      ),
    }),
  ),
  ...pageSchemaFields,
});
const injuryReportFull = z.object({
  sport: z.string(),
  reportUpdatedAgo,
  note: z.string(),
  injuries: z.array(
    z.object({
      team: teamSchema,
      player: z.string(),
      position: z.string().nullable(),
      status: z.string(),
      detail: z.string().nullable(),
      reportedAt: z.string(),
      updatedAt: z.string(),
      updatedAgo: z.string(),
    }),
  ),
  ...fullPageSchemaFields,
});
export type InjuryReportConcise = z.infer<typeof injuryReportConcise>;

const INJURIES_PER_PAGE = PAGE_SIZES.injuries;

export const getInjuryReport = defineTool({
  name: 'get_injury_report',
  title: 'Injury report',
  description:
    "Injured players of a league, a team or a game's two teams, by team with the report's age: player, position, status, detail. " +
    `The report is ${INJURY_REPORT_LIMITS}: say so when an injury matters to a pick.`,
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    sport,
    team: team.optional(),
    gameId: gameId.optional(),
    detail,
    limit: pageLimit(INJURIES_PER_PAGE, 1000, 'injuries'),
    cursor,
  }),
  output: z.union([injuryReportConcise, injuryReportFull]),
  fullOutput: injuryReportFull,
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
      if (teamIds && !teamIds.includes(teamId)) {
        throw invalidInput([{ path: 'team', message: `does not play in ${args.gameId}: leave team out for both of its teams` }]);
      }
      teamIds = [teamId];
    }
    const [injuries, reportAt] = await Promise.all([
      ctx.data.conditions.injuries(args.sport, teamIds),
      ctx.data.conditions.injuryReportUpdatedAt(args.sport),
    ]);
    const now = ctx.now();
    const age = reportAt ? { reportUpdatedAgo: ago(reportAt, now) } : {};
    // On the sample slate even "no injuries" is invented: without injuries to tell, the game's or teams' games do.
    const sample =
      gameSource === 'sample' ||
      injuries.some((injury) => injury.source === 'sample') ||
      (injuries.length === 0 && gameSource === undefined && (await onSampleSlate(ctx, args.sport, teamIds)));
    // A team without injuries is normal; a league without any is a report that was never fetched.
    const unreported =
      injuries.length === 0 && reportAt === null
        ? ` No ${args.sport.toUpperCase()} injury report is stored at all, so this does not mean nobody is injured: ` +
          (SPORT_INFO[args.sport].injuryReportAlways
            ? `\`jev ingest --only injuries\` (or the worker) fetches it; ${SAMPLE_COVERS}.`
            : 'ESPN publishes college injury reports only sparsely; label availability news from elsewhere as unverified.')
        : '';
    const note = `${INJURY_NOTE}${unreported}${sample ? ` ${SAMPLE_NOTE}` : ''}`;
    const full = args.detail === 'full';
    const paged = !full || args.limit !== undefined || args.cursor !== undefined;
    const page = paged
      ? toolPage(ctx, args, INJURIES_PER_PAGE, injuries, (i) => [i.team.abbreviation, i.player], ['asc', 'asc'])
      : { items: injuries, remaining: 0 };
    if (full) {
      return {
        sport: args.sport,
        ...age,
        note,
        injuries: page.items.map((injury) => ({
          team: teamNames(injury.team),
          player: injury.player,
          position: injury.position,
          status: injury.status,
          detail: injury.detail,
          reportedAt: instant(injury.reportedAt),
          updatedAt: instant(injury.updatedAt),
          updatedAgo: ago(injury.updatedAt, now),
        })),
        ...(paged ? { remaining: page.remaining, nextCursor: page.nextCursor ?? null } : {}),
      };
    }
    // By team: a team's report is fetched as one, so its age is said once.
    const teams = new Map<
      string,
      { team: string; updatedAgo: string; injuries: { player: string; position: string | null; status: string; detail: string | null }[] }
    >();
    for (const injury of page.items) {
      const abbreviation = injury.team.abbreviation;
      let entry = teams.get(abbreviation);
      if (!entry) teams.set(abbreviation, (entry = { team: abbreviation, updatedAgo: ago(injury.updatedAt, now), injuries: [] }));
      entry.injuries.push({ player: injury.player, position: injury.position, status: injury.status, detail: injury.detail });
    }
    const none = injuries.length === 0 && reportAt ? ` The ${args.sport.toUpperCase()} report lists nobody for this request.` : '';
    return { sport: args.sport, ...age, note: `${note}${none}`, teams: [...teams.values()], ...pageFields(page, 'injuries') };
  },
});

const forecastFields = {
  temperatureF: z.number().nullable(),
  windMph: z.number().nullable(),
  /** A percent from 0 to 100 as the forecast gives it, unlike every probability elsewhere (a fraction): the name says so. */
  precipitationChancePercent: z.number().nullable(),
  conditions: z.string().nullable(),
  updatedAgo: z.string(),
};
const weatherFields = <Forecast extends z.ZodType>(forecast: Forecast) => ({
  indoor: z.boolean(),
  forecast: forecast.nullable().optional(),
  note: z.string().optional(),
});
const weatherConcise = conciseGameSchema.extend({ venue: z.string().nullable(), ...weatherFields(z.object(forecastFields)) });
const weatherFull = fullGameSchema.extend(weatherFields(z.object({ forecastFor: z.string(), ...forecastFields, updatedAt: z.string() })));
export type WeatherConcise = z.infer<typeof weatherConcise>;

export const getWeather = defineTool({
  name: 'get_weather',
  title: 'Weather at kickoff',
  description:
    "Forecast for the kickoff hour at the game's venue: °F, wind mph, chance of precipitation, conditions and its age. " +
    'Indoor venues say weather does not apply.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ gameId, detail }),
  output: z.union([weatherConcise, weatherFull]),
  fullOutput: weatherFull,
  async run(ctx, args) {
    const game = await ctx.data.schedule.requireGameRow(args.gameId);
    const now = ctx.now();
    const full = args.detail === 'full';
    const concise = () => ({ ...conciseGame(game, now), venue: game.venue?.name ?? null });
    const sample = game.source === 'sample' ? ` ${SAMPLE_NOTE}` : '';
    // The note says first why the game's status is not the stored one, when it is not.
    const withStatus = (note: string) => [statusNote(game, now), note].filter(Boolean).join(' ');
    if (game.venue?.roof === 'indoor') {
      const indoors = { indoor: true, note: withStatus(`${game.venue.name} is indoors: weather does not affect play.${sample}`) };
      return full ? { ...fullGame(game, now), ...indoors } : { ...concise(), ...indoors };
    }
    const forecast = await ctx.data.conditions.forecast(game.id);
    const roofNote = game.venue?.roof === 'retractable' ? `${game.venue.name} has a retractable roof, which may be closed. ` : '';
    if (!forecast) {
      const missing = {
        indoor: false,
        forecast: null,
        note: withStatus(`${roofNote}No forecast is stored for this game yet (forecasts are fetched within a week of kickoff).${sample}`),
      };
      return full ? { ...fullGame(game, now), ...missing } : { ...concise(), ...missing };
    }
    const notes = withStatus(`${roofNote}${forecast.source === 'sample' || game.source === 'sample' ? SAMPLE_NOTE : ''}`.trim());
    const reading = {
      temperatureF: forecast.temperatureF,
      windMph: forecast.windMph,
      precipitationChancePercent: forecast.precipitationProbability,
      conditions: forecast.conditions,
    };
    const updatedAgo = ago(forecast.updatedAt, now);
    const note = notes ? { note: notes } : {};
    if (!full) return { ...concise(), indoor: false, forecast: { ...reading, updatedAgo }, ...note };
    return {
      ...fullGame(game, now),
      indoor: false,
      forecast: { forecastFor: instant(forecast.forecastFor), ...reading, updatedAt: instant(forecast.updatedAt), updatedAgo },
      ...note,
    };
  },
});
