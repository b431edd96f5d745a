import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrantAccessToken } from '@/lib/account/token-store';
import { createUser } from '@/lib/account/users';
import { cookieHeader, signIn, type Cookies } from '../../helpers/console-http';
import { PROVIDERS } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { legacy } from './support';

// The label of what an MCP client saves, with the real SDK clients against the production server on both
// databases. A 2025-era client (the v1 SDK, the v2 client in its default legacy mode: most desktop clients today)
// names itself once, in `initialize`, and the server keeps no session; its bets must still carry that name, not its
// User-Agent ("node"), in list_bets and on the Bets page, also after its OAuth access token is refreshed. A name
// is only ever its token owner's and its User-Agent's: another user's or another program's saves keep their own.

const PASSWORD = 'correct horse battery';
const WAGER = { sport: 'nfl', gameId: 'nfl-label-next', market: 'h2h', selection: 'NYG', americanOdds: -150, stake: 5 };

interface SdkClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  close(): Promise<void>;
}

describe.each(PROVIDERS)('MCP client labels on %s', (provider) => {
  const token: Record<'v1' | 'legacy' | 'modern' | 'ben', string> = { v1: '', legacy: '', modern: '', ben: '' };
  /** Two access tokens of one OAuth grant: the first issued, and the one a refresh gives later. */
  let granted: [string, string];
  let session: Cookies;
  const clients: SdkClient[] = [];

  const app = testApp(provider, {
    seed: async (database) => {
      const { db } = database;
      const ann = (await createUser(db, { email: 'ann@example.com', password: PASSWORD })).id;
      for (const name of ['v1', 'legacy', 'modern'] as const) token[name] = (await database.token(ann, 'write')).token;
      token.ben = (await database.token(await database.user('ben@example.com'), 'write')).token;
      const client = await db.oAuthClient.create({
        data: { clientId: 'label-test-client', kind: 'dcr', name: 'Label test', redirectUris: '["https://app.example/cb"]' },
      });
      const grant = await db.oAuthGrant.create({
        data: { clientId: client.id, userId: ann, scope: 'write', resource: 'x', redirectUri: 'https://app.example/cb' },
      });
      const issue = async () =>
        (
          await createGrantAccessToken(db, {
            userId: ann,
            grantId: grant.id,
            name: 'Label test',
            scope: 'write',
            lifetimeSeconds: 3600,
            now: new Date(),
          })
        ).token;
      granted = [await issue(), await issue()];
      await addGame(db, { id: 'nfl-label-next', home: 'NYG', away: 'DAL', startsAt: new Date(Date.now() + 86_400_000) });
    },
  });

  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'ann@example.com', PASSWORD));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
  });

  const url = () => new URL('/api/mcp', app.server.origin);

  async function v1Client(name: string, bearer: string): Promise<SdkClient> {
    const client = new V1Client({ name, version: '1.0.0' });
    await client.connect(new V1Transport(url(), { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } }));
    clients.push(client);
    return client;
  }

  /** The v2 client; `pin` for 2026-07-28, else its default (legacy: the plain 2025 initialize). */
  async function v2Client(name: string, bearer: () => string, pin?: string): Promise<SdkClient> {
    const client = new Client({ name, version: '1.0.0' }, pin ? { versionNegotiation: { mode: { pin } } } : {});
    const transport = new StreamableHTTPClientTransport(url(), { authProvider: { token: async () => bearer() } });
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe(pin ?? '2025-11-25');
    clients.push(client);
    return client;
  }

  /** log_bet through the client, then the bet as list_bets shows it. */
  async function logAndList(client: SdkClient): Promise<{ clientLabel: string }> {
    const logged = await client.callTool({ name: 'log_bet', arguments: WAGER });
    expect(logged.isError, JSON.stringify(logged.structuredContent)).toBeFalsy();
    const listed = await client.callTool({ name: 'list_bets', arguments: {} });
    const bet = listed.structuredContent.bets.find((row: { id: string }) => row.id === logged.structuredContent.bet.id);
    expect(bet.clientLabel).toBe(logged.structuredContent.bet.clientLabel);
    return bet;
  }

  it('a 2025-era client named in initialize labels its bets with that name: the v1 SDK and the v2 client in legacy mode', async () => {
    expect(await logAndList(await v1Client('Claude Desktop', token.v1))).toMatchObject({ clientLabel: 'Claude Desktop' });
    expect(await logAndList(await v2Client('Cursor', () => token.legacy))).toMatchObject({ clientLabel: 'Cursor' });
    // Under 2026-07-28 every request names its client.
    expect(await logAndList(await v2Client('Goose', () => token.modern, '2026-07-28'))).toMatchObject({ clientLabel: 'Goose' });
  });

  it('keeps the name when the OAuth access token is refreshed, which a 2025-era client does without a new initialize', async () => {
    let current = granted[0];
    const client = await v2Client('ChatGPT', () => current);
    current = granted[1];
    expect(await logAndList(client)).toMatchObject({ clientLabel: 'ChatGPT' });
  });

  it("the Bets page shows each client's name, not the User-Agent, and the Connect page each token's client", async () => {
    for (const path of ['/bets', '/connect']) {
      const page = await raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });
      expect(page.status).toBe(200);
      // Each name isolated in its own <bdi> (the Bets page's carries the name as its title too).
      for (const name of ['Claude Desktop', 'Cursor', 'Goose', 'ChatGPT'])
        expect(page.body, path).toMatch(new RegExp(`<bdi[^>]*>${name}</bdi>`));
      expect(page.body).not.toMatch(/<bdi[^>]*>node<\/bdi>/);
    }
  });

  it("a name is never another user's, nor another program's with the same token: those are labelled by their User-Agent", async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'log_bet', arguments: WAGER } };
    const labelOf = async (bearer: string, userAgent: string) => {
      const res = await legacy(app.server.port, bearer, call, { 'user-agent': userAgent, 'mcp-protocol-version': '2025-11-25' });
      const [answer] = res.body
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { result: { structuredContent: { bet: { clientLabel: string } } } });
      return answer!.result.structuredContent.bet.clientLabel;
    };
    // The SDK clients above sent Node's own User-Agent.
    const named = await app.database.db.accessToken.findFirst({ where: { lastClientName: 'Claude Desktop' } });
    expect(named?.lastClientAgent).toBe('node');
    expect(await labelOf(token.ben, 'node')).toBe('node');
    expect(await labelOf(token.v1, 'curl/8.5.0')).toBe('curl/8.5.0');
    // And the client itself, without initialize, still gets its name.
    expect(await labelOf(token.v1, 'node')).toBe('Claude Desktop');
  });
});
