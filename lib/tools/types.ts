import type { z } from 'zod';
import type { Ledger } from '@/lib/account/ledger';
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

/** The settings tools read, taken from the configuration by whoever builds the context (lib/root/tool-services.ts). */
export interface ToolSettings {
  /** Reference book when neither the call nor the user's bankroll names one (DEFAULT_REFERENCE_BOOK). */
  defaultReferenceBook: string;
  /** How long odds answers and the preferences they use are reused (ODDS_CACHE_SECONDS); 0 turns reuse off. */
  oddsCacheSeconds: number;
  /** Prices older than this carry a stale note (ODDS_STALE_MINUTES). */
  oddsStaleMinutes: number;
  /** Stored props older than this are refreshed from the odds provider (PROPS_TTL_SECONDS). */
  propsTtlSeconds: number;
  /** Stored futures older than this are refreshed from the odds provider (FUTURES_TTL_SECONDS). */
  futuresTtlSeconds: number;
  /** The outlets jev_classify accepts (NEWS_SOURCE_ALLOWLIST). */
  newsSourceAllowlist: Parameters<typeof checkSource>[1];
  /** The console's Bankroll page (APP_URL/bankroll), where a user without a bankroll sets one up. */
  bankrollPageUrl: string;
}

/** The outside services tools reach: the odds provider (for props on demand; absent without a key). */
export interface ToolProviders {
  odds: PropsSource['odds'];
}

/** Per-process answer caches: each returns what it keeps under the key given, else computes and keeps it. */
export interface ToolCaches {
  /** The tool's answer kept under `key`, which must hold the caller and every argument the answer depends on. */
  answer<T>(tool: ToolIdentity, key: string, compute: () => Promise<T>): Promise<T>;
}

/** Everything a tool may use besides its caller: built once per process by the root (lib/root/tool-services.ts; per test by the tests). */
export interface ToolServices {
  /** Stored sports data by area (lib/data/repositories). */
  data: Repositories;
  /** The user's bankroll, bets and picks (lib/account/ledger.ts). */
  ledger: Ledger;
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
 * Who is calling and with what: built by the gateway for each call, handed to the tool. Tools reach I/O only through it:
 * stored data through its repositories, the clock, settings, providers, classifier, caches and cursor signer through its fields.
 */
export interface ToolContext extends ToolServices {
  user: { id: string; email: string };
  token: { id: string; scope: TokenScope };
  /** The label of what the call saves: see ClientLabel. Never changes what a request may do. */
  clientLabel: ClientLabel;
}

/**
 * The client's name for records (REST: the User-Agent; MCP: docs/contract.md, "MCP"), looked up only by the tools
 * that save a record, since over MCP it may take a database read.
 */
export type ClientLabel = () => Promise<string | undefined>;

/** Which tool runs: what paging and the answer caches tell tools apart by (a definition is one). */
export interface ToolIdentity<Name extends string = string> {
  readonly name: Name;
}

/** What a tool's `run` is handed: the caller's context and the tool itself, so its helpers need no name. */
export interface ToolRun extends ToolContext {
  tool: ToolIdentity;
}

interface ToolFields<Name extends string, Input extends z.ZodType, Output extends z.ZodType> {
  name: Name;
  title: string;
  /** What the tool does, what it returns and when an agent should use it. */
  description: string;
  scope: TokenScope;
  hints: ToolHints;
  input: Input;
  /** The answer's shape: published as the tool's output schema, and the type `run` must answer with. */
  output: Output;
  /** A tool that takes `detail`: its answer's shape with `detail: "full"`, one of output's (what the console reads). */
  fullOutput?: z.ZodType;
}

export interface ToolDefinition<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  Name extends string = string,
> extends ToolFields<Name, Input, Output> {
  run(ctx: ToolContext, args: z.output<Input>): Promise<z.input<Output>>;
}

type ToolSpec<Name extends string, Input extends z.ZodType, Output extends z.ZodType> = ToolFields<Name, Input, Output> & {
  run(ctx: ToolRun, args: z.output<Input>): Promise<z.input<Output>>;
};

/**
 * A tool of the catalogue: its name keeps its literal type and its argument and answer types stay tied to its own
 * schemas, so whatever names the tool by its definition cannot get the name and the types apart. `run` gets the
 * definition as `ctx.tool`. A tool that takes `detail` keeps its full answer's type too (`fullOutput`).
 */
export function defineTool<const Name extends string, Input extends z.ZodType, Output extends z.ZodType, FullOutput extends z.ZodType>(
  spec: ToolSpec<Name, Input, Output> & { fullOutput: FullOutput },
): ToolDefinition<Input, Output, Name> & { fullOutput: FullOutput };
export function defineTool<const Name extends string, Input extends z.ZodType, Output extends z.ZodType>(
  spec: ToolSpec<Name, Input, Output>,
): ToolDefinition<Input, Output, Name>;
export function defineTool(spec: ToolSpec<string, z.ZodType, z.ZodType>): ToolDefinition {
  const definition: ToolDefinition = { ...spec, run: (ctx, args) => spec.run({ ...ctx, tool: definition }, args) };
  return definition;
}
