import { describe, expect, it } from 'vitest';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { ACCEPT_BOTH, events, legacy, MODERN, post } from './mcp/support';

// Surfaces that answer like the rest of the API, over HTTP against the built server: 405 and 404 as the error
// object, MCP protocol errors that say what is wrong, a batch that cancels its own request, and console pages
// no other site may frame (clickjacking).

const CANCEL_FIRST_ID = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('surfaces on sqlite', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      ({ token } = await database.token(await database.user('sue@example.com'), 'read'));
    },
  });

  const call = (method: string, path: string) =>
    raw(app.server.port, {
      method,
      path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined,
    });

  describe('REST', () => {
    it.each([
      ['GET', '/api/v1/tools/calc_ev', 'POST'],
      ['PUT', '/api/v1/tools/calc_ev', 'POST'],
      ['DELETE', '/api/v1/tools/calc_ev', 'POST'],
      ['PATCH', '/api/v1/tools/calc_ev', 'POST'],
      ['GET', '/api/v1/tools/no_such_tool', 'POST'],
      ['POST', '/api/v1/tools', 'GET'],
      ['DELETE', '/api/v1/tools', 'GET'],
      ['POST', '/api/v1/openapi.json', 'GET'],
    ])('%s %s: 405 with the error object, Allow: %s and no-store', async (method, path, allow) => {
      const res = await call(method, path);
      expect(res.status, res.body).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        error: { code: 'invalid_input', message: `${method} is not allowed on ${path}. Use ${allow}.`, issues: [] },
      });
    });

    it.each([
      ['GET', '/api/v1'],
      ['GET', '/api/v1/nothing'],
      ['POST', '/api/v1/tools/calc_ev/extra'],
      ['DELETE', '/api/v1/a/b/c'],
    ])('%s %s: the JSON 404, not an HTML page', async (method, path) => {
      const res = await call(method, path);
      expect(res.status, res.body).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().error).toEqual({ code: 'not_found', message: expect.stringContaining(path), issues: [] });
    });

    it('a 405 and a 404 still pass the host check first', async () => {
      const res = await raw(app.server.port, { method: 'GET', path: '/api/v1/tools/calc_ev', headers: { host: 'evil.example' } });
      expect(res.status).toBe(403);
      expect((await raw(app.server.port, { method: 'GET', path: '/api/v1/x', headers: { host: 'evil.example' } })).status).toBe(403);
    });
  });

  describe('MCP', () => {
    it.each([
      ['request first', [PING, CANCEL_FIRST_ID]],
      ['cancellation first', [CANCEL_FIRST_ID, PING]],
    ])('a batch that cancels its own request (%s) is answered and its stream ends', async (_, batch) => {
      const started = Date.now();
      const res = await legacy(app.server.port, token, batch, { 'mcp-protocol-version': '2025-11-25' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.status).toBe(200);
      expect(events(res)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    });

    it('a batch under 2026-07-28 is refused as a batch', async () => {
      const res = await post(app.server.port, {
        token,
        body: [PING],
        headers: { accept: ACCEPT_BOTH, 'mcp-protocol-version': MODERN, 'mcp-method': 'ping' },
      });
      expect(res.status).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe(-32600);
      expect(error.message).toMatch(/2026-07-28 takes one JSON-RPC message per request, not a batch/);
      expect(error.message).not.toMatch(/Unsupported protocol version/);
    });

    it('an unsupported version is refused with a list of versions that includes 2026-07-28', async () => {
      const res = await legacy(app.server.port, token, PING, { 'mcp-protocol-version': '1999-01-01' });
      expect(res.status).toBe(400);
      expect(res.json().error.message).toContain(
        '(supported versions: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07)',
      );
    });

    it('initialize batched with other requests gets a clear message', async () => {
      const initialize = {
        jsonrpc: '2.0',
        id: 2,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      };
      const res = await legacy(app.server.port, token, [initialize, PING]);
      expect(res.status).toBe(400);
      expect(res.json().error).toEqual({ code: -32600, message: expect.stringMatching(/initialize must be sent on its own/) });
    });
  });

  describe('console pages cannot be framed', () => {
    it.each(['/', '/signin', '/signup', '/connect', '/bets'])('%s', async (path) => {
      const res = await raw(app.server.port, { method: 'GET', path });
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    });
  });
});
