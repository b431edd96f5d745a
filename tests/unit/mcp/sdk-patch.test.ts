import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResponseSchema,
  JSONRPCResultResponseSchema,
  InitializeRequestSchema,
} from '@modelcontextprotocol/core/internal';
import {
  createMcpHandler,
  InMemoryTransport,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  isJSONRPCResultResponse,
  SdkError,
  SdkErrorCode,
  Server,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withoutJsonModeWarning } from '@/lib/mcp/sdk/json-warning';
import { SDK_WRITTEN_FOR } from '@/lib/mcp/sdk/version';

// patches/@modelcontextprotocol+server+<version>.patch, applied by `postinstall` (patch-package): the SDK's
// JSON-RPC type guards check a member their schema requires before parsing, so a message of another kind is refused
// without a zod parse (a failed parse builds its issues; the SDK asks each message "response? error? request?"
// several times over). The answers are the same; only the failing parses' work is gone. And a request it has
// answered is no longer in flight, so the stateless transport's close right after the answer neither aborts it
// nor builds a "Connection closed" error (stack and all) for no one.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PATCH_PREFIX = '@modelcontextprotocol+server+';

const serverDir = (() => {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server'));
  while (!dir.endsWith(path.join('node_modules', '@modelcontextprotocol', 'server'))) dir = path.dirname(dir);
  return dir;
})();
const installed = (JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { version: string }).version;
const patches = readdirSync(path.join(ROOT, 'patches')).filter((name) => name.startsWith(PATCH_PREFIX));

/** Each file the patch changes, with the lines it adds. */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of patch.split('\n')) {
    const target = /^\+\+\+ b\/node_modules\/@modelcontextprotocol\/server\/(.*)$/.exec(line);
    if (target) files.set(target[1]!, (current = []));
    else if (line.startsWith('+') && !line.startsWith('+++') && current) current.push(line.slice(1));
  }
  return files;
}

const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calc_no_vig_odds', arguments: {} } };
const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };
const result = { jsonrpc: '2.0', id: 1, result: { content: [] } };
const failure = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } };
const VALUES: unknown[] = [
  request,
  initialize,
  notification,
  result,
  failure,
  { ...request, id: undefined },
  { ...request, id: 1.5 },
  { ...request, extra: true },
  { ...initialize, params: {} },
  { ...result, result: undefined },
  { ...failure, error: { code: 'x', message: 'bad' } },
  { jsonrpc: '1.0', id: 1, result: {} },
  [request],
  null,
  'tools/call',
  42,
  undefined,
];

const GUARDS = [
  ['isJSONRPCRequest', isJSONRPCRequest, JSONRPCRequestSchema],
  ['isJSONRPCNotification', isJSONRPCNotification, JSONRPCNotificationSchema],
  ['isJSONRPCResultResponse', isJSONRPCResultResponse, JSONRPCResultResponseSchema],
  ['isJSONRPCErrorResponse', isJSONRPCErrorResponse, JSONRPCErrorResponseSchema],
  ['isJSONRPCResponse', isJSONRPCResponse, JSONRPCResponseSchema],
  ['isInitializeRequest', isInitializeRequest, InitializeRequestSchema],
] as const;

describe(`the MCP SDK patch (patches/${PATCH_PREFIX}${SDK_WRITTEN_FOR}.patch)`, () => {
  afterEach(() => vi.restoreAllMocks());

  it('is written for the installed SDK, the release lib/mcp/sdk/ was written for', () => {
    expect(patches).toEqual([`${PATCH_PREFIX}${installed}.patch`]);
    expect(installed).toBe(SDK_WRITTEN_FOR);
  });

  it('is applied: every line it adds is in the installed SDK', () => {
    const files = addedLines(readFileSync(path.join(ROOT, 'patches', patches[0]!), 'utf8'));
    expect([...files.keys()].sort()).toEqual(expect.arrayContaining([expect.stringMatching(/\.mjs$/), expect.stringMatching(/\.cjs$/)]));
    for (const [file, lines] of files) {
      const text = readFileSync(path.join(serverDir, file), 'utf8');
      expect(lines.filter((line) => !text.includes(line))).toEqual([]);
    }
  });

  it.each(GUARDS)('%s answers exactly what its schema does', (_name, guard, schema) => {
    for (const value of VALUES) expect([value, guard(value)]).toEqual([value, schema.safeParse(value).success]);
  });

  it('a message of another kind is refused without parsing it', () => {
    const parses = GUARDS.map(([, , schema]) => vi.spyOn(schema, 'safeParse'));
    expect([isJSONRPCResultResponse(request), isJSONRPCErrorResponse(request), isInitializeRequest(request)]).toEqual([
      false,
      false,
      false,
    ]);
    expect([isJSONRPCRequest(result), isJSONRPCNotification(result), isJSONRPCResponse(request)]).toEqual([false, false, false]);
    expect(parses.map((parse) => parse.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0]);
    // A message of the kind asked about is still checked whole.
    expect(isJSONRPCRequest(request)).toBe(true);
    expect(parses[0]!.mock.calls.length).toBe(1);
  });

  it('a request answered before its transport closes is not aborted by the close', async () => {
    const signals: AbortSignal[] = [];
    const handler = withoutJsonModeWarning(() =>
      createMcpHandler(
        () => {
          const server = new Server({ name: 'patch', version: '1' }, { capabilities: { tools: {} } });
          server.setRequestHandler('tools/list', (_request, ctx) => {
            signals.push(ctx.mcpReq.signal);
            return { tools: [] };
          });
          return server;
        },
        { responseMode: 'json' },
      ),
    );
    for (const headers of [
      { accept: 'application/json, text/event-stream' } as Record<string, string>,
      { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    ]) {
      const answer = await handler.fetch(
        new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }),
        { parsedBody: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } },
      );
      expect(answer.status).toBe(200);
      await answer.text();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(signals.length).toBe(2);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false]);
  });

  it('a request still waiting when the server closes gets the SDK\'s "Connection closed" error, stack and all', async () => {
    const server = new Server({ name: 'patch', version: '1' });
    const aborted = new Promise<unknown>((resolve) => {
      server.setRequestHandler('jev/wait', { params: z.unknown() }, (_params, ctx) => {
        ctx.mcpReq.signal.addEventListener('abort', () => resolve(ctx.mcpReq.signal.reason));
        return new Promise<never>(() => {});
      });
    });
    const [client, transport] = InMemoryTransport.createLinkedPair();
    await server.connect(transport);
    await client.start();
    await client.send({ jsonrpc: '2.0', id: 1, method: 'jev/wait', params: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
    const reason = await aborted;
    expect(reason).toBeInstanceOf(SdkError);
    expect((reason as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    expect((reason as Error).stack).toContain('\n    at ');
  });
});
