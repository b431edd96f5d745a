import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import type { ToolName } from '@/lib/tools/registry';

// JEV's views for hosts that render MCP Apps (the io.modelcontextprotocol/ui extension): which views there are,
// which tool answers each one draws, and the only tools a view may call back. The MCP server, the build script
// and the views themselves read this one list. Imports nothing at run time, so a view can carry it; the tool
// names are checked against the catalogue's (a type, ToolName) so a renamed tool cannot leave them behind.

export interface View {
  key: 'board' | 'game' | 'bankroll';
  uri: `ui://jev/${string}`;
  name: string;
  title: string;
  description: string;
}

export const VIEWS: readonly View[] = [
  {
    key: 'board',
    uri: 'ui://jev/board',
    name: 'value-board',
    title: 'Value board',
    description:
      'get_game_odds drawn as a sortable board: reference, fair and best prices, expected value, arbitrage and steam, value on top.',
  },
  {
    key: 'game',
    uri: 'ui://jev/game',
    name: 'game',
    title: 'A game',
    description: "One game's markets with a line-movement chart per market, the kickoff weather and both teams' injuries.",
  },
  {
    key: 'bankroll',
    uri: 'ui://jev/bankroll',
    name: 'bankroll',
    title: 'Bankroll and bets',
    description: 'The room under each loss limit, open exposure, the bets, and the balance and cumulative profit over time.',
  },
];

export const viewByKey = (key: View['key']): View => VIEWS.find((view) => view.key === key)!;

/**
 * Each tool whose answers a host draws with a view, and that view (tools/list carries the link). The game view
 * opens from the board, which calls get_game_odds for the game through the host: a host shows only the view its
 * tool names.
 */
export const VIEW_OF_TOOL: Readonly<Record<string, View['key']>> = {
  get_game_odds: 'board',
  get_bankroll: 'bankroll',
  list_bets: 'bankroll',
} satisfies Partial<Record<ToolName, View['key']>>;

/** The tools a view may call through the host: read tools only, so no view can log, settle or save anything. */
export const VIEW_CALLABLE_TOOLS = [
  'get_game_odds',
  'get_injury_report',
  'get_weather',
  'get_bankroll',
  'list_bets',
] as const satisfies readonly ToolName[];
export type ViewCallableTool = (typeof VIEW_CALLABLE_TOOLS)[number];

/**
 * What a host must allow a view (resources/read and the listing carry it): no network at all, neither for
 * requests nor for scripts, styles, fonts or images. Everything is inlined and data comes through the host.
 */
export const VIEW_RESOURCE_META: { ui: McpUiResourceMeta } = {
  ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true },
};

/** The same rule inside each document, for a host that enforces less: inline code and styles, nothing fetched. */
export const VIEW_DOCUMENT_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** Where `npm run build` writes the views (scripts/build-views.mts) and the server reads them, from the repository root. */
export const VIEWS_BUILD_DIR = 'build/views';
