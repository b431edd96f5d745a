import type { Config } from '@/lib/config';
import { createEspn, type Espn } from './espn';
import { createOddsApi, type OddsApi } from './odds-api';
import { createOpenMeteo, type WeatherProvider } from './open-meteo';
import { sampleAlternatesAt, sampleLeagueSlate, samplePricesAt, sampleResultAt, sampleSlateDateOf, sampleSlatesAfter } from '../sample';

export interface Providers {
  /** Absent without ODDS_API_KEY: odds, props and scores then come only from what is stored (or the sample). */
  odds: OddsApi | undefined;
  /** ESPN's public site API: injury reports and box scores (no key). */
  espn: Espn;
  weather: WeatherProvider;
  /** The bundled sample slate's market, which moves while the app runs; absent with ODDS_API_KEY (live prices). */
  sample: SampleMarket | undefined;
}

export interface SampleMarket {
  pricesAt: typeof samplePricesAt;
  alternatesAt: typeof sampleAlternatesAt;
  slatesAfter: typeof sampleSlatesAfter;
  slateDateOf: typeof sampleSlateDateOf;
  leagueSlate: typeof sampleLeagueSlate;
  resultAt: typeof sampleResultAt;
}

/** The providers these settings set up. */
export function createProviders(cfg: Config): Providers {
  const timeoutMs = cfg.PROVIDER_TIMEOUT_SECONDS * 1000;
  const maxBodyBytes = cfg.PROVIDER_MAX_BODY_MB * 1024 * 1024;
  return {
    odds: cfg.ODDS_API_KEY
      ? createOddsApi({ apiKey: cfg.ODDS_API_KEY, baseUrl: cfg.ODDS_API_BASE_URL, regions: cfg.ODDS_API_REGIONS, timeoutMs, maxBodyBytes })
      : undefined,
    espn: createEspn({ baseUrl: cfg.ESPN_BASE_URL, timeoutMs, maxBodyBytes }),
    weather: createOpenMeteo({ baseUrl: cfg.OPEN_METEO_BASE_URL, timeoutMs, maxBodyBytes }),
    sample: cfg.ODDS_API_KEY
      ? undefined
      : {
          pricesAt: samplePricesAt,
          alternatesAt: sampleAlternatesAt,
          slatesAfter: sampleSlatesAfter,
          slateDateOf: sampleSlateDateOf,
          leagueSlate: sampleLeagueSlate,
          resultAt: sampleResultAt,
        },
  };
}
