import type { LiveToken, Tokens } from '@/lib/account/tokens';
import type { Config } from '@/lib/config';
import { isDatabaseUnavailable, ToolError } from '@/lib/errors';
import { clientAddress } from '@/lib/http/address';
import { deadlineMessage, withDeadline } from '@/lib/http/deadline';
import { checkHostAndOrigin } from '@/lib/http/origin';
import { countRefusal, noteTool, noteUser } from '@/lib/observe';
import type { Budget, RateLimiter } from '@/lib/ratelimit';
import { checkAnswer } from '@/lib/tools/answer-check';
import { parseArguments } from '@/lib/tools/inputs';
import { servedRecords, type ToolRecord } from '@/lib/tools/registry';
import { storedLabel } from '@/lib/text';
import type { Guide } from '@/lib/tools/guide';
import type { ClientLabel, ToolContext, ToolDefinition, ToolServices } from '@/lib/tools/types';
import { readBody, type BodyOf, type BodyRule } from './body';
import { catalogueGroups, openApiJson, type CatalogueGroup } from './openapi';
import { authenticate, bearerToken, DEAD_TOKEN_MESSAGE } from './token';

// The gateway owns a request: the checks of docs/contract.md ("Check order") run here, in its order and under its
// numbers, and nowhere else, and the request deadline bounds them all. A front end hands `accept` a request (steps
// 1–5: its caller and its body, and the deadline begun with it), hands a tool call to `call` (steps 6–9 and the
// tool) within what is left of that deadline, and only encodes the answer, or the ToolError the first failing step
// throws. The gateway itself is what the composition root built for it (createGateway); these functions take it first.

export interface GatewayDeps {
  config: Config;
  limiter: RateLimiter;
  now: () => Date;
  /** The tools to serve, in the order they are listed (the composition root's catalogue; tests bring their own). */
  catalogue: readonly ToolDefinition[];
  /** The rules text, notes and prompts served with them. */
  guide: Guide;
  /** Who a token belongs to, and the stamps of its use. */
  tokens: Tokens;
  /** Handed to every tool in its context, with its caller (lib/root/tool-services.ts builds them). */
  services: ToolServices;
}

/** What a request must pass before the gateway hands it on: how its body is read, and whether it needs a token. */
export interface Admission<Rule extends BodyRule> {
  body: Rule;
  /** Default 'required'. With 'none' (the OpenAPI document, paths that serve nothing) only steps 1–2 run. */
  token?: 'required' | 'none';
}

/**
 * A request's deadline (REQUEST_DEADLINE_SECONDS), begun when the gateway accepts it: acceptance and all that follows
 * must end within it.
 */
export interface Deadline {
  /** How many milliseconds are left (for answers still streaming). */
  timeLeft: () => number;
  /** `work`, or DeadlinePassed if the deadline passes first (the work is then left to finish on its own). */
  bound: <T>(work: Promise<T>) => Promise<T>;
}

/** A request that passed steps 1–5: its token, who the token belongs to, its body, and its deadline. */
export interface Accepted<Rule extends BodyRule> {
  token: string;
  caller: LiveToken;
  body: BodyOf[Rule];
  deadline: Deadline;
}

/** Whether a request carries client info (MCP's clientInfo) at all, and the client's name from it. */
export interface ClientNaming {
  named: boolean;
  name: string | undefined;
}

export interface ToolCall {
  caller: LiveToken;
  toolName: string;
  args: unknown;
  clientLabel: ClientLabel;
}

const perMinute = (name: string, limit: number): Budget => ({ name, limit, windowSeconds: 60 });

/** A tool as a gateway serves it: its definition and its record. */
export interface ServedTool {
  tool: ToolDefinition;
  record: ToolRecord;
}

/** A server's gateway: what the steps need, built once by the composition root. */
export interface Gateway {
  config: Config;
  limiter: RateLimiter;
  now: () => Date;
  tokens: Tokens;
  services: ToolServices;
  budgets: { address: Budget; token: Budget; user: Budget };
  /** Each served tool by name, with its record (what the tool's answers are checked against under CHECK_ANSWERS). */
  toolsByName: ReadonlyMap<string, ServedTool>;
  /** The tool records this server lists (REST and MCP alike): its catalogue as this server serves it. */
  records: readonly ToolRecord[];
  /** The rules text, notes and prompts served with the tools. */
  guide: Guide;
  /** The families of its tools, as the OpenAPI document tags them. */
  groups: readonly CatalogueGroup[];
  /** The OpenAPI document of its tools at APP_URL, serialized on first use: neither changes while it runs. */
  openApiJson: () => string;
  /** How long any request may run on the server (REQUEST_DEADLINE_SECONDS), in milliseconds. */
  deadlineMs: number;
}

export function createGateway({ config, limiter, now, catalogue, guide, tokens, services }: GatewayDeps): Gateway {
  const records = servedRecords(catalogue, { classifierConfigured: services.classifier.configured });
  const groups = catalogueGroups(catalogue);
  let openApi: string | undefined;
  return {
    config,
    limiter,
    now,
    tokens,
    services,
    budgets: {
      address: perMinute('address', config.RATE_LIMIT_ADDRESS_PER_MINUTE),
      token: perMinute('token', config.RATE_LIMIT_TOKEN_PER_MINUTE),
      user: perMinute('user', config.RATE_LIMIT_USER_PER_MINUTE),
    },
    toolsByName: new Map(catalogue.map((tool, index) => [tool.name, { tool, record: records[index]! }])),
    records,
    guide,
    groups,
    openApiJson: () => (openApi ??= openApiJson({ appOrigin: config.appOrigin, records, groups, instructions: guide.instructions })),
    deadlineMs: config.REQUEST_DEADLINE_SECONDS * 1000,
  };
}

async function spend({ limiter }: Gateway, budget: Budget, key: string, spender: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.consume(budget, key);
  if (allowed) return;
  countRefusal(budget.name);
  throw new ToolError('rate_limited', `Too many requests ${spender}. Retry in ${retryAfterSeconds} s.`, { retryAfterSeconds });
}

/** Thrown when a request is still running at the deadline: 503 `unavailable`. */
export class DeadlinePassed extends ToolError {
  constructor(gateway: Gateway) {
    super('unavailable', deadlineMessage(gateway.config.REQUEST_DEADLINE_SECONDS));
  }
}

function startDeadline(gateway: Gateway): Deadline {
  const ends = Date.now() + gateway.deadlineMs;
  const timeLeft = () => ends - Date.now();
  return { timeLeft, bound: (work) => withDeadline(work, timeLeft(), () => new DeadlinePassed(gateway)) };
}

/**
 * Steps 1–5, in order, within the request deadline begun here: the request's caller and its body read under the
 * admission's rule, with the deadline for what follows (nothing with token 'none', whose request needs nothing more).
 */
export function accept(gateway: Gateway, request: Request, admission: Admission<'none'> & { token: 'none' }): Promise<void>;
export function accept<Rule extends BodyRule>(
  gateway: Gateway,
  request: Request,
  admission: Admission<Rule> & { token?: 'required' },
): Promise<Accepted<Rule>>;
export function accept<Rule extends BodyRule>(
  gateway: Gateway,
  request: Request,
  admission: Admission<Rule>,
): Promise<Accepted<Rule> | void> {
  const deadline = startDeadline(gateway);
  return deadline.bound(checkRequest(gateway, request, admission, deadline));
}

/** The steps themselves, numbered as in docs/contract.md. */
async function checkRequest<Rule extends BodyRule>(
  gateway: Gateway,
  request: Request,
  admission: Admission<Rule>,
  deadline: Deadline,
): Promise<Accepted<Rule> | void> {
  const { config, budgets, tokens, now } = gateway;
  // Step 1: host and origin.
  checkHostAndOrigin(request.headers, config);
  // Step 2: the per-address budget, before the token is looked at.
  await spend(gateway, budgets.address, clientAddress(request.headers, config), 'from this address');
  if (admission.token === 'none') return;
  // Step 3: a token shaped like ours (no database read).
  const token = bearerToken(request.headers);
  // Step 4: the body.
  const body = await readBody(request, admission.body);
  // Step 5: the token is live.
  const caller = await authenticate(tokens, token, now());
  noteUser(caller.user.id);
  return { token, caller, body, deadline };
}

/**
 * A tool that failed after step 5 may have failed because its token went meanwhile: the account was deleted (its
 * rows go with it, so a write meets a missing row, which the foreign keys refuse on both databases rather than
 * leave an orphan, or conflicts with the deletion) or the token was revoked. Its caller then gets 401
 * `invalid_token`, as if it had come a moment later, instead of a 500. Only such failures are checked: a storage
 * error or anything else unexpected (what would answer 500 `internal`). The tool's own answers (`invalid_input`,
 * `not_found`, `limit`, ...) are about the request and stand without a query more; a database that is not
 * answering is not asked again: its 503 comes at once. Read afresh; if even that fails, the tool's own error stands.
 */
async function refuseIfTokenWent({ tokens, now }: Gateway, caller: LiveToken, error: unknown): Promise<never> {
  const unexpected = error instanceof ToolError ? error.code === 'internal' : !isDatabaseUnavailable(error);
  if (!unexpected) throw error;
  const live = await tokens.isLive(caller.id, now()).catch(() => true);
  if (!live) throw new ToolError('invalid_token', DEAD_TOKEN_MESSAGE);
  throw error;
}

/** Who a tool runs for: the user, the token (or the console's stand-in) and the label of what it saves. */
export type ToolCaller = Pick<ToolContext, 'user' | 'token' | 'clientLabel'>;

/**
 * Step 9, then the tool itself: the arguments against the tool's schema, the tool run for `caller` with the services
 * the root built for every tool, and its answer checked against its record under CHECK_ANSWERS (the tests' servers).
 * A failure of the run goes through `runFailed`, when given, which throws what the caller is to be told.
 */
export async function answerOf(
  { services, config }: Gateway,
  { tool, record }: ServedTool,
  caller: ToolCaller,
  args: unknown,
  runFailed?: (error: unknown) => Promise<never>,
): Promise<unknown> {
  const parsed = parseArguments(tool.input, args);
  const running = tool.run({ ...services, ...caller }, parsed);
  const answer = await (runFailed ? running.catch(runFailed) : running);
  return config.CHECK_ANSWERS ? checkAnswer(record, answer) : answer;
}

/** Steps 6–9, in order, then the tool itself: its answer. A front end bounds it by its request's deadline. */
export async function call(gateway: Gateway, { caller, toolName, args, clientLabel }: ToolCall): Promise<unknown> {
  const { budgets } = gateway;
  // Step 6: the tool exists (an unknown name is not counted against the tool-call budgets).
  const served = gateway.toolsByName.get(toolName);
  if (!served) throw new ToolError('unknown_tool', `There is no tool named "${toolName}". GET /api/v1/tools lists them.`);
  const { tool } = served;
  noteTool(tool.name);
  // Step 7: the per-token budget, then the per-user budget.
  await spend(gateway, budgets.token, caller.id, 'with this access token');
  await spend(gateway, budgets.user, caller.user.id, 'for this account');
  // Step 8: a write tool needs a write token.
  if (tool.scope === 'write' && caller.scope !== 'write') {
    throw new ToolError(
      'insufficient_scope',
      `${tool.name} saves to the user's account, and this access token is read-only. ` +
        `Create a token with write access on the Connect page.`,
    );
  }
  // Step 9 and the run.
  const toolCaller = { user: caller.user, token: { id: caller.id, scope: caller.scope }, clientLabel };
  return answerOf(gateway, served, toolCaller, args, (error) => refuseIfTokenWent(gateway, caller, error));
}

/**
 * The label of what a request saves (docs/contract.md, "Client labels"), one rule for both front ends. REST carries no
 * client info (`naming` absent): its User-Agent labels it. An MCP request that names its client (MCP's clientInfo)
 * is labelled with that name, which is stored with the token and the User-Agent before the request is answered, so
 * the client's next request finds it (and the Connect page shows it). A request without client info (a 2025-era MCP
 * client names itself only in `initialize`, and a stateless server keeps no session to tie its later requests to
 * it) takes the name the same client gave before with this token or its OAuth grant, "the same client" being the
 * same User-Agent: the name is stored with the token, so any instance finds it, after a restart too, and it is only
 * ever the token owner's own. Else the User-Agent. The recalled name is looked up only when a tool saves a record.
 */
export async function requestClientLabel(
  { tokens, now }: Gateway,
  caller: LiveToken,
  request: Request,
  naming?: ClientNaming,
): Promise<ClientLabel> {
  // Cleaned only when used: most calls save nothing.
  const agent = () => storedLabel(request.headers.get('user-agent') ?? undefined);
  const { name } = naming ?? {};
  if (name !== undefined) {
    await tokens.noteClient(caller.id, { name, agent: agent() }, now());
    return () => Promise.resolve(name);
  }
  if (!naming || naming.named) return () => Promise.resolve(agent() ?? undefined);
  return async () => {
    const seen = agent();
    return (await tokens.recallClient(caller, seen)) ?? seen ?? undefined;
  };
}
