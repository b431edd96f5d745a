import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { ACCOUNT_CEILING_DELAY_MS, SIGN_IN_BUDGETS } from '@/lib/auth/signin';
import { awayFromWindowEdge } from '../helpers/budget-window';
import { PROVIDERS } from '../helpers/fixtures';
import { cookieHeader, postForm, signIn, type Cookies } from '../helpers/console-http';
import { raw, staysOn } from '../helpers/http';
import { htmlForms } from '../helpers/html-forms';
import { streamBody } from '../helpers/streamed-body';
import { testApp } from '../helpers/test-app';
import { legacy, modern, MODERN } from './mcp/support';

// The surfaces around the API, attacked through the real server (the production build): redirects
// after sign-in, request lines and methods the web's Request cannot carry, oversized and repeated form input,
// the cron route. Each test failed before its fix. What reaches the user's ledger (names, labels, amounts) is in
// hostile-ledger.test.ts.

const PASSWORD = 'correct horse battery';
const CRON_SECRET = 'cron-secret-for-hostile-tests-0123';

/** The callbackUrl the sign-in page hands its form (a prop in the page's serialized React tree). */
function formCallback(html: string): string {
  const escaped = /\\"callbackUrl\\":\\"((?:[^"\\]|\\\\.)*)\\"/.exec(html)?.[1];
  if (escaped === undefined) throw new Error('the sign-in form has no callbackUrl');
  return JSON.parse(`"${JSON.parse(`"${escaped}"`)}"`) as string;
}

describe('hostile console requests on sqlite', () => {
  let session: Cookies;
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      const user = await createUser(database.db, { email: 'ann@example.com', password: PASSWORD });
      ({ token } = await database.token(user.id, 'read'));
    },
    env: { CRON_SECRET, ODDS_API_KEY: '', REQUEST_DEADLINE_SECONDS: '3' },
  });

  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'ann@example.com', PASSWORD));
  });

  const get = (path: string, cookies: Cookies = {}) =>
    raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies) } });

  describe('the callback after sign-in stays on the console', () => {
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
      expect(staysOn(app.server.origin, res.headers.location as string), String(res.headers.location)).toBe(true);
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

  describe('an absolute-form request line is judged by its own host', () => {
    it.each(['/api/v1/tools', '/connect', '/'])('GET http://evil.example%s is refused, never redirected there', async (path) => {
      const res = await raw(app.server.port, { method: 'GET', path: `http://evil.example${path}` });
      expect(res.status, res.body.slice(0, 200)).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers.refresh).toBeUndefined();
    });

    it('an absolute-form line naming the console itself is served', async () => {
      const res = await raw(app.server.port, { method: 'GET', path: `${app.server.origin}/api/health` });
      expect(res.status).toBe(200);
    });
  });

  describe('requests that used to answer 500', () => {
    it.each(['/', '/connect', '/api/v1/tools', '/api/mcp', '/api/oauth/token'])('TRACE %s is 405, not 500', async (path) => {
      const res = await raw(app.server.port, { method: 'TRACE', path });
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
        const res = await raw(app.server.port, {
          path: '/connect',
          headers: {
            origin: app.server.origin,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            cookie: cookieHeader(cookies),
          },
          body,
        });
        expect(res.status, res.body.slice(0, 200)).toBe(413);
      }
    });

    describe('a server action Next cannot read, or whose Origin is not its Host, is 4xx with a sentence, never 500', () => {
      /** The id of the Connect page's token form's action, as its hidden fields name it. */
      async function actionId(): Promise<string> {
        const connect = await get('/connect', session);
        const fields = htmlForms(connect.body).flatMap((form) => form.hidden);
        const plain = fields.find(([name]) => name.startsWith('$ACTION_ID_'));
        if (plain) return plain[0].slice('$ACTION_ID_'.length);
        const bound = fields.find(([name]) => /^\$ACTION_\d+:0$/.test(name));
        return (JSON.parse(bound![1]) as { id: string }).id;
      }
      const part = (boundary: string, name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const send = (headers: Record<string, string>, body: string) =>
        raw(app.server.port, {
          path: '/connect',
          headers: { origin: app.server.origin, cookie: cookieHeader(session), ...headers },
          body,
        });
      const expectRefused = (res: { status: number; body: string }, status: number, says: RegExp) => {
        expect(res.status, res.body.slice(0, 300)).toBe(status);
        expect(res.body).toMatch(says);
      };

      it.each([
        [
          'a multipart body whose boundary is not the header’s',
          'multipart/form-data; boundary=header',
          `${part('body', '0', '[]')}--body--\r\n`,
        ],
        ['a multipart Content-Type without a boundary', 'multipart/form-data', `${part('b', '0', '[]')}--b--\r\n`],
        ['a multipart body cut short', 'multipart/form-data; boundary=b', `--b\r\nContent-Disposition: form-data; name="0"\r\n\r\n[`],
        ['JSON sent as multipart', 'multipart/form-data; boundary=b', '["$K1"]'],
        ['a root field that is not JSON', 'multipart/form-data; boundary=b', `${part('b', '0', 'not json {')}--b--\r\n`],
        [
          'a root field naming parts the body lacks',
          'multipart/form-data; boundary=b',
          `${part('b', '0', '["$@9",{"a":"$Q3"}]')}--b--\r\n`,
        ],
        ['no root field', 'multipart/form-data; boundary=b', `${part('b', '1_name', 'x')}--b--\r\n`],
        ['a text body that is not JSON', 'text/plain;charset=UTF-8', 'not json {'],
        ['a text body naming parts it lacks', 'text/plain;charset=UTF-8', '["$@1"]'],
        ['bytes', 'application/octet-stream', '\u00ff\u00fe'],
      ])('naming its action, %s is 400', async (_, contentType, body) => {
        expectRefused(await send({ 'next-action': await actionId(), 'content-type': contentType }, body), 400, /form/);
      });

      it.each([
        ['a broken boundary', 'multipart/form-data; boundary=header', `${part('body', 'x', 'y')}--body--\r\n`],
        [
          'bound arguments that are not JSON',
          'multipart/form-data; boundary=b',
          `${part('b', '$ACTION_REF_1', '')}${part('b', '$ACTION_1:0', '{"id":')}--b--\r\n`,
        ],
      ])('a form posted without JavaScript with %s is 400', async (_, contentType, body) => {
        expectRefused(await send({ 'content-type': contentType }, body), 400, /form/);
      });

      it('a Next-Action naming no action of this build is 4xx and says so', async () => {
        for (const id of ['deadbeef', `60${'a'.repeat(40)}`]) {
          const res = await send(
            { 'next-action': id, 'content-type': 'multipart/form-data; boundary=b' },
            `${part('b', '0', '[]')}--b--\r\n`,
          );
          expect([400, 404, 409], res.body.slice(0, 300)).toContain(res.status);
          expect(res.body).toMatch(/Server Action/);
        }
      });

      it.each([
        ['a Host on another port', { host: 'localhost:1' }],
        ['an X-Forwarded-Host of another site', { 'x-forwarded-host': 'evil.example' }],
        ['an X-Forwarded-Host list led by another site', { 'x-forwarded-host': 'evil.example, SELF' }],
      ])('an action whose Origin differs from %s is 403', async (_, named) => {
        const self = new URL(app.server.origin).host;
        const headers = Object.fromEntries(Object.entries(named).map(([name, value]) => [name, value.replace('SELF', self)]));
        const body = `${part('b', '0', '[]')}--b--\r\n`;
        expectRefused(
          await send({ ...headers, 'next-action': await actionId(), 'content-type': 'multipart/form-data; boundary=b' }, body),
          403,
          /another address/,
        );
        expectRefused(await send({ ...headers, 'content-type': 'multipart/form-data; boundary=b' }, body), 403, /another address/);
      });
    });

    it('a console POST that declares no length is 411', async () => {
      const res = await raw(app.server.port, {
        path: '/connect',
        headers: { origin: app.server.origin, 'content-type': 'multipart/form-data; boundary=b' },
        body: [Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n')],
      });
      expect(res.status, res.body.slice(0, 200)).toBe(411);
    });
  });

  describe('a body trickled a byte at a time does not hold its connection', () => {
    it.each([
      ['a console page (cut off by the server: 408, connection closed)', '/connect', 'multipart/form-data; boundary=b', 408],
      ['the REST API (its deadline: 503)', '/api/v1/tools/calc_ev', 'application/json', 503],
    ])(
      '%s: the request is ended soon after the request deadline (3 s here)',
      async (_, path, type, status) => {
        const answer = await streamBody(app.server.port, {
          path,
          headers: { origin: app.server.origin, 'content-type': type, 'content-length': '200', authorization: `Bearer ${token}` },
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

  describe('MCP answers that used to be wrong', () => {
    it.each(['__proto__', 'constructor', 'valueOf', 'hasOwnProperty'])(
      'tools/call %s is an unknown tool, like any other name',
      async (name) => {
        for (const res of [
          await modern(app.server.port, token, 'tools/call', { name, arguments: {} }),
          await legacy(app.server.port, token, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
        ]) {
          const text = res.body.replace(/^event: message\ndata: /, '');
          expect(JSON.parse(text).error).toEqual({ code: -32602, message: `Tool ${name} not found` });
        }
      },
    );

    it('prompts/get __proto__ is an unknown prompt', async () => {
      const res = await modern(app.server.port, token, 'prompts/get', { name: '__proto__' });
      expect(res.json().error.message).toMatch(/__proto__ not found/);
    });

    it('an unsupported protocol version under 2026-07-28 lists every version served', async () => {
      const res = await raw(app.server.port, {
        path: '/api/mcp',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'mcp-protocol-version': '2099-01-01',
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2099-01-01',
              'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' },
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
      expect(res.status).toBe(400);
      const { error } = res.json();
      const all = [MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
      expect(error.code).toBe(-32022);
      expect(error.data.supported).toEqual(all);
      expect(error.message).toContain(`(supported versions: ${all.join(', ')})`);
    });

    it('a batch holding two requests with one id is refused as an invalid request, not answered once', async () => {
      const res = await legacy(app.server.port, token, [
        { jsonrpc: '2.0', id: 7, method: 'ping' },
        { jsonrpc: '2.0', id: 7, method: 'tools/list' },
      ]);
      expect(res.status).toBe(400);
      expect(res.json().error).toEqual({ code: -32600, message: expect.stringMatching(/id 7/) });
    });
  });

  describe('the cron route answers Vercel Cron, which calls with GET', () => {
    it('GET with the secret runs the ingestion; without it is the JSON 401, never a redirect to sign in', async () => {
      const ok = await raw(app.server.port, {
        method: 'GET',
        path: '/api/cron/ingest',
        headers: { authorization: `Bearer ${CRON_SECRET}` },
      });
      expect(ok.status, ok.body.slice(0, 200)).toBe(200);
      expect(ok.json().data).toBeDefined();
      const refused = await raw(app.server.port, { method: 'GET', path: '/api/cron/ingest' });
      expect(refused.status).toBe(401);
      expect(refused.json().error.code).toBe('invalid_token');
    });
  });
});

describe('a stalled PostgreSQL on console pages and server actions', () => {
  let session: Cookies;
  const app = testApp('postgres', {
    seed: (database) => createUser(database.db, { email: 'pia@example.com', password: PASSWORD }),
    faultProxy: true,
    env: { DB_CONNECT_TIMEOUT_SECONDS: '2', DB_QUERY_TIMEOUT_SECONDS: '2' },
  });

  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'pia@example.com', PASSWORD));
  });

  const page = (path: string) => raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });

  it('signed-in pages and a form posted to its server action answer 503 with Retry-After and say so; then recover', async () => {
    const bankroll = await page('/bankroll');
    expect(bankroll.status).toBe(200);
    const [form] = htmlForms(bankroll.body);
    const filled = form!.defaults.map(([name, value]): [string, string] => [
      name,
      name === 'balance' ? '500' : name === 'unit' ? '5' : value,
    ]);
    app.proxy.stall();
    for (const path of ['/connect', '/bets', '/bankroll', '/picks', '/games', '/signin']) {
      const res = await page(path);
      expect(res.status, `${path}: ${res.body.slice(0, 200)}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toContain('This page is unavailable right now');
    }
    const saved = await postForm(app.server, session, '/bankroll', filled);
    expect(saved.status, saved.body.slice(0, 200)).toBe(503);
    expect(saved.headers['retry-after']).toBe('5');
    app.proxy.forward();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await page('/connect')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  }, 120_000);
});

describe.each(PROVIDERS)('sign-in attempts slow guessers down and never lock the owner out on %s', (provider) => {
  const app = testApp(provider, {
    seed: async (database) => {
      for (const email of ['olga@example.com', 'sol@example.com']) await createUser(database.db, { email, password: PASSWORD });
    },
    env: { TRUSTED_PROXY_HOPS: '1' },
  });

  /** The outcome of one sign-in from `address`: signed in, refused, or too many attempts. */
  async function outcome(email: string, password: string, address: string): Promise<'signed_in' | 'refused' | 'too_many'> {
    const { res, cookies } = await signIn(app.server.port, email, password, { 'x-forwarded-for': address });
    if (cookies['next-auth.session-token']) return 'signed_in';
    const url = String(res.json().url);
    if (url.includes('error=TooManyAttempts')) return 'too_many';
    expect(url, res.body).toContain('error=CredentialsSignin');
    return 'refused';
  }

  it('wrong passwords from other addresses back off there and leave the owner signing in', async () => {
    // The sign-in budgets count in quarter hours of the server's clock: one ending mid-run would start the count again.
    await awayFromWindowEdge(SIGN_IN_BUDGETS.pair.windowSeconds, 120_000);
    expect(await outcome('olga@example.com', PASSWORD, '198.51.100.1')).toBe('signed_in');
    const attacker: string[] = [];
    for (let i = 0; i < 10; i += 1) attacker.push(await outcome('olga@example.com', `wrong ${i}`, '203.0.113.9'));
    expect(attacker).toEqual([...Array<string>(5).fill('refused'), ...Array<string>(5).fill('too_many')]);
    expect(await outcome('olga@example.com', PASSWORD, '198.51.100.2')).toBe('signed_in');

    // Four addresses guess many times each and spend the account's ceiling (20 failures): each backs off on its own,
    // and the owner still signs in, from the addresses it knows at once and from a new one after a bounded delay.
    for (let a = 10; a < 13; a += 1) {
      const guesses: string[] = [];
      for (let i = 0; i < 8; i += 1) guesses.push(await outcome('olga@example.com', `guess ${i}`, `203.0.113.${a}`));
      expect(guesses).toEqual([...Array<string>(5).fill('refused'), ...Array<string>(3).fill('too_many')]);
    }
    const started = performance.now();
    expect(await outcome('olga@example.com', PASSWORD, '198.51.100.3')).toBe('signed_in');
    expect(performance.now() - started).toBeGreaterThanOrEqual(ACCOUNT_CEILING_DELAY_MS);
    expect(await outcome('olga@example.com', PASSWORD, '198.51.100.1')).toBe('signed_in');
    expect(await outcome('olga@example.com', PASSWORD, '198.51.100.2')).toBe('signed_in');
    // The attackers stay throttled, whatever the owner did, and a wrong password from a fifth address is held, then refused.
    for (const a of [9, 10, 11, 12]) expect(await outcome('olga@example.com', PASSWORD, `203.0.113.${a}`)).toBe('too_many');
    const held = performance.now();
    expect(await outcome('olga@example.com', 'one more guess', '203.0.113.13')).toBe('refused');
    expect(performance.now() - held).toBeGreaterThanOrEqual(ACCOUNT_CEILING_DELAY_MS);
  }, 240_000);

  it('successful sign-ins never count: twelve in a row all sign in', async () => {
    for (let i = 0; i < 12; i += 1) expect(await outcome('sol@example.com', PASSWORD, '198.51.100.20')).toBe('signed_in');
  }, 60_000);
});
