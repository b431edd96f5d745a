import {
  type CallToolResult,
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListToolsResult,
  type ReadResourceResult,
  Server,
} from '@modelcontextprotocol/server';
import type { LiveToken } from '@/lib/account/tokens';
import { asToolError, ToolError } from '@/lib/errors';
import { call, type Gateway } from '@/lib/gateway/gateway';
import type { Guide } from '@/lib/tools/guide';
import type { ClientLabel } from '@/lib/tools/types';
import { SERVICE_VERSION } from '@/lib/version';
import { mcpOutputSchema } from './output-schema';
import { refuseListen } from './sdk/listen';
import { promptArguments } from './sdk/prompt-arguments';
import { invalidPromptArguments, invalidResourceUri, unknownPrompt, unknownResource, unknownTool } from './sdk/refusals';
import { APPS_EXTENSION, VIEW_READS, viewLink } from './views';

// The MCP server, built from the gateway's catalogue and guide: the same tools, schemas, hints and rules text as REST,
// plus the knowledge notes, the prompts and the views. The SDK's stateless handler serves each request with a new server, so
// everything a request does not change (the lists, the readable resources) is worked out once per gateway, and a
// request's server is the SDK's low-level Server with one handler per method over them.

const SERVER_INFO = { name: 'jev', version: SERVICE_VERSION };
/** Every list is fixed (docs/contract.md, "MCP"). */
const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
  extensions: APPS_EXTENSION,
};

/** Who a request acts for, passed from the endpoint to the server through the SDK's authInfo. */
export interface McpCaller {
  caller: LiveToken;
  /** The label of what the request saves (the gateway's clientLabel): for records only. */
  clientLabel: ClientLabel;
}

/** What resources/list, resources/read, prompts/list and prompts/get serve: the guide's notes and prompts, and the views. */
function guideServed({ notes, prompts }: Guide) {
  const noteList: ListResourcesResult = {
    resources: notes.map((note) => ({
      uri: note.uri,
      name: note.name,
      title: note.title,
      description: note.description,
      mimeType: 'text/markdown',
    })),
  };
  const reads: ReadonlyMap<string, () => ReadResourceResult> = new Map([
    ...notes.map((note): [string, () => ReadResourceResult] => [
      note.uri,
      () => ({ contents: [{ uri: note.uri, mimeType: 'text/markdown', text: note.text }] }),
    ]),
    ...VIEW_READS,
  ]);
  const readResource = (uri: string): ReadResourceResult => {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw invalidResourceUri(uri);
    }
    const read = reads.get(url.toString());
    if (!read) throw unknownResource(uri);
    return read();
  };

  const promptList: ListPromptsResult = {
    prompts: prompts.map(({ name, title, description, argsSchema }) => ({
      name,
      title,
      description,
      arguments: promptArguments(argsSchema),
    })),
  };
  const promptByName = new Map(prompts.map((prompt) => [prompt.name, prompt]));
  const getPrompt = (name: string, args: Record<string, string> | undefined): GetPromptResult => {
    const prompt = promptByName.get(name);
    if (!prompt) throw unknownPrompt(name);
    const parsed = prompt.argsSchema.safeParse(args ?? {});
    if (!parsed.success) throw invalidPromptArguments(name, parsed.error);
    return { messages: [{ role: 'user', content: { type: 'text', text: prompt.render(parsed.data) } }] };
  };
  return { noteList, readResource, promptList, getPrompt };
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
export function mcpServerFactory(gateway: Gateway): (caller: McpCaller) => Server {
  const toolList: ListToolsResult = {
    tools: gateway.records.map((record) => {
      const link = viewLink(record.name);
      return {
        name: record.name,
        title: record.title,
        description: record.description,
        inputSchema: { type: 'object' as const, ...record.inputSchema },
        annotations: record.hints,
        ...(link ? { _meta: link } : {}),
        outputSchema: mcpOutputSchema(record.outputSchema),
      };
    }),
  };
  const outputSchemas = new Map(toolList.tools.map((tool) => [tool.name, tool.outputSchema]));
  const { noteList, readResource, promptList, getPrompt } = guideServed(gateway.guide);
  const options = { instructions: gateway.guide.instructions, capabilities: CAPABILITIES };

  return ({ caller, clientLabel }) => {
    const server = new Server(SERVER_INFO, options);
    server.setRequestHandler('tools/list', () => toolList);
    server.setRequestHandler('tools/call', async ({ params: { name, arguments: args = {} } }) => {
      let result: CallToolResult;
      try {
        // The gateway's steps 6–9, exactly as REST's: the tool, budgets, scope and arguments.
        result = toolResult(await call(gateway, { caller, toolName: name, args, clientLabel }));
      } catch (error) {
        // No such tool (step 6) is a protocol error over MCP, as the SDK's own servers answer it.
        if (error instanceof ToolError && error.code === 'unknown_tool') throw unknownTool(name);
        result = toolFailure(error);
      }
      return server.projectCallToolResult(result, outputSchemas.get(name));
    });
    server.setRequestHandler('resources/list', () => noteList);
    server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
    server.setRequestHandler('resources/read', ({ params }) => readResource(params.uri));
    server.setRequestHandler('prompts/list', () => promptList);
    server.setRequestHandler('prompts/get', ({ params }) => getPrompt(params.name, params.arguments));
    refuseListen(server);
    return server;
  };
}
