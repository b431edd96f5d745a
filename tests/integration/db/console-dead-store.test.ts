import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { createUser } from '@/lib/account/users';
import { addPricedGame } from '../../helpers/games';
import { cookieHeader, postForm, signIn, type Cookies } from '../../helpers/console-http';
import { postgresAdminUrl } from '../../helpers/db';
import { htmlForms, type HtmlForm } from '../../helpers/html-forms';
import { raw, type RawResponse } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { toolServices } from '../../helpers/tool-context';

// The surfaces tests/integration/db/faults.test.ts leaves out, with PostgreSQL unreachable (the host down) and
// read-only (a failover's new primary): the Connect page's forms (create, revoke, disconnect an app), settling a
// bet, account deletion, the consent page's POST, the authorization-code grant, and the OAuth discovery documents. Each
// refused write is a 503 with Retry-After and a readable answer (the console's notice, RFC 6749's object), within
// the timeouts; the discovery documents need no database and keep serving; and what was refused wrote nothing:
// the token, the app, the account and the authorization code all work once the database is back.

const TIMEOUT_SECONDS = 2;
const ANSWER_WITHIN_MS = 3 * TIMEOUT_SECONDS * 1000 + 3000;
const PASSWORD = 'correct horse battery';
const EMAIL = 'gus@example.com';
const REDIRECT_URI = 'https://agent.example/cb';
const VERIFIER = 'w'.repeat(43);
const FORM = 'application/x-www-form-urlencoded';

describe.each(['unreachable', 'read-only'] as const)('the console and OAuth with PostgreSQL %s', (fault) => {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  beforeAll(() => admin.connect());
  afterAll(() => admin.end());
  const app = testApp('postgres', {
    seed: async (database) => {
      const { id: userId } = await createUser(database.db, { email: EMAIL, password: PASSWORD });
      await saveBankroll(database.db, userId, { balance: 1000, unit: 10 }, new Date());
      await addPricedGame(database.db, { now: Date.now() });
      const wager = {
        sport: 'nfl',
        gameId: 'nfl-next',
        market: 'h2h',
        selection: 'NYG',
        americanOdds: -150,
        book: 'draftkings',
        stake: 10,
      } as const;
      await toolServices(database.db).ledger.recordBet({
        userId,
        clientLabel: 'test',
        now: new Date(),
        defaultBook: 'draftkings',
        bet: wager,
      });
    },
    faultProxy: true,
    env: {
      TOKEN_CACHE_SECONDS: '0',
      DB_CONNECT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      DB_QUERY_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      RATE_LIMIT_OAUTH_PER_MINUTE: '100000',
      OAUTH_REGISTRATIONS_PER_HOUR: '100000',
    },
  });
  const databaseName = () => new URL(app.database.url).pathname.slice(1);
  async function startFault(): Promise<void> {
    if (fault === 'unreachable') return app.proxy.refuse();
    await admin.query(`ALTER DATABASE "${databaseName()}" SET default_transaction_read_only = on`);
    app.proxy.reset(); // new sessions take the database's new default
  }
  async function endFault(): Promise<void> {
    if (fault === 'read-only') await admin.query(`ALTER DATABASE "${databaseName()}" RESET default_transaction_read_only`);
    app.proxy.reset();
    app.proxy.forward();
  }

  let session: Cookies;
  let clientId: string;
  let authorizePath: string;
  const page = (path: string) => raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });
  const oauthPost = (path: string, body: string | URLSearchParams) =>
    raw(app.server.port, {
      path,
      headers: { 'content-type': typeof body === 'string' ? 'application/json' : FORM },
      body: body.toString(),
    });
  /** The form on `path` holding a field named `field`. */
  async function formWith(path: string, field: string): Promise<HtmlForm> {
    const res = await page(path);
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    const form = htmlForms(res.body).find(
      (candidate) => candidate.inputs.has(field) || candidate.defaults.some(([name]) => name === field),
    );
    expect(form, `${path}: a form with ${field}`).toBeDefined();
    return form!;
  }
  /** The form's fields as submitted untouched, with `given` filled in. */
  const filled = (form: HtmlForm, given: Record<string, string>) =>
    form.defaults.map(([name, value]): [string, string] => [name, given[name] ?? value]);
  const consent = async () => (await formWith(authorizePath, 'code_challenge')).defaults.filter(([name]) => name !== 'decision');
  const codeOf = (res: RawResponse) => new URL(String(res.headers['x-action-redirect'] ?? res.headers.location)).searchParams.get('code');
  const exchange = (code: string) =>
    oauthPost(
      '/api/oauth/token',
      new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: VERIFIER,
      }),
    );

  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, EMAIL, PASSWORD));
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
  }, 60_000);

  /** 503 with Retry-After, within the bound, and the console's notice (never Next's bare 500 or a redirect). */
  function consoleRefused(res: RawResponse, started: number, what: string): void {
    expect(Date.now() - started, what).toBeLessThan(ANSWER_WITHIN_MS);
    expect(res.status, `${what}: ${res.body.slice(0, 300)}`).toBe(503);
    expect(res.headers['retry-after'], what).toBe('5');
    expect(res.headers.location, what).toBeUndefined();
    expect(res.headers['content-type'], what).toMatch(/^text\/html/);
    expect(res.body, what).toContain('This page is unavailable right now');
    expect(res.body, what).toMatch(/database(&rsquo;s|’s)? is not answering/);
  }
  function oauthRefused(res: RawResponse, started: number, what: string): void {
    expect(Date.now() - started, what).toBeLessThan(ANSWER_WITHIN_MS);
    expect(res.status, `${what}: ${res.body.slice(0, 300)}`).toBe(503);
    expect(res.headers['retry-after'], what).toBe('5');
    expect(res.json(), what).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining('database') });
  }

  it('refuses each write with 503 and a readable answer, serves discovery, and loses nothing', async () => {
    // Before the fault: a token to revoke, an app to disconnect, and an authorization code not yet exchanged.
    const created = await postForm(app.server, session, '/connect', filled(await formWith('/connect', 'scope'), { name: 'laptop' }));
    expect(created.status).toBe(200);
    expect(await app.database.db.accessToken.count({ where: { name: 'laptop' } })).toBe(1);
    const connectedCode = codeOf(await postForm(app.server, session, authorizePath, [...(await consent()), ['decision', 'allow']]));
    expect((await exchange(connectedCode!)).status).toBe(200);
    const pendingCode = codeOf(await postForm(app.server, session, authorizePath, [...(await consent()), ['decision', 'allow']]));
    expect(pendingCode).toBeTruthy();
    const revokeForm = await formWith('/connect', 'tokenId');
    const disconnectForm = await formWith('/connect', 'grantId');
    const createForm = await formWith('/connect', 'scope');
    const deleteForm = await formWith('/account', 'confirmEmail');
    const settleForm = await formWith('/bets', 'betId');
    const consentFields = await consent();
    const tokensBefore = await app.database.db.accessToken.count();

    await startFault();
    try {
      const writes: [string, () => Promise<RawResponse>][] = [
        ['create a token', () => postForm(app.server, session, '/connect', filled(createForm, { name: 'during' }))],
        ['revoke a token', () => postForm(app.server, session, '/connect', revokeForm.defaults)],
        ['disconnect an app', () => postForm(app.server, session, '/connect', disconnectForm.defaults)],
        [
          'delete the account',
          () => postForm(app.server, session, '/account', filled(deleteForm, { confirmEmail: EMAIL, password: PASSWORD })),
        ],
        ['settle a bet', () => postForm(app.server, session, '/bets', filled(settleForm, { result: 'void' }))],
        ['allow on the consent page', () => postForm(app.server, session, authorizePath, [...consentFields, ['decision', 'allow']])],
      ];
      for (const [what, send] of writes) {
        const started = Date.now();
        consoleRefused(await send(), started, what);
      }
      const started = Date.now();
      oauthRefused(await exchange(pendingCode!), started, 'the authorization-code grant');
      for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/api/mcp']) {
        const res = await raw(app.server.port, { method: 'GET', path });
        expect(res.status, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
      }
    } finally {
      await endFault();
    }

    // Nothing refused was written, and nothing before was lost: once the database is back the account, the
    // session, the token and the app are all there, and the code still exchanges (once).
    const deadline = Date.now() + 30_000;
    let connect = await page('/connect');
    while (connect.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      connect = await page('/connect');
    }
    expect(connect.status).toBe(200);
    expect(await app.database.db.accessToken.count()).toBe(tokensBefore);
    expect(await app.database.db.accessToken.count({ where: { revokedAt: { not: null } } })).toBe(0);
    expect(await app.database.db.oAuthGrant.count({ where: { revokedAt: null } })).toBe(1);
    expect(await app.database.db.user.count({ where: { email: EMAIL } })).toBe(1);
    expect(await app.database.db.bet.findFirstOrThrow()).toMatchObject({ status: 'open', settledAt: null });
    expect((await app.database.db.bankroll.findFirstOrThrow()).balanceCents).toBe(100_000);
    const exchanged = await exchange(pendingCode!);
    expect(exchanged.status, exchanged.body).toBe(200);
  }, 120_000);

  // The database turning read-only between the exchange's first write (claiming the code) and its grant: the
  // exchange is one transaction, so the claim goes too and the code still works once writes do.
  it.runIf(fault === 'read-only')('a code exchange refused midway leaves the code unused', async () => {
    const code = codeOf(await postForm(app.server, session, authorizePath, [...(await consent()), ['decision', 'allow']]));
    const db = app.database.db;
    await db.$executeRawUnsafe(
      `CREATE FUNCTION refuse_grant() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
        `RAISE EXCEPTION 'cannot execute INSERT in a read-only transaction' USING ERRCODE = '25006'; END $$`,
    );
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_grant BEFORE INSERT ON "OAuthGrant" FOR EACH ROW EXECUTE FUNCTION refuse_grant()`);
    try {
      const started = Date.now();
      oauthRefused(await exchange(code!), started, 'the exchange refused midway');
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_grant ON "OAuthGrant"`);
      await db.$executeRawUnsafe(`DROP FUNCTION refuse_grant()`);
    }
    const exchanged = await exchange(code!);
    expect(exchanged.status, exchanged.body).toBe(200);
  });
});
