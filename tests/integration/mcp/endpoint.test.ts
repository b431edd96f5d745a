import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '@/lib/config';
import { ToolError } from '@/lib/errors';
import { listTools } from '@/lib/gateway/rest';
import { createRoot } from '@/lib/root';
import { createMcpEndpoint, postMcp, type McpEndpoint } from '@/lib/mcp/http';
import { createRateLimiter, type BudgetStore } from '@/lib/ratelimit';
import { TOOL_DEFINITIONS } from '@/lib/tools/registry';
import { defineTool } from '@/lib/tools/types';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { NO_CLASSIFIER } from '../../helpers/tool-context';
import { ACCEPT_BOTH, initializeMessage, LISTEN_REFUSAL, MODERN } from './support';

// The MCP endpoint in process, on a root whose catalogue holds two tools of the test's own beside the real ones:
// the MCP server is built from the gateway's catalogue, so they are listed and called like any other. Covers what
// the real catalogue cannot show: the label a tool receives, a write tool's scope check, a 503 before the tools.

const labelTool = defineTool({
  name: 'test_label',
  title: 'label',
  description: 'test tool: returns its client label',
  scope: 'read',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.object({}).loose(),
  output: z.object({ clientLabel: z.string().nullable() }),
  async run(ctx) {
    return { clientLabel: (await ctx.clientLabel()) ?? null };
  },
});
const writeTool = defineTool({
  name: 'test_write',
  title: 'write',
  description: 'test tool: a write tool',
  scope: 'write',
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ text: z.string() }),
  output: z.object({ saved: z.string() }),
  async run(_ctx, { text }) {
    return { saved: text };
  },
});

describe('MCP endpoint in process', () => {
  let database: TestDatabase;
  let readToken: string;
  let writeToken: string;
  let mcp: McpEndpoint;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    const hana = await database.user('hana@example.com');
    readToken = (await database.token(hana, 'read')).token;
    writeToken = (await database.token(hana, 'write')).token;
    mcp = endpoint();
  });
  afterAll(async () => {
    await database?.close();
  });

  const gateway = (limiter: BudgetStore = createRateLimiter({})) =>
    createRoot({
      config: parseConfig({}),
      db: database.db,
      budgets: limiter,
      now: () => new Date(),
      catalogue: [...TOOL_DEFINITIONS, labelTool, writeTool],
      classifier: NO_CLASSIFIER,
    }).gateway;
  const endpoint = (limiter?: BudgetStore) => createMcpEndpoint(gateway(limiter));

  const request = (token: string, body: unknown, headers: Record<string, string>) =>
    new Request('http://localhost:3000/api/mcp', {
      method: 'POST',
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  function callModern(token: string, name: string, args: unknown, clientName?: string) {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': {},
      ...(clientName ? { 'io.modelcontextprotocol/clientInfo': { name: clientName, version: '1' } } : {}),
    };
    return postMcp(
      mcp,
      request(
        token,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: meta } },
        {
          accept: 'application/json',
          'mcp-protocol-version': MODERN,
          'mcp-method': 'tools/call',
          'mcp-name': name,
          'user-agent': 'agent/1.0',
        },
      ),
    );
  }

  async function sseResults(response: Response): Promise<any[]> {
    const text = await response.text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
  }

  it("lists the root's catalogue, the test's own tools included", async () => {
    const response = await postMcp(
      mcp,
      request(readToken, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { accept: ACCEPT_BOTH }),
    );
    const [answer] = await sseResults(response);
    const names = answer.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual([...TOOL_DEFINITIONS.map((tool) => tool.name), 'test_label', 'test_write']);
  });

  it("tells agents to call its own catalogue's write tools only when asked, over MCP and REST alike", async () => {
    const rule = 'Call log_bet, settle_bet, save_recommendation and test_write only when the user asks;';
    const initialize = await postMcp(mcp, request(readToken, initializeMessage('2025-06-18'), { accept: ACCEPT_BOTH }));
    const [answer] = await sseResults(initialize);
    expect(answer.result.instructions).toContain(rule);
    const listed = await listTools(
      gateway(),
      new Request('http://localhost:3000/api/v1/tools', { headers: { host: 'localhost:3000', authorization: `Bearer ${readToken}` } }),
    );
    expect((await listed.json()).instructions).toBe(answer.result.instructions);
  });

  describe('client label handed to tools', () => {
    it("is the request's clientInfo name under 2026-07-28", async () => {
      const { result } = await (await callModern(readToken, 'test_label', {}, 'Claude Desktop')).json();
      expect(result.structuredContent).toEqual({ clientLabel: 'Claude Desktop' });
    });

    it('is the User-Agent when the request carries no clientInfo (a 2025-era tools/call)', async () => {
      const response = await postMcp(
        mcp,
        request(
          readToken,
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_label', arguments: {} } },
          { accept: ACCEPT_BOTH, 'user-agent': 'node-fetch/3' },
        ),
      );
      const [answer] = await sseResults(response);
      expect(answer.result.structuredContent).toEqual({ clientLabel: 'node-fetch/3' });
    });
  });

  describe('scope', () => {
    it('a read-only token on a write tool gets an isError result with insufficient_scope', async () => {
      const { result } = await (await callModern(readToken, 'test_write', { text: 'hi' }, 'Cursor')).json();
      expect(result.isError).toBe(true);
      expect(result.structuredContent.error).toEqual({
        code: 'insufficient_scope',
        message: expect.stringMatching(/read-only.*Connect page/),
        issues: [],
      });
      expect(result.content).toEqual([{ type: 'text', text: result.structuredContent.error.message }]);
    });

    it('a write token may call it', async () => {
      const { result } = await (await callModern(writeToken, 'test_write', { text: 'hi' })).json();
      expect(result.structuredContent).toEqual({ saved: 'hi' });
    });
  });

  it.each(['__proto__', 'constructor', 'valueOf'])('answers tools/call and prompts/get %s as an unknown name', async (name) => {
    const answer = async (method: string) => {
      const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
      const body = { jsonrpc: '2.0', id: 1, method, params: { name, arguments: {}, _meta: meta } };
      const headers = { accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': method, 'mcp-name': name };
      return ((await (await postMcp(mcp, request(readToken, body, headers))).json()) as { error: unknown }).error;
    };
    expect(await answer('tools/call')).toEqual({ code: -32602, message: `Tool ${name} not found` });
    expect(await answer('prompts/get')).toEqual({ code: -32602, message: `Prompt ${name} not found` });
  });

  it('answers 503 -32000 when the service cannot serve the request', async () => {
    const refuse = async (): Promise<never> => {
      throw new ToolError('unavailable', 'The rate limiter cannot be reached. Try again shortly.');
    };
    const unavailable: BudgetStore = { store: 'memory', consume: refuse, peek: refuse, ping: () => Promise.resolve() };
    const response = await postMcp(
      endpoint(unavailable),
      request(readToken, { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: ACCEPT_BOTH }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'The rate limiter cannot be reached. Try again shortly.' },
    });
  });

  it('refuses subscriptions/listen whatever else the request says', async () => {
    const response = await postMcp(
      mcp,
      request(readToken, [{ jsonrpc: '2.0', id: 'a', method: 'subscriptions/listen' }], { accept: ACCEPT_BOTH }),
    );
    expect(await sseResults(response)).toEqual([{ jsonrpc: '2.0', id: 'a', error: LISTEN_REFUSAL }]);
  });
});
