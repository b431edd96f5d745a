import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpOutputSchema } from '@/lib/mcp/output-schema';
import { GUIDE } from '@/lib/tools/guide';
import { PROVIDERS } from '../../helpers/fixtures';
import { testApp } from '../../helpers/test-app';

// The two SDK clients real agents use, against the production server: the v2 client pinned to 2026-07-28
// and the v1 client (2025-11-25 over the event-stream transport). Both must see what REST shows.

interface McpClient {
  listTools(): Promise<{ tools: any[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  listResources(): Promise<{ resources: any[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: any[] }>;
  readResource(params: { uri: string }): Promise<{ contents: any[] }>;
  listPrompts(): Promise<{ prompts: any[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{ messages: any[] }>;
  getServerVersion(): { name: string; version: string } | undefined;
  getServerCapabilities(): Record<string, unknown> | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

describe.each(PROVIDERS)('MCP clients on %s', (provider) => {
  let token: string;
  const app = testApp(provider, {
    seed: async (database) => {
      token = (await database.token(await database.user('erin@example.com'), 'read')).token;
    },
  });

  const rest = async (path: string, body?: unknown) => {
    const res = await fetch(`${app.server.origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };

  const clients: [string, string, () => Promise<McpClient>][] = [
    [
      'v2 client',
      '2026-07-28',
      async () => {
        const client = new Client({ name: 'jev-test-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
        const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', app.server.origin), {
          authProvider: { token: async () => token },
        });
        await client.connect(transport);
        expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        return client;
      },
    ],
    [
      'v1 client',
      '2025-11-25',
      async () => {
        const client = new V1Client({ name: 'jev-test-v1', version: '1.0.0' });
        const transport = new V1Transport(new URL('/api/mcp', app.server.origin), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        });
        await client.connect(transport);
        expect(transport.protocolVersion).toBe('2025-11-25');
        expect(transport.sessionId).toBeUndefined();
        return client;
      },
    ],
  ];

  describe.each(clients)('%s (%s)', (_name, _version, connect) => {
    let client: McpClient;

    beforeAll(async () => {
      client = await connect();
    });
    afterAll(async () => {
      await client?.close();
    });

    it('sees the server name, version, rules text and capabilities without list changes', () => {
      expect(client.getServerVersion()).toMatchObject({ name: 'jev', version: '0.1.0' });
      expect(client.getInstructions()).toBe(GUIDE.instructions);
      const capabilities = client.getServerCapabilities();
      expect(capabilities?.tools).toEqual({ listChanged: false });
      expect(capabilities?.resources).toEqual({ listChanged: false });
      expect(capabilities?.prompts).toEqual({ listChanged: false });
    });

    it('lists the same tools as REST, with the hints as annotations and the same schemas', async () => {
      const { tools: restTools } = await rest('/api/v1/tools');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(restTools.map((tool: { name: string }) => tool.name));
      for (const [index, tool] of tools.entries()) {
        const record = restTools[index];
        expect(tool.title).toBe(record.title);
        expect(tool.description).toBe(record.description);
        expect(tool.annotations).toEqual(record.hints);
        expect(tool.inputSchema).toEqual(record.inputSchema);
        expect(tool.outputSchema).toEqual(mcpOutputSchema(record.outputSchema));
      }
    });

    it('calls a calculator: one JSON text item, and structuredContent equal to REST data', async () => {
      const args = { prices: [-150, 130], method: 'power' };
      const { data } = await rest('/api/v1/tools/calc_no_vig_odds', args);
      const result = await client.callTool({ name: 'calc_no_vig_odds', arguments: args });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(data);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(data) }]);
    });

    it('reports a failing call as an isError result with the REST error in structuredContent', async () => {
      const { error } = await rest('/api/v1/tools/calc_implied_probability', { americanOdds: 50 });
      const result = await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: 50 } });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toEqual({ error });
      expect(error.code).toBe('invalid_input');
      expect(result.content).toEqual([{ type: 'text', text: error.message }]);
      const missing = await client.callTool({ name: 'calc_kelly_stake', arguments: { probability: 0.55, americanOdds: 100 } });
      expect(missing.structuredContent.error).toMatchObject({ code: 'not_found', issues: [] });
    });

    it('lists and reads the knowledge notes; there are no resource templates', async () => {
      const { resources } = await client.listResources();
      expect(resources.length).toBeGreaterThanOrEqual(6);
      for (const resource of resources) {
        expect(resource.uri).toMatch(/^jev:\/\/notes\/[a-z-]+$/);
        expect(resource.mimeType).toBe('text/markdown');
      }
      expect(resources.map((resource) => resource.uri)).toEqual(
        expect.arrayContaining([
          'jev://notes/no-vig-consensus',
          'jev://notes/kelly-staking',
          'jev://notes/parlay-correlation',
          'jev://notes/injury-reports',
          'jev://notes/data-sources',
          'jev://notes/responsible-gambling',
        ]),
      );
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
      const { contents } = await client.readResource({ uri: 'jev://notes/responsible-gambling' });
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri: 'jev://notes/responsible-gambling', mimeType: 'text/markdown' });
      expect(contents[0].text).toContain('1-800-522-4700 in the US');
    });

    it('offers the three prompts with typed arguments', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => [prompt.name, prompt.arguments.map((a: any) => `${a.name}${a.required ? '' : '?'}`)])).toEqual([
        ['analyse_game', ['sport', 'gameId']],
        ['find_prop_value', ['sport', 'gameId', 'player?', 'market?']],
        ['review_bets', ['from', 'to']],
      ]);
      const { messages } = await client.getPrompt({
        name: 'find_prop_value',
        arguments: { sport: 'nfl', gameId: 'g-42', player: 'Josh Allen' },
      });
      expect(messages).toHaveLength(1);
      expect(messages[0].role).toBe('user');
      expect(messages[0].content.text).toContain('nfl game g-42 for Josh Allen');
      expect(messages[0].content.text).toContain('calc_kelly_stake');
      await expect(client.getPrompt({ name: 'review_bets', arguments: { from: 'last week', to: '2026-11-21' } })).rejects.toThrow(/from/);
      // A prop market of another league than the game's is refused, naming the league's own.
      await expect(
        client.getPrompt({ name: 'find_prop_value', arguments: { sport: 'nba', gameId: 'g-42', market: 'passing yards' } }),
      ).rejects.toThrow(/market: passing yards is not a prop market of the NBA .*player_points \(points\)/);
    });
  });
});
