import { parseConfig } from '@/lib/config';
import { fetchClaims } from '@/lib/data/ingest';
import type { Db } from '@/lib/db/client';
import { ToolError } from '@/lib/errors';
import { createToolServices } from '@/lib/root/tool-services';
import type { Classifier } from '@/lib/news/classifier';
import { cursorSigner } from '@/lib/paging';
import type { ToolContext, ToolProviders, ToolServices } from '@/lib/tools/types';

// Tool contexts built in process, as the gateway builds them, from settings given here rather than the
// environment: run a tool with `tool.run(toolContext(db), tool.input.parse(args))`.

/** No odds provider: props come only from what is stored. */
export const NO_PROVIDERS: ToolProviders = { odds: undefined };

/** A classifier that is not set up: jev_classify answers 503, as on a server without CLASSIFIER_API_KEY. */
export const NO_CLASSIFIER: Classifier = {
  model: 'none',
  configured: false,
  classify: async () => {
    throw new ToolError('unavailable', 'jev_classify is not set up in this test.');
  },
};

/** The cursor signer of in-process tool contexts: a fixed key, so no session secret is read or made. */
export const TEST_CURSORS = cursorSigner(() => 'in-process tool contexts sign cursors with this key');

export interface ToolServiceOptions {
  /** Settings as environment variables would give them (ODDS_CACHE_SECONDS, DEFAULT_REFERENCE_BOOK …); defaults otherwise. */
  env?: Record<string, string>;
  now?: () => Date;
  providers?: ToolProviders;
  classifier?: Classifier;
}

export function toolServices(db: Db, options: ToolServiceOptions = {}): ToolServices {
  const config = parseConfig(options.env ?? {});
  return createToolServices({
    config,
    db,
    now: options.now ?? (() => new Date()),
    claims: fetchClaims(config.PROVIDER_TIMEOUT_SECONDS * 1000),
    providers: options.providers ?? NO_PROVIDERS,
    classifier: options.classifier ?? NO_CLASSIFIER,
    cursors: TEST_CURSORS,
  });
}

export interface ToolContextOptions extends ToolServiceOptions {
  user?: { id: string; email: string };
  scope?: 'read' | 'write';
  clientLabel?: string;
}

/** A caller's context over `db`; each call builds fresh caches, so answers never leak between tests. */
export function toolContext(db: Db, options: ToolContextOptions = {}): ToolContext {
  return {
    ...toolServices(db, options),
    user: options.user ?? { id: 'u1', email: 'ann@example.com' },
    token: { id: 't1', scope: options.scope ?? 'read' },
    clientLabel: () => Promise.resolve(options.clientLabel),
  };
}
