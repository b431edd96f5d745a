import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanToDecimal, FAIR_METHODS, fullKellyFraction, impliedProbability, priceExpectedValue, roundTo } from '@/lib/betting';
import { combinedDecimalOdds, pastLongestParlay } from '@/lib/betting/parlay';
import { ToolError } from '@/lib/errors';
import { calcEv, calcImpliedProbability, calcKellyStake, calcNoVigOdds, calcParlay } from '@/lib/tools/calculators';
import type { ToolContext } from '@/lib/tools/types';

// Every number a calculator answers is rounded to what it means (docs/contract.md, Calculators), so an agent can quote
// it at face value: over a grid of probabilities, prices and stakes, and over random ones, no number has more
// decimals than its field's rule (an expected value of 2.9945 on a stake of 100, never 2.99449999999999), every field
// has a rule, what the caller passed comes back as given, and the rounded figures stay within half a unit of their
// last place of the exact ones. calc_no_vig_odds keeps its figures unrounded (its fair probabilities sum to exactly 1):
// they carry no float noise past 15 significant digits.

/** A field's rule: at most this many decimals; 'echo' for an argument answered back as given. */
type Rule = number | 'echo';
type Rules = Record<string, Rule>;

/** Decimals of a number as JSON writes it: 2.9945 → 4, 1e-7 → 7, 1e+21 → 0. */
function decimals(x: number): number {
  const [mantissa = '', exponent = '0'] = String(x).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}

/** The numbers of an answer that break their field's rule (or have none), by path; list items' paths end in []. */
function offRule(answer: unknown, rules: Rules, path = ''): string[] {
  if (typeof answer === 'number') {
    const rule = rules[path];
    if (rule === undefined) return [`${path}: ${answer} has no rule`];
    return rule === 'echo' || decimals(answer) <= rule ? [] : [`${path}: ${answer} has more than ${rule} decimals`];
  }
  if (Array.isArray(answer)) return answer.flatMap((item) => offRule(item, rules, `${path}[]`));
  if (answer !== null && typeof answer === 'object') {
    return Object.entries(answer).flatMap(([key, value]) => offRule(value, rules, `${path}.${key}`));
  }
  return [];
}

const IMPLIED_RULES: Rules = { '.americanOdds': 0, '.decimalOdds': 6, '.impliedProbability': 6 };
const EV_RULES: Rules = {
  '.probability': 'echo',
  '.americanOdds': 0,
  '.decimalOdds': 6,
  '.impliedProbability': 6,
  '.edge': 6,
  '.stake': 'echo',
  '.expectedValue': 4,
  '.expectedValuePercent': 6,
};
const PARLAY_RULES: Rules = {
  '.legs': 0,
  '.decimalOdds': 6,
  '.americanOdds': 0,
  '.impliedProbability': 6,
  '.combinedProbability': 6,
  '.expectedValuePercent': 6,
  '.correlationWarnings[].legs[]': 0,
};
const KELLY_RULES: Rules = {
  '.probability': 'echo',
  '.americanOdds': 0,
  '.fullKellyFraction': 6,
  '.kellyFraction': 'echo',
  '.bankroll': 2,
  '.unit': 2,
  '.stake': 2,
  '.stakeUnits': 2,
  '.limits.maxStake': 2,
  '.limits.dailyLossRoom': 2,
  '.limits.weeklyLossRoom': 2,
  '.cappedStake': 2,
  '.cappedStakeUnits': 2,
};

/** `shown` is `exact` rounded to `places`: within half a unit of the last place, plus float slack. */
const roundsTo = (shown: number, exact: number, places: number) =>
  Math.abs(shown - exact) <= 0.5 * 10 ** -places + 1e-12 * Math.max(1, Math.abs(exact));

// The grid: prices from the shortest to the longest the service takes, the common ones between; probabilities in
// hundredths and at six places as get_game_odds shows fair probabilities; stakes from a cent to the money bound.
const ODDS = [
  -100_000, -10_000, -1_000, -400, -257, -250, -200, -155, -150, -125, -120, -115, -110, -105, -102, -100, 100, 102, 104, 110, 115, 120,
  150, 155, 200, 240, 250, 257, 400, 1_000, 10_000, 1_000_000,
];
const PROBABILITIES = [
  0.000001,
  0.001,
  0.005,
  0.999,
  0.999999,
  0.68663,
  0.539495,
  0.741445,
  0.232396,
  0.4039,
  0.333333,
  0.666667,
  ...Array.from({ length: 99 }, (_, i) => (i + 1) / 100),
  ...Array.from({ length: 150 }, (_, i) => ((((i * 7919 + 4409) * 104_729) % 999_999) + 1) / 1e6),
];
const STAKES = [0.01, 0.07, 1, 1.37, 3.33, 10, 99.99, 100, 250.55, 1000, 12_345.67, 9_999_999.99, 10_000_000];

const contextWith = (bankroll: unknown) =>
  ({
    user: { id: 'user' },
    now: () => new Date('2026-12-05T12:00:00Z'),
    ledger: { readBankroll: async () => bankroll },
  }) as unknown as ToolContext;
const NO_CONTEXT = {} as ToolContext;
const STORED = { balance: 1234.56, unit: 12.34, kellyFraction: 0.25, maxStake: 50, dailyLossRoom: 100, weeklyLossRoom: null };

describe('calculator answers are rounded to what each number means', () => {
  it('calc_ev at 0.68663 and -200 answers 2.9945 on a stake of 100, and calc_kelly_stake a full Kelly of 0.05989', async () => {
    const ev = await calcEv.run(NO_CONTEXT, calcEv.input.parse({ probability: 0.68663, americanOdds: -200 }));
    expect(ev).toEqual({
      probability: 0.68663,
      americanOdds: -200,
      decimalOdds: 1.5,
      impliedProbability: 0.666667,
      edge: 0.019963,
      stake: 100,
      expectedValue: 2.9945,
      expectedValuePercent: 0.029945,
    });
    const kelly = await calcKellyStake.run(contextWith(null), { probability: 0.68663, americanOdds: -200, bankroll: 1000 });
    expect(kelly.fullKellyFraction).toBe(0.05989);
  });

  it('calc_ev at 0.178 and -400 answers -77.75 on a stake of 100, not -77.75000000000001', async () => {
    const answer = await calcEv.run(NO_CONTEXT, calcEv.input.parse({ probability: 0.178, americanOdds: -400 }));
    expect(answer.expectedValue).toBe(-77.75);
  });

  it('calc_implied_probability over every price from -1000 to +1000 and the grid', async () => {
    const prices = [...ODDS, ...Array.from({ length: 1801 }, (_, i) => i - 900).map((n) => (n < 0 ? n - 100 : n + 100))];
    for (const odds of prices) {
      const answer = await calcImpliedProbability.run(NO_CONTEXT, { americanOdds: odds });
      expect(offRule(answer, IMPLIED_RULES), `${odds}`).toEqual([]);
      expect(roundsTo(answer.decimalOdds, americanToDecimal(odds), 6), `${odds}`).toBe(true);
      expect(roundsTo(answer.impliedProbability, impliedProbability(odds), 6), `${odds}`).toBe(true);
    }
  });

  it("calc_ev over the grid: every field to its rule, expectedValuePercent the odds tools' expected value", async () => {
    const problems: string[] = [];
    for (const p of PROBABILITIES) {
      for (const odds of ODDS) {
        const perUnit = p * americanToDecimal(odds) - 1;
        // get_game_odds' expectedValue for a shown fairProbability and price (priceExpectedValue): the same number.
        const shown = priceExpectedValue(p, odds);
        for (const stake of STAKES) {
          const answer = await calcEv.run(NO_CONTEXT, { probability: p, americanOdds: odds, stake });
          const where = `p ${p}, ${odds}, stake ${stake}: `;
          problems.push(...offRule(answer, EV_RULES).map((problem) => where + problem));
          if (answer.probability !== p || answer.stake !== stake) problems.push(`${where}arguments not answered as given`);
          if (answer.expectedValuePercent !== shown)
            problems.push(`${where}expectedValuePercent ${answer.expectedValuePercent}, not ${shown}`);
          if (!roundsTo(answer.expectedValue, stake * perUnit, 4)) problems.push(`${where}expectedValue ${answer.expectedValue}`);
          if (!roundsTo(answer.edge, p - impliedProbability(odds), 6)) problems.push(`${where}edge ${answer.edge}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('calc_kelly_stake over the grid, with and without a stored bankroll', async () => {
    const problems: string[] = [];
    for (const p of PROBABILITIES) {
      for (const odds of ODDS) {
        const where = `p ${p}, ${odds}: `;
        const own = await calcKellyStake.run(contextWith(STORED), { probability: p, americanOdds: odds });
        problems.push(...offRule(own, KELLY_RULES).map((problem) => where + problem));
        if (!roundsTo(own.fullKellyFraction, fullKellyFraction(p, odds), 6)) problems.push(`${where}full Kelly ${own.fullKellyFraction}`);
        for (const bankroll of [0.01, 1, 1000, 12_345.67]) {
          const args = { probability: p, americanOdds: odds, bankroll, kellyFraction: 0.3 };
          const whatIf = await calcKellyStake.run(contextWith(null), args);
          problems.push(...offRule(whatIf, KELLY_RULES).map((problem) => `${where}bankroll ${bankroll}: ${problem}`));
          if (whatIf.probability !== p || whatIf.bankroll !== bankroll || whatIf.kellyFraction !== 0.3) {
            problems.push(`${where}bankroll ${bankroll}: arguments not answered as given`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('calc_parlay over pairs of grid prices, and the longest parlays it answers (tests/unit/tools/parlay-bound.test.ts)', async () => {
    const pairs = ODDS.flatMap((first) => ODDS.map((second) => [first, second]));
    const longest = [
      [1_000_000, 1_000_000, 1_000_000, 8_900],
      Array(20).fill(-100_000),
      Array(20).fill(257),
      Array(6).fill(10_000),
      Array(13).fill(1_000),
    ];
    const problems: string[] = [];
    for (const prices of [...pairs, ...longest]) {
      const decimal = prices.reduce((product, odds) => product * americanToDecimal(odds), 1);
      for (const probabilities of [null, [0.55, 0.539495], [0.000001, 0.999999], [0.333333, 0.68663]]) {
        const legs = prices.map((odds, i) => ({ americanOdds: odds, ...(probabilities ? { probability: probabilities[i % 2] } : {}) }));
        const answer = await calcParlay.run(NO_CONTEXT, { legs });
        const where = `${prices.join(' ')} at ${JSON.stringify(probabilities)}: `;
        problems.push(...offRule(answer, PARLAY_RULES).map((problem) => where + problem));
        if (!roundsTo(answer.decimalOdds, decimal, 6)) problems.push(`${where}decimalOdds ${answer.decimalOdds}`);
        if (!roundsTo(answer.impliedProbability, 1 / decimal, 6)) problems.push(`${where}impliedProbability ${answer.impliedProbability}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the same rules over random inputs', () => {
  const RUNS = 400;
  const americanOdds = fc.oneof(fc.integer({ min: -100_000, max: -100 }), fc.integer({ min: 100, max: 1_000_000 }));
  const probability = fc.double({ min: 1e-9, max: 1 - 1e-9, noNaN: true });
  const amount = fc.integer({ min: 1, max: 1_000_000_000 }).map((cents) => cents / 100);

  it('calc_ev', async () => {
    await fc.assert(
      fc.asyncProperty(probability, americanOdds, amount, async (p, odds, stake) => {
        const answer = await calcEv.run(NO_CONTEXT, calcEv.input.parse({ probability: p, americanOdds: odds, stake }));
        expect(offRule(answer, EV_RULES)).toEqual([]);
        expect(answer.expectedValuePercent).toBe(roundTo(p * americanToDecimal(odds) - 1, 6));
        expect(roundsTo(answer.expectedValue, stake * (p * americanToDecimal(odds) - 1), 4)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('calc_parlay: the combined probability and EV from the unrounded legs', async () => {
    const legs = fc.array(fc.record({ americanOdds, probability }), { minLength: 2, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(legs, async (legs) => {
        fc.pre(!pastLongestParlay(combinedDecimalOdds(legs))); // refused past it: parlay-bound.test.ts
        const answer = await calcParlay.run(NO_CONTEXT, calcParlay.input.parse({ legs }));
        expect(offRule(answer, PARLAY_RULES)).toEqual([]);
        const decimal = legs.reduce((product, leg) => product * americanToDecimal(leg.americanOdds), 1);
        const combined = legs.reduce((product, leg) => product * leg.probability, 1);
        expect(roundsTo(answer.combinedProbability!, combined, 6)).toBe(true);
        expect(roundsTo(answer.expectedValuePercent!, combined * decimal - 1, 6)).toBe(true);
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
        expect(offRule(answer, KELLY_RULES)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('calc_no_vig_odds keeps its figures unrounded, without float noise: fair probabilities sum to exactly 1', async () => {
    /** Whole numbers (American odds, a fair price of a near-impossible outcome) have no float noise to lose. */
    const hasNoFloatNoise = (x: number) => Number.isInteger(x) || Number(x.toPrecision(15)) === x;
    /** The numbers of an answer that carry float noise, by path; `exempt` paths (a regular expression) are skipped. */
    const noisyNumbers = (answer: unknown, exempt: RegExp, path = ''): string[] => {
      if (typeof answer === 'number') return exempt.test(path) || hasNoFloatNoise(answer) ? [] : [`${path}: ${answer}`];
      if (answer !== null && typeof answer === 'object') {
        return Object.entries(answer).flatMap(([key, value]) => noisyNumbers(value, exempt, `${path}.${key}`));
      }
      return [];
    };
    const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
    const market = fc.array(
      fc.integer({ min: -2_000, max: 5_000 }).filter((odds) => odds <= -100 || odds >= 100),
      { minLength: 2, maxLength: 20 },
    );
    await fc.assert(
      fc.asyncProperty(market, fc.constantFrom(...FAIR_METHODS), fc.boolean(), async (prices, method, compare) => {
        const args = calcNoVigOdds.input.parse({ prices, method, compare });
        const refused = (error: unknown) => {
          if (error instanceof ToolError && error.code === 'limit') return undefined; // a method refusing the market
          throw error;
        };
        const answer = await calcNoVigOdds.run(NO_CONTEXT, args).catch(refused);
        if (answer === undefined) return;
        const exempt = /fairProbability$|fairProbabilityRange|worstCase\.fairProbability|^\.byMethod|^\.worstCaseSum$/;
        expect(noisyNumbers(answer, exempt)).toEqual([]);
        expect(answer.outcomes.reduce((sum, outcome) => sum + outcome.fairProbability, 0)).toBe(1);
        for (const outcome of answer.outcomes) expect(close(outcome.fairDecimalOdds, 1 / outcome.fairProbability)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
