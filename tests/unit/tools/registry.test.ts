import { describe, expect, it } from 'vitest';
import { teamNamed } from '@/lib/data/teams';
import { familyOf, TOOL_DEFINITIONS, TOOL_GROUPS, TOOL_RECORDS } from '@/lib/tools/registry';
import { getGameOdds } from '@/lib/tools/odds';

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

describe('tool output schemas', () => {
  it("carry their fields' descriptions (before, every one was dropped): calc_ev says which figure is money", () => {
    const ev = TOOL_RECORDS.find((record) => record.name === 'calc_ev')!;
    const fields = ev.outputSchema.properties as Record<string, { description?: string }>;
    expect(fields.expectedValue?.description).toMatch(/in money .*not a fraction/);
    expect(fields.expectedValuePercent?.description).toMatch(/per unit staked.*a fraction: /);
    for (const { name, outputSchema } of TOOL_RECORDS) expect(outputSchema.description, name).toBeUndefined();
  });
});

describe('what an argument description offers, the argument takes', () => {
  // A city alone is no team name (New York and Los Angeles hold two teams each in a league), so a `team`
  // description must not offer one: an agent passing "Boston" as told was refused.
  it("every tool's team argument offers the names teamNamed takes, and no city", () => {
    const teams = TOOL_RECORDS.flatMap(({ name, inputSchema }) => {
      const team = (inputSchema.properties as Record<string, { description?: string }>).team;
      return team ? [{ name, description: team.description ?? '' }] : [];
    });
    expect(teams.length).toBeGreaterThan(3);
    for (const { name, description } of teams) expect(description, name).not.toMatch(/city/i);
    expect(teamNamed('nba', 'Boston')).toBeUndefined();
    for (const named of ['Boston Celtics', 'Celtics', 'BOS']) expect(teamNamed('nba', named)?.abbreviation, named).toBe('BOS');
  });
});

describe('the catalogue', () => {
  // The console reader runs a tool by its definition and refuses one the gateway does not serve as that very
  // definition: a catalogue of copies made every console page that reads odds fail (the Games page, e9deef4).
  it('holds the definitions themselves, each with its family', () => {
    for (const group of TOOL_GROUPS) {
      for (const tool of group.tools) {
        expect(TOOL_DEFINITIONS, tool.name).toContain(tool);
        expect(familyOf(tool)).toEqual({ name: group.name, description: group.description });
      }
    }
    expect(TOOL_DEFINITIONS).toContain(getGameOdds);
  });
});
