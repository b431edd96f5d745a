import type { McpServer } from '@modelcontextprotocol/server';

// Written for the SDK release in ./version.ts, which looks tools, prompts and resources up by name in plain
// objects: `__proto__`, `constructor` or `valueOf` find Object.prototype's members and are answered "Tool
// __proto__ disabled". Registries without a prototype answer those names like any other unknown one.

const REGISTRIES = ['_registeredTools', '_registeredPrompts', '_registeredResources', '_registeredResourceTemplates'] as const;

export function withoutPrototypeLookups(server: McpServer): McpServer {
  const registries = server as unknown as Record<(typeof REGISTRIES)[number], object>;
  for (const name of REGISTRIES) {
    if (typeof registries[name] !== 'object') throw new Error(`The MCP SDK no longer keeps ${name}: review lib/mcp/sdk/registries.ts.`);
    Object.setPrototypeOf(registries[name], null);
  }
  return server;
}
