import { awayFromWindowEdge } from '../../helpers/budget-window';
import { describe, expect, it, vi } from 'vitest';
import { mintToken } from '@/lib/account/token-format';
import { SDK_BATCH_MAX_MESSAGES } from '@/lib/mcp/sdk/batches';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { ACCEPT_BOTH, checked, events, initializeMessage, legacy, LEGACY_VERSIONS, LISTEN_REFUSAL, modern, MODERN, post } from './support';

// The MCP endpoint over raw HTTP: both eras' handshakes, every row of docs/contract.md's "MCP errors before
// the protocol" table, the order of the checks, batches, subscriptions/listen and the client label.
// Every answer is checked for Cache-Control: no-store, no Mcp-Session-Id and no CORS headers (support.ts).

const DAY_MS = 86_400_000;
const NO_TOKEN_TEXT = /^Send an access token as a Bearer token.*jev_.*Connect page/;
/** A Bearer token not shaped like JEV's: said so, then what the missing one's text says. */
const MALFORMED_TOKEN_TEXT =
  /^The Bearer token in the Authorization header is not a JEV access token.*Send an access token as a Bearer token.*jev_.*Connect page/;
const DEAD_TOKEN_TEXT = /unknown, revoked or expired.*create a new one/i;

function expectRpcError(res: Awaited<ReturnType<typeof post>>, status: number, code: number) {
  expect(res.status, res.body).toBe(status);
  expect(res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
}

function expectBearerChallenge(res: Awaited<ReturnType<typeof post>>, text: RegExp) {
  expect(res.status, res.body).toBe(401);
  const body = res.json();
  expect(body).toEqual({ error: 'invalid_token', error_description: expect.stringMatching(text) });
  // The contract's two parameters first, then where a client finds how to sign in (MCP 2025-06-18, RFC 9728 §5.1).
  const metadata = /^http:\/\/[^/]+\/\.well-known\/oauth-protected-resource\/api\/mcp$/;
  const challenge = /^Bearer error="invalid_token", error_description="(.*)", resource_metadata="([^"]+)"$/.exec(
    String(res.headers['www-authenticate']),
  );
  expect(challenge?.[1]).toBe(body.error_description);
  expect(challenge?.[2]).toMatch(metadata);
}

describe('MCP over HTTP on sqlite', () => {
  let token: string;
  let tokenId: string;
  let revokedToken: string;
  let revokedId: string;
  let expiredToken: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      const frank = await database.user('frank@example.com');
      ({ token, id: tokenId } = await database.token(frank, 'read'));
      const revoked = await database.token(frank, 'read');
      await database.db.accessToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
      ({ token: revokedToken, id: revokedId } = revoked);
      expiredToken = (await database.token(frank, 'read', { expiresInDays: 1, now: new Date(Date.now() - 2 * DAY_MS) })).token;
    },
  });

  describe('handshakes', () => {
    it.each(LEGACY_VERSIONS)('initialize at %s: a short event stream with the server, its rules and capabilities', async (version) => {
      const res = await legacy(app.server.port, token, initializeMessage(version));
      expect(res.status).toBe(200);
      const [answer, ...rest] = events(res);
      expect(rest).toEqual([]);
      expect(answer.id).toBe(1);
      expect(answer.result).toMatchObject({
        protocolVersion: version,
        serverInfo: { name: 'jev', version: '0.1.0' },
        capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
      });
      expect(answer.result.instructions).toContain('calc_kelly_stake');
      expect(answer.result.capabilities.resources.subscribe).toBeUndefined();
    });

    it('2026-07-28: one JSON answer per request, no initialize needed', async () => {
      const res = await modern(app.server.port, token, 'tools/call', {
        name: 'calc_implied_probability',
        arguments: { americanOdds: 150 },
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      const { id, result } = res.json();
      expect(id).toBe(1);
      expect(result.structuredContent).toEqual({ americanOdds: 150, decimalOdds: 2.5, impliedProbability: 0.4 });
      expect(result.isError).toBeUndefined();
    });

    it('a POST holding only notifications gets 202 with no body', async () => {
      const res = await legacy(app.server.port, token, { jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(res.status).toBe(202);
      expect(res.body).toBe('');
    });
  });

  describe('errors before the tools run', () => {
    it('400 -32700: a body that is not JSON (or empty)', async () => {
      for (const body of ['{"jsonrpc":', '', 'nope']) {
        expectRpcError(await legacy(app.server.port, token, body), 400, -32700);
      }
    });

    it(`400 -32600: a 2025-era batch of more than ${SDK_BATCH_MAX_MESSAGES} messages; ${SDK_BATCH_MAX_MESSAGES} are answered`, async () => {
      const batch = (size: number) => Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, method: 'ping' }));
      const ok = await legacy(app.server.port, token, batch(SDK_BATCH_MAX_MESSAGES));
      expect(ok.status).toBe(200);
      expect(
        events(ok)
          .map((answer) => answer.id)
          .sort((a, b) => a - b),
      ).toEqual(batch(SDK_BATCH_MAX_MESSAGES).map((m) => m.id));
      expectRpcError(await legacy(app.server.port, token, batch(SDK_BATCH_MAX_MESSAGES + 1)), 400, -32600);
    });

    it('401: no token or a malformed one, with the Bearer challenge naming the prefix and the Connect page; a malformed one says it is not a JEV token (before: the missing text)', async () => {
      for (const authorization of [undefined, 'Bearer', 'Basic abc']) {
        const res = await legacy(app.server.port, undefined, initializeMessage('2025-11-25'), authorization ? { authorization } : {});
        expectBearerChallenge(res, NO_TOKEN_TEXT);
      }
      for (const authorization of [
        'Bearer nope',
        'Bearer sk-proj-abc123',
        `Bearer ${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`,
      ]) {
        expectBearerChallenge(
          await legacy(app.server.port, undefined, initializeMessage('2025-11-25'), { authorization }),
          MALFORMED_TOKEN_TEXT,
        );
        expectBearerChallenge(
          await modern(app.server.port, undefined, 'tools/list', {}, { headers: { authorization } }),
          MALFORMED_TOKEN_TEXT,
        );
      }
    });

    it('401: an unknown, revoked or expired token, telling the caller to create a new one', async () => {
      for (const dead of [mintToken(), revokedToken, expiredToken]) {
        expectBearerChallenge(await legacy(app.server.port, dead, initializeMessage('2025-11-25')), DEAD_TOKEN_TEXT);
        expectBearerChallenge(await modern(app.server.port, dead, 'tools/list'), DEAD_TOKEN_TEXT);
      }
    });

    it('403 -32000: a foreign Host, a foreign Origin or a cross-site browser; no Origin and the console pass', async () => {
      const foreign: Record<string, string>[] = [
        { host: 'evil.example' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        expectRpcError(await legacy(app.server.port, token, initializeMessage('2025-11-25'), headers), 403, -32000);
      }
      expect((await legacy(app.server.port, token, initializeMessage('2025-11-25'), { origin: app.server.origin })).status).toBe(200);
    });

    it('405 -32000: GET, DELETE (and OPTIONS) with the message Method not allowed', async () => {
      for (const method of ['GET', 'DELETE', 'OPTIONS']) {
        const res = checked(
          await raw(app.server.port, { method, path: '/api/mcp', headers: { authorization: `Bearer ${token}`, accept: ACCEPT_BOTH } }),
        );
        expect(res.status, method).toBe(405);
        expect(res.headers.allow).toBe('POST');
        expect(res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed' } });
      }
    });

    it('406 -32000: a 2025-era POST that does not accept both JSON and an event stream', async () => {
      for (const accept of ['application/json', 'text/event-stream']) {
        const res = await post(app.server.port, { token, body: { jsonrpc: '2.0', id: 1, method: 'ping' }, headers: { accept } });
        expect(res.status, accept).toBe(406);
        expect(res.json().error.code).toBe(-32000);
      }
    });

    it('413 -32000: a body over 256 KB, whatever Content-Length claims', async () => {
      const big = JSON.stringify({ ...initializeMessage('2025-11-25'), pad: 'x'.repeat(300 * 1024) });
      expectRpcError(await legacy(app.server.port, token, big), 413, -32000);
      const chunked = checked(
        await raw(app.server.port, {
          path: '/api/mcp',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: ACCEPT_BOTH,
            'transfer-encoding': 'chunked',
          },
          body: Array.from({ length: 30 }, () => Buffer.alloc(10 * 1024, ' ')),
        }),
      );
      expect(chunked.status).toBe(413);
      expect(chunked.json().error.code).toBe(-32000);
    });

    it('415 -32000: a POST without Content-Type: application/json (none given is refused too)', async () => {
      expectRpcError(await legacy(app.server.port, token, initializeMessage('2025-11-25'), { 'content-type': 'text/plain' }), 415, -32000);
      const none = checked(
        await raw(app.server.port, {
          path: '/api/mcp',
          headers: { authorization: `Bearer ${token}`, accept: ACCEPT_BOTH },
          body: JSON.stringify(initializeMessage('2025-11-25')),
        }),
      );
      expectRpcError(none, 415, -32000);
      const charset = await legacy(app.server.port, token, initializeMessage('2025-11-25'), {
        'content-type': 'application/json; charset=utf-8',
      });
      expect(charset.status).toBe(200);
    });

    it('a requested protocol version is named by its first 40 characters in any refusal, however long', async () => {
      const long = `2099-01-01${'x'.repeat(5_000)}`;
      const shown = `${long.slice(0, 40)}…`;
      const tools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const meta = { 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
      const answers = {
        header: await legacy(app.server.port, token, tools, { 'mcp-protocol-version': long }),
        envelope: await post(app.server.port, {
          token,
          body: { ...tools, params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': long } } },
          headers: { accept: 'application/json', 'mcp-protocol-version': long, 'mcp-method': 'tools/list' },
        }),
      };
      for (const [where, res] of Object.entries(answers)) {
        expect(res.status, `${where}: ${res.body.slice(0, 300)}`).toBe(400);
        expect(res.body.length, where).toBeLessThan(600);
        expect(res.body, where).not.toContain('x'.repeat(31));
        expect(res.json().error.message, where).toContain(shown);
      }
      expect(answers.envelope.json().error.message).toContain(`supported versions: ${MODERN}, 2025-11-25`);
      // A version of ordinary length is named whole.
      const short = await legacy(app.server.port, token, tools, { 'mcp-protocol-version': '1999-01-01' });
      expect(short.json().error.message).toContain('Unsupported protocol version: 1999-01-01 (supported versions:');
    });
  });

  describe('order of checks', () => {
    const broken = '{"jsonrpc":';

    it('1 before 4: a foreign host or origin without a token is 403, not 401', async () => {
      expectRpcError(await legacy(app.server.port, undefined, broken, { host: 'evil.example' }), 403, -32000);
      expectRpcError(await legacy(app.server.port, undefined, broken, { origin: 'https://evil.example' }), 403, -32000);
    });

    it('4 before 5: a malformed token with a broken or oversized body is 401', async () => {
      expectBearerChallenge(await legacy(app.server.port, 'jev_nope', broken), MALFORMED_TOKEN_TEXT);
      expectBearerChallenge(await legacy(app.server.port, 'jev_nope', 'x'.repeat(300 * 1024)), MALFORMED_TOKEN_TEXT);
      expectBearerChallenge(await legacy(app.server.port, 'jev_nope', broken, { 'content-type': 'text/plain' }), MALFORMED_TOKEN_TEXT);
    });

    it('5 before 6: a well-shaped unknown token with a bad body is 400, 413 or 415; with a good body it is 401', async () => {
      const unknown = mintToken();
      expectRpcError(await legacy(app.server.port, unknown, broken), 400, -32700);
      expectRpcError(await legacy(app.server.port, unknown, 'x'.repeat(300 * 1024)), 413, -32000);
      expectRpcError(await legacy(app.server.port, unknown, '{}', { 'content-type': 'text/plain' }), 415, -32000);
      expectBearerChallenge(await legacy(app.server.port, unknown, initializeMessage('2025-11-25')), DEAD_TOKEN_TEXT);
    });

    it('6 before the protocol: a dead token gets 401 even where the SDK would answer 406 or 405', async () => {
      expectBearerChallenge(
        await post(app.server.port, { token: revokedToken, body: { jsonrpc: '2.0', id: 1, method: 'ping' } }),
        DEAD_TOKEN_TEXT,
      );
      const get = checked(
        await raw(app.server.port, { method: 'GET', path: '/api/mcp', headers: { authorization: `Bearer ${revokedToken}` } }),
      );
      expectBearerChallenge(get, DEAD_TOKEN_TEXT);
    });
  });

  describe('subscriptions/listen is refused with -32601', () => {
    it('under 2026-07-28, instead of a change stream', async () => {
      const res = await modern(
        app.server.port,
        token,
        'subscriptions/listen',
        { notifications: { toolsListChanged: true } },
        { id: 'listen-1' },
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({ jsonrpc: '2.0', id: 'listen-1', error: LISTEN_REFUSAL });
    });

    it('under 2025-11-25, alone and inside a batch', async () => {
      const alone = await legacy(app.server.port, token, { jsonrpc: '2.0', id: 7, method: 'subscriptions/listen', params: {} });
      expect(alone.status).toBe(200);
      expect(events(alone)).toEqual([{ jsonrpc: '2.0', id: 7, error: LISTEN_REFUSAL }]);

      const batch = await legacy(app.server.port, token, [
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calc_implied_probability', arguments: { americanOdds: -110 } } },
        { jsonrpc: '2.0', id: 2, method: 'subscriptions/listen', params: {} },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ]);
      expect(batch.status).toBe(200);
      const answers = Object.fromEntries(events(batch).map((answer) => [answer.id, answer]));
      expect(Object.keys(answers).sort()).toEqual(['1', '2']);
      expect(answers[1].result.structuredContent.impliedProbability).toBe(0.52381); // 110 / 210 to 6 places
      expect(answers[2]).toEqual({ jsonrpc: '2.0', id: 2, error: LISTEN_REFUSAL });
    });
  });

  describe('client labels', () => {
    const storedLabel = async (id = tokenId) =>
      app.database.db.accessToken.findUniqueOrThrow({ where: { id }, select: { lastClientName: true, lastClientSeenAt: true } });
    // The label is written without making the request wait, so it lands shortly after the answer.
    const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 25 });

    it('stores the 2025-era name from initialize, and the 2026-07-28 name from any request', async () => {
      await legacy(app.server.port, token, initializeMessage('2025-06-18', 'Claude Code'));
      await eventually(async () => expect((await storedLabel()).lastClientName).toBe('Claude Code'));

      await modern(app.server.port, token, 'tools/list', {}, { clientName: 'Cursor' });
      await eventually(async () => expect((await storedLabel()).lastClientName).toBe('Cursor'));
      const { lastClientSeenAt } = await storedLabel();
      expect(Date.now() - (lastClientSeenAt as Date).getTime()).toBeLessThan(60_000);
    });

    it('writes again only when the name changes, not on every request', async () => {
      await modern(app.server.port, token, 'tools/list', {}, { clientName: 'VS Code' });
      await eventually(async () => expect((await storedLabel()).lastClientName).toBe('VS Code'));
      const first = (await storedLabel()).lastClientSeenAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await modern(app.server.port, token, 'tools/list', {}, { clientName: 'VS Code' });
      await legacy(app.server.port, token, { jsonrpc: '2.0', id: 1, method: 'ping' }); // no clientInfo: nothing to store
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await storedLabel()).toEqual({ lastClientName: 'VS Code', lastClientSeenAt: first });
    });

    it('never changes what a request may do', async () => {
      const call = (clientName: string) =>
        modern(
          app.server.port,
          token,
          'tools/call',
          { name: 'calc_ev', arguments: { probability: 0.55, americanOdds: 100 } },
          { clientName },
        );
      const plain = (await call('plain')).json().result;
      for (const clientName of ['JEV Console', 'admin', 'x'.repeat(5000)]) {
        expect((await call(clientName)).json().result.structuredContent).toEqual(plain.structuredContent);
      }
      await eventually(async () => expect((await storedLabel()).lastClientName).toBe('x'.repeat(200)));
      const dead = await modern(app.server.port, revokedToken, 'tools/list', {}, { clientName: 'JEV Console' });
      expect(dead.status).toBe(401);
      expect((await storedLabel(revokedId)).lastClientName).toBeNull();
    });
  });
});

describe('MCP per-address budget', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      token = (await database.token(await database.user('gina@example.com'), 'read')).token;
    },
    env: { RATE_LIMIT_ADDRESS_PER_MINUTE: '3' },
    budgets: 'default',
  });

  it('429 -32000 with Retry-After, counted before the token is looked at', async () => {
    // The five requests must share one minute's window: on a loaded machine they can take seconds.
    await awayFromWindowEdge(60, 20_000);
    expect((await legacy(app.server.port, undefined, initializeMessage('2025-11-25'))).status).toBe(401);
    expect((await legacy(app.server.port, token, initializeMessage('2025-11-25'))).status).toBe(200);
    expect((await legacy(app.server.port, token, initializeMessage('2025-11-25'), { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    for (const res of [
      await legacy(app.server.port, token, initializeMessage('2025-11-25'), { 'x-forwarded-for': '203.0.113.9' }),
      await legacy(app.server.port, undefined, '{broken'),
    ]) {
      expectRpcError(res, 429, -32000);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });
});

describe('MCP failure on the service side', () => {
  const app = testApp('sqlite', {
    seed: async (database) => {
      // The token table is dropped under the running server, so looking a token up fails.
      await database.db.$executeRawUnsafe('DROP TABLE "AccessToken"');
    },
    budgets: 'default',
  });

  it('500 -32603', async () => {
    expectRpcError(await legacy(app.server.port, mintToken(), initializeMessage('2025-11-25')), 500, -32603);
  });
});
