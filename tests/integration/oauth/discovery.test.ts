import { discoverOAuthServerInfo } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';

// OAuth discovery over HTTP against the production server: the two metadata documents, a JSON 404 for every
// other /.well-known/* path (never the sign-in page's HTML), and the mcp-remote case: a client holding an
// expired token probes discovery after the 401 and must read JSON both times.

describe('OAuth discovery', () => {
  const app = testApp('sqlite');

  const get = (path: string, init?: RequestInit) => fetch(`${app.server.origin}${path}`, { redirect: 'manual', ...init });

  it.each(['/.well-known/oauth-protected-resource/api/mcp', '/.well-known/oauth-protected-resource'])(
    'serves RFC 9728 protected resource metadata at %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.json()).toMatchObject({
        resource: `${app.server.origin}/api/mcp`,
        authorization_servers: [app.server.origin],
        scopes_supported: ['read', 'write'],
        bearer_methods_supported: ['header'],
      });
    },
  );

  it('serves RFC 8414 authorization server metadata', async () => {
    const res = await get('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      issuer: app.server.origin,
      authorization_endpoint: `${app.server.origin}/oauth/authorize`,
      token_endpoint: `${app.server.origin}/api/oauth/token`,
      registration_endpoint: `${app.server.origin}/api/oauth/register`,
      revocation_endpoint: `${app.server.origin}/api/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['read', 'write'],
      client_id_metadata_document_supported: true,
    });
  });

  it.each([
    '/.well-known/openid-configuration',
    '/.well-known/oauth-authorization-server/api/mcp',
    '/.well-known/oauth-protected-resource/api/other',
    '/.well-known/security.txt',
  ])('answers %s with a JSON 404, not a redirect', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers metadata only at the app hostname', async () => {
    const res = await raw(app.server.port, {
      method: 'GET',
      path: '/.well-known/oauth-protected-resource/api/mcp',
      headers: { host: 'evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps the MCP 401 exactly as the contract has it', async () => {
    const res = await get('/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="Send an access token/);
    expect(await res.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('gives an mcp-remote style client with an expired token JEV’s own message, then JSON discovery', async () => {
    const userId = await app.database.user('expired@example.com');
    const { token } = await app.database.token(userId, 'read', { expiresInDays: 1, now: new Date(Date.now() - 2 * 86_400_000) });
    const res = await get('/api/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error_description).toBe('This access token is unknown, revoked or expired. Create a new one on the Connect page.');
    // What mcp-remote does next: probe the path-suffixed metadata and parse it as JSON.
    const probe = await get('/.well-known/oauth-protected-resource/api/mcp', { headers: { 'MCP-Protocol-Version': '2025-11-25' } });
    expect(JSON.parse(await probe.text())).toMatchObject({ resource: `${app.server.origin}/api/mcp` });
  });

  it('is what the SDK client discovers from the MCP URL alone', async () => {
    const info = await discoverOAuthServerInfo(`${app.server.origin}/api/mcp`);
    expect(info.authorizationServerUrl).toBe(app.server.origin);
    expect(info.authorizationServerMetadata?.token_endpoint).toBe(`${app.server.origin}/api/oauth/token`);
    expect(info.resourceMetadata?.resource).toBe(`${app.server.origin}/api/mcp`);
  });
});
