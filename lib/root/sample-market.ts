import type { Config } from '@/lib/config';
import { ingest } from '@/lib/data/ingest';
import { createProviders } from '@/lib/data/providers';
import { createDb, dbOptions } from '@/lib/db';
import { ingestSettings } from './ingest-settings';

// Without a provider key the server keeps the sample slate's market moving in-process, as a live provider's
// prices would: every SAMPLE_MOVE_SECONDS it runs ingestion's sample task (lib/data/ingest/tasks.ts), which
// re-prices what is due at the 5-minute marks. The task's window is kept in the database, so any number of
// instances (and `jev worker`, or the cron route) move it once. Only what that task needs is built here: start-up
// does not load the whole app.

export function moveSampleMarket(config: Config, now: () => Date = () => new Date()): void {
  if (config.ODDS_API_KEY || config.SAMPLE_MOVE_SECONDS === 0) return;
  const db = createDb(config.DATABASE_URL, dbOptions(config));
  const settings = ingestSettings(config);
  const providers = createProviders(config);
  const move = () => {
    ingest(db, providers, settings, { mode: 'scheduled', only: 'sample', now }).then(
      (summary) => summary.failures.forEach((failure) => console.error(`sample market: ${failure}`)),
      // A failed tick (database briefly unreachable, say) is logged; the next one tries again.
      (error: unknown) => console.error(`sample market: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  setInterval(move, config.SAMPLE_MOVE_SECONDS * 1000).unref();
}
