import { expect } from 'vitest';
import { raw, type RawResponse } from '../../helpers/http';

// Raw MCP over HTTP in both eras: the body and headers each protocol version needs, and the checks every
// MCP answer must pass whatever it says (Cache-Control: no-store, no session, no CORS).

export const MODERN = '2026-07-28';
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;
export const ACCEPT_BOTH = 'application/json, text/event-stream';
export const LISTEN_REFUSAL = { code: -32601, message: 'Method not found: subscriptions/listen.' };

export interface McpPost {
  token?: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** Asserts what every MCP answer carries, then returns it. */
export function checked(res: RawResponse): RawResponse {
  expect(res.headers['cache-control'], `${res.status} ${res.body.slice(0, 200)}`).toBe('no-store');
  expect(res.headers['mcp-session-id']).toBeUndefined();
  expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  return res;
}

export async function post(port: number, { token, body, headers = {} }: McpPost): Promise<RawResponse> {
  return checked(
    await raw(port, {
      path: '/api/mcp',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** A 2025-era POST: Accept both, no envelope. */
export function legacy(port: number, token: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return post(port, { token, body, headers: { accept: ACCEPT_BOTH, ...headers } });
}

export function initializeMessage(protocolVersion: string, clientName = 'raw-test') {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: clientName, version: '1.0.0' } },
  };
}

/** A 2026-07-28 request: the envelope in `_meta` and the standard headers that mirror it. */
export function modern(
  port: number,
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
  { clientName = 'raw-test', id = 1, headers = {} }: { clientName?: string; id?: number | string; headers?: Record<string, string> } = {},
) {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return post(port, {
    token,
    body: {
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientInfo': { name: clientName, version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
    headers: {
      accept: 'application/json',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
      ...headers,
    },
  });
}

/** The JSON-RPC messages of a 2025-era event stream, which must be complete (the stream closes after them). */
export function events(res: RawResponse): any[] {
  expect(res.headers['content-type']).toBe('text/event-stream');
  return res.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)));
}
