import { createTokenMemory, type TokenMemory } from '@/lib/account/tokens';
import { authSecret } from '@/lib/auth/secret';
import { budgetStoreSettings, type Config } from '@/lib/config';
import { createClientDocuments, type ClientDocuments } from '@/lib/oauth/clients';
import { createRateLimiter, type BudgetStore } from '@/lib/ratelimit';

// What every part of one process shares: the budget store (one count per address and token, whoever spends
// it), the token look-ups with their revocation bus (a token revoked by a server action is refused by the API
// at once) and the client documents fetched (one fetch, or one cached failure, per client). On globalThis,
// because Next builds route handlers, server actions and instrumentation as separate module graphs, each with
// its own copy of these modules. Kept apart from the root so that start-up can reach the revocation bus
// without loading the whole app a second time.

export interface ProcessWide {
  budgets: BudgetStore;
  tokenMemory: TokenMemory;
  clientDocuments: ClientDocuments;
  /** The key that signs console sessions (lib/auth/secret.ts), read once when first needed: a generated one from its file. */
  sessionSecret: () => string;
}

/** The configuration's session secret, read when first asked for and kept. */
export function keptSecret(config: Config): () => string {
  let secret: string | undefined;
  return () => (secret ??= authSecret(config));
}

/** The process's shared parts, made on first use from the configuration. */
export function processWide(config: Config): ProcessWide {
  const holder = globalThis as { jevProcessWide?: ProcessWide };
  holder.jevProcessWide ??= {
    budgets: createRateLimiter(budgetStoreSettings(config)),
    tokenMemory: createTokenMemory(config.REDIS_URL),
    clientDocuments: createClientDocuments(),
    sessionSecret: keptSecret(config),
  };
  return holder.jevProcessWide;
}
