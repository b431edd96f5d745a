import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { calcNoVigOdds } from '@/lib/tools/calculators';
import type { ToolContext } from '@/lib/tools/types';

const run = (args: unknown) => calcNoVigOdds.run({} as ToolContext, calcNoVigOdds.input.parse(args));
const total = (outcomes: { fairProbability: number }[]) => outcomes.reduce((sum, o) => sum + o.fairProbability, 0);

describe('calc_no_vig_odds methods and compare', () => {
  it('shin reports z and the published fair probabilities (+160/+140/+330)', async () => {
    const result = await run({ prices: [160, 140, 330], method: 'shin' });
    expect(result.method).toBe('shin');
    expect(result.shinZ).toBeCloseTo(0.01694251276407055, 10);
    expect(result.outcomes.map((o) => o.fairProbability)[0]).toBeCloseTo(0.37299406033208965, 10);
    expect(total(result.outcomes)).toBe(1);
    for (const o of result.outcomes) {
      expect(o.fairDecimalOdds).toBe(1 / o.fairProbability);
      expect(Number.isInteger(o.fairAmericanOdds)).toBe(true);
      expect(o).not.toHaveProperty('fairProbabilityRange');
    }
    expect(result).not.toHaveProperty('byMethod');
  });

  it('additive refuses a long shot with 422 limit', async () => {
    const refusal = await run({ prices: [-10000, 1000, 100000], method: 'additive' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ToolError);
    expect((refusal as ToolError).code).toBe('limit');
    expect((refusal as ToolError).message).toMatch(/additive method cannot price this market/);
  });

  it('compare adds byMethod in the order sent and a range per outcome', async () => {
    const result = await run({ prices: [150, 240, 190], compare: true });
    expect(Object.keys(result.byMethod ?? {})).toEqual(['multiplicative', 'additive', 'power', 'shin']);
    expect(result.byMethod?.multiplicative).toEqual(result.outcomes.map((o) => o.fairProbability));
    result.outcomes.forEach((o, i) => {
      const values = Object.values(result.byMethod ?? {}).map((fair) => (fair as number[])[i] as number);
      expect(o.fairProbabilityRange).toEqual({ min: Math.min(...values), max: Math.max(...values) });
    });
    // The home favourite: power and shin take less margin from it than multiplicative does.
    expect(result.outcomes[0]?.fairProbabilityRange?.max).toBeGreaterThan(result.outcomes[0]?.fairProbability as number);
  });

  it('compare on a market additive refuses: additive null with a note, the others still compared', async () => {
    const result = await run({ prices: [-10000, 1000, 100000], method: 'shin', compare: true });
    expect(result.byMethod?.additive).toBeNull();
    expect(result.notes?.[0]).toMatch(/additive/);
    expect(result.byMethod?.shin).toEqual(result.outcomes.map((o) => o.fairProbability));
  });
});
