import type { Db } from '@/lib/db/client';
import type { Quota } from '../providers/odds-api';
import type { Sport } from '../sports';
import { teamNamed, type CatalogueTeam } from '../teams';
import type { FetchClaims, Gate } from '../fetch-claim';

// A run of ingestion: what it is asked (options), what it answers (the summary), and what each task is handed
// for one sport: the moment, its freshness window, and the reporting every task shares.

export const INGEST_TASKS = ['odds', 'props', 'injuries', 'weather', 'scores', 'stats', 'sample'] as const;
export type IngestTask = (typeof INGEST_TASKS)[number];

export interface IngestOptions {
  sports?: readonly Sport[];
  only?: IngestTask;
  /** 'manual' (jev ingest): fetch now, except Odds API data inside ODDS_FRESH_SECONDS; 'scheduled' (worker, cron): only what is due. */
  mode: 'manual' | 'scheduled';
  /** Ignore freshness windows (never a back-off after a failure or a 429). */
  force?: boolean;
  now: () => Date;
  log?: (line: string) => void;
}

export interface IngestSummary {
  games: number;
  prices: number;
  props: number;
  injuries: number;
  forecasts: number;
  results: number;
  /** Players' box-score lines stored from ESPN. */
  statLines: number;
  quota: Quota | null;
  skipped: string[];
  failures: string[];
}

/** The team a provider's name stands for in the sport at hand; an unknown name is reported, never guessed. */
export type TeamMatcher = (name: string) => CatalogueTeam | undefined;

/** What a task runs with: one sport at one moment, and the run's summary and log to report to. */
export interface SportRun {
  db: Db;
  /** How provider fetches are claimed (../fetch-claim.ts). */
  claims: FetchClaims;
  sport: Sport;
  /** `<task> <sport>`, as the summary and the log name it. */
  what: string;
  now: Date;
  /** How long what the task fetches stays fresh on this run (0: fetch it now); see ./schedule.ts. */
  freshnessMs: number;
  summary: IngestSummary;
  log: (line: string) => void;
  /** Puts a fetch that did not run (fresh, busy, backing off) or failed into the summary. */
  note: (what: string, gate: Gate) => void;
  /** The team a provider's name stands for in this sport (teamNamed); an unknown name is logged, once a run. */
  team: TeamMatcher;
  /** Logs a provider's name that stands for no team of this sport, once a run. */
  unknownTeam: (name: string) => void;
  /** Box-score summaries this run may still fetch (STATS_MAX_SUMMARIES), shared by the sports. */
  budget: { summaries: number };
}

/** A new run's summary, and the `SportRun` each task is handed. */
export function startRun(db: Db, claims: FetchClaims, log: (line: string) => void, budget: { summaries: number }) {
  const summary: IngestSummary = {
    games: 0,
    prices: 0,
    props: 0,
    injuries: 0,
    forecasts: 0,
    results: 0,
    statLines: 0,
    quota: null,
    skipped: [],
    failures: [],
  };
  const unknownNames = new Set<string>();
  const unknownTeam = (sport: Sport, name: string) => {
    if (unknownNames.has(`${sport}|${name}`)) return;
    unknownNames.add(`${sport}|${name}`);
    const catalogue = sport === 'ncaaf' || sport === 'ncaab' ? 'lib/data/teams-ncaa.ts' : 'lib/data/teams.ts';
    log(`  skipped: unknown ${sport.toUpperCase()} team name "${name}" (add it to the aliases in ${catalogue})`);
  };

  const note = (what: string, gate: Gate) => {
    if (gate.status === 'fresh') summary.skipped.push(`${what}: still fresh`);
    if (gate.status === 'busy') summary.skipped.push(`${what}: already being fetched by another caller`);
    if (gate.status === 'backoff') {
      const after = gate.after === 'rate limit' ? 'a 429' : 'a failed fetch';
      summary.skipped.push(`${what}: backing off after ${after} until ${gate.until.toISOString()}`);
    }
    if (gate.status === 'failed') {
      summary.failures.push(`${what}: ${gate.error.message}`);
      log(`  ${what} failed, stored data kept: ${gate.error.message}`);
    }
  };

  const forTask = (task: IngestTask, sport: Sport, now: Date, freshnessMs: number): SportRun => ({
    db,
    claims,
    sport,
    what: `${task} ${sport}`,
    now,
    freshnessMs,
    summary,
    log,
    note,
    team: (name) => {
      const team = teamNamed(sport, name);
      if (!team) unknownTeam(sport, name);
      return team;
    },
    unknownTeam: (name) => unknownTeam(sport, name),
    budget,
  });
  return { summary, forTask };
}
