import { describe, expect, it } from 'vitest';
import { raw, staysOn, type RawResponse } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { ACCEPT_BOTH, initializeMessage } from './mcp/support';

// Loopback names are one host when APP_URL names this machine, over HTTP against the built server: localhost,
// 127.0.0.1 and [::1] reach the API, MCP and the console whichever of them APP_URL says (console pages are sent
// to APP_URL's origin, where their cookies are), an Origin at another loopback name with the same scheme and port
// is the console's, and what the service writes still names APP_URL's exact origin. A public APP_URL refuses them.

const IMPLIED = { path: '/api/v1/tools/calc_implied_probability', body: '{"americanOdds":-110}' };

describe.each([
  ['localhost', '127.0.0.1'],
  ['127.0.0.1', 'localhost'],
])('APP_URL at %s, requests naming %s', (hostname, alias) => {
  let token: string;
  const app = testApp('sqlite', {
    hostname,
    seed: async (database) => {
      ({ token } = await database.token(await database.user('lou@example.com'), 'read'));
    },
  });
  /** Every loopback name but APP_URL's own, with the server's port. */
  const aliases = () => [`${alias}:${app.server.port}`, `[::1]:${app.server.port}`];

  const rest = (headers: Record<string, string>) =>
    raw(app.server.port, {
      path: IMPLIED.path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: IMPLIED.body,
    });
  const mcp = (headers: Record<string, string>) =>
    raw(app.server.port, {
      path: '/api/mcp',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: ACCEPT_BOTH, ...headers },
      body: JSON.stringify(initializeMessage('2025-11-25')),
    });
  /** 403 for the Origin, not the Host: REST's `forbidden`, MCP's -32000, each with the same sentence. */
  const expectOtherSite = (res: RawResponse) => {
    expect(res.status, res.body).toBe(403);
    expect(res.json().error.message).toBe('Browsers on other sites may not call this service.');
  };

  it('REST and MCP answer at every loopback name, also to a browser whose Origin is that name', async () => {
    for (const host of aliases()) {
      for (const send of [rest, mcp]) {
        expect((await send({ host })).status, host).toBe(200);
        expect((await send({ host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' })).status, host).toBe(200);
      }
    }
  });

  it('an Origin at a loopback name on another port or scheme is another site', async () => {
    const host = `${alias}:${app.server.port}`;
    for (const origin of [`http://${alias}:1`, `https://${host}`, `http://${host}/`, 'http://evil.example', 'null']) {
      expectOtherSite(await rest({ host, origin }));
      expectOtherSite(await mcp({ host, origin }));
    }
  });

  it("console pages opened at another loopback name are sent to APP_URL's origin, path and query kept", async () => {
    for (const host of aliases()) {
      const res = await raw(app.server.port, { method: 'GET', path: '/signin?callbackUrl=%2Fbets', headers: { host } });
      expect(res.status, res.body.slice(0, 200)).toBe(308);
      expect(res.headers.location).toBe(`${app.server.origin}/signin?callbackUrl=%2Fbets`);
    }
    const sneaky = await raw(app.server.port, { method: 'GET', path: '//evil.example/x', headers: { host: aliases()[0]! } });
    expect(staysOn(app.server.origin, sneaky.headers.location as string | undefined), String(sneaky.headers.location)).toBe(true);
    // At APP_URL's own name the page is served.
    expect(
      (await raw(app.server.port, { method: 'GET', path: '/signin', headers: { host: new URL(app.server.origin).host } })).status,
    ).toBe(200);
  });

  it("the OAuth metadata names APP_URL's exact origin whichever loopback name was asked", async () => {
    for (const host of aliases()) {
      const res = await raw(app.server.port, { method: 'GET', path: '/.well-known/oauth-authorization-server', headers: { host } });
      expect(res.status).toBe(200);
      expect(res.json().issuer).toBe(app.server.origin);
      const resource = await raw(app.server.port, { method: 'GET', path: '/.well-known/oauth-protected-resource', headers: { host } });
      expect(resource.json().resource).toBe(`${app.server.origin}/api/mcp`);
    }
  });
});

describe('a public APP_URL', () => {
  let token: string;
  const app = testApp('sqlite', {
    env: { APP_URL: 'https://jev.example.org', NEXTAUTH_SECRET: 'a-public-servers-secret-of-enough-length' },
    seed: async (database) => {
      ({ token } = await database.token(await database.user('pat@example.com'), 'read'));
    },
  });

  it('refuses every loopback name, on the API, MCP and the console', async () => {
    const send = (host: string, path: string, body?: string) =>
      raw(app.server.port, {
        method: body === undefined ? 'GET' : 'POST',
        path,
        headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: ACCEPT_BOTH },
        body,
      });
    const port = app.server.port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', '127.0.0.1']) {
      for (const res of [
        await send(host, IMPLIED.path, IMPLIED.body),
        await send(host, '/api/mcp', JSON.stringify(initializeMessage('2025-11-25'))),
        await send(host, '/signin'),
      ]) {
        expect(res.status, `${host}: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.body).toContain('https://jev.example.org');
      }
    }
    // Its own name is served.
    expect((await send('jev.example.org', IMPLIED.path, IMPLIED.body)).status).toBe(200);
  });
});
