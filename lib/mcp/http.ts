import { CLIENT_INFO_META_KEY, createMcpHandler, SUPPORTED_PROTOCOL_VERSIONS, type AuthInfo } from '@modelcontextprotocol/server';
import { ToolError } from '@/lib/errors';
import { gateway as sharedGateway } from '@/lib/gateway';
import { requireJsonContentType } from '@/lib/gateway/body';
import type { Gateway } from '@/lib/gateway/pipeline';
import { withDeadline } from '@/lib/http/deadline';
import { jsonRpcErrorResponse, mcpErrorResponse, NO_STORE } from '@/lib/http/errors';
import { cleanLabel, LABEL_MAX_CODE_POINTS } from '@/lib/text';
import { createMcpServer, REFUSED_LISTEN_METHOD, type McpCaller, type Reach } from './server';

// The MCP front end. The gateway's steps run first, in the order docs/contract.md gives for MCP ("MCP errors before the protocol"): host and origin, address
// budget, token shape, body (type, size, JSON), token owner. Then the SDK serves the protocol (both eras,
// statelessly); tools/call reaches the gateway's remaining steps through the server's tools. Refusals are
// encoded by lib/http/errors.ts.

const LISTEN = 'subscriptions/listen';
const CANCELLED = 'notifications/cancelled';
/** One message per request, carrying its version: no batches. */
const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];
/** Every version served, newest first: the list each "unsupported protocol version" answer names. */
const ALL_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];
/** JSON-RPC's internal error: what a request still running at the deadline is answered with. */
const INTERNAL_ERROR = -32603;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ToolError('invalid_input', 'Parse error: the body is not valid JSON.');
  }
}

function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function messagesOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

/**
 * The client's name: sent in `initialize` under the 2025-era versions, with every request under 2026-07-28. It
 * is whatever the client sends, so it is kept as one visible line (lib/text.ts): it labels records and shows on
 * the Connect page.
 */
function clientNameOf(body: unknown): string | undefined {
  for (const message of messagesOf(body)) {
    const params = member(message, 'params');
    const info =
      member(message, 'method') === 'initialize' ? member(params, 'clientInfo') : member(member(params, '_meta'), CLIENT_INFO_META_KEY);
    const name = member(info, 'name');
    const label = typeof name === 'string' ? cleanLabel(name, LABEL_MAX_CODE_POINTS) : '';
    if (label !== '') return label;
  }
  return undefined;
}

/**
 * What the messages of one POST can reach. The capabilities (and so the SDK's request handlers) do not depend
 * on it: a server missing a tool answers tools/call for it exactly as one that never had it, "not found".
 */
function reachOf(messages: readonly unknown[]): Reach {
  const reach: Reach = { tools: new Set(), notes: false, views: new Set(), prompts: false, refusedListen: false };
  for (const message of messages) {
    const method = member(message, 'method');
    if (typeof method !== 'string') continue;
    if (method === 'tools/list') reach.tools = 'all';
    else if (method === 'tools/call') {
      const name = member(member(message, 'params'), 'name');
      if (reach.tools !== 'all' && typeof name === 'string') reach.tools.add(name);
    } else if (method === 'resources/read') {
      const uri = member(member(message, 'params'), 'uri');
      if (typeof uri === 'string' && uri.startsWith('ui://')) reach.views.add(uri);
    }
    // completion/complete may name a prompt or a resource.
    if (method.startsWith('resources/') || method === 'completion/complete') reach.notes = true;
    if (method.startsWith('prompts/') || method === 'completion/complete') reach.prompts = true;
    if (method === REFUSED_LISTEN_METHOD) reach.refusedListen = true;
  }
  return reach;
}

const isListenRequest = (message: unknown) => member(message, 'method') === LISTEN && member(message, 'id') !== undefined;

/**
 * subscriptions/listen is not offered. Each listen request is renamed to a method the server refuses with
 * the contract's error (docs/contract.md, "MCP"), so the SDK frames that answer like any other: its header checks, the 2025-era event
 * stream, a batch's other answers. (Left alone, the SDK would open a change stream under 2026-07-28.)
 */
function refuseListen(request: Request, body: unknown): { request: Request; body: unknown } {
  if (!messagesOf(body).some(isListenRequest)) return { request, body };
  const rename = (message: unknown) => (isListenRequest(message) ? { ...(message as object), method: REFUSED_LISTEN_METHOD } : message);
  const headers = new Headers(request.headers);
  if (headers.get('mcp-method') === LISTEN) headers.set('mcp-method', REFUSED_LISTEN_METHOD); // must match the body's method
  return {
    request: new Request(request.url, { method: request.method, headers, signal: request.signal }),
    body: Array.isArray(body) ? body.map(rename) : rename(body),
  };
}

const isRequest = (message: unknown) => typeof member(message, 'method') === 'string' && member(message, 'id') !== undefined;

/**
 * A cancellation of a request in the same POST. The SDK would drop that request's answer and keep the
 * 2025-era event stream open for it forever; a stateless server serves a POST's requests together, so the
 * request is answered (the protocol lets a receiver answer a request whose processing it does not stop)
 * and the notification is dropped.
 */
function dropSelfCancellations(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  const ids = new Set(body.filter(isRequest).map((message) => member(message, 'id')));
  const cancelsOwn = (message: unknown) =>
    member(message, 'method') === CANCELLED && ids.has(member(member(message, 'params'), 'requestId'));
  return body.some(cancelsOwn) ? body.filter((message) => !cancelsOwn(message)) : body;
}

/**
 * Protocol refusals the SDK would word misleadingly or get wrong: a batch under 2026-07-28, initialize batched
 * with others, and two requests sharing an id (the SDK matches answers to requests by id, so it would answer
 * only one of them).
 */
function batchRefusal(request: Request, body: unknown): Response | undefined {
  if (!Array.isArray(body)) return undefined;
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && MODERN_VERSIONS.includes(version)) {
    return jsonRpcErrorResponse(
      400,
      -32600,
      `Invalid Request: protocol version ${version} takes one JSON-RPC message per request, not a batch. Send each message in its own POST.`,
    );
  }
  if (body.length > 1 && body.some((message) => member(message, 'method') === 'initialize')) {
    return jsonRpcErrorResponse(
      400,
      -32600,
      'Invalid Request: initialize must be sent on its own, not in a batch with other messages. Send it first, then the other requests.',
    );
  }
  const ids = body.filter(isRequest).map((message) => JSON.stringify(member(message, 'id')));
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) {
    return jsonRpcErrorResponse(
      400,
      -32600,
      `Invalid Request: the batch holds more than one request with id ${repeated}. Give each request of a batch its own id.`,
    );
  }
  return undefined;
}

/** JSON-RPC's code for a protocol version the server does not serve (2026-07-28). */
const UNSUPPORTED_VERSION = -32022;
const VERSION_LIST = `(supported versions: ${ALL_VERSIONS.join(', ')})`;

/**
 * The SDK names only the versions of one era as supported: the 2025-era transport lists the 2025-era versions in
 * its message, and under 2026-07-28 `data.supported` holds 2026-07-28 alone. Every such answer names all of them,
 * in its message and, when it has one, in `data.supported`.
 */
async function withAllVersions(response: Response): Promise<Response> {
  if (response.status !== 400 || !response.headers.get('content-type')?.includes('application/json')) return response;
  const answer = (await response.json()) as { error?: { code?: number; message?: string; data?: { supported?: unknown } } };
  const error = answer.error;
  if (
    error &&
    typeof error.message === 'string' &&
    (error.code === UNSUPPORTED_VERSION || error.message.includes('(supported versions:'))
  ) {
    error.message = error.message.includes('(supported versions:')
      ? error.message.replace(/\(supported versions: [^)]*\)/, VERSION_LIST)
      : `${error.message} ${VERSION_LIST}`;
    if (error.data && 'supported' in error.data) error.data.supported = [...ALL_VERSIONS];
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length'); // the body's length changed
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}

/**
 * Ends a 2025-era event stream at the deadline: each request not answered by then gets a -32603 error event,
 * then the stream closes (the SDK's own stream is cancelled). Streams that end in time pass through as they are.
 */
function boundEventStream(response: Response, ms: number, requestIds: readonly unknown[], message: string): Response {
  const source = response.body;
  if (!source || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  const reader = source.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const answered = new Set<unknown>();
  let pending = '';
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const note = (chunk: string) => {
    pending += chunk;
    const events = pending.split('\n\n');
    pending = events.pop() ?? '';
    for (const event of events) {
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue;
        try {
          const id: unknown = member(JSON.parse(line.slice(5)), 'id');
          if (id !== undefined) answered.add(id);
        } catch {
          // Not JSON: nothing to note.
        }
      }
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        if (closed) return;
        closed = true;
        for (const id of requestIds) {
          if (answered.has(id)) continue;
          const error = { jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message } };
          controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(error)}\n\n`));
        }
        controller.close();
        reader.cancel().catch(() => undefined);
      }, ms);
    },
    async pull(controller) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (closed) return;
      if (done) {
        closed = true;
        clearTimeout(timer);
        controller.close();
        return;
      }
      note(decoder.decode(value, { stream: true }));
      controller.enqueue(value);
    },
    cancel(reason) {
      closed = true;
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
  return new Response(stream, { status: response.status, headers: response.headers });
}

/** Thrown when the request deadline passes before the SDK has answered. */
class DeadlinePassed extends Error {}

export function createMcpEndpoint(gateway: Gateway) {
  // The caller travels in authInfo, the SDK's pass-through for who a request acts for; only post() calls fetch.
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const { who, reach } = authInfo?.extra as { who: McpCaller; reach: Reach };
      return createMcpServer(gateway, who, reach);
    },
    {
      responseMode: 'json',
    },
  );

  async function serve(request: Request): Promise<{ response: Response; requestIds: unknown[] }> {
    const token = await gateway.admit(request);
    requireJsonContentType(request.headers);
    // Read by the gateway, so the size limit is ours; the SDK skips its own when given parsedBody.
    const body = dropSelfCancellations(parseJson(await gateway.readBody(request)));
    const caller = await gateway.authenticate(token);
    const refusal = batchRefusal(request, body);
    if (refusal) return { response: refusal, requestIds: [] };
    const clientName = clientNameOf(body);
    if (clientName !== undefined) gateway.noteClient(caller, clientName);
    const who: McpCaller = { caller, clientLabel: clientName ?? request.headers.get('user-agent') ?? undefined };
    const forwarded = refuseListen(request, body);
    const reach = reachOf(messagesOf(forwarded.body));
    const authInfo: AuthInfo = { token, clientId: caller.id, scopes: [caller.scope], extra: { who, reach } };
    const response = await withAllVersions(await handler.fetch(forwarded.request, { parsedBody: forwarded.body, authInfo }));
    return {
      response,
      requestIds: messagesOf(body)
        .filter(isRequest)
        .map((message) => member(message, 'id')),
    };
  }

  return {
    /**
     * Every JSON-RPC message arrives here. The whole request runs within the deadline (REQUEST_DEADLINE_SECONDS):
     * past it, a JSON answer is 503 with -32603, and an event stream gets -32603 for each request not yet answered.
     */
    async post(request: Request): Promise<Response> {
      const started = Date.now();
      const message = `The request did not finish within ${gateway.deadlineMs / 1000} s on the service side and was ended. Try again later.`;
      try {
        const { response, requestIds } = await withDeadline(serve(request), gateway.deadlineMs, () => new DeadlinePassed());
        const bounded = boundEventStream(response, gateway.deadlineMs - (Date.now() - started), requestIds, message);
        bounded.headers.set('Cache-Control', NO_STORE['Cache-Control']);
        return bounded;
      } catch (error) {
        if (error instanceof DeadlinePassed) return jsonRpcErrorResponse(503, INTERNAL_ERROR, message);
        return mcpErrorResponse(error);
      }
    },

    /** GET and DELETE: no streams and no sessions to end, once the request has passed the checks. */
    async methodNotAllowed(request: Request): Promise<Response> {
      try {
        await gateway.authenticate(await gateway.admit(request));
        return jsonRpcErrorResponse(405, -32000, 'Method not allowed', { Allow: 'POST' });
      } catch (error) {
        return mcpErrorResponse(error);
      }
    },
  };
}

export type McpEndpoint = ReturnType<typeof createMcpEndpoint>;

let instance: McpEndpoint | undefined;

/** The process-wide endpoint, on the process-wide gateway. */
export function mcpEndpoint(): McpEndpoint {
  instance ??= createMcpEndpoint(sharedGateway());
  return instance;
}
