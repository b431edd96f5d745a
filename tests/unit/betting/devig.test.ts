import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DevigMethod, MIN_FAIR_PROBABILITY, devig, overround } from '@/lib/betting/devig';
import { anyMarket, at, bookMarket, impliedOf, sum } from './support';

const methods: DevigMethod[] = ['multiplicative', 'power'];

/** Index pairs [i, j] whose implied probabilities satisfy implied[i] > implied[j]. */
function pairs(implied: number[]): [number, number][] {
  return implied.flatMap((p, i) => implied.flatMap((q, j): [number, number][] => (p > q ? [[i, j]] : [])));
}

/** The k of the power method, read back from one outcome: fair = implied^k. */
const exponentOf = (fair: number, implied: number) => Math.log(fair) / Math.log(implied);

describe('overround', () => {
  it('is the implied probabilities sum minus 1', () => {
    expect(overround(impliedOf([-110, -110]))).toBeCloseTo(1 / 21, 15); // 0.047619…
    expect(overround(impliedOf([150, 240, 190]))).toBeCloseTo(19.2 / 493, 15); // 0.038945…
    expect(overround(impliedOf([100, -100]))).toBe(0);
    expect(overround(impliedOf([105, 105]))).toBeCloseTo(-5 / 205, 15); // an exchange-like underround
  });
});

describe('devig: published and hand-checked markets', () => {
  it('-110/-110: implied 0.5238095…, fair 0.5/0.5 for both methods', () => {
    const implied = impliedOf([-110, -110]);
    expect(implied[0]).toBeCloseTo(0.5238095238095238, 16);
    for (const method of methods) {
      expect(devig(implied, method)).toEqual([0.5, 0.5]);
    }
  });

  // Home +150, draw +240, away +190: implied 2/5, 5/17, 10/29, which sum to 512.2/493.
  const soccer = impliedOf([150, 240, 190]);

  it('3-way soccer market, multiplicative: each implied / (512.2/493)', () => {
    const fair = devig(soccer, 'multiplicative');
    expect(fair[0]).toBeCloseTo(197.2 / 512.2, 15); // 0.38500…
    expect(fair[1]).toBeCloseTo(145 / 512.2, 15); // 0.28309…
    expect(fair[2]).toBeCloseTo(170 / 512.2, 15); // 0.33190…
  });

  it('3-way soccer market, power: k = 1.0363066 (checked with 50-digit arithmetic)', () => {
    const fair = devig(soccer, 'power');
    expect(fair[0]).toBeCloseTo(0.38691196670770867, 15);
    expect(fair[1]).toBeCloseTo(0.281335746155474, 15);
    expect(fair[2]).toBeCloseTo(0.3317522871368173, 15);
    fair.forEach((p, i) => expect(exponentOf(p, at(soccer, i))).toBeCloseTo(1.0363065509723797, 12));
  });

  describe('2-way -200/+160: implied 2/3 and 5/13 (overround 2/39)', () => {
    const implied = impliedOf([-200, 160]);
    const [favourite, longshot] = [0, 1] as const;

    it('multiplicative: 26/41 and 15/41, both shrunk by the same factor 39/41', () => {
      const fair = devig(implied, 'multiplicative');
      expect(fair[favourite]).toBeCloseTo(26 / 41, 15);
      expect(fair[longshot]).toBeCloseTo(15 / 41, 15);
    });

    it('power: one k > 1 for every outcome, with Σ implied^k = 1', () => {
      const fair = devig(implied, 'power');
      const k = exponentOf(at(fair, favourite), at(implied, favourite));
      expect(k).toBeCloseTo(1.0828252129334262, 12);
      expect(k).toBeGreaterThan(1);
      expect(exponentOf(at(fair, longshot), at(implied, longshot))).toBeCloseTo(k, 12);
      expect(sum(implied.map((p) => p ** k))).toBeCloseTo(1, 15);
      expect(fair[favourite]).toBeCloseTo(0.64464993753405797, 15);
      expect(fair[longshot]).toBeCloseTo(0.35535006246594203, 15);
    });

    it('power takes less margin from the favourite, more from the longshot', () => {
      const [fair, proportional] = [devig(implied, 'power'), devig(implied, 'multiplicative')];
      const kept = (values: number[], i: number) => at(values, i) / at(implied, i);
      expect(kept(fair, favourite)).toBeCloseTo(0.967, 3); // loses 3.3% of its implied probability
      expect(kept(fair, longshot)).toBeCloseTo(0.924, 3); // loses 7.6%
      expect(kept(proportional, favourite)).toBeCloseTo(39 / 41, 15); // both lose 4.9%
      expect(kept(fair, favourite)).toBeGreaterThan(kept(proportional, favourite));
      expect(kept(fair, longshot)).toBeLessThan(kept(proportional, longshot));
    });
  });

  it('a market without margin is only rescaled, by either method', () => {
    expect(devig(impliedOf([100, -100]), 'power')).toEqual([0.5, 0.5]);
    expect(devig(impliedOf([105, 105]), 'power')).toEqual([0.5, 0.5]);
    const underround = impliedOf([120, 110]); // 100/220 + 100/210 < 1
    expect(devig(underround, 'power')).toEqual(devig(underround, 'multiplicative'));
    expect(devig(underround, 'power')[0]).toBeCloseTo(100 / 220 / (100 / 220 + 100 / 210), 15);
  });

  it('when rounding makes the total skip 1 for the largest outcome, another absorbs the error', () => {
    // -250/+300/+250: implied 5/7, 1/4, 2/7 sum to 5/4. Plain division gives a total of
    // 0.9999999999999999, and no value of the 4/7 outcome alone yields a left-to-right sum of 1.
    const implied = impliedOf([-250, 300, 250]);
    expect(sum(implied.map((p) => p / 1.25))).not.toBe(1);
    const fair = devig(implied, 'multiplicative');
    expect(sum(fair)).toBe(1);
    expect(fair[0]).toBeCloseTo(4 / 7, 15);
    expect(fair[1]).toBeCloseTo(0.2, 15);
    expect(fair[2]).toBeCloseTo(8 / 35, 15);
  });

  it('power method in an absurd market: a longshot whose fair probability underflows gets the floor, never 0', () => {
    // Two 99.9% favourites: k ≈ 693, and (1/10001)^693 ≈ 1e-2772 is far below the smallest double.
    const fair = devig(impliedOf([-100_000, -100_000, 1_000_000]), 'power');
    expect(fair[0]).toBeCloseTo(0.5, 15);
    expect(fair[1]).toBeCloseTo(0.5, 15);
    expect(fair[2]).toBe(MIN_FAIR_PROBABILITY);
    expect(Number.isFinite(1 / at(fair, 2))).toBe(true);
    expect(sum(fair)).toBe(1);
  });

  it('power method with two 99.9% favourites and an even-money outcome: 0.5^693, still exact', () => {
    const implied = impliedOf([-100_000, -100_000, 100]);
    const fair = devig(implied, 'power');
    const k = exponentOf(at(fair, 0), at(implied, 0));
    expect(k).toBeCloseTo(Math.log(0.5) / Math.log(at(implied, 0)), 9); // ≈ 693.5
    expect(exponentOf(at(fair, 2), 0.5)).toBeCloseTo(k, 9); // ≈ 1.7e-209: tiny, finite and correct
    expect(sum(fair)).toBe(1);
  });

  it('returns a new array and leaves the input alone', () => {
    const implied = impliedOf([-110, -110]);
    const copy = [...implied];
    expect(devig(implied, 'multiplicative')).not.toBe(implied);
    expect(implied).toEqual(copy);
  });
});

describe('devig: invalid input', () => {
  it.each([[[]], [[0.5]], [[0.5, 0]], [[0.5, 1]], [[0.5, 1.2]], [[0.5, -0.1]], [[0.5, Number.NaN]]])('rejects %j', (implied) => {
    for (const method of methods) {
      expect(() => devig(implied, method)).toThrow(RangeError);
    }
  });

  it('rejects an unknown method', () => {
    expect(() => devig([0.5, 0.6], 'shin' as DevigMethod)).toThrow(RangeError);
  });
});

describe('devig: properties', () => {
  const realistic = bookMarket(-0.05, 0.5);

  it.each(methods)('%s: fair probabilities sum to exactly 1, summed left to right', (method) => {
    fc.assert(
      fc.property(fc.oneof(anyMarket, realistic), (odds) => {
        expect(sum(devig(impliedOf(odds), method))).toBe(1);
      }),
      { numRuns: 20_000 },
    );
  });

  it('power equals multiplicative when the implied probabilities sum to 1 or less', () => {
    const noMargin = bookMarket(-0.3, 0).filter((odds) => sum(impliedOf(odds)) <= 1);
    fc.assert(
      fc.property(noMargin, (odds) => {
        const implied = impliedOf(odds);
        expect(devig(implied, 'power')).toEqual(devig(implied, 'multiplicative'));
      }),
      { numRuns: 2_000 },
    );
  });

  it('every multiplicative fair probability is in (0, 1), for any market', () => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        for (const p of devig(impliedOf(odds), 'multiplicative')) {
          expect(p > 0 && p < 1).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  // In absurd markets a longshot's power-method probability can be below any double (see above): the floor.
  it('every power fair probability is in (0, 1) up to 50% overround, in [MIN_FAIR_PROBABILITY, 1) always', () => {
    fc.assert(
      fc.property(realistic, (odds) => {
        for (const p of devig(impliedOf(odds), 'power')) {
          expect(p > 0 && p < 1).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(anyMarket, (odds) => {
        for (const p of devig(impliedOf(odds), 'power')) {
          expect(p >= MIN_FAIR_PROBABILITY && p < 1).toBe(true);
          expect(Number.isFinite(1 / p)).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it.each(methods)('%s: a higher implied probability never gets a lower fair one', (method) => {
    fc.assert(
      fc.property(anyMarket, (odds) => {
        const implied = impliedOf(odds);
        const fair = devig(implied, method);
        return pairs(implied).every(([i, j]) => at(fair, i) >= at(fair, j));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each(methods)('%s keeps order strict in realistic markets', (method) => {
    fc.assert(
      fc.property(realistic, (odds) => {
        const implied = impliedOf(odds);
        const fair = devig(implied, method);
        return pairs(implied).every(([i, j]) => at(fair, i) > at(fair, j));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each(methods)('%s gives equal prices equal fair probabilities (to rounding)', (method) => {
    fc.assert(
      fc.property(fc.oneof(anyMarket, realistic), (odds) => {
        const repeated = odds[0] ?? 100;
        const fair = devig(impliedOf([repeated, ...odds, repeated]), method);
        expect(fair[0]).toBeCloseTo(at(fair, fair.length - 1), 14);
        expect(fair[0]).toBeCloseTo(at(fair, 1), 14);
      }),
      { numRuns: 5_000 },
    );
  });

  it.each(methods)('%s: fair <= implied when overround > 0, >= when < 0', (method) => {
    fc.assert(
      fc.property(fc.oneof(anyMarket, realistic, bookMarket(-0.3, 0)), (odds) => {
        const implied = impliedOf(odds);
        const margin = overround(implied);
        const fair = devig(implied, method);
        implied.forEach((p, i) => {
          if (margin > 1e-9) expect(fair[i]).toBeLessThanOrEqual(p);
          if (margin < -1e-9) expect(fair[i]).toBeGreaterThanOrEqual(p);
        });
      }),
      { numRuns: 5_000 },
    );
  });

  it('power takes proportionally more margin from longshots than from favourites', () => {
    fc.assert(
      fc.property(realistic, (odds) => {
        const implied = impliedOf(odds);
        fc.pre(overround(implied) > 0);
        const fair = devig(implied, 'power');
        const kept = implied.map((p, i) => at(fair, i) / p);
        return pairs(implied).every(([i, j]) => at(kept, i) >= at(kept, j) * (1 - 1e-12));
      }),
      { numRuns: 5_000 },
    );
  });

  it('power uses a single k > 1 for every outcome when there is a margin', () => {
    fc.assert(
      fc.property(realistic, (odds) => {
        const implied = impliedOf(odds);
        fc.pre(overround(implied) > 1e-6);
        const fair = devig(implied, 'power');
        const exponents = implied.map((p, i) => exponentOf(at(fair, i), p));
        const k = at(exponents, 0);
        expect(k).toBeGreaterThan(1);
        for (const other of exponents) expect(other).toBeCloseTo(k, 9);
      }),
      { numRuns: 5_000 },
    );
  });

  // The whole input domain (any 2 to 20 accepted prices, absurd markets included): one k for every outcome
  // whose p^k a double can hold, and that k solves Σ p^k = 1.
  it('power is correct over the whole input domain: one k, Σ implied^k = 1, the floor only below any double', () => {
    fc.assert(
      fc.property(fc.oneof(anyMarket, bookMarket(0, 1)), (odds) => {
        const implied = impliedOf(odds);
        fc.pre(overround(implied) > 1e-6);
        const fair = devig(implied, 'power');
        const largest = implied.indexOf(Math.max(...implied));
        const k = exponentOf(at(fair, largest), at(implied, largest));
        expect(k).toBeGreaterThan(1);
        const exact = implied.map((p) => p ** k);
        expect(sum(exact)).toBeCloseTo(1, 9);
        implied.forEach((p, i) => {
          const expected = at(exact, i);
          if (expected < MIN_FAIR_PROBABILITY) expect(fair[i]).toBe(MIN_FAIR_PROBABILITY);
          else if (expected > 1e-300) expect(Math.abs(at(fair, i) - expected)).toBeLessThanOrEqual(1e-9 * expected + 1e-12);
        });
      }),
      { numRuns: 5_000 },
    );
  });
});
