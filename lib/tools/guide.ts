import { instructionsFor } from './instructions';
import { NOTES, type Note } from './notes';
import { PROMPTS, type PromptDefinition } from './prompts';
import { TOOL_DEFINITIONS } from './registry';
import type { ToolDefinition } from './types';

/**
 * What a server tells agents beside its tools: the rules text (REST's tool list and MCP's initialize), the knowledge
 * notes and the prompts (MCP). The composition root hands it to the gateway with the catalogue, and both front ends
 * read it there.
 */
export interface Guide {
  instructions: string;
  notes: readonly Note[];
  prompts: readonly PromptDefinition[];
}

/** The guide of a server that serves `tools`: its rules text names their write tools. */
export const guideFor = (tools: readonly ToolDefinition[]): Guide => ({
  instructions: instructionsFor(tools),
  notes: NOTES,
  prompts: PROMPTS,
});

/** The catalogue's guide: what the documentation and the default OpenAPI document quote. */
export const GUIDE: Guide = guideFor(TOOL_DEFINITIONS);
