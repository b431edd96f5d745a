import { describe, expect, it } from 'vitest';
import { TOOL_RECORDS } from '@/lib/tools/registry';

// Every tool's JSON Schema carries $schema, type, properties and required, as the contract lists them.

describe('tool input schemas', () => {
  it('carry $schema, type, properties and required on every tool, required empty when nothing is', () => {
    for (const { name, inputSchema } of TOOL_RECORDS) {
      expect(inputSchema.$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(inputSchema.type, name).toBe('object');
      expect(inputSchema.properties, name).toBeTypeOf('object');
      expect(Array.isArray(inputSchema.required), `${name} required`).toBe(true);
    }
    const required = (name: string) => TOOL_RECORDS.find((tool) => tool.name === name)?.inputSchema.required;
    expect(required('get_bankroll')).toEqual([]);
    expect(required('list_bets')).toEqual([]);
    expect(required('list_recommendations')).toEqual([]);
    expect(required('calc_ev')).toEqual(['probability', 'americanOdds']);
  });
});
