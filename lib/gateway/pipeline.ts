import { andThen, type Awaitable } from '@/lib/awaitable';
import type { LiveToken, SeenClient, Tokens } from '@/lib/account/tokens';
import type { Config } from '@/lib/config';
import { ToolError } from '@/lib/errors';
import { clientAddress } from '@/lib/http/address';
import { withDeadline } from '@/lib/http/deadline';
import { checkHostAndOrigin } from '@/lib/http/origin';
import { countRefusal, noteTool, noteUser } from '@/lib/observe';
import type { Budget, RateLimiter } from '@/lib/ratelimit';
import { checkAnswer } from '@/lib/tools/answer-check';
import { parseArguments } from '@/lib/tools/inputs';
import { servedRecords } from '@/lib/tools/registry';
import type { ClientLabel, ToolDefinition, ToolServices } from '@/lib/tools/types';
import { checkJsonContentType, parseArgumentsObject, readBodyText, requireJsonContentType } from './body';
import { authenticate, bearerToken } from './token';

// The order of checks in docs/contract.md ("Check order"), one small step each, shared by the REST and MCP front ends.
// A step either passes or throws a ToolError; the front end encodes whichever comes first. Steps that may
// wait (a budget on Upstash, a token not looked up recently) return an Awaitable: front ends await each step,
// and in-process answers cost no promise of their own.

export interface GatewayDeps {
  config: Config;
  limiter: RateLimiter;
  now: () => Date;
  /** The catalogue to serve (injected so tests can add tools of their own). */
  findTool: (name: string) => ToolDefinition | undefined;
  /** Who a token belongs to, and the stamps of its use. */
  tokens: Tokens;
  /** Handed to every tool in its context, with its caller (lib/gateway/tool-context.ts builds them). */
  services: ToolServices;
}

export interface ToolCall {
  caller: LiveToken;
  toolName: string;
  args: unknown;
  clientLabel: ClientLabel;
}

export type Gateway = ReturnType<typeof createGateway>;

export function createGateway({ config, limiter, now, findTool, tokens, services }: GatewayDeps) {
  const perMinute = (name: string, limit: number): Budget => ({ name, limit, windowSeconds: 60 });
  const budgets = {
    address: perMinute('address', config.RATE_LIMIT_ADDRESS_PER_MINUTE),
    token: perMinute('token', config.RATE_LIMIT_TOKEN_PER_MINUTE),
    user: perMinute('user', config.RATE_LIMIT_USER_PER_MINUTE),
  };

  function spend(budget: Budget, key: string, who: string): Awaitable<void> {
    return andThen(limiter.consume(budget, key), ({ allowed, retryAfterSeconds }) => {
      if (!allowed) {
        countRefusal(budget.name);
        throw new ToolError('rate_limited', `Too many requests ${who}. Retry in ${retryAfterSeconds} s.`, {
          retryAfterSeconds,
        });
      }
    });
  }

  function requireTool(name: string): ToolDefinition {
    const tool = findTool(name);
    if (!tool) throw new ToolError('unknown_tool', `There is no tool named "${name}". GET /api/v1/tools lists them.`);
    return tool;
  }

  function checkScope(tool: ToolDefinition, caller: LiveToken): void {
    if (tool.scope === 'write' && caller.scope !== 'write') {
      throw new ToolError(
        'insufficient_scope',
        `${tool.name} saves to the user's account, and this access token is read-only. ` +
          `Create a token with write access on the Connect page.`,
      );
    }
  }

  function screen(request: Request): Awaitable<void> {
    checkHostAndOrigin(request.headers, config);
    return spend(budgets.address, clientAddress(request.headers, config), 'from this address');
  }

  function authenticateCaller(token: string): Awaitable<LiveToken> {
    return andThen(authenticate(tokens, token, now()), (caller) => {
      noteUser(caller.user.id);
      return caller;
    });
  }

  const deadlineMs = config.REQUEST_DEADLINE_SECONDS * 1000;
  const late = () =>
    new ToolError(
      'unavailable',
      `The request did not finish within ${config.REQUEST_DEADLINE_SECONDS} s on the service side and was ended. Try again later.`,
    );

  return {
    /** The tool records this server lists (REST and MCP alike): the catalogue as this server serves it. */
    records: servedRecords({ classifierConfigured: services.classifier.configured }),

    /** How long any request may run on the server (REQUEST_DEADLINE_SECONDS), in milliseconds. */
    deadlineMs,

    /** `work`, or 503 `unavailable` once the request deadline has passed. */
    withinDeadline<T>(work: Promise<T>): Promise<T> {
      return withDeadline(work, deadlineMs, late);
    },

    /** Steps 1–2: host and origin, the per-address budget (what a request to no endpoint still passes). */
    screen,

    /** Steps 1–3: host and origin, the per-address budget, the token's shape. Returns the token. */
    admit(request: Request): Awaitable<string> {
      return andThen(screen(request), () => bearerToken(request.headers));
    },

    /**
     * Steps 1–6 of an MCP request, in the contract's order: host and origin, the address budget, the token's shape,
     * the body (Content-Type: application/json required, size, and JSON through `parse`), the token's owner.
     */
    async acceptMcp<Body>(request: Request, parse: (text: string) => Body): Promise<{ token: string; caller: LiveToken; body: Body }> {
      const token = await andThen(screen(request), () => bearerToken(request.headers));
      requireJsonContentType(request.headers);
      const body = parse(await readBodyText(request));
      const caller = await authenticateCaller(token);
      return { token, caller, body };
    },

    /** Step 4: the body as a JSON object of arguments. */
    readArguments(request: Request): Promise<Record<string, unknown>> {
      checkJsonContentType(request.headers);
      return readBodyText(request).then(parseArgumentsObject);
    },

    /** Step 5: the token's owner. */
    authenticate: authenticateCaller,

    /**
     * Records the MCP client a live token is used from, for the Connect page and the labels of what it saves later;
     * resolves once stored. Never changes what a request may do.
     */
    noteClient(caller: LiveToken, client: SeenClient): Promise<void> {
      return tokens.noteClient(caller.id, client, now());
    },

    /** The name a client with this User-Agent (a label, or null) last gave with the caller's token or its grant. */
    recallClient(caller: LiveToken, agent: string | null): Promise<string | null> {
      return tokens.recallClient(caller, agent);
    },

    /** Steps 6–9, then the tool itself. */
    callTool({ caller, toolName, args, clientLabel }: ToolCall): Awaitable<unknown> {
      const tool = requireTool(toolName);
      noteTool(tool.name);
      const spent = andThen(spend(budgets.token, caller.id, 'with this access token'), () =>
        spend(budgets.user, caller.user.id, 'for this account'),
      );
      return andThen(spent, () => {
        checkScope(tool, caller);
        const parsed = parseArguments(tool.input, args);
        const answer = tool.run({ ...services, user: caller.user, token: { id: caller.id, scope: caller.scope }, clientLabel }, parsed);
        return config.CHECK_ANSWERS ? answer.then((result) => checkAnswer(tool.name, result)) : answer;
      });
    },
  };
}
