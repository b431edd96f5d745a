import {
  CLIENT_INFO_META_KEY,
  createMcpHandler,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import type { Gateway } from '@/lib/gateway/pipeline';
import { withDeadline } from '@/lib/http/deadline';
import { jsonRpcErrorResponse, mcpErrorResponse, NO_STORE } from '@/lib/http/errors';
import type { LiveToken } from '@/lib/account/tokens';
import { cleanLabel, LABEL_MAX_CODE_POINTS, storedLabel } from '@/lib/text';
import type { ClientLabel } from '@/lib/tools/types';
import { answerDirectly, directCall } from './direct-call';
import { boundEventStream, eventStreamOf, INTERNAL_ERROR, lateAnswers } from './event-stream-deadline';
import { bodyOf, isRequest, parseMessages, type Message, type Messages } from './messages';
import { batchRefusal } from './sdk/batches';
import { dropSelfCancellations } from './sdk/cancellations';
import { withShortEchoes } from './sdk/echoes';
import { withoutJsonModeWarning } from './sdk/json-warning';
import { renameListenRequests } from './sdk/listen';
import { withAllVersions } from './sdk/versions';
import { createMcpServer, runTool, SERVER_INFO, TOOL_NAMES, type McpCaller, type Reach } from './server';

// The MCP front end. The gateway's request steps run first, once, in the contract's order (docs/contract.md,
// "MCP errors before the protocol"): host and origin, address budget, token shape, body (type, size, JSON into
// messages), token owner. The messages are read once (lib/mcp/messages.ts); what the SDK gets wrong is mended
// by the modules in lib/mcp/sdk/, each tied to the SDK release it was written for. A plain tools/call is then
// answered directly, as the SDK would answer it (lib/mcp/direct-call.ts); anything else is served by the SDK (both
// eras, statelessly). Either way each tools/call enters the gateway's tool steps once (runTool in
// lib/mcp/server.ts). Refusals are encoded by lib/http/errors.ts.

/** One message per request, carrying its version: no batches. */
const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];
/** Every version served, newest first: the list each "unsupported protocol version" answer names. */
const ALL_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];

const member = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** The client's info: sent in `initialize` under the 2025-era versions, with every request under 2026-07-28. */
function clientInfoOf(message: Message): unknown {
  return message.method === 'initialize' ? message.params?.clientInfo : member(message.params?._meta, CLIENT_INFO_META_KEY);
}

/**
 * The client's name. It is whatever the client sends, so it is kept as one visible line (lib/text.ts): it labels
 * records and shows on the Connect page.
 */
function clientNameOf(info: unknown): string | undefined {
  const name = member(info, 'name');
  const label = typeof name === 'string' ? cleanLabel(name, LABEL_MAX_CODE_POINTS) : '';
  return label === '' ? undefined : label;
}

/** Who a request says it is: whether it carries client info at all, and the name in it. */
interface Naming {
  named: boolean;
  name: string | undefined;
}

/**
 * The label of what a request saves: the client's name when the request gives one. A request without client info
 * (a 2025-era client names itself only in `initialize`, and a stateless server keeps no session to tie its later
 * requests to it) takes the name the same client gave before with this token or its OAuth grant, "the same client"
 * being the same User-Agent: the name is stored with the token, so any instance finds it, after a restart too, and
 * it is only ever the token owner's own. Else the User-Agent. Looked up only when a tool saves a record.
 */
function clientLabelOf(gateway: Gateway, caller: LiveToken, { named, name }: Naming, agent: string | null): ClientLabel {
  if (name !== undefined) return () => Promise.resolve(name);
  if (named) return () => Promise.resolve(agent ?? undefined);
  return async () => (await gateway.recallClient(caller, agent)) ?? agent ?? undefined;
}

/**
 * What the messages of one POST can reach, what they ask to be answered, and who is asking, in one pass. The
 * capabilities (and so the SDK's request handlers) do not depend on the reach: a server missing a tool answers
 * tools/call for it exactly as one that never had it, "not found".
 */
function survey(messages: Messages, refusedListen: boolean) {
  const reach: Reach = { tools: new Set(), notes: false, views: new Set(), prompts: false, refusedListen };
  const requestIds: unknown[] = [];
  const naming: Naming = { named: false, name: undefined };
  for (const message of messages.list) {
    if (isRequest(message)) requestIds.push(message.id);
    const info = clientInfoOf(message);
    if (info !== undefined) {
      naming.named = true;
      naming.name ??= clientNameOf(info);
    }
    const method = message.method;
    if (method === undefined) continue;
    if (method === 'tools/list') reach.tools = 'all';
    else if (method === 'tools/call') {
      const name = message.params?.name;
      if (reach.tools !== 'all' && typeof name === 'string') reach.tools.add(name);
    } else if (method === 'resources/read') {
      const uri = message.params?.uri;
      if (typeof uri === 'string' && uri.startsWith('ui://')) reach.views.add(uri);
    }
    // completion/complete may name a prompt or a resource.
    if (method.startsWith('resources/') || method === 'completion/complete') reach.notes = true;
    if (method.startsWith('prompts/') || method === 'completion/complete') reach.prompts = true;
  }
  return { reach, requestIds, naming };
}

/** Thrown when the request deadline passes before the SDK has answered. */
class DeadlinePassed extends Error {}

/** What one request's answer is: from the SDK, or whole already (a direct call, lib/mcp/direct-call.ts). */
interface Served {
  response: Response;
  requestIds: unknown[];
  whole: boolean;
}

/** Set while a request is served: a 2025-era call answered directly ends as an event stream at the deadline. */
interface Deadline {
  streamIds?: unknown[];
}

export interface McpEndpointOptions {
  /** Default true; false serves every request through the SDK (the tests compare the two paths' answers). */
  directCalls?: boolean;
  /** The protected resource metadata's URL, named in every 401 challenge (MCP authorization, RFC 9728 §5.1). */
  resourceMetadataUrl?: string;
}

export function createMcpEndpoint(gateway: Gateway, { directCalls = true, resourceMetadataUrl }: McpEndpointOptions = {}) {
  // The caller travels in authInfo, the SDK's pass-through for who a request acts for; only post() calls fetch.
  // JSON, not an event stream, under 2026-07-28: one answer per request (docs/contract.md, "MCP").
  const handler = withoutJsonModeWarning(() =>
    createMcpHandler(
      ({ authInfo }) => {
        const { who, reach } = authInfo?.extra as { who: McpCaller; reach: Reach };
        return createMcpServer(gateway, who, reach);
      },
      { responseMode: 'json' },
    ),
  );

  async function serve(request: Request, deadline: Deadline): Promise<Served> {
    const { token, caller, body } = await gateway.acceptMcp(request, parseMessages);
    const messages = dropSelfCancellations(body);
    const refusal = batchRefusal(messages, request.headers.get('mcp-protocol-version'), MODERN_VERSIONS);
    if (refusal) return { response: refusal, requestIds: [], whole: true };
    const listen = renameListenRequests(messages, request.headers);
    const { reach, requestIds, naming } = survey(listen.messages, listen.renamed);
    const agent = storedLabel(request.headers.get('user-agent') ?? undefined);
    // Stored before the answer, so the client's next request finds the name (clientLabelOf).
    if (naming.name !== undefined) await gateway.noteClient(caller, { name: naming.name, agent });
    const who: McpCaller = { caller, clientLabel: clientLabelOf(gateway, caller, naming, agent) };
    const direct = directCalls ? directCall(listen.messages, request.headers, TOOL_NAMES) : undefined;
    if (direct) {
      if (direct.era === 'legacy') deadline.streamIds = requestIds;
      const result = await runTool(gateway, who, direct.name, direct.args);
      return { response: answerDirectly(direct, result, SERVER_INFO), requestIds, whole: true };
    }
    const authInfo: AuthInfo = { token, clientId: caller.id, scopes: [caller.scope], extra: { who, reach } };
    // The SDK skips its own size limit when given parsedBody: the gateway's was applied while reading.
    const forwarded = listen.renamed
      ? new Request(request.url, { method: request.method, headers: listen.headers, signal: request.signal })
      : request;
    const response = await handler.fetch(forwarded, { parsedBody: bodyOf(listen.messages), authInfo });
    const versionsSent = [
      request.headers.get('mcp-protocol-version'),
      ...listen.messages.list.map((message) => member(message.params?._meta, PROTOCOL_VERSION_META_KEY)),
    ];
    return { response: await withAllVersions(await withShortEchoes(response, versionsSent), ALL_VERSIONS), requestIds, whole: false };
  }

  return {
    /**
     * Every JSON-RPC message arrives here. The whole request runs within the deadline (REQUEST_DEADLINE_SECONDS):
     * past it, a JSON answer is 503 with -32603, and an event stream gets -32603 for each request not yet answered.
     */
    async post(request: Request): Promise<Response> {
      const started = Date.now();
      const message = `The request did not finish within ${gateway.deadlineMs / 1000} s on the service side and was ended. Try again later.`;
      const deadline: Deadline = {};
      try {
        const served = await withDeadline(serve(request, deadline), gateway.deadlineMs, () => new DeadlinePassed());
        const { requestIds } = served;
        const response = served.whole
          ? served.response
          : boundEventStream(served.response, gateway.deadlineMs - (Date.now() - started), requestIds, message);
        return noStore(response);
      } catch (error) {
        if (!(error instanceof DeadlinePassed)) return mcpErrorResponse(error, resourceMetadataUrl);
        return deadline.streamIds
          ? noStore(eventStreamOf(lateAnswers(deadline.streamIds, message)))
          : jsonRpcErrorResponse(503, INTERNAL_ERROR, message);
      }
    },

    /** GET and DELETE: no streams and no sessions to end, once the request has passed the checks. */
    async methodNotAllowed(request: Request): Promise<Response> {
      try {
        await gateway.authenticate(await gateway.admit(request));
        return jsonRpcErrorResponse(405, -32000, 'Method not allowed', { Allow: 'POST' });
      } catch (error) {
        return mcpErrorResponse(error, resourceMetadataUrl);
      }
    },
  };
}

function noStore(response: Response): Response {
  response.headers.set('Cache-Control', NO_STORE['Cache-Control']);
  return response;
}

export type McpEndpoint = ReturnType<typeof createMcpEndpoint>;
