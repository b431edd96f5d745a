import type { AuthOptions } from 'next-auth';
import { createOwnerLedger } from '@/lib/account/ledger';
import { createTokens, type TokenMemory } from '@/lib/account/tokens';
import { createAuthOptions } from '@/lib/auth/options';
import { budgetStoreSettings, config as configFromEnvironment, type Config } from '@/lib/config';
import { ingest, type IngestOptions } from '@/lib/data/ingest';
import { createProviders, type Providers } from '@/lib/data/providers';
import { createDb, dbOptions } from '@/lib/db';
import type { Db } from '@/lib/db/client';
import { createConsoleReader } from '@/lib/gateway/console';
import { createGateway } from '@/lib/gateway/gateway';
import { createToolServices } from '@/lib/root/tool-services';
import { createMcpEndpoint } from '@/lib/mcp/http';
import { classifierFor, type Classifier } from '@/lib/news/classifier';
import { createClientDocuments, type ClientDocuments } from '@/lib/oauth/clients';
import { createOAuthEndpoints } from '@/lib/oauth/endpoints';
import { PROTECTED_RESOURCE_METADATA_PATH } from '@/lib/oauth/metadata';
import { cursorSigner } from '@/lib/paging';
import { createRateLimiter, type BudgetStore } from '@/lib/ratelimit';
import { guideFor } from '@/lib/tools/guide';
import { TOOL_DEFINITIONS } from '@/lib/tools/registry';
import type { ToolDefinition } from '@/lib/tools/types';
import { ingestSettings } from './ingest-settings';
import { keptSecret, processWide } from './process';

// The one composition root: every service the API, the MCP endpoint, the console, the OAuth endpoints, the
// jev command and the ingestion worker use is built here, from the configuration, a database, a clock and a
// budget store. Everything kept between requests that can change (token look-ups and the revocation bus, answer
// caches, the users' preferences the ledger keeps, what pricing remembers, props in flight, client documents)
// belongs to a service built here, so a test that builds its own root starts from nothing. What cannot change
// while the process runs (the catalogue's records, the views' built documents, compiled answer checks) is derived
// once where it is defined. Nothing below this module reads the environment or the wall clock for itself.

export interface RootDeps {
  config: Config;
  /** Default: a client for DATABASE_URL. */
  db?: Db;
  /** Default: the budget store the configuration names (in process, Redis or Upstash). */
  budgets?: BudgetStore;
  /** Default: the wall clock. */
  now?: () => Date;
  /** The tools to serve, in the order they are listed. Default: the catalogue (tests serve tools of their own). */
  catalogue?: readonly ToolDefinition[];
  /** Default: the providers the configuration sets up. */
  providers?: Providers;
  /** Default: the classifier the configuration sets up (answers 503 without CLASSIFIER_API_KEY). */
  classifier?: Classifier;
  /** Default: the token look-ups and revocation bus of this root alone. */
  tokenMemory?: TokenMemory;
  /** Default: the client metadata documents of this root alone. */
  clientDocuments?: ClientDocuments;
  /** Default: the configuration's session secret, read once for this root alone. */
  sessionSecret?: () => string;
}

export function createRoot(deps: RootDeps) {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const db = deps.db ?? createDb(config.DATABASE_URL, dbOptions(config));
  const budgets = deps.budgets ?? createRateLimiter(budgetStoreSettings(config));
  const providers = deps.providers ?? createProviders(config);
  const classifier = deps.classifier ?? classifierFor(config);
  const catalogue = deps.catalogue ?? TOOL_DEFINITIONS;
  const settings = ingestSettings(config);
  const { claims } = settings;
  const tokens = createTokens(db, { lookupMaxAgeMs: config.TOKEN_CACHE_SECONDS * 1000, redisUrl: config.REDIS_URL }, deps.tokenMemory);
  // Sessions, cursors and OAuth refresh grants are signed with the session secret or a key derived from it.
  const sessionSecret = deps.sessionSecret ?? keptSecret(config);
  const cursors = cursorSigner(sessionSecret);
  const tools = createToolServices({ config, db, now, claims, providers, classifier, cursors });
  const gateway = createGateway({ config, limiter: budgets, now, catalogue, guide: guideFor(catalogue), tokens, services: tools });
  const clientDocuments: ClientDocuments = deps.clientDocuments ?? createClientDocuments();
  let auth: AuthOptions | undefined;

  return {
    config,
    db,
    now,
    budgets,
    providers,
    tokens,
    /** What tools use besides their caller (the gateway hands the same to every call). */
    tools,
    /**
     * The user's bankroll, bets and picks, as the console and the jev command read and write them: the tools' ledger
     * itself (one pricing service, one memo of preferences) and the bankroll's settings.
     */
    ledger: createOwnerLedger(tools.ledger, db),
    gateway,
    mcp: createMcpEndpoint(gateway, { resourceMetadataUrl: `${config.appOrigin}${PROTECTED_RESOURCE_METADATA_PATH}` }),
    /** The console's pages run the catalogue's read tools through this, for the signed-in user. */
    console: createConsoleReader(gateway),
    oauth: createOAuthEndpoints({ config, db, limiter: budgets, tokens, now, sessionSecret }),
    /** The OAuth client metadata documents fetched lately (the authorization page looks clients up in them). */
    clientDocuments,
    /** next-auth's options (sign-in, sessions); built on first use, since they need the session secret. */
    get auth(): AuthOptions {
      auth ??= createAuthOptions({ config, db, limiter: budgets, now, secret: sessionSecret() });
      return auth;
    },
    /** The key that signs console sessions, the consent page's tickets and paging cursors (lib/auth/secret.ts). */
    sessionSecret,
    /** One ingestion run with the configured providers and settings. */
    ingest: (options: IngestOptions) => ingest(db, providers, settings, options),
  };
}

export type Root = ReturnType<typeof createRoot>;

let instance: Root | undefined;

/**
 * The process's root, built from the environment on first use: one per module graph, since a service's errors
 * must be the classes its callers test for (a ToolError of another graph is not a ToolError here), each
 * built on the process-wide parts (./process.ts).
 */
export function root(): Root {
  if (!instance) {
    const config = configFromEnvironment();
    instance = createRoot({ config, ...processWide(config) });
  }
  return instance;
}
