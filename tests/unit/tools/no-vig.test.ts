import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METHODS_PRICING_EVERY_MARKET } from '@/lib/betting/devig';
import { FAIR_METHODS } from '@/lib/betting/devig-methods';
import { MAX_AMERICAN_ODDS, MIN_AMERICAN_ODDS } from '@/lib/betting/odds';
import { ToolError } from '@/lib/errors';
import { parseArguments } from '@/lib/tools/inputs';
import { calcNoVigOdds } from '@/lib/tools/calculators';
import type { ToolContext } from '@/lib/tools/types';
import { anyMarket } from '../betting/support';

// Every input the schema accepts gets a finite answer, its fair American odds whole
// numbers within -100000..+1000000 (a fair price beyond them answers the bound).

const call = async (args: unknown) => {
  const input = parseArguments(calcNoVigOdds.input, args);
  return calcNoVigOdds.run({} as ToolContext, input);
};

function expectWellFormed(answer: Awaited<ReturnType<typeof call>>) {
  expect(Number.isFinite(answer.overround)).toBe(true);
  expect(answer.outcomes.reduce((total, outcome) => total + outcome.fairProbability, 0)).toBe(1);
  for (const outcome of answer.outcomes) {
    expect(outcome.fairProbability > 0 && outcome.fairProbability < 1).toBe(true);
    expect(Number.isFinite(outcome.fairDecimalOdds) && outcome.fairDecimalOdds > 1).toBe(true);
    expect(Number.isInteger(outcome.fairAmericanOdds)).toBe(true);
    expect(outcome.fairAmericanOdds).toBeGreaterThanOrEqual(MIN_AMERICAN_ODDS);
    expect(outcome.fairAmericanOdds).toBeLessThanOrEqual(MAX_AMERICAN_ODDS);
    expect(Math.abs(outcome.fairAmericanOdds)).toBeGreaterThanOrEqual(100);
  }
}

describe('calc_no_vig_odds at the extremes', () => {
  it('power, two 99.9% favourites and a 10000-1 longshot: the longshot is capped at +1000000', async () => {
    const answer = await call({ prices: [-100000, -100000, 1000000], method: 'power' });
    expectWellFormed(answer);
    expect(answer.outcomes[2]?.fairAmericanOdds).toBe(MAX_AMERICAN_ODDS);
    expect(answer.outcomes[0]?.fairAmericanOdds).toBe(100);
  });

  it('power, two 99.9% favourites and an even-money price: +1000000, not 5.8e210', async () => {
    const answer = await call({ prices: [-100000, -100000, 100], method: 'power' });
    expectWellFormed(answer);
    expect(answer.outcomes[2]?.fairAmericanOdds).toBe(MAX_AMERICAN_ODDS);
  });

  it('multiplicative, a fair favourite shorter than -100000 is capped there', async () => {
    const answer = await call({ prices: [-100000, 1000000] });
    expectWellFormed(answer);
    expect(answer.outcomes[0]?.fairAmericanOdds).toBe(MIN_AMERICAN_ODDS);
  });

  it.each(['multiplicative', 'power'])('%s: a finite, bounded answer for every accepted input', async (method) => {
    await fc.assert(
      fc.asyncProperty(anyMarket, async (prices) => expectWellFormed(await call({ prices, method }))),
      { numRuns: 1_000 },
    );
  });

  it.each(FAIR_METHODS.filter((method) => method !== 'multiplicative' && method !== 'power'))(
    '%s: a finite, bounded answer or a 422 limit refusal for every accepted input',
    async (method) => {
      await fc.assert(
        fc.asyncProperty(anyMarket, async (prices) => {
          const answer = await call({ prices, method }).catch((error: unknown) => error);
          if (answer instanceof ToolError) {
            expect(METHODS_PRICING_EVERY_MARKET as readonly string[]).not.toContain(method);
            expect(answer.code).toBe('limit');
            return;
          }
          expectWellFormed(answer as Awaited<ReturnType<typeof call>>);
        }),
        { numRuns: 200 },
      );
    },
  );

  it('compare: a finite, bounded worst case for every accepted input', async () => {
    await fc.assert(
      fc.asyncProperty(anyMarket, async (prices) => {
        const answer = await call({ prices, compare: true });
        for (const outcome of answer.outcomes) {
          expect(Number.isInteger(outcome.worstCase?.fairAmericanOdds)).toBe(true);
          expect(outcome.worstCase?.fairAmericanOdds).toBeLessThanOrEqual(MAX_AMERICAN_ODDS);
          expect(outcome.worstCase?.fairProbability).toBeGreaterThan(0);
        }
      }),
      { numRuns: 100 },
    );
  });
});
