import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanToDecimal, FAIR_METHODS, impliedProbability } from '@/lib/betting';
import { ToolError } from '@/lib/errors';
import { calcEv, calcImpliedProbability, calcKellyStake, calcNoVigOdds, calcParlay } from '@/lib/tools/calculators';
import type { ToolContext } from '@/lib/tools/types';

// Over many inputs, no calculator answers float noise (-77.75000000000001 for -77.75): every number keeps at most
// 15 significant digits, which changes no meaningful digit of a double. The exception is calc_no_vig_odds's fair
// probabilities (and byMethod, ranges and worst cases taken from them): they keep every digit so they sum to exactly
// 1. The calculators' exact relations still hold.

const RUNS = 400;
const americanOdds = fc.oneof(fc.integer({ min: -100_000, max: -100 }), fc.integer({ min: 100, max: 1_000_000 }));
const probability = fc.double({ min: 1e-9, max: 1 - 1e-9, noNaN: true });
const amount = fc.integer({ min: 1, max: 1_000_000_000 }).map((cents) => cents / 100);

/** Whole numbers (American odds, a fair price of a near-impossible outcome) have no float noise to lose. */
const hasNoFloatNoise = (x: number) => Number.isInteger(x) || Number(x.toPrecision(15)) === x;
/** The numbers of an answer that carry float noise, by path; `exempt` paths (a regular expression) are skipped. */
function noisyNumbers(answer: unknown, exempt?: RegExp, path = ''): string[] {
  if (typeof answer === 'number') return exempt?.test(path) || hasNoFloatNoise(answer) ? [] : [`${path}: ${answer}`];
  if (answer !== null && typeof answer === 'object') {
    return Object.entries(answer).flatMap(([key, value]) => noisyNumbers(value, exempt, `${path}.${key}`));
  }
  return [];
}
/** a and b agree to 1e-12 of their size (at least 1e-12 apart from 0). */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));

const contextWith = (bankroll: unknown) =>
  ({
    user: { id: 'user' },
    now: () => new Date('2026-12-05T12:00:00Z'),
    ledger: { readBankroll: async () => bankroll },
  }) as unknown as ToolContext;

describe('calculator answers carry no float noise and keep their exact relations', () => {
  it('calc_ev at 0.178 and -400, stake 100, answers an expected value of -77.75, not -77.75000000000001', async () => {
    const answer = await calcEv.run({} as ToolContext, calcEv.input.parse({ probability: 0.178, americanOdds: -400 }));
    expect(answer.expectedValue).toBe(-77.75);
  });

  it('calc_implied_probability', async () => {
    await fc.assert(
      fc.asyncProperty(americanOdds, async (odds) => {
        const answer = await calcImpliedProbability.run({} as ToolContext, { americanOdds: odds });
        expect(noisyNumbers(answer)).toEqual([]);
        expect(close(answer.decimalOdds, americanToDecimal(odds))).toBe(true);
        expect(close(answer.impliedProbability, impliedProbability(odds))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('calc_ev: EV = p × decimal − 1, the expected value that times the stake, the edge p − implied', async () => {
    await fc.assert(
      fc.asyncProperty(probability, americanOdds, amount, async (p, odds, stake) => {
        const answer = await calcEv.run({} as ToolContext, calcEv.input.parse({ probability: p, americanOdds: odds, stake }));
        expect(noisyNumbers(answer)).toEqual([]);
        expect(close(answer.expectedValuePercent, p * answer.decimalOdds - 1)).toBe(true);
        expect(close(answer.expectedValue, stake * answer.expectedValuePercent)).toBe(true);
        expect(close(answer.edge, p - answer.impliedProbability)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('calc_no_vig_odds: fair probabilities sum to exactly 1, fairDecimalOdds = 1 / fairProbability', async () => {
    const market = fc.array(
      fc.integer({ min: -2_000, max: 5_000 }).filter((odds) => odds <= -100 || odds >= 100),
      {
        minLength: 2,
        maxLength: 20,
      },
    );
    await fc.assert(
      fc.asyncProperty(market, fc.constantFrom(...FAIR_METHODS), fc.boolean(), async (prices, method, compare) => {
        const args = calcNoVigOdds.input.parse({ prices, method, compare });
        const refused = (error: unknown) => {
          if (error instanceof ToolError && error.code === 'limit') return undefined; // a method refusing the market
          throw error;
        };
        const answer = await calcNoVigOdds.run({} as ToolContext, args).catch(refused);
        if (answer === undefined) return;
        const exempt = /fairProbability$|fairProbabilityRange|worstCase\.fairProbability|^\.byMethod|^\.worstCaseSum$/;
        expect(noisyNumbers(answer, exempt)).toEqual([]);
        expect(answer.outcomes.reduce((sum, outcome) => sum + outcome.fairProbability, 0)).toBe(1);
        for (const outcome of answer.outcomes) expect(close(outcome.fairDecimalOdds, 1 / outcome.fairProbability)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('calc_parlay: implied probability = 1 / decimal odds, EV = combined probability × decimal − 1', async () => {
    const legs = fc.array(fc.record({ americanOdds, probability }), { minLength: 2, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(legs, async (legs) => {
        const answer = await calcParlay.run({} as ToolContext, calcParlay.input.parse({ legs }));
        expect(noisyNumbers(answer)).toEqual([]);
        expect(close(answer.impliedProbability, 1 / answer.decimalOdds)).toBe(true);
        expect(close(answer.expectedValuePercent!, answer.combinedProbability! * answer.decimalOdds - 1)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('calc_kelly_stake, with and without a stored bankroll', async () => {
    const stored = fc.option(
      fc.record({
        balance: amount,
        unit: amount,
        kellyFraction: fc.constantFrom(0.1, 0.25, 0.5, 1),
        maxStake: fc.option(amount),
        dailyLossRoom: fc.option(amount),
        weeklyLossRoom: fc.option(amount),
      }),
    );
    await fc.assert(
      fc.asyncProperty(probability, americanOdds, stored, fc.option(amount, { nil: undefined }), async (p, odds, bankroll, given) => {
        const args = calcKellyStake.input.parse({ probability: p, americanOdds: odds, ...(given ? { bankroll: given } : {}) });
        if (!bankroll && !given) return;
        const answer = await calcKellyStake.run(contextWith(bankroll), args);
        expect(noisyNumbers(answer)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
