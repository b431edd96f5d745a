import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { createUser } from '@/lib/account/users';
import { cookieHeader, postForm, signIn, type Cookies } from '../../helpers/console-http';
import { postgresAdminUrl } from '../../helpers/db';
import { addPricedGame } from '../../helpers/games';
import { htmlForms } from '../../helpers/html-forms';
import { raw, type RawResponse } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';

// PostgreSQL failing every way it does in production, against the real server on every surface: the host down
// (connections reset), a stalled network, PostgreSQL refusing connections (not accepting them, too many for the
// role or the database) and a failover (connections cut, the new primary read-only until promoted). While it
// lasts, whatever needs the database answers 503 with Retry-After (the OAuth endpoints in RFC 6749's shape, the
// console with its own page saying so; an MCP tool call fails with `unavailable` in its result once the token is
// read), never 500, and sign-in keeps the database's words out of its URL. Once it is lifted every surface serves
// again by itself, and nothing stored before is lost.

const TIMEOUT_SECONDS = 2;
/** A call must end within this whatever the fault: the connect and query timeouts plus a margin for a busy machine. */
const ANSWER_WITHIN_MS = 3 * TIMEOUT_SECONDS * 1000 + 3000;
const PASSWORD = 'correct horse battery';
const FORM = 'application/x-www-form-urlencoded';
const REDIRECT_URI = 'https://agent.example/cb';
const VERIFIER = 'v'.repeat(43);
const BET = {
  sport: 'nfl',
  gameId: 'nfl-next',
  market: 'h2h',
  selection: 'NYG',
  americanOdds: -150,
  book: 'draftkings',
  stake: 10,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL failing every way, on every surface', () => {
  // The server connects as an ordinary role, as in production: connection limits do not apply to superusers.
  const role = `jev_fault_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  const sql = (text: string) => admin.query(text);
  beforeAll(async () => {
    await admin.connect();
    await sql(`CREATE ROLE "${role}" LOGIN`);
  });
  // Registered before testApp, so it runs after the server has stopped and the database is gone.
  afterAll(async () => {
    await sql(`DROP ROLE IF EXISTS "${role}"`).catch(() => undefined);
    await admin.end();
  });

  let readToken: string;
  let writeToken: string;
  /** The balance last saved through the Bankroll form. */
  let balance = 1000;
  const app = testApp('postgres', {
    seed: async (database) => {
      for (const grant of [
        `GRANT USAGE ON SCHEMA public TO "${role}"`,
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "${role}"`,
        `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO "${role}"`,
      ])
        await database.db.$executeRawUnsafe(grant);
      const user = await createUser(database.db, { email: 'fay@example.com', password: PASSWORD });
      await saveBankroll(database.db, user.id, { balance, unit: 10 }, new Date());
      ({ token: readToken } = await database.token(user.id, 'read'));
      ({ token: writeToken } = await database.token(user.id, 'write'));
      await addPricedGame(database.db, { now: Date.now() });
    },
    faultProxy: true,
    databaseUser: role,
    env: {
      TOKEN_CACHE_SECONDS: '0', // every call reads its token, as after the cache lapses
      DB_CONNECT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      DB_QUERY_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      RATE_LIMIT_OAUTH_PER_MINUTE: '100000',
      OAUTH_REGISTRATIONS_PER_HOUR: '100000',
    },
  });
  const databaseName = () => new URL(app.database.url).pathname.slice(1);
  const terminate = (where: string) => sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${where}`);

  let session: Cookies;
  let clientId: string;
  let refreshToken: string;
  let authorizePath: string;
  let bankrollForm: [string, string][];

  // Before any fault: a console session, a bet logged, and an OAuth client with a grant (registered, allowed on
  // the consent page, its code exchanged), all through the server.
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'fay@example.com', PASSWORD));
    expect((await logBet('before')).status).toBe(200);
    betsLogged.add('before');
    const registered = await oauthPost('/api/oauth/register', JSON.stringify({ client_name: 'Fault', redirect_uris: [REDIRECT_URI] }));
    expect(registered.status, registered.body).toBe(201);
    clientId = registered.json().client_id;
    authorizePath = `/oauth/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
      code_challenge_method: 'S256',
      resource: `${app.server.origin}/api/mcp`,
      scope: 'read',
    })}`;
    const [consent] = htmlForms((await page(authorizePath)).body);
    const allowed = await postForm(app.server, session, authorizePath, [...consent!.defaults, ['decision', 'allow']]);
    const code = new URL(String(allowed.headers['x-action-redirect'] ?? allowed.headers.location)).searchParams.get('code');
    const exchanged = await oauthPost(
      '/api/oauth/token',
      new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: code!,
        redirect_uri: REDIRECT_URI,
        code_verifier: VERIFIER,
      }),
    );
    expect(exchanged.status, exchanged.body).toBe(200);
    refreshToken = exchanged.json().refresh_token;
    const [form] = htmlForms((await page('/bankroll')).body);
    bankrollForm = form!.defaults;
  }, 60_000);

  const page = (path: string) => raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });
  const rest = (name: string, token: string, args: unknown) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${name}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const logBet = (clientRequestId: string) => rest('log_bet', writeToken, { ...BET, clientRequestId });
  /** The bets a request was answered 200 for, by clientRequestId: exactly the ones stored. */
  const betsLogged = new Set<string>();
  let betRequests = 0;
  function oauthPost(path: string, body: string | URLSearchParams): Promise<RawResponse> {
    const type = typeof body === 'string' ? 'application/json' : FORM;
    return raw(app.server.port, { path, headers: { 'content-type': type }, body: body.toString() });
  }
  const postBankrollForm = (value: number) =>
    postForm(
      app.server,
      session,
      '/bankroll',
      bankrollForm.map(([name, given]): [string, string] => [name, name === 'balance' ? String(value) : given]),
    );
  const refresh = () =>
    oauthPost('/api/oauth/token', new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }));

  /** One surface: how to call it, whether it writes, and what a good answer is (keeping what it hands back). */
  interface Surface {
    name: string;
    writes: boolean;
    send: () => Promise<RawResponse>;
    served: (res: RawResponse) => boolean;
    /** A 503 of this surface's kind; by default the API's error object. */
    unavailable?: (res: RawResponse) => void;
  }
  const apiUnavailable = (res: RawResponse) => {
    expect(res.status, res.body.slice(0, 300)).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({ code: 'unavailable', retryAfterSeconds: 5, message: expect.stringContaining('database') });
  };
  const oauthUnavailable = (res: RawResponse) => {
    expect(res.status, res.body.slice(0, 300)).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining('database') });
  };
  const consoleUnavailable = (res: RawResponse) => {
    expect(res.status, res.body.slice(0, 300)).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toContain('This page is unavailable right now');
    expect(res.body).toMatch(/database(&rsquo;s|’s)? is not answering|database is not answering/);
    expect(res.headers.location).toBeUndefined();
  };
  // MCP: 503 before the call while the token cannot be read, or, once it has been, the call's own result.
  const mcpUnavailable = (res: RawResponse) => {
    if (res.status === 200) {
      expect(res.json().result).toMatchObject({
        isError: true,
        structuredContent: { error: { code: 'unavailable', retryAfterSeconds: 5 } },
      });
      return;
    }
    expect(res.status, res.body.slice(0, 300)).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({ code: -32000, message: expect.stringContaining('database') });
  };
  const mcpServed = (res: RawResponse) => res.status === 200 && res.json().result?.isError !== true;

  const surfaces: Surface[] = [
    { name: 'REST, a read', writes: false, send: () => rest('get_bankroll', readToken, {}), served: (res) => res.status === 200 },
    {
      name: 'REST, the tool list',
      writes: false,
      send: () => raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${readToken}` } }),
      served: (res) => res.status === 200,
    },
    {
      name: 'REST, a write',
      writes: true,
      send: () => logBet(`rest-${(betRequests += 1)}`),
      served: (res) => {
        if (res.status !== 200) return false;
        betsLogged.add(`rest-${betRequests}`);
        return true;
      },
    },
    {
      name: 'MCP, a read',
      writes: false,
      send: () => modern(app.server.port, readToken, 'tools/call', { name: 'get_bankroll', arguments: {} }, { clientName: 'fault-test' }),
      served: mcpServed,
      unavailable: mcpUnavailable,
    },
    {
      name: 'MCP, a write',
      writes: true,
      send: () =>
        modern(
          app.server.port,
          writeToken,
          'tools/call',
          { name: 'log_bet', arguments: { ...BET, clientRequestId: `mcp-${(betRequests += 1)}` } },
          { clientName: 'fault-test' },
        ),
      served: (res) => {
        if (!mcpServed(res)) return false;
        betsLogged.add(`mcp-${betRequests}`);
        return true;
      },
      unavailable: mcpUnavailable,
    },
    {
      name: 'a console page',
      writes: false,
      send: () => page('/bankroll'),
      served: (res) => res.status === 200,
      unavailable: consoleUnavailable,
    },
    {
      name: 'a console server action',
      writes: true,
      send: () => postBankrollForm(balance + 1),
      served: (res) => {
        if (res.status !== 200) return false;
        balance += 1; // saved
        return true;
      },
      unavailable: (res) => {
        expect(res.status, res.body.slice(0, 300)).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      },
    },
    {
      name: 'the authorization page',
      writes: false,
      send: () => page(authorizePath),
      served: (res) => res.status === 200,
      unavailable: consoleUnavailable,
    },
    {
      name: 'the token endpoint',
      writes: true,
      send: refresh,
      served: (res) => {
        if (res.status !== 200) return false;
        refreshToken = res.json().refresh_token;
        return true;
      },
      unavailable: oauthUnavailable,
    },
    {
      name: 'the revocation endpoint',
      writes: false, // revoking a token no one holds changes nothing
      send: () => oauthPost('/api/oauth/revoke', new URLSearchParams({ client_id: clientId, token: 'no-such-token' })),
      served: (res) => res.status === 200,
      unavailable: oauthUnavailable,
    },
    {
      name: 'the registration endpoint',
      writes: true,
      send: () => oauthPost('/api/oauth/register', JSON.stringify({ client_name: 'During', redirect_uris: [REDIRECT_URI] })),
      served: (res) => res.status === 201,
      unavailable: oauthUnavailable,
    },
  ];

  async function timed(surface: Surface): Promise<RawResponse> {
    const started = Date.now();
    const res = await surface.send();
    expect(Date.now() - started, `${surface.name}: ${res.status}`).toBeLessThan(ANSWER_WITHIN_MS);
    return res;
  }

  /** Signing in while the database cannot serve it: refused with a generic message, never a 500 or its words. */
  async function signInRefused(): Promise<void> {
    const { res } = await signIn(app.server.port, 'fay@example.com', PASSWORD);
    expect(res.status, res.body).toBe(401);
    const where = decodeURIComponent(String(res.json().url));
    expect(where).toContain('error=SignInUnavailable');
    expect(where).not.toMatch(/prisma|invocation|postgres|timeout|Connection|refused|read-only|too many/i);
    expect(app.server.output()).toMatch(/password sign-in failed/); // the detail goes to the log
  }

  /** Every surface serves again, each retried for a while: the pool heals by itself, at its own pace. */
  async function recovered(): Promise<void> {
    for (const surface of surfaces) {
      const deadline = Date.now() + 30_000;
      let res = await surface.send();
      let served = surface.served(res); // once per answer: it keeps what the answer hands back
      while (!served && Date.now() < deadline) {
        expect(res.status, `${surface.name} while recovering: ${res.body.slice(0, 300)}`).not.toBe(500);
        await sleep(250);
        res = await surface.send();
        served = surface.served(res);
      }
      expect(served, `${surface.name} after the fault: ${res.status} ${res.body.slice(0, 300)}`).toBe(true);
    }
    const { cookies } = await signIn(app.server.port, 'fay@example.com', PASSWORD);
    expect(cookies['next-auth.session-token']).toBeTruthy();
  }

  interface Fault {
    name: string;
    start: () => Promise<unknown>;
    end: () => Promise<unknown>;
    /** Reads still work (a read-only database): only writes fail. */
    readsServed?: boolean;
  }
  const faults: Fault[] = [
    { name: 'the host down: every connection reset', start: async () => app.proxy.refuse(), end: async () => app.proxy.forward() },
    {
      name: 'a stalled network: connections accepted, nothing answered',
      start: async () => app.proxy.stall(),
      end: async () => app.proxy.forward(),
    },
    {
      name: 'PostgreSQL not accepting connections to the database (55000)',
      start: async () => {
        await sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
        await terminate(`datname = '${databaseName()}'`);
      },
      end: () => sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS true`),
    },
    {
      name: 'too many connections for the role (53300)',
      start: async () => {
        await sql(`ALTER ROLE "${role}" CONNECTION LIMIT 0`);
        await terminate(`usename = '${role}'`);
      },
      end: () => sql(`ALTER ROLE "${role}" CONNECTION LIMIT -1`),
    },
    {
      name: 'too many connections for the database (53300)',
      start: async () => {
        await sql(`ALTER DATABASE "${databaseName()}" CONNECTION LIMIT 0`);
        await terminate(`usename = '${role}'`);
      },
      end: () => sql(`ALTER DATABASE "${databaseName()}" CONNECTION LIMIT -1`),
    },
    {
      name: 'a failover: connections cut, the new primary read-only until promoted (25006)',
      start: async () => {
        await sql(`ALTER DATABASE "${databaseName()}" SET default_transaction_read_only = on`);
        app.proxy.reset();
      },
      end: async () => {
        await sql(`ALTER DATABASE "${databaseName()}" RESET default_transaction_read_only`);
        app.proxy.reset(); // the promoted primary's sessions: new ones take the database's default again
      },
      readsServed: true,
    },
  ];

  it.each(faults)(
    '$name: 503 with Retry-After everywhere the database is needed, then service again',
    async (fault) => {
      await fault.start();
      try {
        for (const surface of surfaces) {
          const res = await timed(surface);
          if (fault.readsServed && !surface.writes)
            expect(surface.served(res), `${surface.name}: ${res.status} ${res.body.slice(0, 300)}`).toBe(true);
          else (surface.unavailable ?? apiUnavailable)(res);
        }
        await signInRefused();
      } finally {
        await fault.end();
      }
      await recovered();
    },
    240_000,
  );

  it('nothing stored before, or between, the faults was lost, and nothing refused was half stored', async () => {
    const db = app.database.db;
    const user = await db.user.findUniqueOrThrow({ where: { email: 'fay@example.com' } });
    const bets = await db.bet.findMany({ where: { userId: user.id }, select: { clientRequestId: true } });
    // The bets stored are exactly those a request was answered 200 for: none lost, none stored for a refusal.
    expect(new Set(bets.map((bet) => bet.clientRequestId))).toEqual(betsLogged);
    expect(bets.length).toBe(betsLogged.size);
    const bankroll = await db.bankroll.findUniqueOrThrow({ where: { userId: user.id } });
    expect(bankroll.balanceCents).toBe(balance * 100);
    // The OAuth grant made before the faults still refreshes.
    const res = await refresh();
    expect(res.status, res.body).toBe(200);
  });
});
