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
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  isJSONRPCResultResponse,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SDK_WRITTEN_FOR } from '@/lib/mcp/sdk/version';

// patches/@modelcontextprotocol+server+<version>.patch, applied by `postinstall` (patch-package): the SDK's
// JSON-RPC type guards check a member their schema requires before parsing, so a message of another kind is refused
// without a zod parse (a failed parse builds its issues; the SDK asks each message "response? error? request?"
// several times over). The answers are the same, the work is not: docs/performance.md, "MCP".

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
});
