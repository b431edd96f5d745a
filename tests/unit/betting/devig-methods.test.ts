import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DevigRefused, METHODS_PRICING_EVERY_MARKET, devig } from '@/lib/betting/devig';
import { BLEND_OF, FAIR_METHODS, compareDevig, devigBy, devigShin, solveShinZ } from '@/lib/betting/devig-methods';
import { solveOddsRatio, solveProbitShift } from '@/lib/betting/devig-scales';
import { devigAdditive, devigBalancedBooks } from '@/lib/betting/devig-shares';
import { normalQuantile } from '@/lib/betting/normal';
import { anyMarket, at, bookMarket, expectRelativelyClose, impliedOf, sum } from './support';

/**
 * Shin's probabilities by a different solver and the textbook formula: the Jullien & Salanié fixed-point
 * iteration on z used by the `implied` R package and the `shin` Python package,
 * z ← (Σ √(z² + 4(1 − z)π²/β) − 2) / (n − 2), then p = (√(z² + 4(1 − z)π²/β) − z) / (2(1 − z)).
 */
function shinByIteration(implied: number[]): { z: number; fair: number[] } {
  const beta = sum(implied);
  const root = (p: number, z: number) => Math.sqrt(z * z + 4 * (1 - z) * ((p * p) / beta));
  let z = 0;
  for (let i = 0; i < 100_000; i += 1) {
    const next = (sum(implied.map((p) => root(p, z))) - 2) / (implied.length - 2);
    if (Math.abs(next - z) < 1e-15) break;
    z = next;
  }
  return { z, fair: implied.map((p) => (root(p, z) - z) / (2 * (1 - z))) };
}

describe('shin: published values', () => {
  // mberk/shin README: decimal odds [2.6, 2.4, 4.3] (+160, +140, +330).
  it('three outcomes: [2.6, 2.4, 4.3] → z 0.016942…, fair 0.372994…, 0.404779…, 0.222227…', () => {
    const implied = impliedOf([160, 140, 330]);
    expect(solveShinZ(implied)).toBeCloseTo(0.01694251276407055, 10);
    const fair = devigShin(implied);
    expect(at(fair, 0)).toBeCloseTo(0.37299406033208965, 10);
    expect(at(fair, 1)).toBeCloseTo(0.4047794109200184, 10);
    expect(at(fair, 2)).toBeCloseTo(0.2222265287474275, 10);
  });

  // mberk/shin README: decimal odds [1.5, 2.74] (-200, +174), solved analytically there.
  it('two outcomes: [1.5, 2.74] → z 0.031727…, fair 0.650852…, 0.349148…', () => {
    const implied = impliedOf([-200, 174]);
    expect(solveShinZ(implied)).toBeCloseTo(0.03172728540646625, 12);
    const fair = devigShin(implied);
    expect(at(fair, 0)).toBeCloseTo(0.6508515815085157, 12);
    expect(at(fair, 1)).toBeCloseTo(0.3491484184914841, 12);
  });

  it('-110/-110: z = 1/21 exactly by hand ((π²/β − ¼) / ¼ with π = 11/21, β = 22/21), fair 0.5/0.5', () => {
    const implied = impliedOf([-110, -110]);
    expect(solveShinZ(implied)).toBeCloseTo(1 / 21, 14);
    expect(devigShin(implied)).toEqual([0.5, 0.5]);
  });

  it('agrees with the fixed-point iteration on realistic 3..20-outcome markets', () => {
    fc.assert(
      fc.property(bookMarket(0.01, 0.25), (odds) => {
        const implied = impliedOf(odds);
        fc.pre(implied.length >= 3 && sum(implied) > 1.001);
        const reference = shinByIteration(implied);
        expect(Math.abs(solveShinZ(implied) - reference.z)).toBeLessThan(1e-9);
        devigShin(implied).forEach((p, i) => expect(Math.abs(p - at(reference.fair, i))).toBeLessThan(1e-9));
      }),
    );
  });
});

describe('additive: hand-checked values', () => {
  it('3-way soccer +150/+240/+190: each implied minus a third of the margin', () => {
    const implied = impliedOf([150, 240, 190]);
    const share = (sum(implied) - 1) / 3;
    const fair = devigAdditive(implied);
    implied.forEach((p, i) => expect(at(fair, i)).toBeCloseTo(p - share, 15));
    expect(sum(fair)).toBe(1);
  });

  it('refuses a long shot below its share of the margin', () => {
    // implied 0.990099, 0.090909, 0.000999: the margin's third (0.0273…) exceeds the long shot's 0.000999.
    expect(() => devigAdditive(impliedOf([-10000, 1000, 100000]))).toThrow(DevigRefused);
    expect(() => devigAdditive(impliedOf([-10000, 1000, 100000]))).toThrow(/position 3.*at or below 0/);
  });
});

describe('every method over the whole input domain', () => {
  /** The methods that may refuse a market, and the sign of a refusal: some outcome's share reaches its probability. */
  const MAY_REFUSE = ['additive', 'goto', 'balanced_books', 'jensen_shannon'];

  it('sums to exactly 1, keeps the order and stays in (0, 1), or refuses (only where it may, with 3+ outcomes)', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        for (const method of FAIR_METHODS) {
          let fair: number[];
          try {
            fair = devigBy(implied, method);
          } catch (error) {
            expect(error).toBeInstanceOf(DevigRefused);
            expect(MAY_REFUSE).toContain(method);
            expect(implied.length).toBeGreaterThanOrEqual(3);
            expect((error as Error).message).toMatch(/cannot price this market: the outcome at position \d+ .*Use 'multiplicative'/);
            continue;
          }
          expect(fair).toHaveLength(implied.length);
          expect(sum(fair)).toBe(1);
          for (let i = 0; i < implied.length; i += 1) {
            for (let j = 0; j < implied.length; j += 1) {
              if (at(implied, i) > at(implied, j)) expect(at(fair, i)).toBeGreaterThanOrEqual(at(fair, j));
              // Equal prices, equal fair probabilities to rounding (withExactUnitSum moves one of them by an ulp or so).
              if (at(implied, i) === at(implied, j)) expectRelativelyClose(at(fair, i), at(fair, j), 1e-12);
            }
            expect(at(fair, i)).toBeGreaterThan(0);
            expect(at(fair, i)).toBeLessThan(1);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('every method but multiplicative has the long-shot bias: fair/implied grows with implied, so the longest shot gets at most its multiplicative share', () => {
    fc.assert(
      fc.property(bookMarket(0.005, 0.25), (odds) => {
        const implied = impliedOf(odds);
        fc.pre(sum(implied) > 1);
        const multiplicative = devig(implied, 'multiplicative');
        const longest = implied.indexOf(Math.min(...implied));
        const favourite = implied.indexOf(Math.max(...implied));
        for (const method of FAIR_METHODS.filter((name) => name !== 'multiplicative')) {
          let fair: number[];
          try {
            fair = devigBy(implied, method);
          } catch {
            continue;
          }
          const ratio = (i: number) => at(fair, i) / at(implied, i);
          for (let i = 0; i < implied.length; i += 1) {
            for (let j = 0; j < implied.length; j += 1) {
              if (at(implied, i) > at(implied, j)) expect(ratio(i)).toBeGreaterThanOrEqual(ratio(j) * (1 - 1e-12));
            }
          }
          expect(at(fair, longest)).toBeLessThanOrEqual(at(multiplicative, longest) * (1 + 1e-12));
          expect(at(fair, favourite)).toBeGreaterThanOrEqual(at(multiplicative, favourite) * (1 - 1e-12));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the methods that price every market never refuse one', () => {
    expect([...METHODS_PRICING_EVERY_MARKET].sort()).toEqual(FAIR_METHODS.filter((m) => !MAY_REFUSE.includes(m)).sort());
  });

  it('shin equals additive for two outcomes', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds.slice(0, 2));
        const shin = devigShin(implied);
        const additive = devigBy(implied, 'additive');
        shin.forEach((p, i) => expect(Math.abs(p - at(additive, i))).toBeLessThan(1e-12));
      }),
    );
  });

  it('two outcomes in closed form: odds ratio c² = odds(p₁)·odds(p₂), probit shift (Φ⁻¹(p₁) + Φ⁻¹(p₂)) / 2, balanced books ∝ 1 − the other', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds.slice(0, 2));
        const [p1, p2] = [at(implied, 0), at(implied, 1)];
        fc.pre(p1 + p2 > 1);
        // fair₁ = 1 − fair₂ gives odds(p₁)/c = c / odds(p₂).
        expectRelativelyClose(solveOddsRatio(implied), Math.sqrt(((p1 / (1 - p1)) * p2) / (1 - p2)), 1e-12);
        // Φ(x₁ − s) + Φ(x₂ − s) = 1 needs x₁ − s = s − x₂.
        expect(Math.abs(solveProbitShift(implied).shift - (normalQuantile(p1) + normalQuantile(p2)) / 2)).toBeLessThan(1e-12);
        // z = p₁ + p₂ − 1, so (p₁ − z) / (1 − z) = (1 − p₂) / ((1 − p₁) + (1 − p₂)).
        const books = devigBalancedBooks(implied);
        expectRelativelyClose(at(books, 0), (1 - p2) / (1 - p1 + (1 - p2)), 1e-12);
      }),
    );
  });

  it('blend is the mean of multiplicative, power, shin and odds ratio, outcome by outcome', () => {
    expect(BLEND_OF).toEqual(['multiplicative', 'power', 'shin', 'odds_ratio']);
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        const each = BLEND_OF.map((method) => devigBy(implied, method));
        devigBy(implied, 'blend').forEach((p, i) => {
          const mean = sum(each.map((fair) => at(fair, i))) / each.length;
          expect(Math.abs(p - mean)).toBeLessThanOrEqual(1e-15 + 1e-12 * mean);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('additive removes the same amount from every outcome', () => {
    fc.assert(
      fc.property(bookMarket(0.01, 0.1), (odds) => {
        const implied = impliedOf(odds);
        fc.pre(sum(implied) > 1);
        let fair: number[];
        try {
          fair = devigAdditive(implied);
        } catch {
          return;
        }
        const share = (sum(implied) - 1) / implied.length;
        fair.forEach((p, i) => expect(Math.abs(p - (at(implied, i) - share))).toBeLessThan(1e-12));
      }),
    );
  });

  it('with no margin every method gives the multiplicative result', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        fc.pre(sum(implied) <= 1);
        const multiplicative = devig(implied, 'multiplicative');
        for (const method of FAIR_METHODS) expect(devigBy(implied, method)).toEqual(multiplicative);
      }),
    );
  });

  it('compare: each range holds every method that priced the market, the worst case is its low, refusals are null', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        const { byMethod, ranges, worstCaseSum, refusals } = compareDevig(implied);
        expect(Object.keys(byMethod)).toEqual([...FAIR_METHODS]);
        for (const method of FAIR_METHODS) {
          const fair = byMethod[method];
          if (fair === null) {
            expect(refusals[method]).toMatch(/cannot price this market/);
            continue;
          }
          expect(fair).toEqual(devigBy(implied, method));
          fair.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(ranges[i]?.min as number);
            expect(p).toBeLessThanOrEqual(ranges[i]?.max as number);
          });
        }
        // The lows are bounds taken outcome by outcome, so they sum to at most 1 (to rounding).
        expect(worstCaseSum).toBe(sum(ranges.map((range) => range.min)));
        expect(worstCaseSum).toBeLessThanOrEqual(1 + 1e-15);
      }),
      { numRuns: 100 },
    );
  });
});
