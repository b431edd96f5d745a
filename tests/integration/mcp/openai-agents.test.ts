import { MCPServerStreamableHttp, mcpToFunctionTool } from '@openai/agents-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../helpers/test-app';

// The OpenAI Agents SDK as ChatGPT-side agents run it: its own MCP client lists JEV's tools over Streamable HTTP
// and turns each into a function tool in strict mode (convertSchemasToStrict). A schema strict mode cannot read
// (American odds once carried `not`) makes it fall back to a non-strict tool with a logged warning; every JEV
// tool must convert.

describe('the OpenAI Agents SDK', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      token = (await database.token(await database.user('olive@example.com'), 'write')).token;
    },
  });
  let server: MCPServerStreamableHttp;
  beforeAll(async () => {
    server = new MCPServerStreamableHttp({
      url: `${app.server.origin}/api/mcp`,
      name: 'jev',
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await server.connect();
  });
  afterAll(() => server?.close());

  it('converts every tool to a strict function tool', async () => {
    const tools = await server.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(20);
    const notStrict = tools.filter((tool) => !mcpToFunctionTool(tool, server, true).strict).map((tool) => tool.name);
    expect(notStrict).toEqual([]);
  });

  it('would not convert a schema with `not` (the check can fail)', async () => {
    const [tool] = await server.listTools();
    const withNot = {
      ...tool!,
      inputSchema: { type: 'object', properties: { odds: { type: 'integer', not: { minimum: -99, maximum: 99 } } }, required: ['odds'] },
    };
    expect(mcpToFunctionTool(withNot as typeof tool & object, server, true).strict).toBe(false);
  });
});
