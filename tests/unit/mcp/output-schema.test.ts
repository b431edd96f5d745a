import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { mcpOutputSchema } from '@/lib/mcp/output-schema';
import { calcImpliedProbability } from '@/lib/tools/calculators';
import { TOOL_RECORDS } from '@/lib/tools/registry';

// tools/list announces each tool's whole answer schema, or the failure an isError result carries: clients check
// structuredContent against it either way (the v1 SDK's client even on isError).

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

describe('the output schema tools/list sends', () => {
  it('is an object schema for every tool that takes a failure and refuses what the answer schema refuses', () => {
    const failure = new ToolError('rate_limited', 'Too many calls: wait 12 s.', { retryAfterSeconds: 12 }).toJSON();
    for (const record of TOOL_RECORDS) {
      const schema = mcpOutputSchema(record.outputSchema);
      expect(schema.type, record.name).toBe('object');
      const validate = ajv.compile(schema);
      expect(validate({ error: failure }), record.name).toBe(true);
      expect(validate({ error: { code: 'internal' } }), record.name).toBe(false);
      expect(validate({ surprise: true }), record.name).toBe(false);
    }
  });

  it("checks an answer's fields, not only their names", async () => {
    const validate = ajv.compile(mcpOutputSchema(TOOL_RECORDS.find((record) => record.name === 'calc_implied_probability')!.outputSchema));
    const answer = (await calcImpliedProbability.run({} as never, calcImpliedProbability.input.parse({ americanOdds: -150 }))) as Record<
      string,
      unknown
    >;
    expect(validate(answer)).toBe(true);
    expect(validate({ ...answer, impliedProbability: 'sixty percent' })).toBe(false);
    expect(validate({ americanOdds: -150 })).toBe(false);
  });
});
