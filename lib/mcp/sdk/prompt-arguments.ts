import type { PromptArgument } from '@modelcontextprotocol/server';
import { z } from 'zod';

// Written for the SDK release in ./version.ts. JEV's server is the SDK's low-level Server (./refusals.ts says why),
// so prompts/list's arguments are JEV's to list. The McpServer lists a prompt's arguments from its schema's input
// JSON Schema (its private promptArgumentsFromStandardSchema): each property with its description, required when
// the schema requires it. tests/integration/mcp/sdk-workarounds.test.ts holds this equal to its answer.

export function promptArguments(argsSchema: z.ZodType): PromptArgument[] {
  const { properties = {}, required = [] } = z.toJSONSchema(argsSchema, { io: 'input' });
  return Object.entries(properties).map(([name, property]) => ({
    name,
    description: typeof property === 'object' ? property.description : undefined,
    required: required.includes(name),
  }));
}
