import { DEVIG_METHODS } from '@/lib/contract-definitions';
import { TOOL_RECORDS, type ToolRecord } from '@/lib/tools/registry';

// docs/tools.md, rendered from the catalogue (scripts/docs.ts writes it; lint checks it is current): each tool's
// scope, hints and description, its arguments from its input schema, and its answer's fields from its output
// schema. The contract around the tools (check order, errors, limits, paging) is docs/contract.md.

type Schema = Record<string, unknown>;

/** What a tool's schema cannot say, from the contract's definitions (docs/contract.md carries them too). */
const GUIDES: Partial<Record<string, string>> = { calc_no_vig_odds: DEVIG_METHODS };

const code = (text: string) => `\`${text}\``;
/** Table cells hold no pipes or line breaks. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function branches(schema: Schema): Schema[] | undefined {
  return (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
}

/** A schema's type in a few words: `integer`, `string (date)`, `"h2h" \| "spreads"`, `array of object` … */
function typeOf(schema: Schema): string {
  if (schema.enum) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(' or ');
  const either = branches(schema);
  if (either) return [...new Set(either.map(typeOf))].join(' or ');
  const type = schema.type;
  const named = Array.isArray(type) ? type.join(' or ') : typeof type === 'string' ? type : 'any';
  if (named === 'array' && schema.items) {
    const items = typeOf(schema.items as Schema);
    return `array of ${items.includes(' or ') ? `(${items})` : items}`;
  }
  return schema.format ? `${named} (${schema.format as string})` : named;
}

/** A range in words: "1 to 100 characters", "at least 2 items", "at most 20 items". */
function range(min: unknown, max: unknown, unit: string): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  if (min === undefined) return `at most ${JSON.stringify(max)} ${unit}`;
  if (max === undefined) return `at least ${JSON.stringify(min)} ${unit}`;
  return `${JSON.stringify(min)} to ${JSON.stringify(max)} ${unit}`;
}

/** The rules a value must meet, as the input schema states them. */
function rulesOf(schema: Schema): string {
  const rules: (string | undefined)[] = [];
  if (schema.minimum !== undefined) rules.push(`≥ ${JSON.stringify(schema.minimum)}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`> ${JSON.stringify(schema.exclusiveMinimum)}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${JSON.stringify(schema.maximum)}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`< ${JSON.stringify(schema.exclusiveMaximum)}`);
  const not = schema.not as Schema | undefined;
  if (not?.minimum !== undefined) rules.push(`not ${JSON.stringify(not.minimum)} to ${JSON.stringify(not.maximum)}`);
  rules.push(range(schema.minLength, schema.maxLength, 'characters'), range(schema.minItems, schema.maxItems, 'items'));
  if (schema.pattern) rules.push(`matches ${code(schema.pattern as string)}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return rules.filter(Boolean).join(', ');
}

function argumentsTable(record: ToolRecord): string {
  const properties = (record.inputSchema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((record.inputSchema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) return 'No arguments.\n';
  const rows = names.map((name) => {
    const schema = properties[name]!;
    const description = typeof schema.description === 'string' ? schema.description : '';
    return `| ${code(name)} | ${cell(typeOf(schema))} | ${required.has(name) ? 'yes' : ''} | ${cell(rulesOf(schema))} | ${cell(description)} |`;
  });
  return ['| Argument | Type | Required | Rules | Meaning |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}

/** The fields of an object schema as a nested list, arrays of objects opened one level per array. */
function fieldList(schema: Schema, depth = 0): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const indent = '  '.repeat(depth);
  return Object.entries(properties).flatMap(([name, field]) => {
    const inner = objectWithin(field);
    const meaning = descriptionOf(field);
    const line = `${indent}- ${code(name)}: ${typeOf(field)}${required.has(name) ? '' : ', optional'}${meaning ? `. ${meaning}` : ''}`;
    return inner ? [line, ...fieldList(inner, depth + 1)] : [line];
  });
}

/** A field's description, or its non-null branch's (a nullable field's). */
function descriptionOf(field: Schema): string | undefined {
  if (typeof field.description === 'string') return field.description.replace(/\n/g, ' ');
  return branches(field)?.map(descriptionOf).find(Boolean);
}

/** The object a field holds (itself, its array's items, or the object branch of a nullable), if any. */
function objectWithin(field: Schema): Schema | undefined {
  if (field.properties) return field;
  if (field.items) return objectWithin(field.items as Schema);
  const either = branches(field);
  return either?.map(objectWithin).find(Boolean);
}

function answerSection(record: ToolRecord): string {
  const shapes = branches(record.outputSchema);
  if (!shapes) return `Answer (\`data\`):\n\n${fieldList(record.outputSchema).join('\n')}\n`;
  const [concise, full] = shapes;
  return (
    `Default answer (\`data\`):\n\n${fieldList(concise!).join('\n')}\n\n` +
    `<details><summary>With <code>detail: "full"</code></summary>\n\n${fieldList(full!).join('\n')}\n\n</details>\n`
  );
}

function hintsOf(record: ToolRecord): string {
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = record.hints;
  return [
    readOnlyHint ? 'read-only' : destructiveHint ? 'writes, destructive' : 'writes',
    idempotentHint ? 'idempotent' : 'not idempotent',
    openWorldHint ? 'reaches outside services' : 'closed world',
  ].join(', ');
}

function toolSection(record: ToolRecord): string {
  return [
    `<a id="${record.name}"></a>`,
    '',
    `## ${code(record.name)}: ${record.title}`,
    '',
    `Scope ${code(record.scope)}; ${hintsOf(record)}.`,
    '',
    record.description,
    '',
    argumentsTable(record),
    answerSection(record),
    ...(GUIDES[record.name] ? [`${GUIDES[record.name]}\n`] : []),
  ].join('\n');
}

export function toolsMarkdown(): string {
  const index = TOOL_RECORDS.map((record) => `- [${code(record.name)}](#${record.name}): ${record.title}`);
  return [
    '# Tools',
    '',
    '<!-- Generated from the catalogue by `npm run docs` (lib/docs/tools.ts); `npm run lint` fails when it is out of date. Do not edit by hand. -->',
    '',
    `The ${TOOL_RECORDS.length} tools, as \`GET /api/v1/tools\` and MCP \`tools/list\` describe them. The contract around them is`,
    '[contract.md](contract.md): authentication, the check order, errors, limits, [the rules text every agent is sent](contract.md#instructions),',
    '[concise answers, `detail: "full"` and paging](contract.md#answers-detail-and-paging), and what the odds fields mean',
    '([consensus, value, arbitrage, steam](contract.md#odds-the-no-vig-consensus)).',
    '',
    ...index,
    '',
    ...TOOL_RECORDS.map(toolSection),
  ].join('\n');
}
