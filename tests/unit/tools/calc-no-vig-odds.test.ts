import { describe, expect, it } from 'vitest';
import { FAIR_METHODS } from '@/lib/betting/devig-methods';
import { withoutFloatNoise } from '@/lib/betting/odds';
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
      expect(o.fairDecimalOdds).toBe(withoutFloatNoise(1 / o.fairProbability));
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

  it("compare adds byMethod (every method, blend last), a range and a worst case per outcome, and the worst cases' sum", async () => {
    const result = await run({ prices: [150, 240, 190], compare: true });
    expect(Object.keys(result.byMethod ?? {})).toEqual([...FAIR_METHODS]);
    expect(result.byMethod?.multiplicative).toEqual(result.outcomes.map((o) => o.fairProbability));
    result.outcomes.forEach((o, i) => {
      const values = Object.values(result.byMethod ?? {}).map((fair) => (fair as number[])[i] as number);
      expect(o.fairProbabilityRange).toEqual({ min: Math.min(...values), max: Math.max(...values) });
      // The backer's worst case is the lowest fair probability, priced: only a longer price is value under every method.
      expect(o.worstCase?.fairProbability).toBe(Math.min(...values));
      expect(o.worstCase?.fairAmericanOdds).toBeGreaterThanOrEqual(o.fairAmericanOdds);
    });
    // Taken outcome by outcome, the worst cases are not one distribution.
    expect(result.worstCaseSum).toBe(total(result.outcomes.map((o) => ({ fairProbability: o.worstCase?.fairProbability as number }))));
    expect(result.worstCaseSum).toBeLessThan(0.999);
    // The home favourite: the methods with a long-shot bias leave it more than multiplicative does.
    expect(result.outcomes[0]?.fairProbabilityRange?.max).toBeGreaterThan(result.outcomes[0]?.fairProbability as number);
  });

  it.each(FAIR_METHODS)('%s answers a 3-way market with fair probabilities summing to 1', async (method) => {
    const result = await run({ prices: [150, 240, 190], method });
    expect(result.method).toBe(method);
    expect(total(result.outcomes)).toBe(1);
    expect(result.outcomes.map((o) => o.fairProbability)).toEqual(
      (await run({ prices: [150, 240, 190], compare: true })).byMethod?.[method],
    );
  });

  it.each(['goto', 'balanced_books', 'jensen_shannon'])(
    '%s refuses a long shot with 422 limit and names the methods to use',
    async (method) => {
      const refusal = await run({ prices: [-10000, 1000, 100000], method }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ToolError);
      expect((refusal as ToolError).code).toBe('limit');
      expect((refusal as ToolError).message).toMatch(
        /cannot price this market: the outcome at position 3 .* Use 'multiplicative'.* or 'blend'/,
      );
    },
  );

  it('compare on a market additive refuses: additive null with a note, the others still compared', async () => {
    const result = await run({ prices: [-10000, 1000, 100000], method: 'shin', compare: true });
    expect(result.byMethod?.additive).toBeNull();
    expect(result.notes?.[0]).toMatch(/additive/);
    expect(result.notes).toHaveLength(Object.values(result.byMethod ?? {}).filter((fair) => fair === null).length);
    expect(result.byMethod?.shin).toEqual(result.outcomes.map((o) => o.fairProbability));
  });

  it('says when the prices carry no margin: an outcome left out (a soccer moneyline without its draw) or an arbitrage', async () => {
    // Newcastle +100 and Liverpool +219 without the draw at +298: implied 0.5 + 0.3135 = 0.8135.
    const withoutDraw = await run({ prices: [100, 219] });
    expect(withoutDraw.overround).toBeCloseTo(-0.1865, 4);
    expect(withoutDraw.notes).toEqual([expect.stringMatching(/^The implied probabilities sum to 0\.8135, below 1: .*draw/)]);
    expect((await run({ prices: [100, 219, 298] })).notes).toBeUndefined();
    expect((await run({ prices: [-110, -110] })).notes).toBeUndefined();
    // With compare, the note comes first and the methods' refusals after it.
    const compared = await run({ prices: [100, 219], compare: true });
    expect(compared.notes?.[0]).toMatch(/below 1/);
  });
});
