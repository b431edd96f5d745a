import { z } from 'zod';
import { about } from './setting-docs';
import { httpUrl, optionalString } from './value-schemas';

// The Sports data settings: the providers (The Odds API, ESPN, Open-Meteo), their limits, and how fresh their data is kept.

export const sportsDataSettings = {
  DEFAULT_REFERENCE_BOOK: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'must be a book key such as draftkings (lower case, digits, underscores)')
    .default('draftkings')
    .meta(
      about(
        'Sports data',
        "The book whose prices anchor the no-vig consensus when neither the call (`book`) nor the user's bankroll names one.",
      ),
    ),
  ODDS_API_KEY: optionalString.meta(
    about(
      'Sports data',
      'Key for [The Odds API](https://the-odds-api.com) v4: live odds, props and scores. Unset: the bundled sample slate ' +
        '(see [data.md](data.md#the-sample-slate)).',
    ),
  ),
  ODDS_API_BASE_URL: httpUrl('https://api.the-odds-api.com').meta(
    about('Sports data', "The Odds API's origin (tests point it at a loopback fake)."),
  ),
  ODDS_API_REGIONS: z
    .string()
    .trim()
    .regex(/^(us|us2|us_ex|uk|au|eu)(,(us|us2|us_ex|uk|au|eu))*$/, 'must be a comma-separated list of us, us2, us_ex, uk, au, eu')
    .default('us')
    .meta(
      about(
        'Sports data',
        'Bookmaker regions asked for: comma-separated `us`, `us2`, `us_ex` (US exchanges and prediction markets), `uk`, `au`, `eu` (each costs quota).',
      ),
    ),
  ESPN_BASE_URL: httpUrl('https://site.api.espn.com').meta(
    about('Sports data', "ESPN's public site API (injury reports, scoreboards and box scores); no key."),
  ),
  OPEN_METEO_BASE_URL: httpUrl('https://api.open-meteo.com').meta(
    about('Sports data', "Open-Meteo's forecast API (kickoff weather); no key."),
  ),
  // One provider call is bounded well under the minute clients allow for a whole tool call.
  PROVIDER_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(20, 'must be at most 20')
    .default(8)
    .meta(about('Sports data', 'How long one provider call may take (at most 20, well under the minute clients allow).')),
  PROVIDER_MAX_BODY_MB: z.coerce
    .number()
    .positive('must be more than 0')
    .max(200, 'must be at most 200')
    .default(20)
    .meta(
      about(
        'Sports data',
        "Largest answer read from a provider (The Odds API, ESPN, Open-Meteo) or the classifier's model, in MB (at most 200), " +
          'counted as it streams in after decompression; a larger one is a failed fetch (for the classifier, 503 `unavailable`).',
      ),
    ),
  PROPS_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30, 'must be at least 30')
    .max(86_400)
    .default(600)
    .meta(
      about(
        'Sports data',
        "`get_player_props` refetches a game's props, and `get_game_odds` with `alternates` its alternate lines, from The Odds API when the stored ones are older (30 to 86400).",
      ),
    ),
  FUTURES_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60, 'must be at least 60')
    .max(86_400)
    .default(3600)
    .meta(
      about(
        'Sports data',
        "`get_game_odds` with `futures: true` refetches a league's futures from The Odds API when the stored ones are older (60 to 86400).",
      ),
    ),
  ODDS_FRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(120)
    .meta(
      about(
        'Sports data',
        'The Odds API data fetched this recently is not fetched again by `jev ingest` (quota is never spent twice on the same ' +
          'data); `--force` overrides.',
      ),
    ),
  SAMPLE_MOVE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600)
    .default(60)
    .meta(
      about(
        'Sports data',
        "Without ODDS_API_KEY, how often (in seconds) the server checks whether the sample slate's books are due to re-price " +
          '(every 5 minutes), so its prices stay fresh and move while it runs; 0 leaves the sample as loaded.',
      ),
    ),
  STATS_MAX_SUMMARIES: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(40)
    .meta(
      about(
        'Sports data',
        "ESPN game summaries (one per game's box score) one ingestion run may fetch, all sports together (1 to 500); the rest wait " +
          'for the next run.',
      ),
    ),
  ODDS_STALE_MINUTES: z.coerce
    .number()
    .positive()
    .max(10_080)
    .default(60)
    .meta(
      about(
        'Sports data',
        'A reference price older than this gets a `priceNote` saying it is stale; the value scan leaves out best prices older than this.',
      ),
    ),
  ODDS_CACHE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(60)
    .default(5)
    .meta(
      about(
        'Sports data',
        "How long a `get_game_odds` answer (and a user's reference book) is reused per process (at most 60); `updatedAgo` may lag " +
          "by this much. `0` answers every call afresh (each game's priced markets are still reused while its prices are " +
          'unchanged).',
      ),
    ),
};
