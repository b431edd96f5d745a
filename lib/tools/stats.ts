import { formatDateTimeInZone, instant } from '@/lib/time';
import { z } from 'zod';
import { averageStatLines } from '@/lib/data/player-stats';
import { resolveTeam } from '@/lib/data/teams';
import { seasonOf, type Sport } from '@/lib/data/sports';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { teamSchema, teamNames } from './game-fields';
import { preferences } from './preferences';
import { onSampleSlate, sampleNote } from './source-notes';
import { READ_HINTS } from './hints';
import { expected, player, sport, team } from './inputs';
import { defineTool, type ToolContext } from './types';
import { seasonRecord } from './team-record';

// The stats tools: a team's season with its betting record, a player's recent box scores.

async function noFinalsNote(ctx: ToolContext, sport: Sport, teamId: string) {
  const note = 'No finals stored for this team and season.';
  return { note: (await onSampleSlate(ctx, sport, [teamId])) ? `${note} ${SAMPLE_NOTE}` : note };
}

export const getTeamStats = defineTool({
  name: 'get_team_stats',
  title: 'Team stats and betting record',
  description:
    "A team's season from stored finals: record, points for and against with averages, against-the-spread and over/under records " +
    "on the reference book's closing lines, and the last five results.",
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    sport,
    team,
    season: z
      .int({ error: expected('must be a year such as 2026') })
      .min(1990)
      .max(2100)
      .optional()
      .meta({ description: 'Start year; default the current season.' }),
  }),
  output: z.object({
    sport: z.string(),
    team: teamSchema,
    season: z.int(),
    gamesPlayed: z.int(),
    record: z.object({ wins: z.int(), losses: z.int(), draws: z.int() }),
    pointsFor: z.number(),
    pointsAgainst: z.number(),
    averagePointsFor: z.number().nullable(),
    averagePointsAgainst: z.number().nullable(),
    againstTheSpread: z.object({ wins: z.int(), losses: z.int(), pushes: z.int(), closingLinesFrom: z.string() }),
    overUnder: z.object({ overs: z.int(), unders: z.int(), pushes: z.int() }),
    lastFive: z.array(
      z.object({
        gameId: z.string(),
        startsAt: z.string(),
        opponent: z.string(),
        home: z.boolean(),
        score: z.string(),
        result: z.enum(['W', 'L', 'D']),
      }),
    ),
    note: z.string().optional(),
  }),
  async run(ctx, args) {
    const found = resolveTeam(args.sport, args.team);
    const { referenceBook, timeZone } = await preferences(ctx, undefined);
    const season = args.season ?? seasonOf(args.sport, ctx.now());
    const games = await ctx.data.schedule.teamFinals(args.sport, season, found.id);
    // Closing lines: the reference book's last stored spread and total before each game.
    const closing = await ctx.data.odds.closingLines(
      games.map((g) => g.id),
      referenceBook,
      found.abbreviation,
    );
    const stats = seasonRecord(found.id, games, closing, referenceBook);
    return {
      sport: args.sport,
      team: teamNames(found),
      season,
      ...stats,
      ...(stats.gamesPlayed === 0 ? await noFinalsNote(ctx, args.sport, found.id) : storedFinalsNote(games, timeZone)),
    };
  },
});

/**
 * What a record from stored finals covers: the store may begin mid-season (a new install, the sample's recent weeks),
 * and an agent would quote a 2-3 from five stored games as the season's record. The first game's kick-off is told in
 * the user's zone, named (a UTC date would put Sunday night's game in New York on Monday).
 */
function storedFinalsNote(games: readonly GameRow[], timeZone: string): { note: string } {
  const first = new Date(Math.min(...games.map((game) => game.startsAt.getTime())));
  const coverage =
    `From the ${games.length} finals stored for this season, the first on ${formatDateTimeInZone(first, timeZone)}: ` +
    "games not stored are not counted, so this is the season's record only if none of its earlier games is missing.";
  const sample = sampleNote(games.map((game) => game.source)).note;
  return { note: sample ? `${coverage} ${sample}` : coverage };
}

export const getPlayerStats = defineTool({
  name: 'get_player_stats',
  title: 'Player stats (recent games)',
  description:
    "A player's box scores from his last games (default 5, at most 20), newest first, with each stat's average. Stat names depend " +
    'on the sport (passingYards, points, rebounds, goals …).',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    sport,
    player,
    team: team.optional(),
    lastN: z
      .int({ error: expected('must be a whole number from 1 to 20') })
      .min(1, 'must be at least 1')
      .max(20, 'must be at most 20')
      .default(5),
  }),
  output: z.object({
    sport: z.string(),
    player: z.string(),
    gamesCounted: z.int(),
    averages: z.record(z.string(), z.number()),
    games: z.array(
      z.object({
        gameId: z.string(),
        playedAt: z.string(),
        team: z.string().optional(),
        opponent: z.string(),
        stats: z.record(z.string(), z.number()),
      }),
    ),
    note: z.string().optional(),
  }),
  async run(ctx, args) {
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const name = await ctx.data.stats.resolvePlayer(args.sport, args.player, teamId);
    const lines = await ctx.data.stats.playerStatLines({ sport: args.sport, player: name, teamId, take: args.lastN });
    const games = lines.map((line) => ({
      gameId: line.gameId,
      playedAt: instant(line.playedAt),
      team: line.teamId.split(':')[1],
      opponent: line.game.homeTeamId === line.teamId ? line.game.awayTeam.abbreviation : line.game.homeTeam.abbreviation,
      stats: JSON.parse(line.stats) as Record<string, number>,
    }));
    const averages = averageStatLines(games.map((game) => game.stats));
    // Without lines (a player known from the injury report), the league's or team's games tell whether it is the sample's.
    const sample =
      lines.length > 0 ? lines.some((l) => l.source === 'sample') : await onSampleSlate(ctx, args.sport, teamId ? [teamId] : undefined);
    return { sport: args.sport, player: name, gamesCounted: games.length, averages, games, ...(sample ? { note: SAMPLE_NOTE } : {}) };
  },
});
