import type { Config } from '@/lib/config';
import { fetchClaims, type IngestSettings } from '@/lib/data/ingest';

/** What an ingestion run reads from the configuration (the root's runs and the server's sample market). */
export function ingestSettings(config: Config): IngestSettings {
  return {
    oddsFreshMs: config.ODDS_FRESH_SECONDS * 1000,
    propsTtlMs: config.PROPS_TTL_SECONDS * 1000,
    maxSummaries: config.STATS_MAX_SUMMARIES,
    // Leases follow the wall clock whatever `now` says: a run's `now` may be minutes old by its last fetch.
    claims: fetchClaims(config.PROVIDER_TIMEOUT_SECONDS * 1000, Date.now),
  };
}
