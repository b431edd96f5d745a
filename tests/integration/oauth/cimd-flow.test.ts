import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { BrowserContext } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { launchOAuthBrowser, PASSWORD, type OAuthBrowser } from '../../helpers/oauth-browser';
import { TestProvider } from '../../helpers/oauth-client';
import { selfSignedCertificate, type SelfSignedCertificate } from '../../helpers/self-signed';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from '../../helpers/server';

// The v2 SDK client registering by a Client ID Metadata Document, end to end: its client_id is an https URL
// served by this test with a certificate made now, which the JEV server trusts only through
// NODE_EXTRA_CA_CERTS (OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS lets it reach loopback). 401 → discovery → the
// SDK picks the document because the server advertises it → consent in Chromium shows the document's name →
// code → tokens → tools under 2026-07-28. The fenced fetch must still check the certificate's name.

describe('OAuth with a client metadata document (v2 SDK client)', () => {
  let database: TestDatabase;
  let certificate: SelfSignedCertificate;
  let documents: Server;
  let documentsPort: number;
  const fetchedWithServerName: (string | false | null)[] = [];
  let server: RunningServer;
  let oauth: OAuthBrowser;
  let alice: BrowserContext;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    await createUser(database.db, { email: 'alice@example.com', password: PASSWORD });
    oauth = await launchOAuthBrowser();
    certificate = selfSignedCertificate();
    // Serves, at any path, a document naming its own URL as client_id (as a client's website would).
    documents = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
      fetchedWithServerName.push((req.socket as TLSSocket).servername);
      const clientId = `https://${req.headers.host}${req.url}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ client_id: clientId, client_name: 'Doc Agent', redirect_uris: [oauth.callback] }));
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    documentsPort = (documents.address() as AddressInfo).port;
    server = await startServer({
      DATABASE_URL: database.url,
      NODE_EXTRA_CA_CERTS: certificate.certPath,
      OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      ...GENEROUS_BUDGETS,
    });
    alice = await oauth.signedIn(server.origin, 'alice@example.com');
  });

  afterAll(async () => {
    await oauth?.close();
    await server?.stop();
    await new Promise<void>((resolve) => (documents ? documents.close(() => resolve()) : resolve()));
    certificate?.remove();
    await database?.close();
  });

  const mcpUrl = () => new URL('/api/mcp', server.origin);
  const newClient = () => new Client({ name: 'jev-cimd-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });

  it('registers by the document, shows its name unmarked on consent, and calls tools under 2026-07-28', async () => {
    const documentUrl = `https://localhost:${documentsPort}/oauth/client.json`;
    const provider = new TestProvider(oauth.callback, documentUrl);
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    // The SDK used the document rather than DCR: its client_id is the URL, and nothing was registered.
    expect(provider.info.client_id).toBe(documentUrl);
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get('client_id')).toBe(documentUrl);

    const { landed, text } = await oauth.authorize(alice, url.href, { decision: 'Allow', access: 'write' });
    expect(text).toContain('Allow Doc Agent to use JEV?');
    expect(text).toContain(`identified by localhost:${documentsPort}`);
    expect(text).not.toMatch(/unverified/i);
    expect(fetchedWithServerName).toContain('localhost');
    expect(landed?.searchParams.get('state')).toBe(url.searchParams.get('state'));

    await first.finishAuth(landed!.searchParams);
    expect(provider.saved).toMatchObject({ access_token: expect.stringMatching(/^jev_/), scope: 'write' });
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('calc_implied_probability');
    expect((await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: -110 } })).isError).toBeFalsy();
    await client.close();
    await expect(database.db.oAuthClient.count({ where: { kind: 'dcr' } })).resolves.toBe(0);

    // The Connect page lists it by the document's name, unmarked.
    const page = await alice.newPage();
    await page.goto(`${server.origin}/connect`);
    const row = await page.locator('tr', { hasText: 'Doc Agent' }).innerText();
    expect(row).toContain('Write');
    expect(row).not.toContain('unverified');
    await page.close();
  }, 120_000);

  it('refuses a document whose certificate does not name the host it was fetched from', async () => {
    // The same trusted certificate, reached as 127.0.0.1: it names only localhost, so the fetch must fail.
    const documentUrl = `https://127.0.0.1:${documentsPort}/oauth/other.json`;
    const provider = new TestProvider(oauth.callback, documentUrl);
    await expect(newClient().connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const { landed, text } = await oauth.authorize(alice, provider.authorizationUrl!.href);
    expect(landed).toBeUndefined();
    expect(text).toContain('metadata document was refused');
    expect(text).toContain('could not be fetched');
  }, 60_000);
});
