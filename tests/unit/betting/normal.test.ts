import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile } from '@/lib/betting/normal';
import { expectRelativelyClose, openProbability } from './support';

// Reference values: mpmath 1.3's ncdf at 40 digits, rounded to 17 significant digits.
const PHI: [number, number][] = [
  [-37, 5.725571222524577e-300],
  [-20, 2.7536241186062337e-89],
  [-10, 7.619853024160525e-24],
  [-8, 6.220960574271784e-16],
  [-5, 2.866515718791939e-7],
  [-3.5, 0.00023262907903552504],
  [-3, 0.0013498980316300946],
  [-2.5, 0.006209665325776135],
  [-1, 0.15865525393145705],
  [-0.25, 0.4012936743170763],
  [0, 0.5],
  [0.25, 0.5987063256829237],
  [1, 0.8413447460685429],
  [1.96, 0.9750021048517795],
  [2.5, 0.9937903346742238],
  [3, 0.9986501019683699],
  [3.5, 0.9997673709209645],
  [5, 0.9999997133484281],
  [8, 0.9999999999999993],
];

describe('the standard normal distribution function', () => {
  it.each(PHI)('Φ(%d) = %d to 1e-13 relative', (x, expected) => {
    expectRelativelyClose(normalCdf(x), expected, 1e-13);
  });

  it('is 0 and 1 far out, symmetric, and never falls', () => {
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, step) => {
        expect(Math.abs(normalCdf(x) + normalCdf(-x) - 1)).toBeLessThan(1e-15);
        expect(normalCdf(x + step)).toBeGreaterThanOrEqual(normalCdf(x));
      }),
    );
  });

  it('the quantile inverts it', () => {
    fc.assert(
      fc.property(openProbability, (p) => {
        fc.pre(p > 1e-300 && p < 1 - 1e-15);
        expectRelativelyClose(normalCdf(normalQuantile(p)), p, 1e-12);
      }),
    );
  });
});
