import {
  CLIENT_INFO_META_KEY,
  createMcpHandler,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { accept, DeadlinePassed, requestClientLabel, type Accepted, type ClientNaming, type Gateway } from '@/lib/gateway/gateway';
import { boundEventStream, deadlineMessage, INTERNAL_ERROR } from '@/lib/http/deadline';
import { jsonRpcErrorResponse, mcpErrorResponse, NO_STORE } from '@/lib/http/errors';
import { cleanLabel, LABEL_MAX_CODE_POINTS } from '@/lib/text';
import { bodyOf, isRequest, messagesOf, propertyOf, type Messages } from './messages';
import { batchRefusal } from './sdk/batches';
import { dropSelfCancellations } from './sdk/cancellations';
import { withShortEchoes } from './sdk/echoes';
import { withoutJsonModeWarning } from './sdk/json-warning';
import { renameListenRequests } from './sdk/listen';
import { withAllVersions } from './sdk/protocol-versions';
import { mcpServerFactory, type McpCaller } from './server';

// The MCP front end, an adapter between the gateway and the SDK. The gateway accepts the request (docs/contract.md,
// "Check order", steps 1–5, with MCP's body rules); the SDK serves its messages (both eras, statelessly) with a
// server built from the gateway's catalogue (./server.ts), whose tools/call runs the gateway's steps 6–9. What the SDK
// gets wrong is mended by the modules in ./sdk/, each tied to the SDK release it was written for. Refusals are
// encoded by lib/http/errors.ts.

/** One message per request, carrying its version: no batches. */
const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];
/** Every version served, newest first: the list each "unsupported protocol version" answer names. */
const ALL_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];

/**
 * Whether the messages carry client info at all (sent in `initialize` under the 2025-era versions, with every
 * request under 2026-07-28), and the client's name from it. The name is whatever the client sends, so it is kept as
 * one visible line (lib/text.ts): it labels records and shows on the Connect page.
 */
function clientNaming({ list }: Messages): ClientNaming {
  let named = false;
  for (const message of list) {
    const info = message.method === 'initialize' ? message.params?.clientInfo : propertyOf(message.params?._meta, CLIENT_INFO_META_KEY);
    if (info === undefined) continue;
    named = true;
    const name = propertyOf(info, 'name');
    const label = typeof name === 'string' ? cleanLabel(name, LABEL_MAX_CODE_POINTS) : '';
    if (label !== '') return { named, name: label };
  }
  return { named, name: undefined };
}

export interface McpEndpointOptions {
  /** The protected resource metadata's URL, named in every 401 challenge (MCP authorization, RFC 9728 §5.1). */
  resourceMetadataUrl?: string;
}

/** The MCP endpoint of a gateway: the SDK's handler, with a server built for each request from the gateway's catalogue. */
export interface McpEndpoint {
  gateway: Gateway;
  handler: ReturnType<typeof createMcpHandler>;
  /** The protected resource metadata's URL, named in every 401 challenge (MCP authorization, RFC 9728 §5.1). */
  resourceMetadataUrl: string | undefined;
}

export function createMcpEndpoint(gateway: Gateway, { resourceMetadataUrl }: McpEndpointOptions = {}): McpEndpoint {
  const serverFor = mcpServerFactory(gateway);
  // The caller travels in authInfo, the SDK's pass-through for who a request acts for. JSON, not an event stream,
  // under 2026-07-28: one answer per request (docs/contract.md, "MCP").
  const handler = withoutJsonModeWarning(() =>
    createMcpHandler(({ authInfo }) => serverFor(authInfo?.extra?.caller as McpCaller), { responseMode: 'json' }),
  );
  return { gateway, handler, resourceMetadataUrl };
}

async function serve(
  { gateway, handler }: McpEndpoint,
  request: Request,
  { token, caller, body, deadline }: Accepted<'messages'>,
): Promise<Response> {
  const messages = dropSelfCancellations(messagesOf(body));
  const refusal = batchRefusal(messages, request.headers.get('mcp-protocol-version'), MODERN_VERSIONS);
  if (refusal) return refusal;
  const listen = renameListenRequests(messages, request.headers);
  const mcpCaller: McpCaller = { caller, clientLabel: await requestClientLabel(gateway, caller, request, clientNaming(listen.messages)) };
  const authInfo: AuthInfo = { token, clientId: caller.id, scopes: [caller.scope], extra: { caller: mcpCaller } };
  // The SDK skips its own size limit when given parsedBody: the gateway's was applied while reading.
  const forwarded = listen.renamed
    ? new Request(request.url, { method: request.method, headers: listen.headers, signal: request.signal })
    : request;
  const response = await handler.fetch(forwarded, { parsedBody: bodyOf(listen.messages), authInfo });
  const versionsSent = [
    request.headers.get('mcp-protocol-version'),
    ...listen.messages.list.map((message) => propertyOf(message.params?._meta, PROTOCOL_VERSION_META_KEY)),
  ];
  const requestIds = listen.messages.list.filter(isRequest).map((message) => message.id);
  const answer = await withAllVersions(await withShortEchoes(response, versionsSent), ALL_VERSIONS);
  return boundEventStream(answer, deadline.timeLeft(), requestIds, deadlineMessage(gateway.config.REQUEST_DEADLINE_SECONDS));
}

/**
 * POST: every JSON-RPC message arrives here. The whole request runs within the gateway's deadline
 * (REQUEST_DEADLINE_SECONDS): past it, a JSON answer is 503 with -32603, and an event stream gets -32603 for each
 * request not yet answered.
 */
export async function postMcp(endpoint: McpEndpoint, request: Request): Promise<Response> {
  try {
    const accepted = await accept(endpoint.gateway, request, { body: 'messages' });
    const answer = await accepted.deadline.bound(serve(endpoint, request, accepted));
    answer.headers.set('Cache-Control', NO_STORE['Cache-Control']);
    return answer;
  } catch (error) {
    if (error instanceof DeadlinePassed) return jsonRpcErrorResponse(503, INTERNAL_ERROR, error.message);
    return mcpErrorResponse(error, endpoint.resourceMetadataUrl);
  }
}

/** GET and DELETE: no streams and no sessions to end, once the request has passed the bodiless steps (LIST_ROUTE_STEPS). */
export async function mcpMethodNotAllowed({ gateway, resourceMetadataUrl }: McpEndpoint, request: Request): Promise<Response> {
  try {
    await accept(gateway, request, { body: 'none' });
    return jsonRpcErrorResponse(405, -32000, 'Method not allowed', { Allow: 'POST' });
  } catch (error) {
    return mcpErrorResponse(error, resourceMetadataUrl);
  }
}
