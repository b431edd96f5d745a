import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { LiveToken } from '@/lib/account/tokens';
import { asToolError } from '@/lib/errors';
import type { Gateway } from '@/lib/gateway/pipeline';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { NOTES } from '@/lib/tools/notes';
import { PROMPTS } from '@/lib/tools/prompts';
import type { ClientLabel } from '@/lib/tools/types';
import { SERVICE_VERSION } from '@/lib/version';
import { mcpOutputSchema } from './output-schema';
import { FIXED_LISTS } from './sdk/capabilities';
import { refuseListen } from './sdk/listen';
import { withoutPrototypeLookups } from './sdk/registries';
import { unenforcedSchema } from './sdk/schemas';
import { APPS_EXTENSION, registerViews, viewLink } from './views';

// The MCP server, built from the gateway's catalogue: the same tools, schemas, hints and rules text as REST, plus the
// knowledge notes, the prompts and the views. The SDK's stateless handler serves each request with a new server, so
// what does not change between requests (each tool's configuration and view link) is worked out once per gateway.

const SERVER_INFO = { name: 'jev', version: SERVICE_VERSION };

/** Who a request acts for, passed from the endpoint to the server through the SDK's authInfo. */
export interface McpCaller {
  caller: LiveToken;
  /** The label of what the request saves (gateway.clientLabel): for records only. */
  clientLabel: ClientLabel;
  /** The request reads a ui:// view: only then are the views registered, so resources/list leaves them out. */
  readsView: boolean;
}

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

/** A function that builds the server for one request of `gateway`'s. */
export function mcpServerFactory(gateway: Gateway): (caller: McpCaller) => McpServer {
  const tools = gateway.records.map((record) => ({
    name: record.name,
    config: {
      title: record.title,
      description: record.description,
      inputSchema: unenforcedSchema(record.inputSchema),
      outputSchema: unenforcedSchema(mcpOutputSchema(record.outputSchema)),
      annotations: record.hints,
    },
    link: viewLink(record.name),
  }));

  return ({ caller, clientLabel, readsView }) => {
    const server = withoutPrototypeLookups(
      new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS, capabilities: { ...FIXED_LISTS, extensions: APPS_EXTENSION } }),
    );
    for (const { name, config, link } of tools) {
      // Each call runs the gateway's steps 6–9, exactly as REST's: budgets, scope and arguments.
      const run = async (args: unknown): Promise<CallToolResult> => {
        try {
          return toolResult(await gateway.call({ caller, toolName: name, args, clientLabel }));
        } catch (error) {
          return toolFailure(error);
        }
      };
      if (link) registerAppTool(server, name, { ...config, _meta: link }, run);
      else server.registerTool(name, config, run);
    }
    if (readsView) registerViews(server);
    for (const note of NOTES) {
      const about = { title: note.title, description: note.description, mimeType: 'text/markdown' };
      server.registerResource(note.name, note.uri, about, () => ({
        contents: [{ uri: note.uri, mimeType: 'text/markdown', text: note.text }],
      }));
    }
    for (const prompt of PROMPTS) {
      server.registerPrompt(
        prompt.name,
        { title: prompt.title, description: prompt.description, argsSchema: prompt.argsSchema },
        (args) => ({
          messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
        }),
      );
    }
    refuseListen(server);
    return server;
  };
}
