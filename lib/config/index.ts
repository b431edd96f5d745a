import { z } from 'zod';
import { budgetSettings } from './budgets';
import { databaseSettings } from './database';
import { developmentSettings } from './development';
import { newsClassifierSettings } from './news-classifier';
import { operationsSettings } from './operations';
import { policySettings } from './policies';
import { serverSettings } from './server';
import { mayGenerateAuthSecret, OAUTH_PAIRS, signInSettings } from './sign-in';
import { sportsDataSettings } from './sports-data';

// Every setting the service reads from the environment, validated once. A bad value stops start-up
// with a message that names the variable, instead of surfacing later as a strange request failure.
// Each setting says what it means in its `.meta`: docs/configuration.md is generated from them (`npm run docs`).
// The settings are kept by section of that document, a file each (server.ts, database.ts, …; setting-docs.ts
// names the sections); this file joins them into one schema, checks the settings that must agree with each other,
// and is what the rest of the code imports.

export { isLoopbackHostname } from './server';
export { mayGenerateAuthSecret } from './sign-in';
export { SETTING_GROUPS, SETTINGS_READ_ELSEWHERE, type SettingDoc, type SettingGroup } from './setting-docs';

export const configSchema = z
  .object({
    ...serverSettings,
    ...databaseSettings,
    ...budgetSettings,
    ...signInSettings,
    ...sportsDataSettings,
    ...newsClassifierSettings,
    ...policySettings,
    ...operationsSettings,
    ...developmentSettings,
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
