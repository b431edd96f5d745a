import { CLIENT_INFO_META_KEY, createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import { ToolError } from '@/lib/errors';
import { gateway as sharedGateway } from '@/lib/gateway';
import { requireJsonContentType } from '@/lib/gateway/body';
import type { Gateway } from '@/lib/gateway/pipeline';
import { jsonRpcErrorResponse, mcpErrorResponse, NO_STORE } from '@/lib/http/errors';
import { createMcpServer, REFUSED_LISTEN_METHOD, type McpCaller, type Reach } from './server';

// The MCP front end. The gateway's steps run first, in the order docs/contract.md gives for MCP ("MCP errors before the protocol"): host and origin, address
// budget, token shape, body (type, size, JSON), token owner. Then the SDK serves the protocol (both eras,
// statelessly); tools/call reaches the gateway's remaining steps through the server's tools. Refusals are
// encoded by lib/http/errors.ts.

const LISTEN = 'subscriptions/listen';
/** Longest client name kept; clientInfo is whatever the client sends. */
const MAX_CLIENT_NAME = 200;

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

/** The client's name: sent in `initialize` under the 2025-era versions, with every request under 2026-07-28. */
function clientNameOf(body: unknown): string | undefined {
  for (const message of messagesOf(body)) {
    const params = member(message, 'params');
    const info =
      member(message, 'method') === 'initialize' ? member(params, 'clientInfo') : member(member(params, '_meta'), CLIENT_INFO_META_KEY);
    const name = member(info, 'name');
    if (typeof name === 'string' && name.trim() !== '') return name.trim().slice(0, MAX_CLIENT_NAME);
  }
  return undefined;
}

/**
 * What the messages of one POST can reach. The capabilities (and so the SDK's request handlers) do not depend
 * on it: a server missing a tool answers tools/call for it exactly as one that never had it, "not found".
 */
function reachOf(messages: readonly unknown[]): Reach {
  const reach: Reach = { tools: new Set(), notes: false, prompts: false, refusedListen: false };
  for (const message of messages) {
    const method = member(message, 'method');
    if (typeof method !== 'string') continue;
    if (method === 'tools/list') reach.tools = 'all';
    else if (method === 'tools/call') {
      const name = member(member(message, 'params'), 'name');
      if (reach.tools !== 'all' && typeof name === 'string') reach.tools.add(name);
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

  return {
    /** Every JSON-RPC message arrives here. */
    async post(request: Request): Promise<Response> {
      try {
        const token = await gateway.admit(request);
        requireJsonContentType(request.headers);
        // Read by the gateway, so the size limit is ours; the SDK skips its own when given parsedBody.
        const body = parseJson(await gateway.readBody(request));
        const caller = await gateway.authenticate(token);
        const clientName = clientNameOf(body);
        if (clientName !== undefined) gateway.noteClient(caller, clientName);
        const who: McpCaller = { caller, clientLabel: clientName ?? request.headers.get('user-agent') ?? undefined };
        const forwarded = refuseListen(request, body);
        const reach = reachOf(messagesOf(forwarded.body));
        const authInfo: AuthInfo = { token, clientId: caller.id, scopes: [caller.scope], extra: { who, reach } };
        const response = await handler.fetch(forwarded.request, { parsedBody: forwarded.body, authInfo });
        response.headers.set('Cache-Control', NO_STORE['Cache-Control']);
        return response;
      } catch (error) {
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
