import { SAMPLE_SPORTS } from '@/lib/data/sample';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import type { Sport } from '@/lib/data/sports';
import { instant } from '@/lib/time';
import type { ToolContext } from './types';

// The notes that say a sports-data answer rests on the bundled sample slate or on no data at all. Agents may take
// these facts only from the data tools (rules 2 to 5), so every answer says whether it is built on the sample slate.

export const SAMPLE_COVERS = `the bundled sample slate covers ${SAMPLE_SPORTS.map((s) => s.toUpperCase()).join(', ')} only`;

export const sampleNote = (sources: Iterable<string>) => ([...sources].includes('sample') ? { note: SAMPLE_NOTE } : {});

/** Whether the stored games of a league (or of some of its teams) come from the sample slate. */
export async function onSampleSlate(ctx: ToolContext, sport: Sport, teamIds?: readonly string[]): Promise<boolean> {
  return (await ctx.data.schedule.gameSources(sport, teamIds)).has('sample');
}

/**
 * Why an answer holds no games. A sport with nothing stored at all (no provider key, or not yet ingested) must
 * not read as a day without games; an empty window of a sport that has data is just that, and says so when
 * that data is the sample slate's (an invented slate's empty day says nothing about the real one). A window past
 * the stored schedule's last game, or before its first, says how far the schedule reaches: the store holds what
 * the feeds have sent so far (a week or two ahead), not every game there will be.
 */
export async function emptyNote(
  ctx: ToolContext,
  sport: Sport,
  emptyWindow: string,
  window?: { from: Date; to: Date },
): Promise<{ note: string }> {
  const sources = await ctx.data.schedule.gameSources(sport);
  const reach = window && sources.size > 0 ? await storedReach(ctx, sport, window) : '';
  if (sources.has('sample')) return { note: `${emptyWindow}${reach} ${SAMPLE_NOTE}` };
  if (sources.size > 0) return { note: `${emptyWindow}${reach}` };
  return {
    note:
      `No ${sport.toUpperCase()} data is stored at all, so this says nothing about which games exist: live data needs ` +
      `ODDS_API_KEY and \`jev ingest\` (or the worker); ${SAMPLE_COVERS}.`,
  };
}

/** Said of an empty window outside the stored schedule: where it ends (or begins), so the window is not read as empty. */
async function storedReach(ctx: ToolContext, sport: Sport, window: { from: Date; to: Date }): Promise<string> {
  const span = await ctx.data.schedule.storedSpan(sport);
  const league = sport.toUpperCase();
  if (span && window.from > span.last)
    return ` The stored ${league} schedule ends with a game at ${instant(span.last)}: later games are not stored yet, so this says nothing about them.`;
  if (span && window.to <= span.first)
    return ` Stored ${league} games begin at ${instant(span.first)}: earlier games are not stored, so this says nothing about them.`;
  return '';
}
