import { TOOL_DEFINITIONS } from '@/lib/tools/registry';
import type { ToolDefinition } from '@/lib/tools/types';

// For tests that go by a table of tool names (the calls a fixture records, the tools a view may call); code and a
// test about one tool take its definition.

/** The catalogue's tool of that name, if there is one. */
export function findTool(name: string): ToolDefinition | undefined {
  return TOOL_DEFINITIONS.find((tool) => tool.name === name);
}
