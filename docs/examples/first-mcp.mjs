// A first MCP connection with the MCP SDK's client (installed by `npm ci`), as the README shows it:
//   TOKEN=jev_… node docs/examples/first-mcp.mjs
// It connects to a local JEV under protocol version 2026-07-28, lists the tools and calls one.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const url = new URL('/api/mcp', process.env.JEV_URL ?? 'http://localhost:3000');
const client = new Client({ name: 'first-try', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
await client.connect(new StreamableHTTPClientTransport(url, { authProvider: { token: async () => process.env.TOKEN } }));

console.log(client.getServerVersion());
const { tools } = await client.listTools();
console.log(tools.length, 'tools:', tools.map((tool) => tool.name).join(', '));
const answer = await client.callTool({ name: 'calc_implied_probability', arguments: { americanOdds: -150 } });
console.log(answer.structuredContent);
await client.close();
