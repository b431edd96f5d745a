import { z } from 'zod';
import { addDays, instant, sportsDayOf, sportsDays } from '@/lib/time';
import { SAMPLE_SPORTS } from '@/lib/data/sample';
import { SAMPLE_NOTE } from '@/lib/data/sample-note';
import type { Sport } from '@/lib/data/sports';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { invalidInput, ToolError } from '@/lib/errors';
import type { ToolContext } from './types';

// What every sports-data answer shares: the views of games and teams, the user's reference book and time
// zone, calendar ranges, and the notes that say an answer rests on the sample slate or on no data at all.
// Agents may take these facts only from the data tools (rules 2 to 5), so every answer says how old its
// prices are and whether it is built on the bundled sample slate.

export const SAMPLE_COVERS = `the bundled sample slate covers ${SAMPLE_SPORTS.map((s) => s.toUpperCase()).join(', ')} only`;

export const DAY_MS = 86_400_000;
/** Calendar dates are read in the user's bankroll time zone, else in US Eastern (where most listed games are). */
const DEFAULT_TIME_ZONE = 'America/New_York';

/** Reference book: the call's, else the user's stored one, else the server default; and the user's time zone. */
export async function preferences(ctx: ToolContext, bookArgument: string | undefined) {
  const stored = await ctx.caches.preferences(ctx.user.id, () => ctx.ledger.userPreferences(ctx.user.id));
  return {
    referenceBook: bookArgument ?? stored?.referenceBook ?? ctx.settings.defaultReferenceBook,
    timeZone: stored?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/**
 * The window of a `from`/`to` pair of dates: from the start of `from`'s sports day to the end of `to`'s, in the
 * user's time zone (lib/time.ts, SPORTS_DAY_START_HOUR); a missing `from` is the sports day `back` days before
 * now, a missing `to` the day `ahead` days after `from` (exclusive).
 */
export async function dateRange(
  ctx: ToolContext,
  from: string | undefined,
  to: string | undefined,
  defaults: { back: number; ahead: number },
  maxDays: number,
) {
  const { timeZone } = await preferences(ctx, undefined);
  const first = from ?? sportsDayOf(new Date(ctx.now().getTime() - defaults.back * DAY_MS), timeZone);
  const last = to ?? addDays(first, defaults.ahead - 1);
  const days = Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1;
  if (days <= 0) throw invalidInput([{ path: 'to', message: 'must be on or after from' }]);
  if (days > maxDays) {
    throw new ToolError('limit', `The date range covers ${days} days; the maximum is ${maxDays} days. Ask for a shorter range.`);
  }
  return { first, last, ...sportsDays(first, last, timeZone), timeZone };
}

export const teamSchema = z.object({ abbreviation: z.string(), name: z.string() });
export const teamView = (t: { abbreviation: string; name: string }): z.infer<typeof teamSchema> => ({
  abbreviation: t.abbreviation,
  name: t.name,
});

/** A game as the full answers show it. */
export const gameViewSchema = z.object({
  gameId: z.string(),
  sport: z.string(),
  startsAt: z.string(),
  status: z.string(),
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  venue: z.object({ name: z.string(), city: z.string().nullable(), roof: z.string() }).nullable(),
  homeScore: z.int().nullable().optional(),
  awayScore: z.int().nullable().optional(),
});

export function gameView(game: GameRow): z.infer<typeof gameViewSchema> {
  return {
    gameId: game.id,
    sport: game.sport,
    startsAt: instant(game.startsAt),
    status: game.status,
    homeTeam: teamView(game.homeTeam),
    awayTeam: teamView(game.awayTeam),
    venue: game.venue ? { name: game.venue.name, city: game.venue.city, roof: game.venue.roof } : null,
    ...(game.status === 'final' || game.homeScore !== null ? { homeScore: game.homeScore, awayScore: game.awayScore } : {}),
  };
}

export const sampleNote = (sources: Iterable<string>) => ([...sources].includes('sample') ? { note: SAMPLE_NOTE } : {});

/** Whether the stored games of a league (or of some of its teams) come from the sample slate. */
export async function onSampleSlate(ctx: ToolContext, sport: Sport, teamIds?: readonly string[]): Promise<boolean> {
  return (await ctx.data.schedule.gameSources(sport, teamIds)).has('sample');
}

/**
 * Why an answer holds no games. A sport with nothing stored at all (no provider key, or not yet ingested) must
 * not read as a day without games; an empty window of a sport that has data is just that, and says so when
 * that data is the sample slate's (an invented slate's empty day says nothing about the real one).
 */
export async function emptyNote(ctx: ToolContext, sport: Sport, emptyWindow: string): Promise<{ note: string }> {
  const sources = await ctx.data.schedule.gameSources(sport);
  if (sources.has('sample')) return { note: `${emptyWindow} ${SAMPLE_NOTE}` };
  if (sources.size > 0) return { note: emptyWindow };
  return {
    note:
      `No ${sport.toUpperCase()} data is stored at all, so this says nothing about which games exist: live data needs ` +
      `ODDS_API_KEY and \`jev ingest\` (or the worker); ${SAMPLE_COVERS}.`,
  };
}
