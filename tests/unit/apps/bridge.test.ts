import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Bankroll, BetList, FuturesAnswer, GameAnswer, OddsAnswer } from '@/lib/apps/answers';
import { connectToHost, type Host, type ViewEvents } from '@/lib/apps/bridge';
import { VIEW_OF_TOOL, VIEW_CALLABLE_TOOLS } from '@/lib/apps/catalogue';
import { findTool } from '../../helpers/catalogue';

// The view's end of the MCP Apps bridge with a stand-in window: the handshake the extension's spec gives, the
// host's notifications, the host as the only voice the view listens to, and no write tool ever called. The
// browser tests drive the same code with the extension's own AppBridge.

let posted: any[];
let listener: (event: { source: unknown; data: unknown }) => void;
const host = { postMessage: (message: unknown) => posted.push(message) };
const fromHost = (data: unknown) => listener({ source: host, data });

beforeEach(() => {
  posted = [];
  vi.stubGlobal('window', {
    parent: host,
    innerWidth: 640,
    addEventListener: (type: string, handler: typeof listener) => type === 'message' && (listener = handler),
  });
  vi.stubGlobal('document', { documentElement: { style: {}, getBoundingClientRect: () => ({ height: 480 }) }, body: {} });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => callback());
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function events(): ViewEvents & { seen: [string, unknown][] } {
  const seen: [string, unknown][] = [];
  return {
    seen,
    toolInput: (args) => seen.push(['input', args]),
    toolResult: (result) => seen.push(['result', result]),
    toolCancelled: (reason) => seen.push(['cancelled', reason]),
    hostContext: (context) => seen.push(['context', context]),
  };
}

async function connected(seen = events()) {
  const connecting = connectToHost({ name: 'jev-test', version: '0.1.0' }, seen);
  const initialize = posted[0];
  expect(initialize).toMatchObject({
    jsonrpc: '2.0',
    method: 'ui/initialize',
    params: {
      appInfo: { name: 'jev-test', version: '0.1.0' },
      appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
      protocolVersion: '2026-01-26',
    },
  });
  fromHost({
    jsonrpc: '2.0',
    id: initialize.id,
    result: {
      protocolVersion: '2026-01-26',
      hostInfo: { name: 'test', version: '1' },
      hostCapabilities: {},
      hostContext: { theme: 'dark' },
    },
  });
  return { bridge: await connecting, seen };
}

describe('the view’s end of the bridge', () => {
  it('initializes, says it is initialized and its size, then takes the tool input, result and context changes', async () => {
    const { seen } = await connected();
    expect(posted.slice(1)).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} },
      { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 640, height: 480 } },
    ]);
    fromHost({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { sport: 'nfl' } } });
    fromHost({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [], structuredContent: { games: [] } } });
    fromHost({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'light' } });
    expect(seen.seen).toEqual([
      ['context', { theme: 'dark' }],
      ['input', { sport: 'nfl' }],
      ['result', { content: [], structuredContent: { games: [] } }],
      ['context', { theme: 'light' }],
    ]);
  });

  it('listens to the host alone, and answers its teardown and pings', async () => {
    const { seen } = await connected();
    listener({ source: { postMessage() {} }, data: { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [] } } });
    expect(seen.seen.map(([kind]) => kind)).toEqual(['context']);
    fromHost({ jsonrpc: '2.0', id: 7, method: 'ui/resource-teardown', params: {} });
    fromHost({ jsonrpc: '2.0', id: 8, method: 'ping' });
    fromHost({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage', params: {} });
    expect(posted.slice(-3)).toEqual([
      { jsonrpc: '2.0', id: 7, result: {} },
      { jsonrpc: '2.0', id: 8, result: {} },
      { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found: sampling/createMessage' } },
    ]);
  });

  it('calls read tools through the host and throws their errors; it refuses every other tool without asking the host', async () => {
    const { bridge } = await connected();
    const call = bridge.callTool('get_bankroll', {});
    const request = posted.at(-1);
    expect(request).toMatchObject({ method: 'tools/call', params: { name: 'get_bankroll', arguments: {} } });
    fromHost({
      jsonrpc: '2.0',
      id: request.id,
      result: {
        isError: true,
        content: [{ type: 'text', text: 'No bankroll' }],
        structuredContent: { error: { code: 'not_found', message: 'No bankroll is set up.' } },
      },
    });
    await expect(call).rejects.toThrow('No bankroll is set up.');

    const count = posted.length;
    await expect(bridge.callTool('log_bet' as never, { stake: 10 })).rejects.toThrow('A view may not call log_bet.');
    expect(posted).toHaveLength(count);
  });

  it('types an answer by its tool and, for get_game_odds, by the form the arguments ask for (checked by the type check)', () => {
    const typed = (host: Host, detail: string) => {
      expectTypeOf(host.callTool('get_game_odds', { sport: 'nfl' })).resolves.toEqualTypeOf<OddsAnswer>();
      expectTypeOf(host.callTool('get_game_odds', { sport: 'nfl', gameId: 'g1', detail: 'full' })).resolves.toEqualTypeOf<GameAnswer>();
      expectTypeOf(host.callTool('get_game_odds', { sport: 'nfl', futures: true })).resolves.toEqualTypeOf<FuturesAnswer>();
      // Arguments whose type leaves the form open get any of the three, for the caller to tell apart.
      expectTypeOf(host.callTool('get_game_odds', { sport: 'nfl', detail })).resolves.toEqualTypeOf<
        OddsAnswer | GameAnswer | FuturesAnswer
      >();
      expectTypeOf(host.callTool('list_bets', {})).resolves.toEqualTypeOf<BetList>();
      expectTypeOf(host.callTool('get_bankroll', {})).resolves.toEqualTypeOf<Bankroll>();
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('what the view asks of the host’s frame', () => {
  it('asks for a display mode and takes the one the host chose', async () => {
    const { bridge } = await connected();
    const asked = bridge.requestDisplayMode('fullscreen');
    const request = posted.at(-1);
    expect(request).toMatchObject({ method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    fromHost({ jsonrpc: '2.0', id: request.id, result: { mode: 'inline' } });
    expect(await asked).toBe('inline');
  });

  it('asks the host to open a link, and knows when it would not: refused, or not a thing the host does', async () => {
    const { bridge } = await connected();
    const answers = [{ result: {} }, { result: { isError: true } }, { error: { code: -32601, message: 'Method not found' } }];
    const opened = [];
    for (const answer of answers) {
      const open = bridge.openLink('tel:+18005224700');
      const request = posted.at(-1);
      expect(request).toMatchObject({ method: 'ui/open-link', params: { url: 'tel:+18005224700' } });
      fromHost({ jsonrpc: '2.0', id: request.id, ...answer });
      opened.push(await open);
    }
    expect(opened).toEqual([true, false, false]);
  });
});

describe('the views’ catalogue', () => {
  it('lets views call read tools only, and links views from tools that exist', () => {
    for (const name of VIEW_CALLABLE_TOOLS) expect(findTool(name)?.scope, name).toBe('read');
    for (const name of Object.keys(VIEW_OF_TOOL)) expect(findTool(name), name).toBeDefined();
  });
});
