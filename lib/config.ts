import { z } from 'zod';
import { DEFAULT_ALLOWLIST, parseAllowlist } from '@/lib/news-sources';

// Every setting the service reads from the environment, validated once. A bad value stops start-up
// with a message that names the variable, instead of surfacing later as a strange request failure.
// Each setting says what it means in its `.meta`: docs/configuration.md is generated from them (`npm run docs`).

const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Hostnames only this machine can reach: a console there may keep a generated sign-in secret in data/. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A console may sign sessions with a secret generated once and kept in data/ when it is not a production
 * server, or when only this machine can reach it (`npm start` on localhost also runs as production). A
 * public production server must be given NEXTAUTH_SECRET: a generated one would not be shared by a second
 * instance or survive a move to a fresh disk, signing everyone out.
 */
export function mayGenerateAuthSecret(env: { NODE_ENV?: string; APP_URL: string }): boolean {
  return env.NODE_ENV !== 'production' || isLoopbackHostname(new URL(env.APP_URL).hostname);
}

/** Both halves of an OAuth app, or neither: half a configuration is a deployment mistake. */
const OAUTH_PAIRS = [
  ['GITHUB_ID', 'GITHUB_SECRET'],
  ['GOOGLE_ID', 'GOOGLE_SECRET'],
] as const;

const httpUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''));

/**
 * The sections of docs/configuration.md, in order. Every setting names its section and says what it means in its
 * `.meta` (lib/docs/configuration.ts renders the document from them; `npm run lint` fails when it is out of date).
 */
export const SETTING_GROUPS = [
  'Server',
  'Database',
  'Budgets and tokens',
  'Sign-in and OAuth',
  'Sports data',
  'News classifier',
  'Policies and directories',
  'Operations',
  'Tests and development',
] as const;

export type SettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * What docs/configuration.md says about a setting. `defaultText` is the Default column when the schema's own
 * default does not say it (an optional setting whose absence means something, a default kept elsewhere).
 */
export type SettingDoc = { group: SettingGroup; description: string; defaultText?: string };

const about = (group: SettingGroup, description: string, defaultText?: string): SettingDoc => ({
  group,
  description,
  ...(defaultText === undefined ? {} : { defaultText }),
});

/** Settings read outside the schema below, before or without it (not validated here); documented with the rest. */
export const SETTINGS_READ_ELSEWHERE: readonly (SettingDoc & { name: string; readBy: string })[] = [
  {
    name: 'PORT',
    readBy: 'server.mjs',
    ...about('Server', 'Port `npm start` listens on.', "`APP_URL`'s port"),
  },
  {
    name: 'HOSTNAME_BIND',
    readBy: 'server.mjs',
    ...about(
      'Server',
      'The one address `npm start` listens on, such as `127.0.0.1` behind a reverse proxy on the same machine.',
      'every interface',
    ),
  },
  {
    name: 'NEXT_DIST_DIR',
    readBy: 'next.config.ts',
    ...about(
      'Server',
      'Build output folder for `npm run build`, `npm start` and the tests; lets two builds of one checkout coexist (parallel test runs).',
      '`.next`',
    ),
  },
  {
    name: 'JEV_MIGRATIONS_DIR',
    readBy: 'lib/db/migrate.ts',
    ...about('Database', 'Where start-up migrations are read from, for deployments that ship the folder elsewhere.', '`prisma/migrations`'),
  },
  {
    name: 'JEV_DEBUG',
    readBy: 'cli/main.ts',
    ...about('Tests and development', "Any value: a failing `jev` command also prints the error's stack.", 'unset'),
  },
];

export const configSchema = z
  .object({
    APP_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as http://localhost:3000' })
      .default('http://localhost:3000')
      .meta(
        about(
          'Server',
          "The console's origin. The service answers only on this hostname, and browsers may call it only from this origin " +
            '(a loopback one takes every loopback name: `localhost`, `127.0.0.1` and `[::1]` are one host). `npm start` listens ' +
            'on its port unless `PORT` is set.',
        ),
      ),
    NODE_ENV: optionalString.meta(
      about('Server', '`production` under `npm start` (it sets it); decides whether `NEXTAUTH_SECRET` is required.'),
    ),
    // Every REST and MCP request ends by then: clients allow one minute, so the default ends a request shortly after.
    REQUEST_DEADLINE_SECONDS: z.coerce
      .number()
      .positive()
      .max(300, 'must be at most 300')
      .default(65)
      .meta(
        about(
          'Server',
          'How long any REST, MCP or OAuth request may run on the server (at most 300). Clients allow one minute; a request still ' +
            'running at the deadline ends with 503 `unavailable` (MCP: -32603, and an event stream ends with a -32603 error for each ' +
            'request it has not answered; OAuth: `temporarily_unavailable`). Under `npm start` every request, console pages included, ' +
            'must also arrive whole within it plus 5 s (a body trickled in is cut off with 408). See ' +
            '[operations.md](operations.md#deadlines-and-timeouts).',
        ),
      ),
    TRUSTED_PROXY_HOPS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(0)
      .meta(
        about(
          'Server',
          'Reverse proxies in front of the app that append to `X-Forwarded-For`. With 0, the client address is the TCP peer and a ' +
            'client-sent `X-Forwarded-For` is ignored; with N, the entry N places from the end (and `X-Forwarded-Host` for the host check).',
        ),
      ),
    DATABASE_URL: optionalString
      .refine(
        (value) => value === undefined || /^(file:|postgres(ql)?:\/\/)/.test(value),
        'must start with file: (SQLite) or postgresql:// (PostgreSQL)',
      )
      .meta(
        about(
          'Database',
          '`file:<path>` for SQLite, `postgresql://…` for PostgreSQL. Migrations run at start-up either way.',
          '`file:./data/jev.db`',
        ),
      ),
    // PostgreSQL waits (lib/db/client.ts): a stalled database fails a call with 503 within seconds, not never.
    DB_CONNECT_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .max(60, 'must be at most 60')
      .default(5)
      .meta(
        about('Database', 'PostgreSQL: how long opening a connection, or waiting for a free one from the pool, may take (at most 60).'),
      ),
    DB_QUERY_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .max(60, 'must be at most 60 (clients allow one minute)')
      .default(10)
      .meta(
        about(
          'Database',
          "PostgreSQL: how long one statement may run (the server's `statement_timeout` and `idle_in_transaction_session_timeout`; " +
            'the client gives up a second later), at most 60.',
        ),
      ),
    DB_IDLE_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .max(3600)
      .default(30)
      .meta(about('Database', 'PostgreSQL: an idle pooled connection is closed after this long (at most 3600).')),
    RATE_LIMIT_ADDRESS_PER_MINUTE: positiveInt
      .default(300)
      .meta(about('Budgets and tokens', 'Requests per client address per minute (REST and MCP), counted before the token is looked at.')),
    RATE_LIMIT_TOKEN_PER_MINUTE: positiveInt.default(60).meta(about('Budgets and tokens', 'Tool calls per access token per minute.')),
    RATE_LIMIT_USER_PER_MINUTE: positiveInt
      .default(120)
      .meta(about('Budgets and tokens', 'Tool calls per user (all their tokens) per minute.')),
    TOKEN_CACHE_SECONDS: z.coerce
      .number()
      .min(0)
      .max(300)
      .default(5)
      .meta(
        about(
          'Budgets and tokens',
          'How long a token look-up is reused (at most 300). Revoking on an instance takes effect there at once; other processes and ' +
            'instances see it within this time, or within a second through Redis when `REDIS_URL` is set (this age stays the backstop ' +
            'while Redis is down). `0` reads the database on every request.',
        ),
      ),
    REDIS_URL: optionalString
      .refine(
        (value) => value === undefined || /^rediss?:\/\/[^/]/.test(value),
        'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      )
      .meta(
        about(
          'Budgets and tokens',
          '`redis://[user:password@]host:port[/db]` (or `rediss://` for TLS) of any Redis-protocol server (Redis, Valkey, a managed ' +
            'Redis): every rate budget (address, token, user, sign-in attempts, OAuth registrations, token and revocation requests) is ' +
            'shared by every instance, and a revoked token is refused by every instance within a second. Unset: in-process budgets, and ' +
            'other instances see a revocation within `TOKEN_CACHE_SECONDS`. See [operations.md](operations.md#budgets-one-process-or-shared).',
        ),
      ),
    UPSTASH_REDIS_REST_URL: optionalString
      .refine((value) => value === undefined || /^https?:\/\//.test(value), 'must be an http(s) URL')
      .meta(
        about(
          'Budgets and tokens',
          "Set it and `UPSTASH_REDIS_REST_TOKEN` (instead of `REDIS_URL`, not with it) to share the budgets through Upstash's REST API " +
            '(`@upstash/ratelimit`, sliding window), for serverless hosts that cannot keep a connection open.',
        ),
      ),
    UPSTASH_REDIS_REST_TOKEN: optionalString.meta(
      about('Budgets and tokens', "The token of Upstash's REST API; set with `UPSTASH_REDIS_REST_URL`."),
    ),
    RATE_LIMIT_STORE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(20, 'must be at least 20')
      .max(5000, 'must be at most 5000')
      .default(500)
      .meta(
        about(
          'Budgets and tokens',
          'How long one call to the shared budget store (Redis or Upstash) may take (20 to 5000); past it, or on an error, the request ' +
            'is counted in-process.',
        ),
      ),
    NEXTAUTH_SECRET: optionalString
      .refine(
        (value) => value === undefined || value.length >= 32,
        'must be at least 32 characters (generate one with: openssl rand -base64 32)',
      )
      .meta(
        about(
          'Sign-in and OAuth',
          'Key that signs console sessions and, through a key derived from it, paging cursors (at least 32 characters: ' +
            '`openssl rand -base64 32`). Required when `NODE_ENV` is ' +
            '`production` (as under `npm start`) and `APP_URL` is not `localhost`, `127.0.0.1` or `[::1]`; otherwise, when unset, one ' +
            'is generated on first use and kept in `data/nextauth-secret` so sessions survive restarts. Changing it signs everyone ' +
            'out and ends the cursors handed out. `NEXTAUTH_URL` need not be set: it defaults to `APP_URL`.',
          'generated on localhost',
        ),
      ),
    GITHUB_ID: optionalString.meta(
      about(
        'Sign-in and OAuth',
        'A GitHub OAuth app (callback `APP_URL/api/auth/callback/github`); set it and `GITHUB_SECRET` to offer "Sign in with ' +
          'GitHub". The user is found, or created, by their primary email, which GitHub must have verified.',
      ),
    ),
    GITHUB_SECRET: optionalString.meta(about('Sign-in and OAuth', "The GitHub OAuth app's secret; set with `GITHUB_ID`.")),
    GOOGLE_ID: optionalString.meta(
      about(
        'Sign-in and OAuth',
        'A Google OAuth client (redirect URI `APP_URL/api/auth/callback/google`); set it and `GOOGLE_SECRET` to offer "Sign in ' +
          'with Google", by an email Google has verified.',
      ),
    ),
    GOOGLE_SECRET: optionalString.meta(about('Sign-in and OAuth', "The Google OAuth client's secret; set with `GOOGLE_ID`.")),
    OAUTH_ACCESS_TOKEN_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(3600)
      .meta(
        about(
          'Sign-in and OAuth',
          'Life of an access token issued to an app through OAuth (5 to 86400); the app renews it with its refresh token.',
        ),
      ),
    OAUTH_REGISTRATIONS_PER_HOUR: positiveInt
      .default(20)
      .meta(about('Sign-in and OAuth', 'OAuth client registrations (RFC 7591) one address may make per hour.')),
    RATE_LIMIT_OAUTH_PER_MINUTE: positiveInt
      .default(300)
      .meta(
        about(
          'Sign-in and OAuth',
          'Requests one address may make per minute to the OAuth token endpoint, as many to the revocation endpoint (429 ' +
            '`rate_limited` with `Retry-After` past it), and as many to the authorization page `/oauth/authorize` (visits and ' +
            "consent answers: 429 with `Retry-After`). Hosted clients such as Claude's and ChatGPT's refresh every user's tokens from " +
            'a few addresses: raise it if many users connect through one.',
        ),
      ),
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
    CLASSIFIER_API_KEY: optionalString.meta(
      about(
        'News classifier',
        'Key for the chat-completions API behind `jev_classify`. Unset: the tool answers 503 `unavailable` (not set up). Local ' +
          'servers that ignore keys need any non-empty value.',
      ),
    ),
    CLASSIFIER_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
      .default('https://api.openai.com/v1')
      .transform((url) => url.replace(/\/+$/, ''))
      .meta(
        about(
          'News classifier',
          'Any OpenAI-compatible API up to its version path (hosted, or a local server such as `http://127.0.0.1:11434/v1`); it must ' +
            'support `response_format` `json_schema`.',
        ),
      ),
    CLASSIFIER_MODEL: z
      .string()
      .trim()
      .min(1, 'must name a model')
      .default('gpt-4o-mini')
      .meta(about('News classifier', 'Model name sent to that API.')),
    // Bounded well under the minute clients allow for a whole call.
    CLASSIFIER_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .max(45, 'must be at most 45 (clients allow one minute for the whole call)')
      .default(25)
      .meta(about('News classifier', 'How long one model call may take (at most 45, well under the minute clients allow).')),
    NEWS_SOURCE_ALLOWLIST: optionalString
      .transform((value, ctx) => {
        if (value === undefined) return DEFAULT_ALLOWLIST;
        const allowlist = parseAllowlist(value);
        if (typeof allowlist === 'string') {
          ctx.addIssue({ code: 'custom', message: allowlist });
          return z.NEVER;
        }
        return allowlist;
      })
      .meta(
        about(
          'News classifier',
          'Comma-separated domains that **replace** the default allowlist of `jev_classify` sources (each also covers its ' +
            'subdomains). Social media, video and forum sites are refused even if listed.',
          'the list in `lib/news-sources.ts`',
        ),
      ),
    OPERATOR_NAME: optionalString
      .refine((value) => value === undefined || value.length <= 100, 'must be at most 100 characters')
      .meta(
        about(
          'Policies and directories',
          'Who runs this service (a person or a company), as the privacy policy, terms and support pages (`/privacy`, `/terms`, ' +
            '`/support`) name it. Directories ask that it match the publisher of the listing.',
          "the operator of `APP_URL`'s hostname",
        ),
      ),
    SUPPORT_EMAIL: optionalString
      .refine((value) => value === undefined || z.email().safeParse(value).success, 'must be an email address such as help@example.com')
      .meta(
        about(
          'Policies and directories',
          'Where users write for help, for their data or to delete an account: shown on `/support`, `/privacy` and `/terms`.',
          "`support@` and `APP_URL`'s hostname",
        ),
      ),
    LOG_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3650)
      .default(30)
      .meta(
        about(
          'Policies and directories',
          'How many days your log system keeps the lines JEV writes to stdout (one per API request: time, path, tool, status, user ' +
            'id). JEV keeps no log itself; the privacy page states this figure, so make it true where the logs go.',
        ),
      ),
    OPENAI_APPS_CHALLENGE: optionalString
      .refine(
        (value) => value === undefined || /^[\x21-\x7e]{1,1024}$/.test(value),
        'must be the token the OpenAI app submission shows: at most 1024 visible ASCII characters, no spaces',
      )
      .meta(
        about(
          'Policies and directories',
          "The domain-verification token of OpenAI's app submission, served as plain text at " +
            '`/.well-known/openai-apps-challenge` (404 while unset). See [listing.md](listing.md#chatgpt-openais-app-directory).',
        ),
      ),
    CRON_SECRET: optionalString
      .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters')
      .meta(
        about(
          'Operations',
          'Bearer secret (at least 16 characters) for `POST /api/cron/ingest`, the scheduled ingestion of serverless hosts. Unset: ' +
            'that route answers 503.',
        ),
      ),
    METRICS_TOKEN: optionalString
      .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters')
      .meta(
        about(
          'Operations',
          'Bearer secret (at least 16 characters) for `GET /api/metrics` (Prometheus; see ' +
            '[operations.md](operations.md#logs-request-ids-and-metrics)). Unset: that route answers 404.',
        ),
      ),
    // Read by server.mjs (lib/observe/runtime.mjs) before the app starts; validated here.
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .meta(
        about(
          'Operations',
          'Level of the JSON log on stdout (`npm start`): `fatal`, `error`, `warn`, `info` (one access line per API request), ' +
            '`debug`, `trace` or `silent`.',
        ),
      ),
    OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value === 'true' || value === '1')
      .meta(
        about(
          'Tests and development',
          '**Tests only.** `true` lets an OAuth client metadata document be fetched over `http` and from loopback or private ' +
            "addresses (a test's own server). Never set it on a real server: it lets a stranger make JEV call into its own network.",
          'off',
        ),
      ),
    CHECK_ANSWERS: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value === 'true' || value === '1')
      .meta(
        about(
          'Tests and development',
          "`true`: check every tool answer against the tool's output schema before sending it; a mismatch is a 500 `internal` " +
            "naming the field. The tests' servers set it; it costs a copy and a check per call.",
          'off',
        ),
      ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.UPSTASH_REDIS_REST_URL ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL'],
        message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
      });
    }
    if (env.REDIS_URL && env.UPSTASH_REDIS_REST_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: 'set either REDIS_URL or the UPSTASH_REDIS_REST_URL and _TOKEN pair for the shared budgets, not both',
      });
    }
    for (const [id, secret] of OAUTH_PAIRS) {
      if (Boolean(env[id]) !== Boolean(env[secret])) {
        ctx.addIssue({ code: 'custom', path: [env[id] ? secret : id], message: `${id} and ${secret} must be set together` });
      }
    }
    if (!env.NEXTAUTH_SECRET && !mayGenerateAuthSecret(env)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEXTAUTH_SECRET'],
        message: 'is required in production unless APP_URL is localhost (generate one with: openssl rand -base64 32)',
      });
    }
  });

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined>) {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const appUrl = new URL(result.data.APP_URL);
  return {
    ...result.data,
    /** The console's origin, e.g. `http://localhost:3000` (no trailing slash). */
    appOrigin: appUrl.origin,
    /** The only hostname the service answers to (IPv6 without brackets), lower case. */
    appHostname: appUrl.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase(),
    /** Who runs the service, as the policy pages name it. */
    operatorName: result.data.OPERATOR_NAME ?? `the operator of ${appUrl.hostname}`,
    /** Where users write for help (the support, privacy and terms pages). */
    supportEmail: result.data.SUPPORT_EMAIL ?? `support@${appUrl.hostname}`,
  };
}

/** The settings of the process's budget store (lib/ratelimit's budgetStore). */
export function budgetStoreSettings(cfg: Config) {
  return {
    redisUrl: cfg.REDIS_URL,
    upstashUrl: cfg.UPSTASH_REDIS_REST_URL,
    upstashToken: cfg.UPSTASH_REDIS_REST_TOKEN,
    timeoutMs: cfg.RATE_LIMIT_STORE_TIMEOUT_MS,
  };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
