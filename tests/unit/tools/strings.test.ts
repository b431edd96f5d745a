import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, SURROGATE_MESSAGE, toIssues } from '@/lib/tools/inputs';
import { TOOL_DEFINITIONS, TOOL_RECORDS } from '@/lib/tools/registry';

// NUL (PostgreSQL refuses it) and lone surrogates (SQLite refuses them) in any string
// argument of any tool are 400 invalid_input with a clear message, before any query runs.

type Schema = { type?: string; format?: string; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

/** Every place a string argument can take a value: [path, argument value builder]. */
function stringSlots(
  properties: Record<string, Schema>,
): { path: string; formatOnly: boolean; args: (value: string) => Record<string, unknown> }[] {
  const slots: { path: string; formatOnly: boolean; args: (value: string) => Record<string, unknown> }[] = [];
  const isFreeString = (schema: Schema | undefined) =>
    !!schema && !schema.enum && (schema.type === 'string' || (schema.anyOf ?? []).some((s) => s.type === 'string' && !s.enum));
  // A date or date-time argument refuses such text by its format first (its own message).
  const formatOnly = (schema: Schema) => (schema.anyOf ?? []).length > 0 && (schema.anyOf ?? []).every((s) => !!s.format);
  for (const [name, schema] of Object.entries(properties)) {
    if (isFreeString(schema)) slots.push({ path: name, formatOnly: formatOnly(schema), args: (value) => ({ [name]: value }) });
    if (schema.type === 'array' && isFreeString(schema.items))
      slots.push({ path: `${name}.0`, formatOnly: false, args: (value) => ({ [name]: [value] }) });
    if (schema.type === 'array' && schema.items?.properties) {
      for (const [sub, subSchema] of Object.entries(schema.items.properties)) {
        if (isFreeString(subSchema))
          slots.push({ path: `${name}.0.${sub}`, formatOnly: false, args: (value) => ({ [name]: [{ [sub]: value }] }) });
      }
    }
  }
  return slots;
}

describe('string arguments', () => {
  const cases = TOOL_RECORDS.flatMap((record) => {
    const tool = TOOL_DEFINITIONS.find((t) => t.name === record.name)!;
    return stringSlots((record.inputSchema.properties ?? {}) as Record<string, Schema>).map((slot) => ({ tool, ...slot }));
  });

  it('exist in the catalogue (the walk finds them)', () => {
    expect(cases.length).toBeGreaterThan(25);
  });

  it.each([
    ['NUL', 'ab\u0000cd', NUL_MESSAGE],
    ['lone high surrogate', 'ab\ud800cd', SURROGATE_MESSAGE],
    ['lone low surrogate at the end', 'abcd\udc00', SURROGATE_MESSAGE],
  ])('refuse %s in every string argument of every tool', (_label, value, message) => {
    for (const { tool, path, formatOnly, args } of cases) {
      const result = tool.input.safeParse(args(value));
      expect(result.success, `${tool.name} ${path}`).toBe(false);
      const issues = result.success ? [] : toIssues(result.error, tool.input, args(value));
      if (formatOnly) expect(issues.some((issue) => issue.path === path)).toBe(true);
      else expect(issues, `${tool.name} ${path}`).toContainEqual({ path, message });
    }
  });

  it('keep well-formed text, pairs of surrogates included', () => {
    const logBet = TOOL_DEFINITIONS.find((t) => t.name === 'log_bet')!;
    const result = logBet.input.safeParse({
      sport: 'nfl',
      gameId: 'nfl-20261122-buf-kc',
      market: 'h2h',
      selection: 'KC',
      americanOdds: -110,
      stake: 10,
      notes: 'emoji \ud83c\udfc8 and accents é',
    });
    expect(result.success).toBe(true);
  });
});
