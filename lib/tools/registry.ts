import { z } from 'zod';
import { getBankroll } from './bankroll';
import { listBets, logBet, settleBet } from './bets';
import { calcEv, calcImpliedProbability, calcKellyStake, calcNoVigOdds, calcParlay } from './calculators';
import { getInjuryReport, getWeather } from './conditions';
import { jevClassify } from './news';
import { getGameOdds } from './odds';
import { getPlayerProps } from './player-props';
import { listRecommendations, saveRecommendation } from './recommendations';
import { getGameResults, listGames } from './schedule';
import { getPlayerStats, getTeamStats } from './stats';
import type { ToolDefinition, ToolHints } from './types';

// The catalogue: every tool the service offers, in the order clients list them, in its families (the OpenAPI
// document's tags; familyOf finds a definition's). Adding a tool means writing its
// definition in its family's file and naming it here; both front ends and the OpenAPI document pick it up from this
// list.

/** A family of tools in the catalogue: the OpenAPI document's tag for them. */
export interface ToolFamily {
  name: string;
  description: string;
}

export interface ToolGroup extends ToolFamily {
  tools: readonly ToolDefinition[];
}

export const TOOL_GROUPS = [
  {
    name: 'Calculators',
    description: 'Betting math on the prices and probabilities sent: no stored data, the same answer for the same input.',
    tools: [calcImpliedProbability, calcNoVigOdds, calcEv, calcParlay, calcKellyStake],
  },
  {
    name: 'Sports data',
    description: 'Odds with no-vig consensus, player props, injuries, schedules, results, stats and weather.',
    tools: [getGameOdds, getPlayerProps, getInjuryReport, listGames, getGameResults, getTeamStats, getPlayerStats, getWeather],
  },
  {
    name: 'Bankroll, bets and picks',
    description: "The token owner's bankroll, logged bets and saved picks; logging, settling and saving need a token with write access.",
    tools: [getBankroll, logBet, settleBet, saveRecommendation, listBets, listRecommendations],
  },
  {
    name: 'News',
    description: 'Set questions about news text the caller supplies with its URL; the answers are unverified context.',
    tools: [jevClassify],
  },
] as const satisfies readonly ToolGroup[];

/** Every tool's name, as its definition spells it (the views' tool lists are checked against it, lib/apps). */
export type ToolName = (typeof TOOL_GROUPS)[number]['tools'][number]['name'];

/** Every tool's definition, in the order clients list them: the definitions themselves, which callers name tools by. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = TOOL_GROUPS.flatMap((group): readonly ToolDefinition[] => group.tools);

const FAMILY_OF = new Map<ToolDefinition, ToolFamily>(
  TOOL_GROUPS.flatMap(({ tools, name, description }) => tools.map((tool): [ToolDefinition, ToolFamily] => [tool, { name, description }])),
);

/** A tool's family in the catalogue (the OpenAPI document's tag); none for a tool served from outside it. */
export const familyOf = (tool: ToolDefinition): ToolFamily | undefined => FAMILY_OF.get(tool);

export interface ToolRecord {
  name: string;
  title: string;
  description: string;
  scope: 'read' | 'write';
  hints: ToolHints;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}

type JsonSchemaOverride = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>;

/**
 * zod spells a date's format out twice, as `format` and as a 100-character `pattern` that says the same; clients
 * read the format, and every published schema is sent to every agent in every conversation.
 */
const formatsOnly: JsonSchemaOverride = ({ jsonSchema }) => {
  if (jsonSchema.format !== undefined) delete jsonSchema.pattern;
};

/** Keywords that describe a value rather than constrain it: they stay beside an `anyOf`. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'anyOf']);

/**
 * A value constrained beside an `anyOf` (American odds: a whole number within bounds, and -100 or less or +100 or
 * more) is published with the constraints inside each branch, intersected with the branch's own: the same set of
 * values, in the form the OpenAI Agents SDK's strict mode can convert (it refuses `anyOf` beside `type`).
 */
const constraintsIntoBranches: JsonSchemaOverride = ({ jsonSchema }) => {
  if (!Array.isArray(jsonSchema.anyOf)) return;
  const constraints = Object.entries(jsonSchema).filter(([key]) => !ANNOTATIONS.has(key));
  if (constraints.length === 0) return;
  jsonSchema.anyOf = jsonSchema.anyOf.map((branch) => {
    const merged: Record<string, unknown> = { ...Object.fromEntries(constraints), ...(branch as object) };
    const both = (key: string, pick: (a: number, b: number) => number) => {
      const [outer, inner] = [jsonSchema[key], (branch as Record<string, unknown>)[key]];
      if (typeof outer === 'number' && typeof inner === 'number') merged[key] = pick(outer, inner);
    };
    both('minimum', Math.max);
    both('maximum', Math.min);
    return merged;
  });
  for (const [key] of constraints) delete jsonSchema[key];
};

/**
 * JSON Schema (draft 2020-12) of a tool's arguments, as clients see it. The contract lists $schema, type,
 * properties and required on every schema; zod leaves `required` out when no argument is required, so an
 * empty one is put in its place.
 */
function inputSchema(tool: ToolDefinition): Record<string, unknown> {
  const {
    $schema,
    type,
    properties,
    required = [],
    ...rest
  } = z.toJSONSchema(tool.input, {
    target: 'draft-2020-12',
    io: 'input',
    override: (context) => {
      formatsOnly(context);
      constraintsIntoBranches(context);
    },
  });
  return { $schema, type, properties, required, ...rest };
}

/**
 * JSON Schema of a tool's answer, as `structuredContent` and REST `data` carry it (dates as ISO strings), with the
 * descriptions of the fields that need one (a fraction said to be one, money said to be money: calc_ev's
 * expectedValue). Not the answer's own: the tool's description says what it is. MCP wants an object at the root, so
 * an answer with two shapes (concise or full) is an object that is one of them.
 */
function outputSchema(tool: ToolDefinition): Record<string, unknown> {
  const {
    $schema: _schema,
    description: _description,
    ...schema
  } = z.toJSONSchema(tool.output, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    override: formatsOnly,
  });
  return schema.type === 'object' ? schema : { type: 'object', ...schema };
}

/** Said first in jev_classify's description on a server without a classifier, so no agent calls it for nothing. */
export const CLASSIFIER_MISSING = 'NOT SET UP on this server: every call answers 503 unavailable; do without it. ';

/** The records a server lists for its catalogue `tools`, with jev_classify marked when this server has no classifier. */
export function servedRecords(
  tools: readonly ToolDefinition[],
  { classifierConfigured }: { classifierConfigured: boolean },
): readonly ToolRecord[] {
  const records = tools === TOOL_DEFINITIONS ? TOOL_RECORDS : tools.map(toolRecord);
  if (classifierConfigured) return records;
  return records.map((record) =>
    record.name === jevClassify.name ? { ...record, description: `${CLASSIFIER_MISSING}${record.description}` } : record,
  );
}

/** A tool as GET /api/v1/tools and MCP tools/list describe it. */
export function toolRecord(tool: ToolDefinition): ToolRecord {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    scope: tool.scope,
    hints: tool.hints,
    inputSchema: inputSchema(tool),
    outputSchema: outputSchema(tool),
  };
}

/** Built once: the schemas never change while the process runs. */
export const TOOL_RECORDS: readonly ToolRecord[] = TOOL_DEFINITIONS.map(toolRecord);
