import { z } from 'zod';
import { accountTools } from './account';
import { calculators } from './calculators';
import { newsTools } from './news';
import { sportsTools } from './sports';
import type { ToolDefinition, ToolHints } from './types';

// The catalogue: every tool the service offers, in the order clients list them. Adding a tool means
// adding its definition to its group's file; both front ends pick it up from here.

export const TOOLS: readonly ToolDefinition[] = [...calculators, ...sportsTools, ...accountTools, ...newsTools];

const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));

export function findTool(name: string): ToolDefinition | undefined {
  return byName.get(name);
}

export interface ToolRecord {
  name: string;
  title: string;
  description: string;
  scope: 'read' | 'write';
  hints: ToolHints;
  inputSchema: Record<string, unknown>;
}

/** JSON Schema (draft 2020-12) of a tool's arguments, as clients see it. */
function inputSchema(tool: ToolDefinition): Record<string, unknown> {
  return z.toJSONSchema(tool.input, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
}

/** Built once: the schemas never change while the process runs. */
export const TOOL_RECORDS: readonly ToolRecord[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  scope: tool.scope,
  hints: tool.hints,
  inputSchema: inputSchema(tool),
}));
