import type { z } from 'zod';
import type { Book } from '@/lib/account/book';
import type { TokenScope } from '@/lib/account/token-format';
import type { PropsSource } from '@/lib/data/props';
import type { Repositories } from '@/lib/data/repositories';
import type { Pricing } from '@/lib/pricing';
import type { checkSource } from '@/lib/news/allowlist';
import type { Classifier } from '@/lib/news/classifier';
import type { CursorSigner } from '@/lib/paging';

export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The settings tools read, taken from the configuration by whoever builds the context (lib/gateway/tool-context.ts). */
export interface ToolSettings {
  /** Reference book when neither the call nor the user's bankroll names one (DEFAULT_REFERENCE_BOOK). */
  defaultReferenceBook: string;
  /** How long odds answers and the preferences they use are reused (ODDS_CACHE_SECONDS); 0 turns reuse off. */
  oddsCacheSeconds: number;
  /** Prices older than this carry a stale note (ODDS_STALE_MINUTES). */
  oddsStaleMinutes: number;
  /** Stored props older than this are refreshed from the odds provider (PROPS_TTL_SECONDS). */
  propsTtlSeconds: number;
  /** The outlets jev_classify accepts (NEWS_SOURCE_ALLOWLIST). */
  newsSourceAllowlist: Parameters<typeof checkSource>[1];
}

/** The outside services tools reach: the odds provider (for props on demand; absent without a key). */
export interface ToolProviders {
  odds: PropsSource['odds'];
}

/** Per-process answer caches: `get` returns the answer kept under kind and key, else computes and keeps it. */
export interface ToolCaches {
  get<T>(kind: string, key: string, compute: () => Promise<T>): Promise<T>;
}

/** Everything a tool may use besides its caller: built once per process by the gateway (per test by the tests). */
export interface ToolServices {
  /** Stored sports data by area (lib/data/repositories). */
  data: Repositories;
  /** The user's bankroll, bets and picks (lib/account/book.ts). */
  book: Book;
  /** Stored prices priced against the no-vig consensus, with what pricing remembers (lib/pricing). */
  pricing: Pricing;
  now: () => Date;
  settings: ToolSettings;
  providers: ToolProviders;
  /** The language model behind jev_classify (lib/news/classifier.ts). */
  classifier: Classifier;
  caches: ToolCaches;
  /** Signs the cursors of paged answers with the server's key (lib/paging.ts). */
  cursors: CursorSigner;
}

/**
 * Who is calling and with what: built by the gateway, handed to every tool. Tools reach I/O only through it:
 * stored data through its repositories, the clock, settings, providers, classifier, caches and cursor signer through its fields.
 */
export interface ToolContext extends ToolServices {
  user: { id: string; email: string };
  token: { id: string; scope: TokenScope };
  /** Client name for records (MCP clientInfo name, else User-Agent). Never changes what a request may do. */
  clientLabel: string | undefined;
}

export interface ToolDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** What the tool does, what it returns and when an agent should use it. */
  description: string;
  scope: TokenScope;
  hints: ToolHints;
  input: Input;
  /** The answer's shape: published as the tool's output schema, and the type `run` must answer with. */
  output: Output;
  run(ctx: ToolContext, args: z.output<Input>): Promise<z.input<Output>>;
}

/** Keeps each definition's argument and answer types tied to its own schemas. */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  tool: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  return tool;
}
