import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import { describe, expect, it } from 'vitest';
import { VIEW_DOCUMENT_CSP } from '@/lib/apps/catalogue';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { events, initializeMessage, LEGACY_VERSIONS, legacy, MODERN, modern } from './support';

// MCP Apps (the io.modelcontextprotocol/ui extension) against the production server, in both protocol eras:
// the capability, the three tools that name their view in tools/list (read back with the extension's own
// helper, as hosts read it), and the views themselves, readable by URI but not listed. REST does not change.

const MIME = 'text/html;profile=mcp-app';
const LINKS = { get_game_odds: 'ui://jev/board', get_bankroll: 'ui://jev/bankroll', list_bets: 'ui://jev/bankroll' };
const VIEW_URIS = ['ui://jev/board', 'ui://jev/game', 'ui://jev/bankroll'];
const CSP_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };

describe('MCP Apps', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      token = (await database.token(await database.user('apps@example.com'), 'read')).token;
    },
  });

  /** One request in either era: 2026-07-28 on its own, a 2025-era version as a POST after no initialize (stateless). */
  async function rpc(version: string, method: string, params: Record<string, unknown> = {}) {
    if (version === MODERN) {
      const res = await modern(app.server.port, token, method, params);
      expect(res.status, res.body.slice(0, 300)).toBe(200);
      return (res.json() as { result: any }).result;
    }
    const res = await legacy(app.server.port, token, { jsonrpc: '2.0', id: 1, method, params }, { 'mcp-protocol-version': version });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    return events(res)[0].result;
  }

  it('declares the extension in the capabilities of both eras: initialize (2025-11-25) and server/discover (2026-07-28)', async () => {
    const extension = { 'io.modelcontextprotocol/ui': { mimeTypes: [MIME] } };
    const initialized = events(await legacy(app.server.port, token, initializeMessage('2025-11-25')))[0].result;
    expect(initialized.capabilities.extensions).toEqual(extension);
    expect((await rpc('2026-07-28', 'server/discover')).capabilities.extensions).toEqual(extension);
  });

  it.each([MODERN, '2025-11-25'])(
    'tools/list under %s links three tools to their view, with the flat key older hosts read',
    async (version) => {
      const { tools } = await rpc(version, 'tools/list');
      const linked = Object.fromEntries(
        tools.filter((tool: any) => getToolUiResourceUri(tool) !== undefined).map((tool: any) => [tool.name, getToolUiResourceUri(tool)]),
      );
      expect(linked).toEqual(LINKS);
      for (const [name, uri] of Object.entries(LINKS)) {
        expect(tools.find((tool: any) => tool.name === name)._meta).toEqual({ ui: { resourceUri: uri }, 'ui/resourceUri': uri });
      }
      expect(tools.filter((tool: any) => tool._meta !== undefined).map((tool: any) => tool.name)).toEqual(Object.keys(LINKS));
    },
  );

  it.each([MODERN, ...LEGACY_VERSIONS])('resources/read under %s gives each view as one HTML document with its CSP', async (version) => {
    for (const uri of VIEW_URIS) {
      const { contents } = await rpc(version, 'resources/read', { uri });
      expect(contents).toHaveLength(1);
      const [view] = contents;
      expect({ uri: view.uri, mimeType: view.mimeType, _meta: view._meta }).toEqual({ uri, mimeType: MIME, _meta: CSP_META });
      expect(view.text.startsWith('<!doctype html>')).toBe(true);
      expect(view.text).toContain(`content="${VIEW_DOCUMENT_CSP}"`);
      expect(Buffer.byteLength(view.text)).toBeLessThan(150 * 1024);
    }
  });

  it('leaves the views out of resources/list: the list stays the knowledge notes', async () => {
    for (const version of ['2026-07-28', '2025-11-25']) {
      const { resources } = await rpc(version, 'resources/list');
      expect(resources.length).toBeGreaterThan(0);
      expect(resources.every((resource: any) => resource.uri.startsWith('jev://notes/'))).toBe(true);
    }
    // Also beside a read of a view in the same 2025-era batch.
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: VIEW_URIS[0] } },
      { jsonrpc: '2.0', id: 2, method: 'resources/list', params: {} },
    ];
    const answers = events(await legacy(app.server.port, token, batch, { 'mcp-protocol-version': '2025-11-25' }));
    const listed = answers.find((answer) => answer.id === 2).result.resources;
    expect(listed.map((resource: any) => resource.uri).filter((uri: string) => !uri.startsWith('jev://notes/'))).toEqual([]);
  });

  it('reads a view by its URI in any case of the scheme, as the notes are read (the URL it names)', async () => {
    const { contents } = await rpc(MODERN, 'resources/read', { uri: VIEW_URIS[0]!.replace('ui:', 'UI:') });
    expect(contents[0].uri).toBe(VIEW_URIS[0]);
  });

  it('answers an unknown view like any unknown resource', async () => {
    const res = await modern(app.server.port, token, 'resources/read', { uri: 'ui://jev/nothing' });
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/not found/i);
  });

  it('changes nothing over REST: the tool records carry no _meta', async () => {
    const res = await raw(app.server.port, { method: 'GET', path: '/api/v1/tools', headers: { authorization: `Bearer ${token}` } });
    const { tools } = res.json() as { tools: Record<string, unknown>[] };
    expect(tools.filter((tool) => '_meta' in tool)).toEqual([]);
  });
});
