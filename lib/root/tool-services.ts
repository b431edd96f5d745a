import { createLedger } from '@/lib/account/ledger';
import type { Config } from '@/lib/config';
import type { FetchClaims } from '@/lib/data/ingest';
import { createRepositories, priceReads } from '@/lib/data/repositories';
import type { Db } from '@/lib/db/client';
import { createToolCaches } from '@/lib/tools/cache';
import type { Classifier } from '@/lib/news/classifier';
import type { CursorSigner } from '@/lib/paging';
import { createPricing } from '@/lib/pricing';
import type { ToolProviders, ToolServices, ToolSettings } from '@/lib/tools/types';

// What tools may use besides their caller, built once per process by the composition root (lib/root): the
// repositories over its database, the pricing service (with what it remembers), the ledger pricing bets through it
// (with the users' preferences the odds answers read), the clock, the settings tools read, the providers, the
// classifier, the answer caches and the cursor signer. Tests build the same from parseConfig({}) and fakes
// (tests/helpers/tool-context.ts), with no environment variables.

export function toolSettings(config: Config): ToolSettings {
  return {
    defaultReferenceBook: config.DEFAULT_REFERENCE_BOOK,
    oddsCacheSeconds: config.ODDS_CACHE_SECONDS,
    oddsStaleMinutes: config.ODDS_STALE_MINUTES,
    propsTtlSeconds: config.PROPS_TTL_SECONDS,
    futuresTtlSeconds: config.FUTURES_TTL_SECONDS,
    newsSourceAllowlist: config.NEWS_SOURCE_ALLOWLIST,
    bankrollPageUrl: new URL('/bankroll', config.APP_URL).href,
  };
}

export interface ToolServiceDeps {
  config: Config;
  db: Db;
  now: () => Date;
  /** How provider fetches are claimed, for props refreshed on demand. */
  claims: FetchClaims;
  providers: ToolProviders;
  classifier: Classifier;
  /** Signs cursors with the server's key (the composition root derives it from the session secret). */
  cursors: CursorSigner;
}

export function createToolServices({ config, db, now, claims, providers, classifier, cursors }: ToolServiceDeps): ToolServices {
  const settings = toolSettings(config);
  const pricing = createPricing(priceReads(db), { staleMinutes: settings.oddsStaleMinutes });
  return {
    data: createRepositories(db, claims),
    ledger: createLedger(db, { pricing, preferencesKeptSeconds: settings.oddsCacheSeconds }),
    pricing,
    now,
    settings,
    providers,
    classifier,
    caches: createToolCaches(settings.oddsCacheSeconds),
    cursors,
  };
}
