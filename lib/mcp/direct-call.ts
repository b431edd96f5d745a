import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  classifyInboundRequest,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
} from '@modelcontextprotocol/server';
import { eventStreamOf } from './event-stream-deadline';
import type { Messages } from './messages';

// The request agents send most, one tools/call, answered without building the SDK's server for it: a new
// McpServer, its transport and their checks of every message cost more CPU than the call itself (in process
// 642 µs against 218–313 for a 2026-07-28 call; the bench's MCP rows measure it). Only a request the SDK would serve, and answer, exactly as here is taken: one plainly
// formed tools/call of a catalogue tool that the SDK's own classifyInboundRequest routes, carrying the headers
// its era requires and nothing this module does not know. Everything else goes to the SDK.
// tests/integration/mcp/direct-call.test.ts holds both paths' answers equal byte for byte, for the SDK release
// in ./sdk/version.ts.

const MODERN = '2026-07-28';
const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAM_KEYS = new Set(['name', 'arguments', '_meta']);
/** The envelope a 2026-07-28 request carries; other `_meta` members (progress tokens, tracing) go to the SDK. */
const ENVELOPE_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY]);

export interface DirectCall {
  era: 'modern' | 'legacy';
  id: string | number;
  name: string;
  /** `{}` when the request has none, as the SDK hands them to the tool. */
  args: Record<string, unknown>;
}

const plainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Record<string, unknown>, allowed: ReadonlySet<string>) => Object.keys(value).every((key) => allowed.has(key));

/** The call, when the request is one the SDK would serve exactly as `answerDirectly` does; else undefined. */
export function directCall(messages: Messages, headers: Headers, toolNames: ReadonlySet<string>): DirectCall | undefined {
  const message = messages.list[0];
  if (messages.batch || messages.list.length !== 1 || message?.method !== 'tools/call') return undefined;
  const raw = message.raw as Record<string, unknown>;
  const { id, params } = message;
  if (raw.jsonrpc !== '2.0' || !onlyKeys(raw, MESSAGE_KEYS) || !(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  if (!params || !onlyKeys(params, PARAM_KEYS)) return undefined;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || !toolNames.has(name)) return undefined;
  // The SDK's copy of the arguments turns a member named __proto__ into the copy's prototype, so drops it.
  if (args !== undefined && (!plainObject(args) || Object.hasOwn(args, '__proto__'))) return undefined;
  const call = { id: id as string | number, name, args: args ?? {} };

  const version = headers.get('mcp-protocol-version') ?? undefined;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    body: raw,
    protocolVersionHeader: version,
    mcpMethodHeader: headers.get('mcp-method') ?? undefined,
    mcpNameHeader: headers.get('mcp-name') ?? undefined,
  });
  if (route.kind === 'modern') {
    const exact = version === MODERN && headers.get('mcp-method') === 'tools/call' && headers.get('mcp-name') === name;
    if (!exact || route.classification.revision !== MODERN || !plainObject(meta) || !onlyKeys(meta, ENVELOPE_KEYS)) return undefined;
    return { era: 'modern', ...call };
  }
  if (route.kind === 'legacy' && route.reason === 'no-claim' && meta === undefined) {
    const accept = headers.get('accept') ?? '';
    const served = version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version);
    if (!served || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
    return { era: 'legacy', ...call };
  }
  return undefined;
}

/**
 * The SDK's answer to the call: under 2026-07-28 one JSON message whose result is stamped complete and names the
 * server, under the 2025-era versions a short event stream. The result's members come in the order the SDK's
 * schema gives them.
 */
export function answerDirectly(call: DirectCall, result: CallToolResult, serverInfo: { name: string; version: string }): Response {
  const { content, structuredContent, isError } = result;
  const ordered = { content, structuredContent, isError };
  if (call.era === 'modern') {
    const stamped = { ...ordered, resultType: 'complete', _meta: { [SERVER_INFO_META_KEY]: serverInfo } };
    return new Response(JSON.stringify({ result: stamped, jsonrpc: '2.0', id: call.id }), {
      headers: { 'Content-Type': 'application/json' },
    });
  }
  return eventStreamOf([{ result: ordered, jsonrpc: '2.0', id: call.id }]);
}
