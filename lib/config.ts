import { z } from 'zod';
import { DEFAULT_ALLOWLIST, parseAllowlist } from '@/lib/outlets';

// Every setting the service reads from the environment, validated once. A bad value stops start-up
// with a message that names the variable, instead of surfacing later as a strange request failure.

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

const schema = z
  .object({
    APP_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as http://localhost:3000' })
      .default('http://localhost:3000'),
    DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^(file:|postgres(ql)?:\/\/)/.test(value),
      'must start with file: (SQLite) or postgresql:// (PostgreSQL)',
    ),
    // PostgreSQL waits (lib/db/client.ts): a stalled database fails a call with 503 within seconds, not never.
    DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(60, 'must be at most 60').default(5),
    DB_QUERY_TIMEOUT_SECONDS: z.coerce.number().positive().max(60, 'must be at most 60 (clients allow one minute)').default(10),
    DB_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
    RATE_LIMIT_ADDRESS_PER_MINUTE: positiveInt.default(300),
    RATE_LIMIT_TOKEN_PER_MINUTE: positiveInt.default(60),
    RATE_LIMIT_USER_PER_MINUTE: positiveInt.default(120),
    /** The book whose prices anchor the consensus when neither the call nor the user names one. */
    DEFAULT_REFERENCE_BOOK: z
      .string()
      .regex(/^[a-z0-9_]+$/, 'must be a book key such as draftkings (lower case, digits, underscores)')
      .default('draftkings'),
    TOKEN_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    REDIS_URL: optionalString.refine(
      (value) => value === undefined || /^rediss?:\/\/[^/]/.test(value),
      'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
    ),
    /** How long one call to the shared budget store (Redis or Upstash) may take before counting in-process. */
    RATE_LIMIT_STORE_TIMEOUT_MS: z.coerce.number().int().min(20, 'must be at least 20').max(5000, 'must be at most 5000').default(500),
    UPSTASH_REDIS_REST_URL: optionalString.refine((value) => value === undefined || /^https?:\/\//.test(value), 'must be an http(s) URL'),
    UPSTASH_REDIS_REST_TOKEN: optionalString,
    CLASSIFIER_API_KEY: optionalString,
    CLASSIFIER_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
      .default('https://api.openai.com/v1')
      .transform((url) => url.replace(/\/+$/, '')),
    CLASSIFIER_MODEL: z.string().trim().min(1, 'must name a model').default('gpt-4o-mini'),
    // Bounded well under the minute clients allow for a whole call.
    CLASSIFIER_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .max(45, 'must be at most 45 (clients allow one minute for the whole call)')
      .default(25),
    // Every REST and MCP request ends by then: clients allow one minute, so the default ends a request shortly after.
    REQUEST_DEADLINE_SECONDS: z.coerce.number().positive().max(300, 'must be at most 300').default(65),
    NODE_ENV: optionalString,
    NEXTAUTH_SECRET: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters (generate one with: openssl rand -base64 32)',
    ),
    GITHUB_ID: optionalString,
    GITHUB_SECRET: optionalString,
    GOOGLE_ID: optionalString,
    GOOGLE_SECRET: optionalString,
    ODDS_API_KEY: optionalString,
    ODDS_API_BASE_URL: httpUrl('https://api.the-odds-api.com'),
    ODDS_API_REGIONS: z
      .string()
      .trim()
      .regex(/^(us|us2|uk|au|eu)(,(us|us2|uk|au|eu))*$/, 'must be a comma-separated list of us, us2, uk, au, eu')
      .default('us'),
    ESPN_BASE_URL: httpUrl('https://site.api.espn.com'),
    OPEN_METEO_BASE_URL: httpUrl('https://api.open-meteo.com'),
    // One provider call is bounded well under the minute clients allow for a whole tool call.
    PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(20, 'must be at most 20').default(8),
    /** Largest provider answer (sports data and the classifier's model) read, in MB; a larger one is a failed fetch. */
    PROVIDER_MAX_BODY_MB: z.coerce.number().positive('must be more than 0').max(200, 'must be at most 200').default(20),
    PROPS_TTL_SECONDS: z.coerce.number().int().min(30, 'must be at least 30').max(86_400).default(600),
    ODDS_FRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    /** ESPN game summaries (box scores) one ingestion run may fetch, all sports together. */
    STATS_MAX_SUMMARIES: z.coerce.number().int().min(1, 'must be at least 1').max(500, 'must be at most 500').default(40),
    ODDS_STALE_MINUTES: z.coerce.number().positive().max(10_080).default(60),
    ODDS_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    CRON_SECRET: optionalString.refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters'),
    /** Bearer secret of GET /api/metrics; unset, the endpoint is off (404). */
    METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters'),
    /** pino's level for the access log and the server's own lines (read by server.mjs; validated here). */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Life of an access token issued by OAuth; the client refreshes it with its refresh token. */
    OAUTH_ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(5).max(86_400).default(3600),
    /** Client registrations (RFC 7591) one address may make per hour. */
    OAUTH_REGISTRATIONS_PER_HOUR: positiveInt.default(20),
    /** Requests one address may make per minute to the token endpoint, and as many to the revocation endpoint. */
    RATE_LIMIT_OAUTH_PER_MINUTE: positiveInt.default(300),
    /**
     * Tests only: lets a client metadata document be fetched over http and from loopback or private
     * addresses (a test's own server). Never set it on a real server: it opens an SSRF hole.
     */
    OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    /**
     * Tests and development: every tool answer is checked against the tool's output schema before it is sent, and
     * one that does not match is a 500. Costs a copy and a check per call, so off by default.
     */
    CHECK_ANSWERS: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    NEWS_SOURCE_ALLOWLIST: optionalString.transform((value, ctx) => {
      if (value === undefined) return DEFAULT_ALLOWLIST;
      const allowlist = parseAllowlist(value);
      if (typeof allowlist === 'string') {
        ctx.addIssue({ code: 'custom', message: allowlist });
        return z.NEVER;
      }
      return allowlist;
    }),
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
  const result = schema.safeParse(env);
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
