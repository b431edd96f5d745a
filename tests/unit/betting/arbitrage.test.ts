import { describe, expect, it } from 'vitest';
import { arbitrage, bestExpectedValue } from '@/lib/betting/arbitrage';

// Hand-computed vectors: implied probability of +110 is 100/210, of +105 is 100/205.

describe('bestExpectedValue', () => {
  it('is p × decimal odds − 1 per unit staked, to 6 decimals', () => {
    expect(bestExpectedValue(0.52, 105)).toBe(0.066); // 0.52 × 2.05 − 1
    expect(bestExpectedValue(0.5, -110)).toBe(-0.045455); // 0.5 × 1.909090… − 1
    expect(bestExpectedValue(0.25, 300)).toBe(0);
  });

  it('refuses a probability outside [0, 1] and a price between -100 and +100', () => {
    expect(() => bestExpectedValue(1.2, 110)).toThrow(RangeError);
    expect(() => bestExpectedValue(0.5, 50)).toThrow(RangeError);
  });
});

describe('arbitrage', () => {
  it('finds a two-way arbitrage, with stake shares that return the same on either outcome', () => {
    const found = arbitrage([
      { outcome: 'KC', book: 'fanduel', americanOdds: 110 },
      { outcome: 'BUF', book: 'lowvig', americanOdds: 105 },
    ]);
    // sum = 100/210 + 100/205 = 0.963995354…; 1/sum − 1 = 0.037349397…; shares 0.493975903… and 0.506024096…
    expect(found).toEqual({
      impliedSum: 0.963995,
      returnFraction: 0.037349,
      legs: [
        { outcome: 'KC', book: 'fanduel', americanOdds: 110, stakeShare: 0.493976 },
        { outcome: 'BUF', book: 'lowvig', americanOdds: 105, stakeShare: 0.506024 },
      ],
    });
    const payout = found!.legs.map((leg) => leg.stakeShare * (1 + leg.americanOdds / 100));
    expect(payout[0]).toBeCloseTo(1.037349, 5);
    expect(payout[1]).toBeCloseTo(1.037349, 5);
  });

  it('gives stake shares summing to exactly one million millionths, three ways too', () => {
    const found = arbitrage([
      { outcome: 'ARS', book: 'a', americanOdds: 260 },
      { outcome: 'draw', book: 'b', americanOdds: 350 },
      { outcome: 'CHE', book: 'c', americanOdds: 150 },
    ]);
    // 100/360 + 100/450 + 100/250 = 0.9 exactly: 11.1% back whichever wins.
    expect(found?.impliedSum).toBe(0.9);
    expect(found?.returnFraction).toBe(0.111111);
    expect(found!.legs.reduce((sum, leg) => sum + Math.round(leg.stakeShare * 1e6), 0)).toBe(1_000_000);
    expect(found!.legs.map((leg) => leg.stakeShare)).toEqual([0.308642, 0.246914, 0.444444]);
  });

  it('is null when the prices imply 1 or more, or there is a single outcome', () => {
    expect(
      arbitrage([
        { outcome: 'KC', book: 'a', americanOdds: -110 },
        { outcome: 'BUF', book: 'b', americanOdds: -110 },
      ]),
    ).toBeNull();
    expect(
      arbitrage([
        { outcome: 'KC', book: 'a', americanOdds: 100 },
        { outcome: 'BUF', book: 'b', americanOdds: 100 },
      ]),
    ).toBeNull(); // exactly 1
    expect(arbitrage([{ outcome: 'yes', book: 'a', americanOdds: 300 }])).toBeNull();
  });
});
