import type { Db } from '@/lib/db/client';
import type { Providers } from '../providers';
import { syncCatalogue } from '../store';
import { latestQuota, type FetchClaims } from '../fetch-claim';
import { INGEST_TASKS, startRun, type IngestOptions, type IngestSummary } from './run';
import { freshnessMs, INGESTED_SPORTS, untilNextGame } from './schedule';
import { NOT_CONFIGURED, TASKS } from './tasks';

// Ingestion: provider answers → our games, prices, props, injuries, forecasts, scores and box scores. A run takes
// each sport, then each task of the table (./tasks.ts) that its provider allows, fetching what the schedule
// (./schedule.ts) says is due. Every fetch goes through the fetch claim (../fetch-claim.ts): data fetched inside its
// freshness window is not fetched again, and a failed or malformed fetch writes nothing, so what was stored stays
// as it was, and starts a short back-off (a 429: its Retry-After) during which no run or caller fetches it. The rooms: box scores (./box-scores.ts), The Odds API's events in our terms
// (./odds.ts), a run's options, summary and reporting (./run.ts); team names are matched by teamNamed (../teams.ts).

export { fetchClaims, latestQuota, type FetchClaims, type Gate } from '../fetch-claim';
export { ALTERNATE_MARKETS, awaitGameAlternates, awaitGameProps, refreshGameAlternates, refreshGameProps } from './odds';
export { INGEST_TASKS, type IngestOptions, type IngestSummary, type IngestTask } from './run';
export { INGESTED_SPORTS } from './schedule';

/** What a run reads from the configuration, given by whoever starts it (the composition root, lib/root). */
export interface IngestSettings {
  /** ODDS_FRESH_SECONDS, in ms. */
  oddsFreshMs: number;
  /** PROPS_TTL_SECONDS, in ms. */
  propsTtlMs: number;
  /** STATS_MAX_SUMMARIES: box-score summaries a run may fetch. */
  maxSummaries: number;
  claims: FetchClaims;
}

export async function ingest(db: Db, providers: Providers, settings: IngestSettings, options: IngestOptions): Promise<IngestSummary> {
  const log = options.log ?? (() => {});
  await syncCatalogue(db);
  const { summary, forTask } = startRun(db, settings.claims, log, { summaries: settings.maxSummaries });

  for (const sport of options.sports ?? INGESTED_SPORTS) {
    if (!INGESTED_SPORTS.includes(sport)) {
      summary.skipped.push(`${sport}: no teams in the catalogue yet, so nothing could be matched (no quota spent)`);
      continue;
    }
    const now = options.now();
    const untilNextGameMs = await untilNextGame(db, sport, now);

    for (const name of options.only ? [options.only] : INGEST_TASKS) {
      const task = TASKS[name];
      const run = task.runner(providers);
      const passedOver = run ? task.passOver?.(sport) : NOT_CONFIGURED[task.provider];
      if (!run || passedOver) {
        summary.skipped.push(`${name} ${sport}: ${passedOver}`);
        continue;
      }
      log(`${name} ${sport} …`);
      await run(forTask(name, sport, now, freshnessMs(task, options, untilNextGameMs, settings)));
    }
  }
  summary.quota = await latestQuota(db);
  return summary;
}
