import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { cookieHeader, signIn, type Cookies } from '../helpers/console-http';
import { testDatabase, type TestDatabase } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { htmlForms, multipart } from '../helpers/html-forms';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from '../helpers/server';
import { startStallProxy, type StallProxy } from '../helpers/stall-proxy';
import { streamBody } from '../helpers/streamed-body';

// Issue 23: the surfaces around the API, attacked through the real server (the production build): redirects
// after sign-in, request lines and methods the web's Request cannot carry, oversized and repeated form input,
// the cron route. Each test failed before its fix.

const PASSWORD = 'correct horse battery';
const CRON_SECRET = 'cron-secret-for-hostile-tests-0123';

/** True when a Location (or any URL) a browser would follow stays on `origin`. */
function staysOn(origin: string, location: string | undefined): boolean {
  if (location === undefined) return false;
  return new URL(location, origin).origin === origin && !/^[\s/\\]*[/\\]{2}/.test(location.replace(/[\t\n\r]/g, ''));
}

/** The callbackUrl the sign-in page hands its form (a prop in the page's serialized React tree). */
function formCallback(html: string): string {
  const escaped = /\\"callbackUrl\\":\\"((?:[^"\\]|\\\\.)*)\\"/.exec(html)?.[1];
  if (escaped === undefined) throw new Error('the sign-in form has no callbackUrl');
  return JSON.parse(`"${JSON.parse(`"${escaped}"`)}"`) as string;
}

describe('hostile console requests on sqlite', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let session: Cookies;
  let token: string;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    const user = await createUser(database.db, { email: 'ann@example.com', password: PASSWORD });
    ({ token } = await database.token(user.id, 'read'));
    server = await startServer({
      DATABASE_URL: database.url,
      ...GENEROUS_BUDGETS,
      CRON_SECRET,
      ODDS_API_KEY: '',
      REQUEST_DEADLINE_SECONDS: '3',
    });
    ({ cookies: session } = await signIn(server.port, 'ann@example.com', PASSWORD));
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  const get = (path: string, cookies: Cookies = {}) =>
    raw(server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies) } });

  describe('item 1: the callback after sign-in stays on the console', () => {
    const hostile = [
      '/%09/evil.example/x',
      '/%0a/evil.example/x',
      '/%0d%0a/evil.example/x',
      '/\\evil.example',
      '//evil.example',
      '/x/..//evil.example',
    ];

    it.each(hostile)('signed in, /signin?callbackUrl=%s redirects to a console path', async (callback) => {
      const res = await get(`/signin?callbackUrl=${callback}`, session);
      expect(res.status, res.body.slice(0, 300)).toBe(307);
      expect(staysOn(server.origin, res.headers.location as string), String(res.headers.location)).toBe(true);
    });

    it.each(hostile)('signing in, /signin?callbackUrl=%s never hands the form another site', async (callback) => {
      const res = await get(`/signin?callbackUrl=${callback}`);
      expect(res.status).toBe(200);
      expect(formCallback(res.body)).toBe('/connect');
    });

    it('a callback on the console is kept, query included', async () => {
      const res = await get(`/signin?callbackUrl=${encodeURIComponent('/bets?status=open')}`, session);
      expect(res.headers.location).toBe('/bets?status=open');
    });
  });

  describe('item 7: an absolute-form request line is judged by its own host', () => {
    it.each(['/api/v1/tools', '/connect', '/'])('GET http://evil.example%s is refused, never redirected there', async (path) => {
      const res = await raw(server.port, { method: 'GET', path: `http://evil.example${path}` });
      expect(res.status, res.body.slice(0, 200)).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers.refresh).toBeUndefined();
    });

    it('an absolute-form line naming the console itself is served', async () => {
      const res = await raw(server.port, { method: 'GET', path: `${server.origin}/api/health` });
      expect(res.status).toBe(200);
    });
  });

  describe('item 11: requests that used to answer 500', () => {
    it.each(['/', '/connect', '/api/v1/tools', '/api/mcp', '/api/oauth/token'])('TRACE %s is 405, not 500', async (path) => {
      const res = await raw(server.port, { method: 'TRACE', path });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.json().error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('TRACE') });
    });

    it('a repeated callbackUrl is not a 500, signed in or not', async () => {
      const signedIn = await get('/signin?callbackUrl=/bets&callbackUrl=//evil.example', session);
      expect(signedIn.status).toBe(307);
      expect(signedIn.headers.location).toBe('/connect');
      expect((await get('/signin?callbackUrl=/a&callbackUrl=/b')).status).toBe(200);
      expect((await get('/signin?error=a&error=b')).status).toBe(200);
    });

    it('a multipart POST over 1 MB to a console page is 413, signed in or not', async () => {
      const boundary = 'hostileboundary';
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n${'a'.repeat(1_200_000)}\r\n--${boundary}--\r\n`,
      );
      for (const cookies of [{}, session]) {
        const res = await raw(server.port, {
          path: '/connect',
          headers: { origin: server.origin, 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookieHeader(cookies) },
          body,
        });
        expect(res.status, res.body.slice(0, 200)).toBe(413);
      }
    });

    it('a console POST that declares no length is 411', async () => {
      const res = await raw(server.port, {
        path: '/connect',
        headers: { origin: server.origin, 'content-type': 'multipart/form-data; boundary=b' },
        body: [Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n')],
      });
      expect(res.status, res.body.slice(0, 200)).toBe(411);
    });
  });

  describe('item 2: a body trickled a byte at a time does not hold its connection', () => {
    it.each([
      ['a console page (cut off by the server: 408, connection closed)', '/connect', 'multipart/form-data; boundary=b', 408],
      ['the REST API (its deadline: 503)', '/api/v1/tools/calc_ev', 'application/json', 503],
    ])(
      '%s: the request is ended soon after the request deadline (3 s here)',
      async (_, path, type, status) => {
        const answer = await streamBody(server.port, {
          path,
          headers: { origin: server.origin, 'content-type': type, 'content-length': '200', authorization: `Bearer ${token}` },
          totalBytes: 200,
          chunkBytes: 1,
          everyMs: 1000,
          giveUpMs: 60_000,
        });
        expect(answer.status, `after ${answer.elapsedMs} ms`).toBe(status);
        expect(answer.elapsedMs).toBeLessThan(30_000);
      },
      90_000,
    );
  });

  describe('item 13: the cron route answers Vercel Cron, which calls with GET', () => {
    it('GET with the secret runs the ingestion; without it is the JSON 401, never a redirect to sign in', async () => {
      const ok = await raw(server.port, { method: 'GET', path: '/api/cron/ingest', headers: { authorization: `Bearer ${CRON_SECRET}` } });
      expect(ok.status, ok.body.slice(0, 200)).toBe(200);
      expect(ok.json().data).toBeDefined();
      const refused = await raw(server.port, { method: 'GET', path: '/api/cron/ingest' });
      expect(refused.status).toBe(401);
      expect(refused.json().error.code).toBe('invalid_token');
    });
  });
});

describe('item 10: a stalled PostgreSQL on console pages and server actions', () => {
  let database: TestDatabase;
  let proxy: StallProxy;
  let server: RunningServer;
  let session: Cookies;

  beforeAll(async () => {
    database = await testDatabase('postgres');
    await createUser(database.db, { email: 'pia@example.com', password: PASSWORD });
    const target = new URL(database.url);
    proxy = await startStallProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({
      DATABASE_URL: viaProxy.toString(),
      ...GENEROUS_BUDGETS,
      DB_CONNECT_TIMEOUT_SECONDS: '2',
      DB_QUERY_TIMEOUT_SECONDS: '2',
    });
    ({ cookies: session } = await signIn(server.port, 'pia@example.com', PASSWORD));
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.close();
  });

  const page = (path: string) => raw(server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });

  it('signed-in pages and a form posted to its server action answer 503 with Retry-After and say so; then recover', async () => {
    const bankroll = await page('/bankroll');
    expect(bankroll.status).toBe(200);
    const [form] = htmlForms(bankroll.body);
    const filled = form!.defaults.map(([name, value]): [string, string] => [
      name,
      name === 'balance' ? '500' : name === 'unit' ? '5' : value,
    ]);
    proxy.stall();
    for (const path of ['/connect', '/bets', '/bankroll', '/picks', '/games', '/signin']) {
      const res = await page(path);
      expect(res.status, `${path}: ${res.body.slice(0, 200)}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toContain('This page is unavailable right now');
    }
    const { body, contentType } = multipart(filled);
    const saved = await raw(server.port, {
      path: '/bankroll',
      headers: { cookie: cookieHeader(session), origin: server.origin, 'content-type': contentType },
      body,
    });
    expect(saved.status, saved.body.slice(0, 200)).toBe(503);
    expect(saved.headers['retry-after']).toBe('5');
    proxy.forward();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await page('/connect')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  }, 120_000);
});
