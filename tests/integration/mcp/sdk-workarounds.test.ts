import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '@/lib/config';
import { createRateLimiter } from '@/lib/ratelimit';
import { createRoot } from '@/lib/root';
import { createMcpEndpoint, postMcp, type McpEndpoint } from '@/lib/mcp/http';
import { JSON_MODE_WARNING, withoutJsonModeWarning } from '@/lib/mcp/sdk/json-warning';
import { SDK_WRITTEN_FOR } from '@/lib/mcp/sdk/version';
import { NOTES } from '@/lib/tools/notes';
import { PROMPTS } from '@/lib/tools/prompts';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { NO_CLASSIFIER } from '../../helpers/tool-context';
import { ACCEPT_BOTH, LISTEN_REFUSAL, MODERN } from './support';

// Each module of lib/mcp/sdk/ mends something one SDK release does. For each: the installed SDK is that release
// (package.json pins it; an upgrade makes this fail until every workaround is reviewed), the raw SDK still does
// what the module mends (when it stops, the module is dead weight and this fails: remove it), and the endpoint
// answers right with it.

const installed = (() => {
  const entry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server');
  let dir = path.dirname(entry);
  while (!dir.endsWith(path.join('node_modules', '@modelcontextprotocol', 'server'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
})();

const URL = 'http://localhost:3000/api/mcp';
const MODERN_HEADERS = (method: string, name?: string) => ({
  accept: 'application/json',
  'mcp-protocol-version': MODERN,
  'mcp-method': method,
  ...(name ? { 'mcp-name': name } : {}),
});
const modernMeta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
const modernMessage = (method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  params: { ...params, _meta: modernMeta },
});
const legacyMessage = (id: number, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method, params });

/** JEV's first prompt and note, which the raw server registers too. */
const PROMPT = PROMPTS[0]!;
const NOTE = NOTES[0]!;

/**
 * The raw SDK: a stateless handler around a bare server, as the SDK's own examples build it, with one tool and
 * JEV's first prompt and note.
 */
function rawSdk() {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'raw', version: '1' });
      server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({ content: [{ type: 'text', text }] }));
      server.registerPrompt(PROMPT.name, { argsSchema: PROMPT.argsSchema }, () => ({ messages: [] }));
      server.registerResource(NOTE.name, NOTE.uri, {}, () => ({ contents: [] }));
      return server;
    },
    { responseMode: 'json' },
  );
  return (body: unknown, headers: Record<string, string>) =>
    handler.fetch(new Request(URL, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }), { parsedBody: body });
}

/** A 2025-era answer's messages, from its event stream, within `ms` (undefined when the stream is still open then). */
async function streamWithin(response: Response, ms: number): Promise<unknown[] | undefined> {
  const text = await Promise.race([response.text(), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
  if (text === undefined) return undefined;
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as unknown);
}

describe(`MCP SDK workarounds (lib/mcp/sdk/, written for @modelcontextprotocol/server ${SDK_WRITTEN_FOR})`, () => {
  let database: TestDatabase;
  let token: string;
  let endpoint: McpEndpoint;
  let raw: ReturnType<typeof rawSdk>;
  /** What console.warn printed while the raw SDK's handler and then JEV's endpoint were made. */
  const warned = { raw: [] as unknown[][], ours: [] as unknown[][] };

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    token = (await database.token(await database.user('sdk@example.com'), 'read')).token;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      raw = rawSdk();
      warned.raw = warn.mock.calls.splice(0);
      endpoint = createMcpEndpoint(
        createRoot({
          config: parseConfig({}),
          db: database.db,
          budgets: createRateLimiter({}),
          now: () => new Date(),
          classifier: NO_CLASSIFIER,
        }).gateway,
      );
      warned.ours = warn.mock.calls.splice(0);
    } finally {
      warn.mockRestore();
    }
  });
  afterAll(() => database?.close());

  const ours = (body: unknown, headers: Record<string, string>) =>
    postMcp(
      endpoint,
      new Request(URL, {
        method: 'POST',
        headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );

  it('the installed SDK is the release the workarounds were written for', () => {
    expect(installed).toBe(SDK_WRITTEN_FOR);
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    expect(pinned['@modelcontextprotocol/server']).toBe(SDK_WRITTEN_FOR);
  });

  it('json-warning.ts: the SDK warns about the JSON answers it was asked for; JEV makes its endpoint without it', () => {
    expect(warned.raw.map(([message]) => String(message))).toEqual([expect.stringContaining(JSON_MODE_WARNING)]);
    expect(warned.ours).toEqual([]);
    // Only that warning is kept back: another one printed meanwhile still goes out.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      withoutJsonModeWarning(() => console.warn('something else', 1));
      expect(warn.mock.calls).toEqual([['something else', 1]]);
    } finally {
      warn.mockRestore();
    }
  });

  it('listen.ts: the SDK serves subscriptions/listen as a stream; JEV refuses it with -32601', async () => {
    const listen = modernMessage('subscriptions/listen', { notifications: {} });
    const rawAnswer = await raw(listen, MODERN_HEADERS('subscriptions/listen'));
    expect(rawAnswer.headers.get('content-type')).toContain('text/event-stream');
    await rawAnswer.body?.cancel();
    const answer = await ours(listen, MODERN_HEADERS('subscriptions/listen'));
    expect(((await answer.json()) as { error: unknown }).error).toEqual(LISTEN_REFUSAL);
  });

  it('cancellations.ts: the SDK keeps the event stream open for a request cancelled in its own batch; JEV answers it', async () => {
    const batch = [legacyMessage(1, 'ping'), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }];
    expect(await streamWithin(await raw(batch, { accept: ACCEPT_BOTH }), 1500)).toBeUndefined();
    const answered = await streamWithin(await ours(batch, { accept: ACCEPT_BOTH }), 30_000);
    expect(answered).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('batches.ts: the SDK answers one of two requests sharing an id; JEV refuses the batch with -32600', async () => {
    const batch = [legacyMessage(7, 'ping'), legacyMessage(7, 'tools/list')];
    const rawAnswers = await streamWithin(await raw(batch, { accept: ACCEPT_BOTH }), 30_000);
    expect(rawAnswers?.length ?? 0).toBeLessThan(2);
    const answer = await ours(batch, { accept: ACCEPT_BOTH });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('id 7'),
    });
  });

  it('protocol-versions.ts: the SDK names one era as supported; JEV names every version it serves', async () => {
    const unsupported = { ...legacyMessage(1, 'tools/list'), params: {} };
    const rawAnswer = (await (await raw(unsupported, { accept: ACCEPT_BOTH, 'mcp-protocol-version': '1999-01-01' })).json()) as {
      error: { message: string };
    };
    expect(rawAnswer.error.message).not.toContain(MODERN);
    const answer = (await (await ours(unsupported, { accept: ACCEPT_BOTH, 'mcp-protocol-version': '1999-01-01' })).json()) as {
      error: { message: string };
    };
    expect(answer.error.message).toContain(`(supported versions: ${MODERN}, 2025-11-25`);
  });

  it('echoes.ts: the SDK repeats a requested protocol version whole in its refusal; JEV names its first 40 characters', async () => {
    const long = `1999-01-01${'x'.repeat(5_000)}`;
    const unsupported = { ...legacyMessage(1, 'tools/list'), params: {} };
    const rawText = await (await raw(unsupported, { accept: ACCEPT_BOTH, 'mcp-protocol-version': long })).text();
    expect(rawText).toContain(long);
    const answer = await ours(unsupported, { accept: ACCEPT_BOTH, 'mcp-protocol-version': long });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).not.toContain('x'.repeat(31));
    expect(text).toContain(`${long.slice(0, 40)}…`);
  });

  it("prompt-arguments.ts: JEV lists a prompt's arguments as the SDK's McpServer does", async () => {
    const argumentsOf = async (answer: Response) =>
      ((await answer.json()) as { result: { prompts: { name: string; arguments?: unknown }[] } }).result.prompts.find(
        (prompt) => prompt.name === PROMPT.name,
      )?.arguments;
    const listing = modernMessage('prompts/list');
    const rawArguments = await argumentsOf(await raw(listing, MODERN_HEADERS('prompts/list')));
    expect(rawArguments).toEqual(expect.arrayContaining([expect.objectContaining({ required: true })]));
    expect(await argumentsOf(await ours(listing, MODERN_HEADERS('prompts/list')))).toEqual(rawArguments);
  });

  it('refusals.ts: JEV refuses an unknown tool or prompt, bad prompt arguments and a bad resource URI as the SDK words them', async () => {
    const refusals = [
      ['tools/call', { name: 'no_such_tool', arguments: {} }],
      ['prompts/get', { name: 'no_such_prompt' }],
      ['prompts/get', { name: PROMPT.name, arguments: { sport: '' } }],
      ['prompts/get', { name: PROMPT.name }],
      ['resources/read', { uri: 'not a uri' }],
      ['resources/read', { uri: 'jev://notes/no-such-note' }],
    ] as const;
    for (const [method, params] of refusals) {
      const headers = MODERN_HEADERS(method, 'name' in params ? params.name : params.uri);
      const refusal = async (answer: Response) => ((await answer.json()) as { error?: unknown }).error;
      const rawRefusal = await refusal(await raw(modernMessage(method, params), headers));
      expect(rawRefusal, `${method} ${JSON.stringify(params)}`).toMatchObject({ code: expect.any(Number) });
      expect(await refusal(await ours(modernMessage(method, params), headers)), `${method} ${JSON.stringify(params)}`).toEqual(rawRefusal);
    }
  });
});
