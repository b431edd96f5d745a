import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { BrowserContext } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../helpers/fixtures';
import type { OAuthBrowser } from '../../helpers/oauth-browser';
import { expectDcrAuthorization, TestProvider } from '../../helpers/oauth-client';
import { startOAuthStage, type OAuthStage } from '../../helpers/oauth-stage';
import type { RunningServer } from '../../helpers/server';

// The v1 SDK client (`@modelcontextprotocol/sdk`, protocol 2025-11-25) through the same OAuth flow as the v2
// one: its transport meets the 401 (whose challenge names no metadata URL), discovers through the well-known
// URIs, registers by DCR and throws UnauthorizedError with the authorization URL; Chromium signs in and
// allows; finishAuth(code) gets the tokens; then tools/list, tools/call, and a refresh once the access token
// has expired.

describe('OAuth for the v1 SDK client under 2025-11-25', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let oauth: OAuthBrowser;
  let alice: BrowserContext;
  let userId: string;
  let stage: OAuthStage;
  beforeAll(async () => {
    stage = await startOAuthStage(['alice@example.com']);
    ({ database, server, oauth } = stage);
    userId = stage.userIds[0]!;
    alice = await oauth.signedIn(server.origin, 'alice@example.com');
  });

  afterAll(async () => {
    await stage?.close();
  });

  const mcpUrl = () => new URL('/api/mcp', server.origin);
  const newClient = () => new Client({ name: 'jev-oauth-v1-test', version: '1.0.0' });

  it('connects by DCR, lists and calls tools, and refreshes after expiry', async () => {
    const provider = new TestProvider(oauth.callback);
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const url = expectDcrAuthorization(provider, server.origin, mcpUrl());

    const { landed, text } = await oauth.authorize(alice, url.href, { decision: 'Allow', access: 'write' });
    expect(text).toContain('Allow Test Agent to use JEV?');
    expect(landed?.searchParams.get('state')).toBe(url.searchParams.get('state'));
    await first.finishAuth(landed!.searchParams.get('code')!);
    expect(provider.saved).toMatchObject({ access_token: expect.stringMatching(/^jev_/), refresh_token: expect.stringMatching(/^jevr_/) });

    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    const client = newClient();
    await client.connect(transport);
    expect(transport.protocolVersion).toBe('2025-11-25');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('calc_implied_probability');
    expect((await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: -110 } })).isError).toBeFalsy();

    // The access token expires: the v1 transport refreshes it on the 401 and retries.
    const before = provider.saved;
    await database.db.accessToken.updateMany({
      where: { userId, grantId: { not: null } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: 150 } })).isError).toBeFalsy();
    expect(provider.saved.access_token).not.toBe(before.access_token);
    expect(provider.saved.refresh_token).not.toBe(before.refresh_token);
    await client.close();
  }, 120_000);
});
