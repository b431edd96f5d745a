import {
  fromJsonSchema,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { z } from 'zod';
import type { LiveToken } from '@/lib/account/tokens';
import { asToolError } from '@/lib/errors';
import { SERVICE_VERSION } from '@/lib/gateway/limits';
import type { Gateway } from '@/lib/gateway/pipeline';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { TOOL_RECORDS } from '@/lib/tools/registry';
import { NOTES } from './notes';
import { outlineOutputSchema } from './outline';
import { PROMPTS } from './prompts';
import { APPS_EXTENSION, registerViews, viewLink } from './views';

// One McpServer per request (the SDK's stateless handler serves each request with a fresh one), built from the
// catalogue: the same tools, schemas, hints and rules text as REST. Only the part of the catalogue the
// request's messages can reach is registered: building all twenty tools, the notes and the prompts for every
// call was a fifth of an MCP request's cost and most of its garbage.

const SERVER_INFO = { name: 'jev', version: SERVICE_VERSION };

/** Who a request acts for, passed from the HTTP wrapper to the server through the SDK's authInfo. */
export interface McpCaller {
  caller: LiveToken;
  /** The request's clientInfo name, else its User-Agent: for records only. */
  clientLabel: string | undefined;
}

/** The part of the catalogue a request's messages can reach. */
export interface Reach {
  /** Every tool (tools/list), or only the ones called by name. */
  tools: 'all' | Set<string>;
  notes: boolean;
  /** The ui:// views read by URI. */
  views: Set<string>;
  prompts: boolean;
  /** A subscriptions/listen request, renamed to REFUSED_LISTEN_METHOD, is among them. */
  refusedListen: boolean;
}

const LISTEN_REFUSED = 'Method not found: subscriptions/listen.';
/**
 * A private method standing in for subscriptions/listen (see lib/mcp/http.ts), which the SDK would otherwise
 * serve itself: as a change stream under 2026-07-28, as a bare "Method not found" under the 2025-era versions.
 */
export const REFUSED_LISTEN_METHOD = 'jev/refused/subscriptions/listen';
const ANY_PARAMS = { params: z.unknown() };

// The SDK's own argument check answers with a text item only. Arguments are checked by the gateway instead,
// the same check as REST, so a failure carries structuredContent.error; the catalogue's JSON Schema is still
// what tools/list shows.
const acceptAnything: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};
const TOOLS = TOOL_RECORDS.map((record) => ({
  ...record,
  input: fromJsonSchema(record.inputSchema as JsonSchemaType, acceptAnything),
  // Answers are checked by the tests against the whole schema, not per call: the outline only announces them.
  output: fromJsonSchema(outlineOutputSchema(record.outputSchema) as JsonSchemaType, acceptAnything),
}));

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
    isError: true,
    content: [{ type: 'text', text: failure.message }],
    structuredContent: { error: failure.toJSON() },
  };
}

/**
 * The SDK looks tools, prompts and resources up by name in plain objects, so `__proto__`, `constructor` or
 * `valueOf` find Object.prototype's members and are answered "Tool __proto__ disabled". Registries without a
 * prototype answer those names like any other unknown one ("Tool __proto__ not found").
 */
function withoutPrototypeLookups(server: McpServer): McpServer {
  const registries = server as unknown as Record<
    '_registeredTools' | '_registeredPrompts' | '_registeredResources' | '_registeredResourceTemplates',
    object
  >;
  for (const name of ['_registeredTools', '_registeredPrompts', '_registeredResources', '_registeredResourceTemplates'] as const) {
    if (typeof registries[name] !== 'object') throw new Error(`The MCP SDK no longer keeps ${name}: review withoutPrototypeLookups.`);
    Object.setPrototypeOf(registries[name], null);
  }
  return server;
}

export function createMcpServer(gateway: Gateway, { caller, clientLabel }: McpCaller, reach: Reach): McpServer {
  const server = withoutPrototypeLookups(
    new McpServer(SERVER_INFO, {
      instructions: INSTRUCTIONS,
      // Spelled out: the SDK turns an omitted listChanged into true.
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        extensions: APPS_EXTENSION,
      },
    }),
  );

  for (const tool of TOOLS) {
    if (reach.tools !== 'all' && !reach.tools.has(tool.name)) continue;
    const config = {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: tool.hints,
    };
    // Budgets, scope and arguments are checked by gateway.callTool, exactly as for REST.
    const run = async (args: unknown) => {
      try {
        return toolResult(await gateway.callTool({ caller, toolName: tool.name, args, clientLabel }));
      } catch (error) {
        return toolFailure(error);
      }
    };
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

  if (reach.refusedListen) {
    server.server.setRequestHandler(REFUSED_LISTEN_METHOD, ANY_PARAMS, () => {
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, LISTEN_REFUSED);
    });
  }

  return server;
}
