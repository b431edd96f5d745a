import { TOKEN_PREFIX } from '@/lib/account/token-format';
import { ANY_REQUEST_CODES, CHECK_STEPS, LIST_ROUTE_STEPS } from '@/lib/check-order';
import { AMERICAN_ODDS_MESSAGE } from '@/lib/tools/inputs';
import { GUIDE } from '@/lib/tools/guide';
import { familyOf, TOOL_DEFINITIONS, TOOL_RECORDS, type ToolRecord } from '@/lib/tools/registry';
import type { ToolDefinition, ToolHints } from '@/lib/tools/types';
import {
  ERROR_CODES,
  ERRORS,
  ERROR_STATUS,
  failureJsonSchema,
  invalidInput,
  ISSUE_JSON_SCHEMA,
  ToolError,
  type ErrorCode,
} from '@/lib/errors';
import { REST_CHALLENGES } from '@/lib/http/errors';
import { andList } from '@/lib/text';
import { SERVICE_VERSION } from '@/lib/version';
import { DEAD_TOKEN_MESSAGE, MALFORMED_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE } from './token';

// The REST API as an OpenAPI 3.1 document (GET /api/v1/openapi.json), generated from the catalogue: one operation
// per tool with its published input and output schemas, the list endpoint, the error object with each code's status and
// meaning from lib/errors.ts (docs/contract.md, "Errors", shows the same table), and bearer authentication. Nothing here is written per tool. JSON Schema 2020-12 is
// OpenAPI 3.1's own dialect, so the tool schemas go in as GET /api/v1/tools publishes them, less their `$schema`
// member (the document's default dialect, a superset of 2020-12, applies to them).

type Schema = Record<string, unknown>;

/** Where a group of tools lives in the document: its tag, and the tools in it by name. */
export interface CatalogueGroup {
  name: string;
  description: string;
  tools: readonly string[];
}

/** The families of a catalogue's tools, in the order its tools come (familyOf, lib/tools/registry.ts). */
export function catalogueGroups(catalogue: readonly ToolDefinition[]): CatalogueGroup[] {
  const groups = new Map<string, CatalogueGroup & { tools: string[] }>();
  for (const tool of catalogue) {
    const group = familyOf(tool);
    if (!group) continue;
    const known = groups.get(group.name) ?? { name: group.name, description: group.description, tools: [] };
    known.tools.push(tool.name);
    groups.set(group.name, known);
  }
  return [...groups.values()];
}

/** The service's own catalogue, served when the composition root is given none. */
const DEFAULT_GROUPS = catalogueGroups(TOOL_DEFINITIONS);

export interface OpenApiInput {
  /** The server's origin (APP_URL's): the document's one server. */
  appOrigin: string;
  /** Default: the service's own catalogue, with its groups. */
  records?: readonly ToolRecord[];
  groups?: readonly CatalogueGroup[];
  /** The rules text the server sends every agent (its gateway's guide). */
  instructions?: string;
}

const LIST_PATH = '/api/v1/tools';
const TOOL_PATH = (name: string) => `${LIST_PATH}/${name}`;
const LIST_OPERATION_ID = 'list_tools';
const BEARER = 'bearerAuth';
/**
 * The repository grants no licence (none is stated; package.json is private): all rights reserved, which SPDX
 * writes as a LicenseRef of one's own.
 */
const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };

/** The tools of `records` that need a write token, as the document names them: "`log_bet`, `settle_bet` and …". */
function writeToolsInWords(records: readonly ToolRecord[]): string {
  return andList(records.filter((record) => record.scope === 'write').map((record) => `\`${record.name}\``));
}

/** What the document's reader needs first: what JEV is, how to authenticate, which tools need a write token. */
function about(writeTools: string): string {
  return (
    'JEV takes no bets and holds no money. Every call acts as the owner of the access token and sees only their data. ' +
    `Create a token on the Connect page and send it as \`Authorization: Bearer ${TOKEN_PREFIX}…\`. A read token runs every tool ` +
    `but ${writeTools}, which need a write token. Some calls fetch from providers: allow up to one minute. The same ` +
    'tools are offered over MCP at /api/mcp.'
  );
}

/** What GET /api/v1/tools may answer besides 200: the codes of the steps it runs, and those any request can answer. */
const LIST_CODES = ERROR_CODES.filter(
  (code) => LIST_ROUTE_STEPS.some((step) => CHECK_STEPS[step].codes.includes(code)) || ANY_REQUEST_CODES.includes(code),
);

/**
 * What POST /api/v1/tools/<name> may answer for a tool of the catalogue: every code of the table but `unknown_tool`
 * (the path names a tool that exists), and `insufficient_scope` only on a write tool.
 */
function callCodes(record: ToolRecord): ErrorCode[] {
  return ERROR_CODES.filter((code) => code !== 'unknown_tool' && (code !== 'insufficient_scope' || record.scope === 'write'));
}

/** A few real answers, made the way the gateway makes them. */
const EXAMPLES: Partial<Record<ErrorCode, Record<string, { summary: string; value: unknown }>>> = {
  invalid_input: {
    argument: {
      summary: 'An argument is wrong',
      value: { error: invalidInput([{ path: 'americanOdds', message: AMERICAN_ODDS_MESSAGE }]).toJSON() },
    },
  },
  invalid_token: {
    missing: { summary: 'No Bearer token', value: { error: new ToolError('invalid_token', MISSING_TOKEN_MESSAGE).toJSON() } },
    malformed: {
      summary: 'A Bearer token that is not a JEV token',
      value: { error: new ToolError('invalid_token', MALFORMED_TOKEN_MESSAGE).toJSON() },
    },
    dead: { summary: 'Unknown, revoked or expired token', value: { error: new ToolError('invalid_token', DEAD_TOKEN_MESSAGE).toJSON() } },
  },
};

const HINT_SCHEMA = {
  readOnlyHint: { type: 'boolean' },
  destructiveHint: { type: 'boolean' },
  idempotentHint: { type: 'boolean' },
  openWorldHint: { type: 'boolean' },
} satisfies Record<keyof ToolHints, Schema>;

const RECORD_PROPERTIES = {
  name: { type: 'string', description: 'The name to call the tool by: POST /api/v1/tools/<name>.' },
  title: { type: 'string' },
  description: { type: 'string' },
  scope: { type: 'string', enum: ['read', 'write'], description: 'A write tool needs a token with write access.' },
  hints: { type: 'object', properties: HINT_SCHEMA, required: Object.keys(HINT_SCHEMA) },
  inputSchema: { type: 'object', description: "The tool's arguments as JSON Schema, draft 2020-12." },
  outputSchema: { type: 'object', description: "The tool's answer (`data`) as JSON Schema, draft 2020-12." },
} satisfies Record<keyof ToolRecord, Schema>;

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** An embedded schema without its `$schema` member: the document's dialect applies. */
function embedded(schema: Schema): Schema {
  const { $schema: _dialect, ...rest } = schema;
  if (JSON.stringify(rest).includes('"$ref"')) {
    // A `#/…` reference inside a tool's schema would resolve against this document, not the schema.
    throw new Error('a tool schema with $ref cannot be embedded as is: give its $defs a place under components first');
  }
  return rest;
}

const retryAfter = (required: boolean): Schema => ({
  description: 'Seconds to wait before trying again.',
  required,
  schema: { type: 'integer', minimum: 0 },
});

/** The error responses, one per status and set of codes, named after the codes (`forbidden_insufficient_scope`). */
function errorResponses(codeSets: readonly (readonly ErrorCode[])[]) {
  const responses: Record<string, Schema> = {};
  for (const codes of codeSets) {
    for (const [, sameStatus] of byStatus(codes)) {
      const name = sameStatus.join('_');
      if (responses[name]) continue;
      const headers: Record<string, Schema> = {};
      if (sameStatus.includes('rate_limited')) headers['Retry-After'] = retryAfter(true);
      else if (sameStatus.includes('unavailable')) headers['Retry-After'] = retryAfter(false);
      const challenges = sameStatus.filter((code) => REST_CHALLENGES[code] !== undefined);
      if (challenges.length > 0) {
        headers['WWW-Authenticate'] = {
          description: 'The RFC 6750 Bearer challenge.',
          required: sameStatus.every((code) => REST_CHALLENGES[code] !== undefined),
          schema: { type: 'string', examples: challenges.map((code) => REST_CHALLENGES[code]) },
        };
      }
      const examples = Object.assign({}, ...sameStatus.map((code) => EXAMPLES[code] ?? {})) as Record<string, unknown>;
      responses[name] = {
        description: sameStatus.map((code) => `\`${code}\`: ${ERRORS[code].when}`).join(' '),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        content: {
          'application/json': {
            // Whole, not the general failure narrowed by allOf: a schema that lists every member it allows is what
            // generated clients and example checkers (Redocly's: members a schema does not list are refused) read right.
            schema: failureJsonSchema(ref('schemas', 'Issue'), sameStatus),
            ...(Object.keys(examples).length > 0 ? { examples } : {}),
          },
        },
      };
    }
  }
  return responses;
}

/** Codes grouped by HTTP status, in status order. */
function byStatus(codes: readonly ErrorCode[]): [number, ErrorCode[]][] {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of codes) groups.set(ERROR_STATUS[code], [...(groups.get(ERROR_STATUS[code]) ?? []), code]);
  return [...groups].sort(([a], [b]) => a - b);
}

function errorRefs(codes: readonly ErrorCode[]): Record<string, Schema> {
  return Object.fromEntries(byStatus(codes).map(([status, sameStatus]) => [String(status), ref('responses', sameStatus.join('_'))]));
}

const json = (schema: Schema) => ({ 'application/json': { schema } });

function toolOperation(record: ToolRecord, tag: string | undefined): Schema {
  const input = embedded(record.inputSchema);
  const required = Array.isArray(input.required) && input.required.length > 0;
  const write = record.scope === 'write';
  return {
    operationId: record.name,
    summary: record.title,
    description: write
      ? `${record.description}\n\nNeeds a token with write access (scope \`write\`): a read-only token gets 403 \`insufficient_scope\`.`
      : record.description,
    ...(tag ? { tags: [tag] } : {}),
    // OpenAPI 3.1 lets a bearer requirement name the roles it needs: here, the token's scope.
    ...(write ? { security: [{ [BEARER]: ['write'] }] } : {}),
    'x-jev-scope': record.scope,
    'x-jev-hints': record.hints,
    requestBody: {
      required,
      description: required ? 'The JSON object of arguments.' : 'The JSON object of arguments; an empty body means none.',
      content: json(ref('schemas', `${record.name}_input`)),
    },
    responses: {
      '200': {
        description: "The tool's answer, as `data`.",
        content: json({
          type: 'object',
          properties: { data: ref('schemas', `${record.name}_output`) },
          required: ['data'],
          additionalProperties: false,
        }),
      },
      ...errorRefs(callCodes(record)),
    },
  };
}

/** The OpenAPI 3.1 document of the REST API. Pure: the same input gives the same document. */
export function buildOpenApiDocument({
  appOrigin,
  records = TOOL_RECORDS,
  groups = DEFAULT_GROUPS,
  instructions = GUIDE.instructions,
}: OpenApiInput): Schema {
  const tagOf = new Map(groups.flatMap((group) => group.tools.map((name) => [name, group.name] as const)));
  const writeTools = writeToolsInWords(records);
  const schemas: Record<string, Schema> = {
    Issue: ISSUE_JSON_SCHEMA,
    ToolRecord: { type: 'object', properties: RECORD_PROPERTIES, required: Object.keys(RECORD_PROPERTIES) },
    ToolList: {
      type: 'object',
      properties: {
        instructions: { type: 'string', description: 'The rules every agent using these tools must follow.' },
        tools: { type: 'array', items: ref('schemas', 'ToolRecord'), description: "Every tool, whatever the token's scope." },
      },
      required: ['instructions', 'tools'],
    },
  };
  const paths: Record<string, Schema> = {
    [LIST_PATH]: {
      get: {
        operationId: LIST_OPERATION_ID,
        summary: 'List the tools and the rules text',
        description:
          'Every tool with its input and output JSON Schemas, whatever the token scope, plus the instructions every agent must ' +
          'follow. Counts against the per-address budget only.',
        tags: ['Catalogue'],
        responses: {
          '200': { description: 'The tools and the rules text.', content: json(ref('schemas', 'ToolList')) },
          ...errorRefs(LIST_CODES),
        },
      },
    },
  };
  const operationIds = new Set([LIST_OPERATION_ID]);
  for (const record of records) {
    if (operationIds.has(record.name)) throw new Error(`two operations would be named ${record.name}`);
    operationIds.add(record.name);
    schemas[`${record.name}_input`] = embedded(record.inputSchema);
    schemas[`${record.name}_output`] = embedded(record.outputSchema);
    paths[TOOL_PATH(record.name)] = { post: toolOperation(record, tagOf.get(record.name)) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'JEV',
      version: SERVICE_VERSION,
      summary: 'Sports-betting analysis tools for AI agents: odds math, no-vig prices, expected value, Kelly stakes.',
      description: `${about(writeTools)}\n\nRules every agent using these tools must follow:\n\n${instructions}`,
      license: LICENSE,
    },
    servers: [{ url: appOrigin }],
    security: [{ [BEARER]: [] }],
    tags: [
      { name: 'Catalogue', description: 'The tools, their schemas and the rules text.' },
      ...groups.map(({ name, description }) => ({ name, description })),
    ],
    paths,
    components: {
      schemas,
      responses: errorResponses([LIST_CODES, ...records.map(callCodes)]),
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${TOKEN_PREFIX}…`,
          description: `An access token made on the Connect page: read (every tool but ${writeTools}) or write.`,
        },
      },
    },
  };
}

/**
 * The document of the tools a server lists (its gateway's records, groups and rules text: jev_classify says so when
 * the server has no classifier, as GET /api/v1/tools and tools/list do), as JSON. The gateway keeps it
 * (Gateway.openApiJson).
 */
export function openApiJson(input: Required<OpenApiInput>): string {
  return JSON.stringify(buildOpenApiDocument(input));
}
