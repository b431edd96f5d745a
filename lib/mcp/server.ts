import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { LiveToken } from '@/lib/account/tokens';
import { asToolError } from '@/lib/errors';
import { SERVICE_VERSION } from '@/lib/gateway/limits';
import type { Gateway } from '@/lib/gateway/pipeline';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { TOOL_RECORDS } from '@/lib/tools/registry';
import type { ClientLabel } from '@/lib/tools/types';
import { NOTES } from './notes';
import { mcpOutputSchema } from './output-schema';
import { PROMPTS } from './prompts';
import { FIXED_LISTS } from './sdk/capabilities';
import { refuseListen } from './sdk/listen';
import { withoutPrototypeLookups } from './sdk/registries';
import { shownSchema } from './sdk/schemas';
import { APPS_EXTENSION, registerViews, viewLink } from './views';

// One McpServer per request (the SDK's stateless handler serves each request with a fresh one), built from the
// catalogue: the same tools, schemas, hints and rules text as REST. Only the part of the catalogue the
// request's messages can reach is registered: building all twenty tools, the notes and the prompts for every
// call was a fifth of an MCP request's cost and most of its garbage.

export const SERVER_INFO = { name: 'jev', version: SERVICE_VERSION };

/** Who a request acts for, passed from the HTTP wrapper to the server through the SDK's authInfo. */
export interface McpCaller {
  caller: LiveToken;
  /** The label of what the request saves (lib/mcp/http.ts): for records only. */
  clientLabel: ClientLabel;
}

/** The part of the catalogue a request's messages can reach. */
export interface Reach {
  /** Every tool (tools/list), or only the ones called by name. */
  tools: 'all' | Set<string>;
  notes: boolean;
  /** The ui:// views read by URI. */
  views: Set<string>;
  prompts: boolean;
  /** A subscriptions/listen request, renamed by lib/mcp/sdk/listen.ts, is among them. */
  refusedListen: boolean;
}

const TOOLS = TOOL_RECORDS.map((record) => ({
  ...record,
  input: shownSchema(record.inputSchema),
  output: shownSchema(mcpOutputSchema(record.outputSchema)),
}));

/** The names tools/call can reach. */
export const TOOL_NAMES: ReadonlySet<string> = new Set(TOOLS.map((tool) => tool.name));

function toolResult(result: unknown): CallToolResult {
  const isObject = typeof result === 'object' && result !== null && !Array.isArray(result);
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    ...(isObject ? { structuredContent: result } : {}),
  };
}

function toolFailure(error: unknown): CallToolResult {
  const failure = asToolError(error);
  return {
    content: [{ type: 'text', text: failure.message }],
    structuredContent: { error: failure.toJSON() },
    isError: true,
  };
}

/** One tools/call through the gateway (budgets, scope and arguments checked exactly as for REST), as its result. */
export async function runTool(
  gateway: Gateway,
  { caller, clientLabel }: McpCaller,
  toolName: string,
  args: unknown,
): Promise<CallToolResult> {
  try {
    return toolResult(await gateway.callTool({ caller, toolName, args, clientLabel }));
  } catch (error) {
    return toolFailure(error);
  }
}

/** Each gateway's tool descriptions by name, built once: tools/list reads them on every request. */
const descriptions = new WeakMap<Gateway, ReadonlyMap<string, string>>();
function descriptionsOf(gateway: Gateway): ReadonlyMap<string, string> {
  let served = descriptions.get(gateway);
  if (!served) descriptions.set(gateway, (served = new Map(gateway.records.map((record) => [record.name, record.description]))));
  return served;
}

export function createMcpServer(gateway: Gateway, who: McpCaller, reach: Reach): McpServer {
  const server = withoutPrototypeLookups(
    new McpServer(SERVER_INFO, {
      instructions: INSTRUCTIONS,
      capabilities: { ...FIXED_LISTS, extensions: APPS_EXTENSION },
    }),
  );

  const served = descriptionsOf(gateway);
  for (const tool of TOOLS) {
    if (reach.tools !== 'all' && !reach.tools.has(tool.name)) continue;
    const config = {
      title: tool.title,
      description: served.get(tool.name) ?? tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: tool.hints,
    };
    const run = (args: unknown) => runTool(gateway, who, tool.name, args);
    const link = viewLink(tool.name);
    if (link) registerAppTool(server, tool.name, { ...config, _meta: link }, run);
    else server.registerTool(tool.name, config, run);
  }

  registerViews(server, reach.views);

  for (const note of reach.notes ? NOTES : []) {
    server.registerResource(note.name, note.uri, { title: note.title, description: note.description, mimeType: 'text/markdown' }, () => ({
      contents: [{ uri: note.uri, mimeType: 'text/markdown', text: note.text }],
    }));
  }

  for (const prompt of reach.prompts ? PROMPTS : []) {
    server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema: prompt.argsSchema }, (args) => ({
      messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
    }));
  }

  if (reach.refusedListen) refuseListen(server);

  return server;
}
