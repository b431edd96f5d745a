import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { cookieHeader, signIn, type Cookies } from '../../helpers/console-http';
import { PROVIDERS } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';

// The authorization page is no open redirector (RFC 9700 §4.11.2). Anyone can register a client naming any
// redirect URI (DCR) or publish a metadata document naming one, so every request that fails its checks, before
// the user has seen the consent page, is answered on JEV's own error page: no redirect, no Location, and no link
// to the client's address, for a registered and a metadata-document client alike, signed in or arriving from the
// sign-in page. Clients are stored on both databases, so both are tried.

const PASSWORD = 'correct horse battery staple';
const EVIL = 'https://evil.example/landing';
const CHALLENGE = 'A'.repeat(43);

/** The visible text of a page's main element, tags dropped. */
const mainText = (html: string) => (/<main\b[^>]*>(.*?)<\/main>/s.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');

/** Every way a request from a known client with its registered redirect URI can fail before consent. */
const BAD_REQUESTS: [string, Record<string, string | null>, string, string][] = [
  ['an implicit-grant response_type', { response_type: 'token' }, 'unsupported_response_type', 'response_type must be code'],
  ['no response_type', { response_type: null }, 'unsupported_response_type', 'response_type must be code'],
  ['a hybrid response_type', { response_type: 'code token' }, 'unsupported_response_type', 'response_type must be code'],
  ['no PKCE', { code_challenge: null, code_challenge_method: null }, 'invalid_request', 'PKCE is required'],
  ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method must be S256'],
  ['no code_challenge_method', { code_challenge_method: null }, 'invalid_request', 'code_challenge_method must be S256'],
  ['a code_challenge that is no S256 digest', { code_challenge: 'short' }, 'invalid_request', 'not an S256 challenge'],
  ['a resource for another server', { resource: 'https://other.example/mcp' }, 'invalid_target', 'resource must be'],
  ['no resource', { resource: null }, 'invalid_target', 'resource must be'],
  ['an unknown scope', { scope: 'admin' }, 'invalid_scope', 'scope may be read or write'],
];

describe.each(PROVIDERS)('authorization errors stay on JEV (%s)', (provider) => {
  let documents: Server;
  let documentClientId: string;
  let registeredClientId: string;
  let session: Cookies;

  // A client metadata document naming the same hostile redirect URI.
  beforeAll(async () => {
    documents = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ client_id: `${documentBase()}${req.url}`, client_name: 'Doc Agent', redirect_uris: [EVIL] }));
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    documentClientId = `${documentBase()}/client.json`;
  });
  afterAll(() => new Promise<void>((resolve) => (documents ? documents.close(() => resolve()) : resolve())));
  const documentBase = () => `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;

  const app = testApp(provider, {
    seed: (database) => createUser(database.db, { email: 'ines@example.com', password: PASSWORD }),
    env: { OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS: '1' },
  });
  beforeAll(async () => {
    const registered = await raw(app.server.port, {
      path: '/api/oauth/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [EVIL] }),
    });
    expect(registered.status, registered.body).toBe(201);
    registeredClientId = registered.json().client_id as string;
    ({ cookies: session } = await signIn(app.server.port, 'ines@example.com', PASSWORD));
  });

  function authorizePath(clientId: string, overrides: Record<string, string | null> = {}): string {
    const params: Record<string, string | null> = {
      client_id: clientId,
      redirect_uri: EVIL,
      response_type: 'code',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      resource: `${app.server.origin}/api/mcp`,
      scope: 'read',
      state: 'st4te',
      ...overrides,
    };
    const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null));
    return `/oauth/authorize?${query}`;
  }
  const get = (path: string, cookies: Cookies = session) =>
    raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies) } });

  const clients = () => [
    ['a self-registered (DCR) client', registeredClientId],
    ['a metadata-document client', documentClientId],
  ];

  it.each(BAD_REQUESTS)(
    '%s: shown on JEV’s page with its error code, never sent to the redirect URI',
    async (_name, overrides, error, says) => {
      for (const [kind, clientId] of clients()) {
        const res = await get(authorizePath(clientId!, overrides));
        expect(res.status, `${kind}: ${res.body.slice(0, 300)}`).toBe(200);
        expect(res.headers.location, kind).toBeUndefined();
        const text = mainText(res.body);
        expect(text, kind).toContain('This app cannot connect');
        expect(text, kind).toContain(says);
        expect(text, kind).toContain(error);
        expect(text, kind).not.toContain('evil.example');
        expect(res.body, kind).not.toMatch(/href="https:\/\/evil\.example/);
      }
    },
  );

  it('the same requests, well formed, reach the consent page, which names where the answer goes', async () => {
    for (const [kind, clientId] of clients()) {
      const res = await get(authorizePath(clientId!));
      expect(res.status, kind).toBe(200);
      expect(mainText(res.body), kind).toContain('to use JEV?');
      expect(mainText(res.body), kind).toContain('evil.example');
    }
  });

  it('a signed-out visitor goes to JEV’s sign-in page, and after signing in sees the error page, not the client', async () => {
    const path = authorizePath(registeredClientId, { response_type: 'token' });
    const signedOut = await get(path, {});
    expect(signedOut.status).toBe(307);
    const signInUrl = new URL(signedOut.headers.location as string, app.server.origin);
    expect(signInUrl.origin).toBe(app.server.origin);
    expect(signInUrl.pathname).toBe('/signin');
    const callback = signInUrl.searchParams.get('callbackUrl')!;
    expect(callback).toBe(path);
    // The sign-in page sends the browser to its callbackUrl (a path on JEV only); the session then opens it.
    const { cookies } = await signIn(app.server.port, 'ines@example.com', PASSWORD);
    const after = await get(callback, cookies);
    expect(after.status).toBe(200);
    expect(after.headers.location).toBeUndefined();
    expect(mainText(after.body)).toContain('unsupported_response_type');
  });
});
