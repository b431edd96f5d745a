import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devig } from '@/lib/betting/devig';
import { DevigRefused, FAIR_METHODS, compareDevig, devigAdditive, devigBy, devigShin, solveShinZ } from '@/lib/betting/devig-methods';
import { anyMarket, at, bookMarket, impliedOf, sum } from './support';

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
  it('sums to exactly 1, keeps the order, and the new methods stay in (0, 1)', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        for (const method of FAIR_METHODS) {
          let fair: number[];
          try {
            fair = devigBy(implied, method);
          } catch (error) {
            expect(method).toBe('additive');
            expect(error).toBeInstanceOf(DevigRefused);
            const share = (sum(implied) - 1) / implied.length;
            expect(implied.length).toBeGreaterThanOrEqual(3);
            expect(implied.some((p) => p - share <= 0)).toBe(true);
            continue;
          }
          expect(fair).toHaveLength(implied.length);
          expect(sum(fair)).toBe(1);
          for (let i = 0; i < implied.length; i += 1) {
            for (let j = 0; j < implied.length; j += 1) {
              if (at(implied, i) > at(implied, j)) expect(at(fair, i)).toBeGreaterThanOrEqual(at(fair, j));
            }
            if (method !== 'power') {
              expect(at(fair, i)).toBeGreaterThan(0);
              expect(at(fair, i)).toBeLessThan(1);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shin equals additive for two outcomes', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds.slice(0, 2));
        const shin = devigShin(implied);
        const additive = devigAdditive(implied);
        shin.forEach((p, i) => expect(Math.abs(p - at(additive, i))).toBeLessThan(1e-12));
      }),
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

  it('compare: each range holds every method that priced the market, refusals are null', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        const { byMethod, ranges, refusals } = compareDevig(implied);
        expect(Object.keys(byMethod)).toEqual([...FAIR_METHODS]);
        for (const method of FAIR_METHODS) {
          const fair = byMethod[method];
          if (fair === null) {
            expect(refusals[method]).toMatch(/additive/);
            continue;
          }
          expect(fair).toEqual(devigBy(implied, method));
          fair.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(ranges[i]?.min as number);
            expect(p).toBeLessThanOrEqual(ranges[i]?.max as number);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
