import { describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { signIn } from '../../helpers/console-http';
import { raw, type RawResponse } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';

// PostgreSQL stalls (accepts connections, answers nothing): every call answers 503 `unavailable` with
// Retry-After within seconds, REST and MCP alike, sign-in keeps the database's error text out of the URL, and
// once the database answers again the app recovers by itself.

const TIMEOUT_SECONDS = 2;
/** A stalled call must end within this: the connect and query timeouts plus a margin for a busy machine. */
const ANSWER_WITHIN_MS = 3 * TIMEOUT_SECONDS * 1000 + 3000;

describe('a stalled PostgreSQL', () => {
  let token: string;
  const app = testApp('postgres', {
    seed: async (database) => {
      const user = await createUser(database.db, { email: 'pat@example.com', password: 'correct horse battery' });
      ({ token } = await database.token(user.id, 'read'));
    },
    stallProxy: true,
    env: {
      TOKEN_CACHE_SECONDS: '0', // every call reads the token, as after the cache lapses
      DB_CONNECT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      DB_QUERY_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    },
  });

  const rest = () =>
    raw(app.server.port, {
      path: '/api/v1/tools/calc_implied_probability',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ americanOdds: 150 }),
    });
  const mcp = () =>
    modern(
      app.server.port,
      token,
      'tools/call',
      { name: 'calc_implied_probability', arguments: { americanOdds: 150 } },
      { clientName: 'stall-test' },
    );
  async function timed(send: () => Promise<RawResponse>): Promise<RawResponse> {
    const started = Date.now();
    const res = await send();
    expect(Date.now() - started, res.body).toBeLessThan(ANSWER_WITHIN_MS);
    return res;
  }

  it('answers 503 unavailable with Retry-After within seconds while stalled, and recovers by itself', async () => {
    expect((await rest()).status).toBe(200);
    app.proxy.stall();

    const restAnswer = await timed(rest);
    expect(restAnswer.status, restAnswer.body).toBe(503);
    expect(restAnswer.headers['retry-after']).toBe('5');
    expect(restAnswer.json().error).toMatchObject({ code: 'unavailable', retryAfterSeconds: 5 });

    const list = await timed(() =>
      raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${token}` } }),
    );
    expect(list.status).toBe(503);

    const mcpAnswer = await timed(mcp);
    expect(mcpAnswer.status, mcpAnswer.body).toBe(503);
    expect(mcpAnswer.headers['retry-after']).toBe('5');
    expect(mcpAnswer.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining('database') } });

    // Signing in: a generic message in the redirect, never the database's error text.
    const { res: signInAnswer } = await signIn(app.server.port, 'pat@example.com', 'correct horse battery');
    expect(signInAnswer.status).toBe(401);
    const where = String(signInAnswer.json().url);
    expect(where).toContain('error=SignInUnavailable');
    expect(decodeURIComponent(where)).not.toMatch(/prisma|invocation|findUnique|timeout|Connection/i);
    expect(app.server.output()).toMatch(/password sign-in failed/);

    app.proxy.forward();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await rest()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await mcp()).status).toBe(200);
  }, 90_000);
});
