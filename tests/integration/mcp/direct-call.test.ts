import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { directCall } from '@/lib/mcp/direct-call';
import { createMcpEndpoint, type McpEndpoint } from '@/lib/mcp/http';
import { parseMessages } from '@/lib/mcp/messages';
import { TOOL_NAMES } from '@/lib/mcp/server';
import { createRateLimiter } from '@/lib/ratelimit';
import { createRoot } from '@/lib/root';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { NO_CLASSIFIER } from '../../helpers/tool-context';
import { ACCEPT_BOTH, MODERN } from './support';

// A tools/call answered without building the SDK's server (lib/mcp/direct-call.ts) must be answered exactly as
// the SDK answers it: for every request below, the endpoint's answer with direct calls and without them is the
// same status, headers and body, byte for byte; and each request is taken directly, or left to the SDK, as
// listed. When an SDK upgrade changes how it answers, this fails.

const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'direct-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const noVig = { prices: [-110, -110] };

interface Case {
  name: string;
  direct: boolean;
  /** Sent as JSON; a string is sent as it is. */
  body: unknown;
  headers: Record<string, string>;
}

const modernHeaders = (name: string, extra: Record<string, string> = {}) => ({
  accept: 'application/json',
  'mcp-protocol-version': MODERN,
  'mcp-method': 'tools/call',
  'mcp-name': name,
  ...extra,
});
const modernCall = (params: Record<string, unknown>, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { ...params, _meta: envelope },
});
const legacyCall = (params: Record<string, unknown>, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });
const legacyHeaders = (extra: Record<string, string> = {}) => ({ accept: ACCEPT_BOTH, 'mcp-protocol-version': '2025-11-25', ...extra });

const CASES: Case[] = [
  // 2026-07-28
  {
    name: 'a calculator',
    direct: true,
    body: modernCall({ name: 'calc_no_vig_odds', arguments: noVig }),
    headers: modernHeaders('calc_no_vig_odds'),
  },
  {
    name: 'a string id',
    direct: true,
    body: modernCall({ name: 'calc_no_vig_odds', arguments: noVig }, 'call-7'),
    headers: modernHeaders('calc_no_vig_odds'),
  },
  {
    name: 'bad arguments',
    direct: true,
    body: modernCall({ name: 'calc_no_vig_odds', arguments: { prices: [5] } }),
    headers: modernHeaders('calc_no_vig_odds'),
  },
  { name: 'no arguments', direct: true, body: modernCall({ name: 'calc_ev' }), headers: modernHeaders('calc_ev') },
  {
    name: 'a write tool on a read token',
    direct: true,
    body: modernCall({ name: 'log_bet', arguments: {} }),
    headers: modernHeaders('log_bet'),
  },
  {
    name: 'a data tool',
    direct: true,
    body: modernCall({ name: 'get_game_odds', arguments: { sport: 'nfl' } }),
    headers: modernHeaders('get_game_odds'),
  },
  {
    name: 'a tool with a view',
    direct: true,
    body: modernCall({ name: 'get_bankroll', arguments: {} }),
    headers: modernHeaders('get_bankroll'),
  },
  { name: 'an unknown tool', direct: false, body: modernCall({ name: 'nope', arguments: {} }), headers: modernHeaders('nope') },
  {
    name: 'Mcp-Name naming another tool',
    direct: false,
    body: modernCall({ name: 'calc_ev', arguments: {} }),
    headers: modernHeaders('calc_parlay'),
  },
  {
    name: 'Mcp-Name with spaces around it',
    direct: true,
    body: modernCall({ name: 'calc_ev', arguments: {} }),
    headers: modernHeaders(' calc_ev '),
  },
  {
    name: 'Mcp-Name in Base64',
    direct: false,
    body: modernCall({ name: 'calc_ev', arguments: {} }),
    headers: modernHeaders(`=?base64?${Buffer.from('calc_ev').toString('base64')}?=`),
  },
  {
    name: 'no Mcp-Method',
    direct: false,
    body: modernCall({ name: 'calc_ev', arguments: {} }),
    headers: { accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-name': 'calc_ev' },
  },
  {
    name: 'a 2025 header on a 2026 envelope',
    direct: false,
    body: modernCall({ name: 'calc_ev', arguments: {} }),
    headers: modernHeaders('calc_ev', { 'mcp-protocol-version': '2025-11-25' }),
  },
  { name: 'arguments as a list', direct: false, body: modernCall({ name: 'calc_ev', arguments: [1] }), headers: modernHeaders('calc_ev') },
  { name: 'a fractional id', direct: false, body: modernCall({ name: 'calc_ev', arguments: {} }, 1.5), headers: modernHeaders('calc_ev') },
  {
    name: 'a progress token',
    direct: false,
    body: {
      ...modernCall({ name: 'calc_no_vig_odds', arguments: noVig }),
      params: { name: 'calc_no_vig_odds', arguments: noVig, _meta: { ...envelope, progressToken: 3 } },
    },
    headers: modernHeaders('calc_no_vig_odds'),
  },
  {
    name: 'a malformed envelope',
    direct: false,
    body: {
      ...modernCall({}),
      params: { name: 'calc_ev', arguments: {}, _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': 5 } },
    },
    headers: modernHeaders('calc_ev'),
  },
  {
    name: 'an extra member',
    direct: false,
    body: { ...modernCall({ name: 'calc_no_vig_odds', arguments: noVig }), extra: 1 },
    headers: modernHeaders('calc_no_vig_odds'),
  },
  {
    name: 'an argument named __proto__',
    direct: false,
    body: JSON.stringify(modernCall({ name: 'calc_no_vig_odds', arguments: noVig })).replace('"prices"', '"__proto__":{"x":1},"prices"'),
    headers: modernHeaders('calc_no_vig_odds'),
  },
  // 2025-era
  { name: '2025-11-25', direct: true, body: legacyCall({ name: 'calc_no_vig_odds', arguments: noVig }), headers: legacyHeaders() },
  {
    name: '2025-06-18',
    direct: true,
    body: legacyCall({ name: 'calc_no_vig_odds', arguments: noVig }),
    headers: legacyHeaders({ 'mcp-protocol-version': '2025-06-18' }),
  },
  {
    name: 'no version header',
    direct: true,
    body: legacyCall({ name: 'calc_no_vig_odds', arguments: noVig }),
    headers: { accept: ACCEPT_BOTH },
  },
  {
    name: '2025 bad arguments',
    direct: true,
    body: legacyCall({ name: 'calc_no_vig_odds', arguments: { prices: [5] } }),
    headers: legacyHeaders(),
  },
  { name: '2025 string id', direct: true, body: legacyCall({ name: 'calc_ev' }, 'x'), headers: legacyHeaders() },
  { name: '2025 unknown tool', direct: false, body: legacyCall({ name: 'nope', arguments: {} }), headers: legacyHeaders() },
  {
    name: '2025 accepting JSON only',
    direct: false,
    body: legacyCall({ name: 'calc_ev', arguments: {} }),
    headers: legacyHeaders({ accept: 'application/json' }),
  },
  {
    name: '2025 an unknown version',
    direct: false,
    body: legacyCall({ name: 'calc_ev', arguments: {} }),
    headers: legacyHeaders({ 'mcp-protocol-version': '1999-01-01' }),
  },
  {
    name: '2025 a progress token',
    direct: false,
    body: legacyCall({ name: 'calc_no_vig_odds', arguments: noVig, _meta: { progressToken: 'p' } }),
    headers: legacyHeaders(),
  },
  {
    name: '2025 a batch of one',
    direct: false,
    body: [legacyCall({ name: 'calc_no_vig_odds', arguments: noVig })],
    headers: legacyHeaders(),
  },
];

describe('tools/call answered directly', () => {
  let database: TestDatabase;
  let token: string;
  let direct: McpEndpoint;
  let throughSdk: McpEndpoint;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    ({ token } = await database.token(await database.user('dora@example.com'), 'read'));
    const { gateway } = createRoot({
      config: parseConfig({
        RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
        RATE_LIMIT_USER_PER_MINUTE: '100000',
        RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
      }),
      db: database.db,
      budgets: createRateLimiter({}),
      now: () => new Date(),
      classifier: NO_CLASSIFIER,
    });
    direct = createMcpEndpoint(gateway);
    throughSdk = createMcpEndpoint(gateway, { directCalls: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  const sent = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));
  const post = (endpoint: McpEndpoint, { body, headers }: Case) =>
    endpoint.post(
      new Request('http://localhost:3000/api/mcp', {
        method: 'POST',
        headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: sent(body),
      }),
    );
  const read = async (response: Response) => ({ status: response.status, headers: [...response.headers], body: await response.text() });

  it.each(CASES)('$name: taken directly or by the SDK as listed, and answered the same', async (example) => {
    expect(directCall(parseMessages(sent(example.body)), new Headers(example.headers), TOOL_NAMES) !== undefined).toBe(example.direct);
    const [answered, bySdk] = [await read(await post(direct, example)), await read(await post(throughSdk, example))];
    expect(answered).toEqual(bySdk);
    if (example.direct) expect(answered.status).toBe(200);
  });

  /** A fetch into the endpoint in process, noting which tools/call requests were taken directly. */
  function recordingFetch(taken: boolean[]) {
    return async (url: string | URL, init?: RequestInit) => {
      const request = new Request(url, init);
      request.headers.set('authorization', `Bearer ${token}`);
      request.headers.set('host', new URL(url).host);
      const text = await request.clone().text();
      if (text.includes('"tools/call"')) taken.push(directCall(parseMessages(text), request.headers, TOOL_NAMES) !== undefined);
      return direct.post(request);
    };
  }

  it("the SDK clients' calls, both eras, are taken directly", async () => {
    const url = new URL('http://localhost:3000/api/mcp');
    const modernTaken: boolean[] = [];
    const client = new Client({ name: 'direct-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
    await client.connect(new StreamableHTTPClientTransport(url, { fetch: recordingFetch(modernTaken) }));
    const modernAnswer = await client.callTool({ name: 'calc_no_vig_odds', arguments: noVig });
    expect(modernAnswer.isError).toBeFalsy();
    await client.close();

    const legacyTaken: boolean[] = [];
    const v1 = new V1Client({ name: 'direct-v1', version: '1.0.0' });
    await v1.connect(new V1Transport(url, { fetch: recordingFetch(legacyTaken) }));
    const legacyAnswer = await v1.callTool({ name: 'calc_no_vig_odds', arguments: noVig });
    expect(legacyAnswer.isError).toBeFalsy();
    await v1.close();

    expect({ modernTaken, legacyTaken }).toEqual({ modernTaken: [true], legacyTaken: [true] });
  });
});
