import { describe, expect, it } from 'vitest';
import { outlineOutputSchema } from '@/lib/mcp/outline';
import { TOOL_RECORDS } from '@/lib/tools/registry';

describe('the output schema outline tools/list sends', () => {
  it("names the default answer's fields, requires none and allows the rest (full answers, error results)", () => {
    const odds = TOOL_RECORDS.find((tool) => tool.name === 'get_game_odds')!;
    const outline = outlineOutputSchema(odds.outputSchema);
    expect(outline.type).toBe('object');
    expect(Object.keys(outline.properties as object)).toEqual(
      expect.arrayContaining(['sport', 'referenceBook', 'games', 'value', 'nextCursor']),
    );
    expect(outline).not.toHaveProperty('required');
    expect(outline).not.toHaveProperty('additionalProperties');
  });

  it('outlines every tool as an object with the fields of its answer', () => {
    for (const tool of TOOL_RECORDS) {
      const outline = outlineOutputSchema(tool.outputSchema);
      const shapes = ((tool.outputSchema.anyOf as Record<string, unknown>[] | undefined) ?? [tool.outputSchema]) as {
        properties: object;
      }[];
      expect(Object.keys(outline.properties as object), tool.name).toEqual(Object.keys(shapes[0]!.properties));
    }
  });
});
