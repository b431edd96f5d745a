import { z } from 'zod';
import { DEFAULT_ALLOWLIST, parseAllowlist } from '@/lib/news/allowlist';

// Every setting the service reads from the environment, validated once. A bad value stops start-up
// with a message that names the variable, instead of surfacing later as a strange request failure.

const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const schema = z
  .object({
    APP_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as http://localhost:3000' })
      .default('http://localhost:3000'),
    DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^(file:|postgres(ql)?:\/\/)/.test(value),
      'must start with file: (SQLite) or postgresql:// (PostgreSQL)',
    ),
    RATE_LIMIT_ADDRESS_PER_MINUTE: positiveInt.default(300),
    RATE_LIMIT_TOKEN_PER_MINUTE: positiveInt.default(60),
    RATE_LIMIT_USER_PER_MINUTE: positiveInt.default(120),
    TOKEN_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    UPSTASH_REDIS_REST_URL: optionalString.refine(
      (value) => value === undefined || /^https?:\/\//.test(value),
      'must be an http(s) URL',
    ),
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

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
