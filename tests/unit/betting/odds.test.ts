import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_AMERICAN_ODDS,
  MIN_AMERICAN_ODDS,
  americanToDecimal,
  decimalToAmerican,
  impliedProbability,
  isValidAmericanOdds,
  probabilityToAmerican,
  probabilityToDecimal,
  roundAmerican,
  roundTo,
} from '@/lib/betting/odds';
import { expectRelativelyClose, validAmericanOdds } from './support';

// -100 and +100 are the same price; the library writes even money as +100.
const canonical = (american: number) => (american === -100 ? 100 : american);

describe('americanToDecimal', () => {
  it.each([
    [150, 2.5],
    [-200, 1.5],
    [100, 2],
    [-100, 2],
    [-110, 21 / 11],
    [-250, 1.4],
    [MAX_AMERICAN_ODDS, 10_001],
    [MIN_AMERICAN_ODDS, 1.001],
  ])('%d → %d', (american, decimal) => {
    expect(americanToDecimal(american)).toBeCloseTo(decimal, 14);
  });

  it('accepts unrounded prices', () => {
    expect(americanToDecimal(-104.5)).toBeCloseTo(1 + 100 / 104.5, 14);
  });

  it.each([0, 99, -99.5, 50, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('rejects %d', (american) => {
    expect(() => americanToDecimal(american)).toThrow(RangeError);
  });
});

describe('decimalToAmerican', () => {
  it.each([
    [2.5, 150],
    [1.5, -200],
    [2, 100],
    [3, 200],
    [1.25, -400],
    [21 / 11, -110],
  ])('%d → %d', (decimal, american) => {
    expect(decimalToAmerican(decimal)).toBeCloseTo(american, 10);
  });

  it('does not round', () => {
    expect(decimalToAmerican(1.95)).toBeCloseTo(-100 / 0.95, 10); // -105.263…
    expect(decimalToAmerican(2.555)).toBeCloseTo(155.5, 10);
  });

  it.each([1, 0.5, 0, -2, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (decimal) => {
    expect(() => decimalToAmerican(decimal)).toThrow(RangeError);
  });
});

describe('impliedProbability', () => {
  it('matches hand-computed values', () => {
    expect(impliedProbability(100)).toBe(0.5);
    expect(impliedProbability(-100)).toBe(0.5);
    expect(impliedProbability(-110)).toBe(110 / 210);
    expect(impliedProbability(-110)).toBeCloseTo(0.5238095238095238, 16);
    expect(impliedProbability(150)).toBe(0.4);
    expect(impliedProbability(-200)).toBeCloseTo(2 / 3, 16);
    expect(impliedProbability(MAX_AMERICAN_ODDS)).toBeCloseTo(100 / 1_000_100, 16);
    expect(impliedProbability(MIN_AMERICAN_ODDS)).toBeCloseTo(100_000 / 100_100, 16);
  });

  it('is 1 / decimal odds', () => {
    fc.assert(
      fc.property(validAmericanOdds, (american) => {
        expectRelativelyClose(impliedProbability(american), 1 / americanToDecimal(american), 1e-15);
      }),
    );
  });

  it('is strictly inside (0, 1) and larger for shorter prices', () => {
    fc.assert(
      fc.property(validAmericanOdds, validAmericanOdds, (a, b) => {
        const [pa, pb] = [impliedProbability(a), impliedProbability(b)];
        expect(pa > 0 && pa < 1).toBe(true);
        if (americanToDecimal(a) < americanToDecimal(b)) expect(pa).toBeGreaterThan(pb);
      }),
    );
  });

  it('rejects impossible prices', () => {
    expect(() => impliedProbability(0)).toThrow(RangeError);
    expect(() => impliedProbability(Number.NaN)).toThrow(RangeError);
  });
});

describe('probabilityToDecimal', () => {
  it.each([
    [0.5, 2],
    [0.25, 4],
    [0.4, 2.5],
    [1, 1],
  ])('%d → %d', (p, decimal) => {
    expect(probabilityToDecimal(p)).toBeCloseTo(decimal, 14);
  });

  it.each([0, -0.1, 1.1, Number.NaN])('rejects %d', (p) => {
    expect(() => probabilityToDecimal(p)).toThrow(RangeError);
  });
});

describe('probabilityToAmerican', () => {
  it.each([
    [0.5, 100],
    [0.4, 150],
    [0.2, 400],
    [2 / 3, -200],
    [0.75, -300],
    [110 / 210, -110],
  ])('%d → %d', (p, american) => {
    expect(probabilityToAmerican(p)).toBeCloseTo(american, 10);
  });

  it('gives +100 for even money', () => {
    expect(probabilityToAmerican(0.5)).toBe(100);
  });

  it('does not round', () => {
    expect(probabilityToAmerican(0.51)).toBeCloseTo(-5100 / 49, 10); // -104.08…
  });

  it('never returns a price inside (-100, +100), even right next to 0.5', () => {
    for (const p of [0.5 - 2 ** -54, 0.5 + 2 ** -53, 0.4999999999, 0.5000000001]) {
      expect(Math.abs(probabilityToAmerican(p))).toBeGreaterThanOrEqual(100);
    }
  });

  it.each([0, 1, -0.5, 1.5, Number.NaN])('rejects %d', (p) => {
    expect(() => probabilityToAmerican(p)).toThrow(RangeError);
  });
});

describe('roundAmerican', () => {
  it.each([
    [-100.4, -100],
    [99.6, 100],
    [99.4, 100],
    [-99.6, -100],
    [-99.4, -100],
    [0, 100],
    [150.4, 150],
    [-110.4, -110],
    [-109.6, -110],
    [264.46, 264],
  ])('%d → %d', (american, rounded) => {
    expect(roundAmerican(american)).toBe(rounded);
  });

  it('writes a fair coin flip as +100', () => {
    expect(roundAmerican(probabilityToAmerican(0.5))).toBe(100);
  });

  it('never returns a value inside (-100, 100), and moves a real price by at most 0.5', () => {
    const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });
    const nearEvenMoney = fc.double({ min: -101, max: 101, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(anyFinite, nearEvenMoney), (american) => {
        const rounded = roundAmerican(american);
        expect(Number.isInteger(rounded)).toBe(true);
        expect(rounded <= -100 || rounded >= 100).toBe(true);
        if (Math.abs(american) >= 100) {
          expect(Math.abs(rounded - american)).toBeLessThanOrEqual(0.5);
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (american) => {
    expect(() => roundAmerican(american)).toThrow(RangeError);
  });
});

describe('isValidAmericanOdds', () => {
  it.each([-110, 100, -100, 150, MIN_AMERICAN_ODDS, MAX_AMERICAN_ODDS])('accepts %d', (n) => {
    expect(isValidAmericanOdds(n)).toBe(true);
  });

  it.each([0, 99, -99, 50, -110.5, MAX_AMERICAN_ODDS + 1, MIN_AMERICAN_ODDS - 1, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects %d',
    (n) => {
      expect(isValidAmericanOdds(n)).toBe(false);
    },
  );

  it('accepts exactly the generated prices and nothing in (-100, 100)', () => {
    fc.assert(fc.property(validAmericanOdds, (n) => isValidAmericanOdds(n)));
    fc.assert(fc.property(fc.integer({ min: -99, max: 99 }), (n) => !isValidAmericanOdds(n)));
  });
});

describe('round trips', () => {
  it('American → decimal → American gives the price back', () => {
    fc.assert(
      fc.property(validAmericanOdds, (american) => {
        expect(roundAmerican(decimalToAmerican(americanToDecimal(american)))).toBe(canonical(american));
      }),
      { numRuns: 10_000 },
    );
  });

  it('American → probability → American gives the price back', () => {
    fc.assert(
      fc.property(validAmericanOdds, (american) => {
        expect(roundAmerican(probabilityToAmerican(impliedProbability(american)))).toBe(canonical(american));
      }),
      { numRuns: 10_000 },
    );
  });

  it('decimal → American → decimal is accurate to double precision', () => {
    const decimal = fc.double({ min: 1, max: 1e9, minExcluded: true, noNaN: true });
    fc.assert(
      fc.property(decimal, (d) => {
        expectRelativelyClose(americanToDecimal(decimalToAmerican(d)), d, 1e-15);
      }),
    );
  });

  it('probability → American → probability and probability → decimal → probability', () => {
    // Below ~1e-306 the price itself overflows to Infinity; no betting probability is that small.
    const finitePriceProbability = fc.double({ min: 1e-300, max: 1, maxExcluded: true, noNaN: true });
    fc.assert(
      fc.property(finitePriceProbability, (p) => {
        expectRelativelyClose(impliedProbability(probabilityToAmerican(p)), p, 1e-12);
        expectRelativelyClose(1 / probabilityToDecimal(p), p, 1e-15);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('roundTo', () => {
  it("rounds a small negative to 0, never -0 (before: an EV of -0.00001 was -0 to four places, the wire's 0 unequal to it)", () => {
    expect(Object.is(roundTo(-0.00001, 4), 0)).toBe(true);
    expect(Object.is(roundTo(-0.4, 0), 0)).toBe(true);
    expect(roundTo(-0.00006, 4)).toBe(-0.0001);
    expect(roundTo(0.123456789, 6)).toBe(0.123457);
    expect(roundTo(Number.NaN, 4)).toBeNaN();
  });

  it('rounds a value too large to scale exactly in decimal (before: a six-leg parlay at +10000 was 1061520150600.9999)', () => {
    const sixLegs = Array.from({ length: 6 }, () => 101).reduce((product, decimal) => product * decimal, 1);
    expect(roundTo(sixLegs, 6)).toBe(1_061_520_150_601);
    expect(roundTo(123_456_789_012.345_67, 4)).toBe(123_456_789_012.3457);
    expect(roundTo(1.5e80, 6)).toBe(1.5e80);
    expect(roundTo(-1.5e12 - 0.25, 6)).toBe(-1_500_000_000_000.25);
    expect(roundTo(Number.POSITIVE_INFINITY, 6)).toBe(Number.POSITIVE_INFINITY);
  });
});
