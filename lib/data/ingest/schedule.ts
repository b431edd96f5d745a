import type { Db } from '@/lib/db/client';
import { DAY_MS, HOUR_MS } from '@/lib/time';
import { SPORTS, type Sport } from '../sports';
import { catalogueTeams } from '../teams';
import type { IngestOptions } from './run';

// The schedule: which sports and games ingestion looks at, and how long what it fetched stays fresh. A scheduled
// run (the worker, the cron route) fetches only what is due, i.e. older than its task's window (the due rules
// in the task table, ./tasks.ts, which follow how near the sport's next game is); a manual run (jev ingest)
// fetches now, except Odds API data inside ODDS_FRESH_SECONDS (the quota guard); --force fetches everything.
// The windows are kept in ProviderFetch (./fetch-claim.ts), so every process follows the same schedule.

/** Sports whose teams the catalogue holds: the others' games could not be matched, so they are not fetched. */
export const INGESTED_SPORTS: readonly Sport[] = SPORTS.filter((sport) => catalogueTeams(sport).length > 0);

/** Props are fetched for games starting this soon. */
export const PROPS_AHEAD_MS = 36 * HOUR_MS;
/** Forecasts are fetched for outdoor games starting this soon. */
export const WEATHER_AHEAD_MS = 7 * DAY_MS;
/** Scores are asked for games of the last few days (The Odds API's daysFrom). */
export const SCORES_DAYS_FROM = 3;
/** Finals this recent get their box scores from ESPN; older ones that have none are not looked up again. */
export const STATS_DAYS_BACK = SCORES_DAYS_FROM;
/**
 * A final's box score is fetched once more this long after kick-off (about 45 hours after the final), replacing the
 * stored lines: the leagues' stat corrections come within a day or two (the NBA's within 24–48 hours, the NFL's
 * within days, mostly by then). Once only: a summary fetched after this (ProviderFetch's fetchedAt of
 * `stats:<gameId>`) is not fetched again. Inside STATS_DAYS_BACK, so a recheck has a day to succeed.
 */
export const BOX_SCORE_RECHECK_MS = 48 * HOUR_MS;
/** A game that started longer ago than this and is not final yet no longer counts as the sport's next game. */
const NEXT_GAME_BACK_MS = 6 * HOUR_MS;

/** The settings the windows follow. */
export interface ScheduleSettings {
  /** ODDS_FRESH_SECONDS: Odds API data younger than this is never fetched again, on a schedule or by hand. */
  oddsFreshMs: number;
  /** PROPS_TTL_SECONDS. */
  propsTtlMs: number;
}

/**
 * A task's window on a schedule: how long what it fetched stays fresh, given how far off the sport's next game
 * is (negative once it has started, Infinity when none is stored).
 */
export type DueRule = (untilNextGameMs: number, settings: ScheduleSettings) => number;

/** How long until the sport's next game that is not final (it may have started up to 6 hours ago); Infinity if none. */
export async function untilNextGame(db: Db, sport: Sport, now: Date): Promise<number> {
  const next = await db.game.findFirst({
    where: { sport, status: { not: 'final' }, startsAt: { gte: new Date(now.getTime() - NEXT_GAME_BACK_MS) } },
    orderBy: { startsAt: 'asc' },
    select: { startsAt: true },
  });
  return next ? next.startsAt.getTime() - now.getTime() : Infinity;
}

/** How long a task's data stays fresh on this run: 0 fetches it now, whenever it was last fetched. */
export function freshnessMs(
  task: { provider: string; due: DueRule },
  options: Pick<IngestOptions, 'mode' | 'force'>,
  untilNextGameMs: number,
  settings: ScheduleSettings,
): number {
  if (options.force) return 0;
  if (options.mode === 'manual') return task.provider === 'odds' ? settings.oddsFreshMs : 0;
  return task.due(untilNextGameMs, settings);
}
