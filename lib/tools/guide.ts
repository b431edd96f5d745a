import { INSTRUCTIONS } from './instructions';
import { NOTES, type Note } from './notes';
import { PROMPTS, type PromptDefinition } from './prompts';

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

export const GUIDE: Guide = { instructions: INSTRUCTIONS, notes: NOTES, prompts: PROMPTS };
