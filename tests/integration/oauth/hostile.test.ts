import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { FETCHES_PER_HOST } from '@/lib/oauth/clients';
import { cookieHeader, postForm, signIn, type Cookies } from '../../helpers/console-http';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { awayFromWindowEdge } from '../../helpers/budget-window';
import { htmlForms } from '../../helpers/html-forms';
import { raw, type RawResponse } from '../../helpers/http';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from '../../helpers/server';
import { residentMb, streamBody } from '../../helpers/streamed-body';
import { testApp } from '../../helpers/test-app';

// The OAuth endpoints attacked through the real server, each attack one that once got through: bodies read whole
// before their cap and never ended, no budgets and a fetch plus a stored client per token request, names that
// rewrite the consent page, the private-address fence and a tampered consent form (a database that cannot answer:
// tests/integration/db/faults.test.ts). Client addresses come from X-Forwarded-For (TRUSTED_PROXY_HOPS=1), so each
// test spends its own budget.

const PASSWORD = 'correct horse battery staple';
const FORM = 'application/x-www-form-urlencoded';
const CHALLENGE = 'A'.repeat(43);
const OAUTH_BUDGET = 5;

function authorizePath(origin: string, clientId: string, redirectUri: string, scope = 'read'): string {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    resource: `${origin}/api/mcp`,
    scope,
    state: 'st',
  });
  return `/oauth/authorize?${query}`;
}

/** The visible text of a page's main element, tags dropped. */
const mainText = (html: string) => (/<main\b[^>]*>(.*?)<\/main>/s.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');

describe('hostile OAuth requests on one server', () => {
  let documents: Server;
  let session: Cookies;
  let docBase: string;
  const fetched = new Map<string, number>();

  // The client metadata documents the server fetches: one good document, 404 for the rest, each fetch counted.
  beforeAll(async () => {
    documents = createServer((req, res) => {
      fetched.set(req.url ?? '', (fetched.get(req.url ?? '') ?? 0) + 1);
      if (req.url !== '/good.json') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ client_id: `${docBase}/good.json`, client_name: 'Good Agent', redirect_uris: ['https://agent.example/cb'] }),
      );
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    docBase = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (documents ? documents.close(() => resolve()) : resolve()));
  });
  const app = testApp('sqlite', {
    seed: (database) => createUser(database.db, { email: 'olive@example.com', password: PASSWORD }),
    env: {
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_OAUTH_PER_MINUTE: String(OAUTH_BUDGET),
      OAUTH_REGISTRATIONS_PER_HOUR: '100',
      OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS: '1',
      REQUEST_DEADLINE_SECONDS: '3',
    },
  });
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'olive@example.com', PASSWORD));
  });

  const post = (path: string, address: string, body: string, type = FORM) =>
    raw(app.server.port, { path, headers: { 'content-type': type, 'x-forwarded-for': address }, body });
  // Each visit from its own address unless told, so the authorization page's budget is spent only where a test means to.
  let visits = 0;
  const page = (path: string, headers: Record<string, string> = {}) => {
    visits += 1;
    const address = { 'x-forwarded-for': `198.18.${Math.floor(visits / 250)}.${visits % 250}` };
    return raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session), ...address, ...headers } });
  };

  describe('bodies are read as they arrive, within the deadline', () => {
    it('three huge chunked bodies are refused at 16 KB, answered before they are sent, and leave the memory alone', async () => {
      const before = await residentMb(app.server.pid);
      const huge = 48 * 1024 * 1024;
      const answers = await Promise.all(
        ['/api/oauth/token', '/api/oauth/register', '/api/oauth/revoke'].map((path, i) =>
          streamBody(app.server.port, {
            path,
            headers: { 'content-type': path.endsWith('register') ? 'application/json' : FORM, 'x-forwarded-for': `198.51.100.${i + 10}` },
            totalBytes: huge,
            chunkBytes: 64 * 1024,
            giveUpMs: 60_000,
          }),
        ),
      );
      const grown = (await residentMb(app.server.pid)) - before;
      for (const answer of answers) {
        expect(answer.sentBeforeAnswer, answer.body).toBeLessThan(huge / 2);
        expect(answer.status, answer.body).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('16 KB') });
      }
      expect(grown).toBeLessThan(100);
    }, 90_000);

    it('a body trickled a byte a second is ended at the request deadline', async () => {
      const answer = await streamBody(app.server.port, {
        path: '/api/oauth/token',
        headers: { 'content-type': FORM, 'content-length': '100', 'x-forwarded-for': '198.51.100.20' },
        totalBytes: 100,
        chunkBytes: 1,
        everyMs: 1000,
        giveUpMs: 40_000,
      });
      expect(answer.status, answer.body).toBe(503);
      expect(JSON.parse(answer.body).error).toBe('temporarily_unavailable');
      expect(answer.elapsedMs).toBeLessThan(20_000);
    }, 60_000);
  });

  describe('budgets, fetches and stored clients', () => {
    it('the token and revocation endpoints have a budget per address', async () => {
      await awayFromWindowEdge(60, 20_000);
      for (const path of ['/api/oauth/token', '/api/oauth/revoke']) {
        const address = path.endsWith('token') ? '203.0.113.30' : '203.0.113.31';
        const send = () =>
          post(path, address, new URLSearchParams({ client_id: 'jevc_unknown', token: 'x', grant_type: 'refresh_token' }).toString());
        for (let i = 0; i < OAUTH_BUDGET; i += 1) expect((await send()).status, path).not.toBe(429);
        const refused = await send();
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toMatch(/^\d+$/);
        expect(refused.json().error).toBe('rate_limited');
      }
    });

    it('the authorization page has a budget per address, signed in or not: 429 with Retry-After past it', async () => {
      await awayFromWindowEdge(60, 20_000);
      const path = authorizePath(app.server.origin, 'jevc_unknown', 'https://app.example/cb');
      const signedIn = { 'x-forwarded-for': '203.0.113.32' };
      for (let i = 0; i < OAUTH_BUDGET; i += 1) expect((await page(path, signedIn)).status).toBe(200);
      const refused = await page(path, signedIn);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body).toContain('Too many authorization requests');
      // A consent answer from that address is refused too.
      const answer = await postForm(app.server, session, path, [['decision', 'allow']], signedIn);
      expect(answer.status).toBe(429);

      const signedOut = (address: string) => raw(app.server.port, { method: 'GET', path, headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < OAUTH_BUDGET; i += 1) expect((await signedOut('203.0.113.33')).status).toBe(307);
      expect((await signedOut('203.0.113.33')).status).toBe(429);
      // Another address has its own.
      expect((await page(path, { 'x-forwarded-for': '203.0.113.34' })).status).toBe(200);
    });

    it('token requests naming a metadata document fetch nothing and store nothing', async () => {
      for (let i = 0; i < 40; i += 1) {
        const clientId = `${docBase}/${i % 2 ? 'good' : 'gone'}.json`;
        const res = await post(
          '/api/oauth/token',
          `192.0.2.${i}`,
          new URLSearchParams({
            client_id: clientId,
            grant_type: 'authorization_code',
            code: 'c',
            redirect_uri: 'https://agent.example/cb',
            code_verifier: 'v'.repeat(43),
          }).toString(),
        );
        expect(res.status, res.body).toBe(401);
        expect(res.json().error).toBe('invalid_client');
      }
      expect(fetched.get('/good.json') ?? 0).toBe(0);
      expect(fetched.get('/gone.json') ?? 0).toBe(0);
      expect(await app.database.db.oAuthClient.count()).toBe(0);
    });

    it('thirty documents asked for at once on one host: two fetches, the rest 503 at once; another host is served', async () => {
      // A host of its own (loopback too) whose document requests hang until the server's fetch gives up (5 s).
      let open = 0;
      let mostOpen = 0;
      const hanging = createServer(() => undefined);
      hanging.on('connection', (socket) => {
        mostOpen = Math.max(mostOpen, (open += 1));
        socket.once('close', () => (open -= 1));
      });
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.2', resolve));
      try {
        const hangBase = `http://127.0.0.2:${(hanging.address() as AddressInfo).port}`;
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            page(authorizePath(app.server.origin, `${hangBase}/client.json?n=${i}`, 'https://agent.example/cb')).then((res) => ({
              res,
              whileHanging: open > 0,
            })),
          ),
        );
        expect(mostOpen).toBeGreaterThan(0);
        expect(mostOpen).toBeLessThanOrEqual(FETCHES_PER_HOST);
        const busy = answers.filter(({ res }) => res.status === 503);
        // On a very slow machine a fetch may give up before the last pages are asked for, freeing its place.
        expect(busy.length).toBeGreaterThanOrEqual(20);
        for (const { res, whileHanging } of busy) {
          expect(whileHanging).toBe(true); // answered at once, not after the fetches
          expect(res.headers['retry-after']).toBe('5');
          expect(mainText(res.body)).toContain('cannot be fetched right now: JEV is already fetching');
          expect(mainText(res.body)).toContain('Try again in a few seconds.');
        }
        for (const { res } of answers.filter(({ res }) => res.status !== 503)) {
          expect(res.status).toBe(200);
          expect(mainText(res.body)).toContain('could not be fetched');
        }
        const good = await page(authorizePath(app.server.origin, `${docBase}/good.json`, 'https://agent.example/cb'));
        expect(good.status).toBe(200);
        expect(mainText(good.body)).toContain('Allow Good Agent to use JEV?');
      } finally {
        await new Promise<void>((resolve) => hanging.close(() => resolve()));
      }
    }, 60_000);

    it('the authorization page fetches a failing document once, not on every request', async () => {
      for (let i = 0; i < 10; i += 1) {
        const res = await page(authorizePath(app.server.origin, `${docBase}/missing.json`, 'https://agent.example/cb'));
        expect(res.status).toBe(200);
        expect(mainText(res.body)).toContain('answered HTTP 404');
      }
      expect(fetched.get('/missing.json')).toBe(1);
    });

    it('a metadata-document client is stored once the user allows it, not before', async () => {
      const path = authorizePath(app.server.origin, `${docBase}/good.json`, 'https://agent.example/cb');
      const consent = await page(path);
      expect(mainText(consent.body)).toContain('Allow Good Agent to use JEV?');
      expect(await app.database.db.oAuthClient.count()).toBe(0);
      const [form] = htmlForms(consent.body);
      const answer = await postForm(app.server, session, path, [...form!.defaults, ['decision', 'allow']]);
      expect(answer.status, answer.body.slice(0, 300)).toBe(303);
      expect(answer.headers['x-action-redirect'] ?? answer.headers.location).toMatch(/^https:\/\/agent\.example\/cb\?code=/);
      expect(await app.database.db.oAuthClient.count()).toBe(1);
    });
  });

  describe('a client name cannot rewrite the consent page', () => {
    it('bidi, zero-width and control characters are dropped from a registered name, and names are isolated', async () => {
      const registered = await post(
        '/api/oauth/register',
        '203.0.113.40',
        JSON.stringify({ client_name: 'Helper \u202e\u200b\u0085\u2066 x', redirect_uris: ['https://app.example/cb'] }),
        'application/json',
      );
      expect(registered.status, registered.body).toBe(201);
      const { client_id: clientId, client_name: name } = registered.json();
      expect(name).toBe('Helper x');
      const consent = await page(authorizePath(app.server.origin, clientId, 'https://app.example/cb'));
      expect(consent.body).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/);
      expect(consent.body).not.toContain('\u0085');
      expect(consent.body).toContain('<bdi>Helper x</bdi>');
      expect(consent.body).toContain('<bdi>olive@example.com</bdi>');
      expect(consent.body).toContain('<bdi>app.example</bdi>');
    });
  });

  describe('an app asking for write access', () => {
    it.each(['read write', 'write'])('scope=%s: the consent page offers write but chooses read-only to begin with', async (scope) => {
      const registered = await post(
        '/api/oauth/register',
        '203.0.113.45',
        JSON.stringify({ client_name: 'Greedy', redirect_uris: ['https://app.example/cb'] }),
        'application/json',
      );
      const consent = await page(authorizePath(app.server.origin, registered.json().client_id as string, 'https://app.example/cb', scope));
      expect(mainText(consent.body)).toContain('Unverified app');
      const [form] = htmlForms(consent.body);
      expect(form!.inputs.get('access')).toEqual(['read', 'write']);
      expect(form!.defaults.filter(([name]) => name === 'access')).toEqual([['access', 'read']]);
    });
  });

  describe('a tampered consent form', () => {
    it('a consent answer whose redirect_uri was changed is refused, not a 500', async () => {
      const registered = await post(
        '/api/oauth/register',
        '203.0.113.50',
        JSON.stringify({ client_name: 'Tamper', redirect_uris: ['https://app.example/cb'] }),
        'application/json',
      );
      const clientId = registered.json().client_id as string;
      const path = authorizePath(app.server.origin, clientId, 'https://app.example/cb');
      const [form] = htmlForms((await page(path)).body);
      const fields = form!.defaults.map(([name, value]): [string, string] => [
        name,
        name === 'redirect_uri' ? 'https://evil.example/cb' : value,
      ]);
      const answer = await postForm(app.server, session, path, [...fields, ['decision', 'allow']]);
      expect(answer.status, answer.body.slice(0, 300)).toBe(303);
      expect(answer.headers['x-action-redirect'] ?? answer.headers.location).toMatch(/^\/oauth\/authorize\/refused/);
      expect(await app.database.db.oAuthCode.count({ where: { client: { clientId } } })).toBe(0);
    });

    it('a consent answer carrying a 50,000-character state is refused, not sent back in a Location no client can read', async () => {
      const registered = await post(
        '/api/oauth/register',
        '203.0.113.51',
        JSON.stringify({ client_name: 'Long', redirect_uris: ['https://app.example/cb'] }),
        'application/json',
      );
      const path = authorizePath(app.server.origin, registered.json().client_id as string, 'https://app.example/cb');
      const [form] = htmlForms((await page(path)).body);
      // A bad response_type too: no answer to such a request goes to the client's redirect URI, state or not.
      const tampered: Record<string, string> = { state: 'x'.repeat(50_000), response_type: 'token' };
      const fields = form!.defaults.map(([name, value]): [string, string] => [name, tampered[name] ?? value]);
      const answer = await postForm(app.server, session, path, [...fields, ['decision', 'allow']]);
      expect(answer.status).toBe(303);
      expect(answer.headers['x-action-redirect'] ?? answer.headers.location).toMatch(/^\/oauth\/authorize\/refused/);
    });
  });
});

describe.each(PROVIDERS)('registration fields on %s', (provider) => {
  let session: Cookies;
  const app = testApp(provider, {
    seed: (database) => createUser(database.db, { email: 'nina@example.com', password: PASSWORD }),
    env: { TRUSTED_PROXY_HOPS: '1', OAUTH_REGISTRATIONS_PER_HOUR: '100' },
  });
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'nina@example.com', PASSWORD));
  });
  let registrations = 0;
  const register = (metadata: Record<string, unknown>) => {
    registrations += 1;
    return raw(app.server.port, {
      path: '/api/oauth/register',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.114.${registrations}` },
      body: JSON.stringify({ redirect_uris: ['https://app.example/cb'], ...metadata }),
    });
  };

  it.each([
    ['a logo_uri holding NUL', { logo_uri: 'https://app.example/logo\u0000.png' }],
    ['a logo_uri holding a lone surrogate', { logo_uri: 'https://app.example/logo\ud800.png' }],
    ['a redirect URI holding NUL', { redirect_uris: ['https://app.example/cb\u0000'] }],
    ['a redirect URI holding a lone surrogate', { redirect_uris: ['https://app.example/cb', 'https://app.example/\udc00'] }],
    ['a client_name holding NUL', { client_name: 'Agent\u0000' }],
    ['a client_name holding a lone surrogate', { client_name: 'Agent \ud83d' }],
    ['another field holding NUL', { client_uri: 'https://app.example/\u0000', software_id: 'x' }],
    ['a field name holding NUL', { 'x\u0000': 'y' }],
  ])('%s is invalid_client_metadata (400), stored nowhere', async (_, metadata) => {
    const before = await app.database.db.oAuthClient.count();
    const res = await register(metadata);
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.stringContaining('NUL') });
    expect(await app.database.db.oAuthClient.count()).toBe(before);
  });

  it.each(['\u3164', '\u115f\u2800', '\u034f\ufe0f', '\ue000\u{f0000}', ' \u0301 '])(
    'a client named %j is shown as Unnamed app, never as a blank',
    async (clientName) => {
      const res = await register({ client_name: clientName });
      expect(res.status, res.body).toBe(201);
      const { client_id: clientId, client_name: name } = res.json();
      expect(name).toBe('Unnamed app');
      const consent = await raw(app.server.port, {
        method: 'GET',
        path: authorizePath(app.server.origin, clientId as string, 'https://app.example/cb'),
        headers: { cookie: cookieHeader(session), 'x-forwarded-for': `198.19.0.${registrations}` },
      });
      expect(consent.status).toBe(200);
      expect(mainText(consent.body)).toContain('Allow Unnamed app to use JEV?');
    },
  );
});

describe('the fence around client metadata documents', () => {
  let session: Cookies;
  const app = testApp('sqlite', {
    seed: (database) => createUser(database.db, { email: 'fran@example.com', password: PASSWORD }),
  });
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'fran@example.com', PASSWORD));
  });

  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible link-local (cloud metadata)', '::a9fe:a9fe'],
    ['local NAT64', '64:ff9b:1::a9fe:a9fe'],
    ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ])('%s (%s) is refused as private before any connection', async (_, address) => {
    const res = await raw(app.server.port, {
      method: 'GET',
      path: authorizePath(app.server.origin, `https://[${address}]/client.json`, 'https://agent.example/cb'),
      headers: { cookie: cookieHeader(session) },
    });
    expect(res.status).toBe(200);
    expect(mainText(res.body)).toContain('resolves to a private or reserved address');
  });
});

describe('OAuth budgets are shared through REDIS_URL', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await testDatabase('postgres');
    redis = await startTestRedis();
    const env = {
      DATABASE_URL: database.url,
      ...GENEROUS_BUDGETS,
      REDIS_URL: redis.url,
      TRUSTED_PROXY_HOPS: '1',
      OAUTH_REGISTRATIONS_PER_HOUR: '3',
      RATE_LIMIT_OAUTH_PER_MINUTE: '4',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await database?.close();
  });

  const send = (server: RunningServer, path: string, body: string, type: string): Promise<RawResponse> =>
    raw(server.port, { path, headers: { 'content-type': type, 'x-forwarded-for': '198.51.100.77' }, body });

  it('registrations and token requests from one address count once across both instances', async () => {
    // Registrations count by the hour, token requests by the minute: away from both edges.
    await awayFromWindowEdge(3600, 20_000, redis.now);
    await awayFromWindowEdge(60, 20_000, redis.now);
    const registration = JSON.stringify({ client_name: 'Shared', redirect_uris: ['https://app.example/cb'] });
    const register = (server: RunningServer) => send(server, '/api/oauth/register', registration, 'application/json');
    expect([(await register(a)).status, (await register(b)).status, (await register(a)).status]).toEqual([201, 201, 201]);
    expect((await register(b)).status).toBe(429);

    const refresh = new URLSearchParams({ client_id: 'jevc_unknown', grant_type: 'refresh_token', refresh_token: 'r' }).toString();
    const token = (server: RunningServer) => send(server, '/api/oauth/token', refresh, FORM);
    for (const server of [a, b, a, b]) expect((await token(server)).status).toBe(401);
    expect((await token(a)).status).toBe(429);
  });

  it('visits to the authorization page from one address count once across both instances', async () => {
    await awayFromWindowEdge(60, 20_000, redis.now);
    const visit = (server: RunningServer) =>
      raw(server.port, { method: 'GET', path: '/oauth/authorize?client_id=jevc_x', headers: { 'x-forwarded-for': '198.51.100.79' } });
    for (const server of [a, b, a, b]) expect((await visit(server)).status).toBe(307);
    const refused = await visit(b);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  // (A lone surrogate cannot be sent in a form: encoding it makes it U+FFFD.)
  it('a NUL in a client_id is refused, never reaching PostgreSQL (which would fail the query: 500)', async () => {
    for (const clientId of ['jevc_a\u0000b', '\u0000']) {
      const res = await raw(a.port, {
        path: '/api/oauth/revoke',
        headers: { 'content-type': FORM, 'x-forwarded-for': '198.51.100.78' },
        body: new URLSearchParams({ client_id: clientId, token: 't' }).toString(),
      });
      expect(res.status, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('client_id') });
    }
  });
});
