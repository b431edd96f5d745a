import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { createRateLimiter } from '@/lib/ratelimit';
import { createRoot, type Root } from '@/lib/root';
import { callTool, listTools, methodNotAllowed, noSuchEndpoint, serveOpenApi } from '@/lib/gateway/rest';
import { createMcpEndpoint, mcpMethodNotAllowed, postMcp } from '@/lib/mcp/http';
import { calcEv } from '@/lib/tools/calculators';
import { TOOL_DEFINITIONS } from '@/lib/tools/registry';
import type { ToolDefinition } from '@/lib/tools/types';
import { testDatabase, type TestDatabase } from '../helpers/fixtures';
import { NO_CLASSIFIER } from '../helpers/tool-context';

// Every request ends: REST and MCP requests still running at REQUEST_DEADLINE_SECONDS are ended by the
// service, in process with a tool of the test's own that never finishes (calc_ev's schemas, its own name).

const DEADLINE_SECONDS = 0.5;

const neverEnds: ToolDefinition = {
  ...calcEv,
  name: 'never_ends',
  run: () => new Promise<never>(() => undefined),
};

describe('the request deadline', () => {
  let database: TestDatabase;
  let token: string;
  let gateway: Root['gateway'];

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    ({ token } = await database.token(await database.user('dee@example.com'), 'read'));
    gateway = createRoot({
      config: parseConfig({ REQUEST_DEADLINE_SECONDS: String(DEADLINE_SECONDS) }),
      db: database.db,
      budgets: createRateLimiter({}),
      now: () => new Date(),
      catalogue: [...TOOL_DEFINITIONS, neverEnds],
      classifier: NO_CLASSIFIER,
    }).gateway;
  });
  afterAll(async () => {
    await database?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const args = { probability: 0.5, americanOdds: 110 };

  it('REST: a call still running at the deadline answers 503 unavailable with no-store', async () => {
    const started = Date.now();
    const answer = await callTool(gateway, post('/api/v1/tools/never_ends', args), 'never_ends');
    expect(Date.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000 + 1000);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await answer.json()).error).toEqual({ code: 'unavailable', message: expect.stringContaining('did not finish'), issues: [] });
  });

  it('MCP 2026-07-28: a tools/call still running at the deadline answers 503 with -32603', async () => {
    const endpoint = createMcpEndpoint(gateway);
    const message = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'never_ends',
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'deadline-test', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const answer = await postMcp(
      endpoint,
      post('/api/mcp', message, {
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'never_ends',
      }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await answer.json()).error).toEqual({ code: -32603, message: expect.stringContaining('did not finish') });
  });

  it('MCP 2025-11-25: the event stream ends at the deadline with -32603 for the unanswered request, after the answered one', async () => {
    const endpoint = createMcpEndpoint(gateway);
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'never_ends', arguments: args } },
    ];
    const started = Date.now();
    const answer = await postMcp(
      endpoint,
      post('/api/mcp', batch, { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }),
    );
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    const text = await answer.text(); // ends: the stream closes
    expect(Date.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000 + 1000);
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)) as { id: number; result?: unknown; error?: { code: number } });
    expect(events.find((event) => event.id === 1)?.result).toEqual({});
    expect(events.find((event) => event.id === 2)?.error?.code).toBe(-32603);
  });

  it('MCP 2025-11-25: a single tools/call still running at the deadline ends its event stream with -32603', async () => {
    const endpoint = createMcpEndpoint(gateway);
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'never_ends', arguments: args } };
    const started = Date.now();
    const answer = await postMcp(
      endpoint,
      post('/api/mcp', call, { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }),
    );
    expect(Date.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000 + 1000);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const events = (await answer.text()).split('\n').filter((line) => line.startsWith('data:'));
    expect(events.map((line) => JSON.parse(line.slice(5)))).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32603, message: expect.stringContaining('did not finish') } },
    ]);
  });

  it('every surface is bounded, its checks too: with a budget store that never answers, each request ends at the deadline', async () => {
    const stuck = createRoot({
      config: parseConfig({ REQUEST_DEADLINE_SECONDS: String(DEADLINE_SECONDS) }),
      db: database.db,
      budgets: { ...createRateLimiter({}), consume: () => new Promise<never>(() => undefined) },
      now: () => new Date(),
      catalogue: TOOL_DEFINITIONS,
      classifier: NO_CLASSIFIER,
    }).gateway;
    const endpoint = createMcpEndpoint(stuck);
    const get = (path: string) =>
      new Request(`http://localhost:3000${path}`, { headers: { host: 'localhost:3000', authorization: `Bearer ${token}` } });
    const surfaces: Record<string, () => Promise<Response>> = {
      'GET /api/v1/tools': () => listTools(stuck, get('/api/v1/tools')),
      'GET /api/v1/openapi.json': () => serveOpenApi(stuck, get('/api/v1/openapi.json')),
      'POST /api/v1/tools/calc_ev': () => callTool(stuck, post('/api/v1/tools/calc_ev', args), 'calc_ev'),
      'GET /api/v1/tools/calc_ev': () => methodNotAllowed(stuck, get('/api/v1/tools/calc_ev'), ['POST']),
      'GET /api/v1/nothing': () => noSuchEndpoint(stuck, get('/api/v1/nothing')),
      'POST /api/mcp': () =>
        postMcp(endpoint, post('/api/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json, text/event-stream' })),
      'GET /api/mcp': () => mcpMethodNotAllowed(endpoint, get('/api/mcp')),
    };
    const started = Date.now();
    const answers = await Promise.all(Object.entries(surfaces).map(async ([name, serve]) => [name, (await serve()).status] as const));
    expect(Date.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000 + 1000);
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(Object.keys(surfaces).map((name) => [name, 503])));
  });

  it('one deadline spans the checks and the call: checks and a tool that each take most of it, together pass it', async () => {
    const limiter = createRateLimiter({});
    const later = <T>(work: () => T | Promise<T>) => new Promise((resolve) => setTimeout(resolve, 350)).then(work);
    const takesAWhile: ToolDefinition = { ...calcEv, name: 'takes_a_while', run: () => later(() => ({})) };
    const slow = createRoot({
      config: parseConfig({ REQUEST_DEADLINE_SECONDS: String(DEADLINE_SECONDS) }),
      db: database.db,
      // Step 2 waits: acceptance takes 350 ms of the 500, the tool 350 ms more.
      budgets: {
        ...limiter,
        consume: (budget, key) => (budget.name === 'address' ? later(() => limiter.consume(budget, key)) : limiter.consume(budget, key)),
      },
      now: () => new Date(),
      catalogue: [takesAWhile],
      classifier: NO_CLASSIFIER,
    }).gateway;
    const rest = await callTool(slow, post('/api/v1/tools/takes_a_while', args), 'takes_a_while');
    expect(rest.status).toBe(503);
    const mcpCall = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'takes_a_while',
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'deadline-test', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const mcp = await postMcp(
      createMcpEndpoint(slow),
      post('/api/mcp', mcpCall, {
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'takes_a_while',
      }),
    );
    expect(mcp.status).toBe(503);
    expect((await mcp.json()).error.code).toBe(-32603);
  });

  it('the deadline is a setting: positive, at most 300 s, 65 s by default', () => {
    expect(parseConfig({}).REQUEST_DEADLINE_SECONDS).toBe(65);
    expect(() => parseConfig({ REQUEST_DEADLINE_SECONDS: '0' })).toThrow(/REQUEST_DEADLINE_SECONDS/);
    expect(() => parseConfig({ REQUEST_DEADLINE_SECONDS: '301' })).toThrow(/REQUEST_DEADLINE_SECONDS/);
  });
});
