import { asToolError, type ErrorCode, type ToolError } from '@/lib/errors';

// How every HTTP surface answers a failure (REST, MCP before the protocol, the cron route) and the one
// no-store header every answer carries. It sits below the gateway and the MCP front end and imports
// neither, so each of them (and the routes) can use it.

/** The realm of our Bearer challenges (RFC 6750). */
export const REALM = 'jev';

/** No answer may be kept by a cache: each is for one token and changes with the data. */
export const NO_STORE: Readonly<Record<'Cache-Control', string>> = { 'Cache-Control': 'no-store' };

/** JSON-RPC codes of MCP refusals made before the SDK sees the request; every other one is -32000. */
const JSONRPC_CODES: Partial<Record<ErrorCode, number>> = { invalid_input: -32700, internal: -32603 };

/** The REST Bearer challenges (RFC 6750): one on every 401, and the scope a write tool needs on a 403. */
export const REST_CHALLENGES: Partial<Record<ErrorCode, string>> = {
  invalid_token: `Bearer realm="${REALM}", error="invalid_token"`,
  insufficient_scope: `Bearer realm="${REALM}", error="insufficient_scope", scope="write"`,
};

/** No-store, the challenge if any, Retry-After when the caller should wait. */
function headersOf(failure: ToolError, challenge?: string): Record<string, string> {
  const headers: Record<string, string> = { ...NO_STORE };
  if (challenge !== undefined) headers['WWW-Authenticate'] = challenge;
  if (failure.retryAfterSeconds !== undefined) headers['Retry-After'] = String(failure.retryAfterSeconds);
  return headers;
}

/**
 * REST (and the cron route): status from the error table, body `{ error: { code, message, issues } }`.
 * RFC 6750 asks for a challenge on every 401 (and a 403 for a missing scope names the scope needed).
 */
export function restErrorResponse(error: unknown): Response {
  const failure = asToolError(error);
  return Response.json({ error: failure.toJSON() }, { status: failure.status, headers: headersOf(failure, REST_CHALLENGES[failure.code]) });
}

/**
 * REST: a method the path does not serve. The contract's error table has no 405 code, so the object carries
 * `invalid_input` (the request itself is wrong, and sending it again will not help) with status 405, the
 * `Allow` header naming the methods that are served, and no-store.
 */
export function restMethodNotAllowedResponse(method: string, path: string, allow: readonly string[]): Response {
  const message = `${method} is not allowed on ${path}. Use ${allow.join(' or ')}.`;
  return Response.json(
    { error: { code: 'invalid_input', message, issues: [] } },
    { status: 405, headers: { ...NO_STORE, Allow: allow.join(', ') } },
  );
}

/** A JSON-RPC error answer with `id: null`, for MCP requests refused before the protocol is served. */
export function jsonRpcErrorResponse(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  const body = { jsonrpc: '2.0', id: null, error: { code, message } };
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * MCP before the protocol: a JSON-RPC error, except the 401, which is the OAuth-style challenge MCP clients
 * read: `Bearer error="invalid_token", error_description="…"` (the contract's two parameters, first) then
 * `resource_metadata="…"`, where a client finds how to sign in, and a `{ error, error_description }` body.
 */
export function mcpErrorResponse(error: unknown, resourceMetadataUrl?: string): Response {
  const failure = asToolError(error);
  if (failure.code === 'invalid_token') {
    const metadata = resourceMetadataUrl === undefined ? '' : `, resource_metadata="${resourceMetadataUrl}"`;
    const challenge = `Bearer error="invalid_token", error_description="${failure.message}"${metadata}`;
    return Response.json(
      { error: 'invalid_token', error_description: failure.message },
      { status: failure.status, headers: headersOf(failure, challenge) },
    );
  }
  return jsonRpcErrorResponse(failure.status, JSONRPC_CODES[failure.code] ?? -32000, failure.message, headersOf(failure));
}
