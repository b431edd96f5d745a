import { isLoopbackHostname } from '@/lib/config';

// Ready-to-paste connection snippets for the Connect page, in the shapes docs/clients.md documents. While a new
// token is on screen it is filled in; otherwise a placeholder stands in its place.

export interface Snippet {
  id: string;
  title: string;
  /** Where the snippet goes or what it needs, in a sentence. */
  note: string;
  code: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function connectionSnippets(appOrigin: string, token: string | null): Snippet[] {
  const mcpUrl = `${appOrigin}/api/mcp`;
  const shellToken = token ?? '$TOKEN';
  const fileToken = token ?? 'jev_your_token';
  // mcp-remote refuses plain http except to localhost.
  const { protocol, hostname } = new URL(appOrigin);
  const allowHttp = protocol === 'http:' && !isLoopbackHostname(hostname) ? ['--allow-http'] : [];
  return [
    {
      id: 'claude-code',
      title: 'Claude Code',
      note: 'Run in a terminal.',
      code: `claude mcp add --transport http jev ${mcpUrl} --header "Authorization: Bearer ${shellToken}"`,
    },
    {
      id: 'claude-desktop',
      title: 'Claude Desktop',
      note: 'Add to claude_desktop_config.json (macOS ~/Library/Application Support/Claude/, Windows %APPDATA%\\Claude\\), then restart Claude Desktop. The mcp-remote bridge carries the header, which its Connectors cannot.',
      code: json({
        mcpServers: {
          jev: {
            command: 'npx',
            args: ['-y', 'mcp-remote', mcpUrl, '--header', 'Authorization:${AUTH_HEADER}', ...allowHttp],
            env: { AUTH_HEADER: `Bearer ${fileToken}` },
          },
        },
      }),
    },
    {
      id: 'cursor',
      title: 'Cursor',
      note: 'Add to ~/.cursor/mcp.json (or .cursor/mcp.json in a project).',
      code: json({ mcpServers: { jev: { url: mcpUrl, headers: { Authorization: `Bearer ${fileToken}` } } } }),
    },
    {
      id: 'vscode',
      title: 'VS Code',
      note: 'Add to .vscode/mcp.json (or MCP: Open User Configuration). VS Code asks for the token once and keeps it out of the file: paste it then.',
      code: json({
        inputs: [{ type: 'promptString', id: 'jev-token', description: 'JEV access token (jev_…)', password: true }],
        servers: { jev: { type: 'http', url: mcpUrl, headers: { Authorization: 'Bearer ${input:jev-token}' } } },
      }),
    },
    {
      id: 'curl',
      title: 'curl (REST)',
      note: 'Expected value of a 55% chance at +100.',
      code: [
        `curl -s ${appOrigin}/api/v1/tools/calc_ev \\`,
        `  -H "Authorization: Bearer ${shellToken}" -H 'Content-Type: application/json' \\`,
        `  -d '{"probability": 0.55, "americanOdds": 100}'`,
      ].join('\n'),
    },
  ];
}
