import { describe, expect, it, vi } from 'vitest';
import { ToolError } from '@/lib/errors';
import { jsonRpcErrorResponse, mcpErrorResponse, restErrorResponse } from '@/lib/http/errors';

// The one encoder of failures for every HTTP surface: REST (and cron), MCP before the protocol.

const headersOf = (response: Response) => Object.fromEntries(response.headers);

describe('restErrorResponse', () => {
  it('401: the error object, no-store and the RFC 6750 challenge with the realm', async () => {
    const answer = restErrorResponse(new ToolError('invalid_token', 'Send an access token.'));
    expect(answer.status).toBe(401);
    expect(headersOf(answer)).toEqual({
      'cache-control': 'no-store',
      'content-type': 'application/json',
      'www-authenticate': 'Bearer realm="jev", error="invalid_token"',
    });
    expect(await answer.json()).toEqual({ error: { code: 'invalid_token', message: 'Send an access token.', issues: [] } });
  });

  it('403 insufficient_scope names the scope a write tool needs', () => {
    const answer = restErrorResponse(new ToolError('insufficient_scope', 'read-only'));
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="jev", error="insufficient_scope", scope="write"');
  });

  it('429: Retry-After beside retryAfterSeconds; no challenge', async () => {
    const answer = restErrorResponse(new ToolError('rate_limited', 'Too many requests.', { retryAfterSeconds: 7 }));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect((await answer.json()).error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
  });

  it('anything else is a 500 that hides the details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = restErrorResponse(new Error('secret detail'));
    expect(answer.status).toBe(500);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(await answer.json())).not.toContain('secret detail');
    vi.restoreAllMocks();
  });
});

describe('mcpErrorResponse', () => {
  it('401: the OAuth-style challenge and body, exactly as before', async () => {
    const answer = mcpErrorResponse(new ToolError('invalid_token', 'Send an access token.'));
    expect(answer.status).toBe(401);
    expect(headersOf(answer)).toEqual({
      'cache-control': 'no-store',
      'content-type': 'application/json',
      'www-authenticate': 'Bearer error="invalid_token", error_description="Send an access token."',
    });
    expect(await answer.json()).toEqual({ error: 'invalid_token', error_description: 'Send an access token.' });
    const pointed = mcpErrorResponse(
      new ToolError('invalid_token', 'Send an access token.'),
      'https://jev.example/.well-known/oauth-protected-resource/api/mcp',
    );
    expect(pointed.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="Send an access token.", resource_metadata="https://jev.example/.well-known/oauth-protected-resource/api/mcp"',
    );
  });

  it('other refusals are JSON-RPC errors with id null, -32700 for a parse error, Retry-After on a 429', async () => {
    const parse = mcpErrorResponse(new ToolError('invalid_input', 'Parse error'));
    expect(parse.status).toBe(400);
    expect(await parse.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    const limited = mcpErrorResponse(new ToolError('rate_limited', 'Too many requests.', { retryAfterSeconds: 3 }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect((await limited.json()).error.code).toBe(-32000);
  });

  it('jsonRpcErrorResponse adds no-store to the headers given', () => {
    const answer = jsonRpcErrorResponse(405, -32000, 'Method not allowed', { Allow: 'POST' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
