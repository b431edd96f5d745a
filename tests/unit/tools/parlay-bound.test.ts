import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { calcParlay } from '@/lib/tools/calculators';
import type { ToolContext } from '@/lib/tools/types';

// A parlay's americanOdds is a whole number an agent quotes as it stands: legs that combine past the largest whole
// number a double holds (2^53 − 1) are refused with invalid_input on legs, saying why and what to do, never answered
// as a number that lost its last digits (20 legs at +1000000 answered +1.0020019011404844e+82). Checked against the
// exact combined price (BigInt fractions) over a grid of leg counts and prices and across the bound itself.

const NO_CONTEXT = {} as ToolContext;
/** The largest whole number a double holds exactly, and past which no whole American price can be stated. */
const BOUND = BigInt(Number.MAX_SAFE_INTEGER);

/** The exact combined price over 100, as a fraction: American = 100 × (decimal − 1), decimal the product of the legs'. */
function exactAmerican(prices: readonly number[]): { numerator: bigint; denominator: bigint } {
  let numerator = 1n;
  let denominator = 1n;
  for (const odds of prices) {
    const price = BigInt(Math.abs(odds));
    // +x pays (100 + x) / 100; -x pays (x + 100) / x.
    numerator *= price + 100n;
    denominator *= odds > 0 ? 100n : price;
  }
  return { numerator: 100n * (numerator - denominator), denominator };
}

const pastBound = (prices: readonly number[]) => {
  const { numerator, denominator } = exactAmerican(prices);
  return numerator > BOUND * denominator;
};

async function answer(prices: readonly number[]) {
  const legs = prices.map((americanOdds) => ({ americanOdds }));
  try {
    return { answered: await calcParlay.run(NO_CONTEXT, calcParlay.input.parse({ legs })) };
  } catch (error) {
    return { refused: error };
  }
}

/** What is wrong with the answer to `prices`, if anything. */
async function problem(prices: readonly number[]): Promise<string | undefined> {
  const where = `${prices.length} legs ${[...new Set(prices)].join('/')}`;
  const result = await answer(prices);
  if (pastBound(prices)) {
    if (!('refused' in result)) return `${where}: answered ${result.answered.americanOdds} past the bound`;
    const error = result.refused as ToolError;
    if (!(error instanceof ToolError) || error.code !== 'invalid_input') return `${where}: refused with ${String(error)}`;
    const [issue] = error.issues;
    if (issue?.path !== 'legs' || !/9,007,199,254,740,991/.test(issue.message) || !/fewer or shorter legs/.test(issue.message))
      return `${where}: ${error.message}`;
    return undefined;
  }
  if (!('answered' in result) || !result.answered) return `${where}: refused within the bound: ${String(result.refused)}`;
  const { americanOdds } = result.answered;
  if (!Number.isSafeInteger(americanOdds)) return `${where}: americanOdds ${americanOdds} is not a safe integer`;
  const { numerator, denominator } = exactAmerican(prices);
  // Within a unit of the exact price, or of its relative float error past 2^52 where whole numbers are a unit apart.
  const exact = Number(numerator / denominator);
  if (Math.abs(americanOdds - exact) > Math.max(1, exact * 1e-14) && exact >= 100)
    return `${where}: americanOdds ${americanOdds}, exact ${exact}`;
  return undefined;
}

describe('calc_parlay refuses legs that combine past the longest whole American price', () => {
  it('over every leg count from 2 to 20 at prices from -100000 to +1000000, alone and mixed', async () => {
    const PRICES = [-100_000, -110, 100, 150, 400, 1_000, 10_000, 100_000, 1_000_000];
    const problems: string[] = [];
    let refused = 0;
    for (let count = 2; count <= 20; count++) {
      for (const price of PRICES) {
        for (const prices of [Array(count).fill(price), Array.from({ length: count }, (_, i) => (i % 2 === 0 ? price : 1_000_000))]) {
          const found = await problem(prices);
          if (found) problems.push(found);
          if (pastBound(prices)) refused++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(50);
  });

  it('across the bound: three legs at +1000000 and a fourth from +8800 to +9000 (the bound falls near +8904)', async () => {
    const problems: string[] = [];
    const sides = { within: 0, past: 0 };
    for (let fourth = 8_800; fourth <= 9_000; fourth++) {
      const prices = [1_000_000, 1_000_000, 1_000_000, fourth];
      const found = await problem(prices);
      if (found) problems.push(found);
      sides[pastBound(prices) ? 'past' : 'within']++;
    }
    expect(problems).toEqual([]);
    expect(sides.within).toBeGreaterThan(50);
    expect(sides.past).toBeGreaterThan(50);
  });

  it('says what it refuses: the combined decimal odds, the bound and what to do', async () => {
    const result = await answer(Array(20).fill(1_000_000));
    expect('refused' in result && (result.refused as ToolError).message).toBe(
      'legs: combine to decimal odds of 1.00200e+80, past +9,007,199,254,740,991 (decimal 9.007e+13), the longest American ' +
        'price a whole number states exactly: no book takes such a parlay. Price fewer or shorter legs.',
    );
  });
});
