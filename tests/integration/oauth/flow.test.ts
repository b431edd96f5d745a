import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { BrowserContext } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationCode } from '@/lib/oauth/grants';
import type { TestDatabase } from '../../helpers/fixtures';
import { PASSWORD, type OAuthBrowser } from '../../helpers/oauth-browser';
import { expectDcrAuthorization, s256, TestProvider } from '../../helpers/oauth-client';
import { startOAuthStage, type OAuthStage } from '../../helpers/oauth-stage';
import type { RunningServer } from '../../helpers/server';

// The whole OAuth flow against the production server, as a remote MCP client meets it: the v2 SDK client's
// OAuth provider gets a 401, discovers, registers (DCR), and its authorization URL is driven in Chromium
// (sign in, consent, Allow); then tools/list and tools/call under 2026-07-28, a refresh once the access token
// has expired, and Disconnect on the Connect page. Then the refusals, one by one.

describe('OAuth for remote MCP clients', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let oauth: OAuthBrowser;
  let alice: BrowserContext;
  let userId: string;
  let stage: OAuthStage;
  beforeAll(async () => {
    stage = await startOAuthStage(['alice@example.com', 'mallory@example.com']);
    ({ database, server, oauth } = stage);
    userId = stage.userIds[0]!;
    alice = await signedIn('alice@example.com');
  });

  afterAll(async () => {
    await stage?.close();
  });

  const mcpUrl = () => new URL('/api/mcp', server.origin);
  const callback = () => oauth.callback;
  const signedIn = (email: string) => oauth.signedIn(server.origin, email);

  const newClient = () => new Client({ name: 'jev-oauth-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });

  /** The SDK's own flow up to a connected client. */
  async function connectWithOAuth(access: 'read' | 'write') {
    const provider = new TestProvider(callback());
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const url = expectDcrAuthorization(provider, server.origin, mcpUrl());
    const { landed } = await oauth.authorize(alice, url.href, { decision: 'Allow', access });
    expect(landed?.searchParams.get('state')).toBe(url.searchParams.get('state'));
    await first.finishAuth(landed!.searchParams);
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
    return { provider, client };
  }

  it('connects by DCR, lists and calls tools under 2026-07-28, refreshes after expiry, and stops after Disconnect', async () => {
    const { provider, client } = await connectWithOAuth('write');
    expect(provider.saved.access_token).toMatch(/^jev_/);
    expect(provider.saved.refresh_token).toMatch(/^jevr_/);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('calc_implied_probability');
    const result = await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: -110 } });
    expect(result.isError).toBeFalsy();

    // The access token expires: the SDK refreshes it with the rotating refresh token and carries on.
    const before = provider.saved;
    await database.db.accessToken.updateMany({
      where: { userId, grantId: { not: null } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: 150 } })).isError).toBeFalsy();
    expect(provider.saved.access_token).not.toBe(before.access_token);
    expect(provider.saved.refresh_token).not.toBe(before.refresh_token);

    // The Connect page lists the app; Disconnect refuses its tokens at once.
    const page = await alice.newPage();
    await page.goto(`${server.origin}/connect`);
    const row = page.locator('tr', { hasText: 'Test Agent' });
    await expect(row.count()).resolves.toBe(1);
    const rowText = await row.innerText();
    expect(rowText).toContain('127.0.0.1');
    expect(rowText).toContain('Write');
    expect(rowText).toContain('unverified');
    await row.getByRole('button', { name: /Disconnect/ }).click();
    await page.waitForFunction(() => !document.body.innerText.includes('Test Agent'));
    await page.close();
    const res = await fetch(mcpUrl(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: provider.saved.refresh_token,
      client_id: provider.info.client_id,
    });
    expect(refresh.status).toBe(400);
  }, 120_000);

  it('refuses a write tool to a read-only grant (insufficient_scope)', async () => {
    const { client } = await connectWithOAuth('read');
    const result = await client.callTool({
      name: 'log_bet',
      arguments: { sport: 'nfl', gameId: 'x', market: 'h2h', selection: 'KC', americanOdds: -110, stakeUnits: 1 },
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('insufficient_scope');
  }, 120_000);

  // --- Refusals -----------------------------------------------------------------------------------

  async function register(): Promise<string> {
    const res = await fetch(`${server.origin}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Refusal Test', redirect_uris: [callback()] }),
    });
    expect(res.status).toBe(201);
    return (await res.json()).client_id;
  }

  function token(params: Record<string, string>) {
    return fetch(`${server.origin}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
  }

  function authorizeUrl(clientId: string, overrides: Record<string, string | null> = {}) {
    const url = new URL('/oauth/authorize', server.origin);
    const params: Record<string, string | null> = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback(),
      code_challenge: s256('v'.repeat(50)),
      code_challenge_method: 'S256',
      resource: mcpUrl().href,
      scope: 'read',
      state: 'st4te',
      ...overrides,
    };
    for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
    return url.href;
  }

  async function codeFor(clientId: string, verifier: string, expiresInPast = false) {
    const client = await database.db.oAuthClient.findUniqueOrThrow({ where: { clientId } });
    const now = expiresInPast ? new Date(Date.now() - 120_000) : new Date();
    return createAuthorizationCode(database.db, {
      clientRowId: client.id,
      userId,
      redirectUri: callback(),
      codeChallenge: s256(verifier),
      resource: mcpUrl().href,
      scope: 'read',
      now,
    });
  }

  it.each([
    ['no PKCE', { code_challenge: null, code_challenge_method: null }, 'invalid_request'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a resource for another server', { resource: 'https://other.example/mcp' }, 'invalid_target'],
  ])(
    'refuses an authorization request with %s on its error page, never sending the browser to the client',
    async (_name, overrides, error) => {
      const clientId = await register();
      const { landed, text } = await oauth.authorize(alice, authorizeUrl(clientId, overrides));
      expect(landed).toBeUndefined();
      expect(text).toContain(error);
    },
  );

  it('shows an error page, and never redirects, for a redirect URI the client did not register', async () => {
    const clientId = await register();
    const { landed, text } = await oauth.authorize(alice, authorizeUrl(clientId, { redirect_uri: 'https://attacker.example/cb' }));
    expect(landed).toBeUndefined();
    expect(text).toContain('did not register');
  });

  it('answers Deny with access_denied', async () => {
    const clientId = await register();
    const { landed } = await oauth.authorize(alice, authorizeUrl(clientId), { decision: 'Deny' });
    expect(landed?.searchParams.get('error')).toBe('access_denied');
    expect(landed?.searchParams.get('state')).toBe('st4te');
  });

  it('refuses a wrong code verifier', async () => {
    const clientId = await register();
    const code = await codeFor(clientId, 'a'.repeat(43));
    const res = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: 'b'.repeat(43),
      redirect_uri: callback(),
      client_id: clientId,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an expired code', async () => {
    const clientId = await register();
    const verifier = 'c'.repeat(43);
    const code = await codeFor(clientId, verifier, true);
    const res = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: callback(),
      client_id: clientId,
    });
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
  });

  it('refuses a replayed code and revokes what it issued', async () => {
    const clientId = await register();
    const verifier = 'd'.repeat(43);
    const code = await codeFor(clientId, verifier);
    const params = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callback(), client_id: clientId };
    const first = await token(params);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const issued = await first.json();
    const replay = await token(params);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: clientId });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const row = await database.db.accessToken.findFirstOrThrow({
      where: { displayPrefix: issued.access_token.slice(0, 8), last4: issued.access_token.slice(-4) },
    });
    expect(row.revokedAt).not.toBeNull();
  });

  it('revokes a refresh token (RFC 7009) and answers 200 for unknown ones', async () => {
    const clientId = await register();
    const verifier = 'f'.repeat(43);
    const code = await codeFor(clientId, verifier);
    const issued = await (
      await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callback(), client_id: clientId })
    ).json();
    const revoke = (value: string) =>
      fetch(`${server.origin}/api/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: value, client_id: clientId }),
      });
    expect((await revoke(issued.refresh_token)).status).toBe(200);
    expect((await revoke('jevr_unknown')).status).toBe(200);
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: clientId });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a consent answer posted from another origin, even with the user signed in', async () => {
    const clientId = await register();
    const session = (await alice.cookies(server.origin)).map(({ name, value }) => `${name}=${value}`).join('; ');
    const codesBefore = await database.db.oAuthCode.count();
    const res = await fetch(authorizeUrl(clientId), {
      method: 'POST',
      headers: { origin: 'https://attacker.example', cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=allow&access=write',
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    await expect(database.db.oAuthCode.count()).resolves.toBe(codesBefore);
  });

  it('refuses a consent form made for another user', async () => {
    const clientId = await register();
    const mallory = await signedIn('mallory@example.com');
    // Mallory opens the request and keeps her consent form; Alice's session then submits it.
    const page = await mallory.newPage();
    await page.goto(authorizeUrl(clientId));
    const fields = await page
      .locator('form input[type="hidden"]')
      .evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value]));
    await page.close();
    await mallory.close();
    const victim = await alice.newPage();
    await victim.goto(authorizeUrl(clientId));
    // Swap Alice's form's ticket for Mallory's: the answer must be refused.
    const ticket = fields.find(([name]) => name === 'ticket')![1] as string;
    await victim.locator('input[name="ticket"]').evaluate((input, value) => ((input as HTMLInputElement).value = value), ticket);
    await victim.getByRole('button', { name: 'Allow', exact: true }).click();
    await victim.waitForURL((url) => url.pathname === '/oauth/authorize/refused');
    await victim.close();
  }, 60_000);

  it('sends a signed-out user to sign in and back to the request', async () => {
    const clientId = await register();
    const context = await oauth.browser.newContext();
    const page = await context.newPage();
    await page.goto(authorizeUrl(clientId));
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.getByLabel('Email').fill('alice@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('Refusal Test');
    await context.close();
  });

  it('forbids framing the consent page', async () => {
    const clientId = await register();
    const res = await fetch(authorizeUrl(clientId), { redirect: 'manual' });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
