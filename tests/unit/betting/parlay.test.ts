import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedValue } from '@/lib/betting/ev';
import { americanToDecimal } from '@/lib/betting/odds';
import { combinedDecimalOdds, type ParlayLeg, parlay, pastLongestParlay } from '@/lib/betting/parlay';
import { probability, validAmericanOdds } from './support';

describe('parlay: hand-checked', () => {
  it('-110 × -110: decimal (21/11)² = 441/121, priced +264', () => {
    const result = parlay([{ americanOdds: -110 }, { americanOdds: -110 }]);
    expect(result.legs).toBe(2);
    expect(result.decimalOdds).toBeCloseTo(441 / 121, 14); // 3.6446…
    expect(result.americanOdds).toBe(264); // +264.46 unrounded
    expect(result.impliedProbability).toBeCloseTo(121 / 441, 15); // 0.2744
    expect(result.combinedProbability).toBeNull();
    expect(result.expectedValuePercent).toBeNull();
    expect(result.correlationWarnings).toEqual([]);
  });

  it('with 55% legs: combined 0.3025 and EV 0.3025·441/121 − 1 = +10.25%', () => {
    const result = parlay([
      { americanOdds: -110, probability: 0.55 },
      { americanOdds: -110, probability: 0.55 },
    ]);
    expect(result.combinedProbability).toBeCloseTo(0.3025, 15);
    expect(result.expectedValuePercent).toBeCloseTo(0.1025, 14);
  });

  it('+150 × -200 × +100: 2.5 · 1.5 · 2 = 7.5, i.e. +650', () => {
    const result = parlay([{ americanOdds: 150 }, { americanOdds: -200 }, { americanOdds: 100 }]);
    expect(result.decimalOdds).toBe(7.5);
    expect(result.americanOdds).toBe(650);
    expect(result.impliedProbability).toBeCloseTo(2 / 15, 15);
  });

  it('prices a short parlay as a negative number: -1000 × -1000 = 1.21, i.e. -476', () => {
    const result = parlay([{ americanOdds: -1000 }, { americanOdds: -1000 }]);
    expect(result.decimalOdds).toBeCloseTo(1.21, 15);
    expect(result.americanOdds).toBe(-476); // -476.19 unrounded
  });

  it('a single leg is just that bet', () => {
    const result = parlay([{ americanOdds: -110, probability: 0.55 }]);
    expect(result.americanOdds).toBe(-110);
    expect(result.expectedValuePercent).toBe(expectedValue(0.55, -110, 1).expectedValuePercent);
  });

  it('needs a probability on every leg for combined probability and EV', () => {
    const result = parlay([{ americanOdds: -110, probability: 0.55 }, { americanOdds: 120 }]);
    expect(result.combinedProbability).toBeNull();
    expect(result.expectedValuePercent).toBeNull();
  });

  it('warns about each pair of legs from the same game, numbering legs from 1', () => {
    const result = parlay([
      { americanOdds: -110, gameId: 'nfl-2025-kc-buf' },
      { americanOdds: 150, gameId: 'nba-2025-bos-nyk' },
      { americanOdds: -120, gameId: 'nfl-2025-kc-buf' },
      { americanOdds: 200 },
    ]);
    expect(result.correlationWarnings).toEqual([
      {
        legs: [0, 2],
        gameId: 'nfl-2025-kc-buf',
        message:
          'Legs 1 and 3 are from the same game (nfl-2025-kc-buf): they are correlated, ' +
          'so the combined probability is unreliable and no stake should be suggested.',
      },
    ]);
  });

  it('marks the combined probability and EV unreliable in the answer itself when two legs share a game', () => {
    const sameGame = parlay([
      { americanOdds: -110, probability: 0.55, gameId: 'nfl-kc-buf' },
      { americanOdds: 150, probability: 0.45, gameId: 'nfl-kc-buf' },
    ]);
    expect(sameGame.combinedProbability).toBeCloseTo(0.2475, 12);
    expect(sameGame.combinedProbabilityReliable).toBe(false);
    const separate = parlay([
      { americanOdds: -110, probability: 0.55, gameId: 'nfl-kc-buf' },
      { americanOdds: 150, probability: 0.45, gameId: 'nba-bos-nyk' },
    ]);
    expect(separate.combinedProbabilityReliable).toBe(true);
    // Unchecked is not reliable: a leg without its game could share one with another leg.
    const unnamed = parlay([
      { americanOdds: -110, probability: 0.55, gameId: 'nfl-kc-buf' },
      { americanOdds: 150, probability: 0.45 },
    ]);
    expect(unnamed.combinedProbabilityReliable).toBeNull();
    expect(
      parlay([
        { americanOdds: -110, probability: 0.55 },
        { americanOdds: 150, probability: 0.45 },
      ]).combinedProbabilityReliable,
    ).toBeNull();
    expect(
      parlay([
        { americanOdds: -110, gameId: 'a' },
        { americanOdds: 150, gameId: 'a' },
      ]).combinedProbabilityReliable,
    ).toBeNull();
  });

  it('three legs from one game give all three pairs, in order', () => {
    const legs = [0, 1, 2].map(() => ({ americanOdds: 100, gameId: 'g' }));
    expect(parlay(legs).correlationWarnings.map((warning) => warning.legs)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it.each<[string, ParlayLeg[]]>([
    ['no legs', []],
    ['an impossible price', [{ americanOdds: 50 }]],
    ['a probability above 1', [{ americanOdds: -110, probability: 1.5 }]],
    ['a bad probability even when another leg has none', [{ americanOdds: -110 }, { americanOdds: 100, probability: -0.2 }]],
    ['legs that combine past the longest whole American price', Array(4).fill({ americanOdds: 1_000_000 })],
  ])('rejects %s', (_, legs) => {
    expect(() => parlay(legs)).toThrow(RangeError);
  });
});

describe('parlay: properties', () => {
  const leg = fc.record(
    {
      americanOdds: validAmericanOdds,
      probability,
      gameId: fc.constantFrom('g1', 'g2', 'g3', 'g4'),
    },
    { requiredKeys: ['americanOdds'] },
  );
  // Legs that combine within the longest parlay price (past it parlay refuses them: below, and parlay-bound.test.ts).
  const legs = fc.array(leg, { minLength: 1, maxLength: 12 }).filter((drawn) => !pastLongestParlay(combinedDecimalOdds(drawn)));

  it('multiplies the leg decimals and prices the result as a whole American number', () => {
    fc.assert(
      fc.property(legs, (parlayLegs) => {
        const result = parlay(parlayLegs);
        const product = parlayLegs.reduce((acc, { americanOdds }) => acc * americanToDecimal(americanOdds), 1);
        expect(result.legs).toBe(parlayLegs.length);
        expect(result.decimalOdds).toBe(product);
        expect(result.impliedProbability).toBe(1 / product);
        expect(Number.isSafeInteger(result.americanOdds)).toBe(true);
        expect(result.americanOdds <= -100 || result.americanOdds >= 100).toBe(true);
        // Rounding moves the price by at most half a unit: at most 0.005 in decimal odds.
        expect(Math.abs(americanToDecimal(result.americanOdds) - product)).toBeLessThanOrEqual(0.005 + 1e-15 * product);
      }),
      { numRuns: 5_000 },
    );
  });

  it('combines probabilities only when every leg has one', () => {
    fc.assert(
      fc.property(legs, (parlayLegs) => {
        const result = parlay(parlayLegs);
        const probabilities = parlayLegs.map((l) => l.probability);
        if (probabilities.every((p): p is number => p !== undefined)) {
          const product = probabilities.reduce((acc, p) => acc * p, 1);
          expect(result.combinedProbability).toBe(product);
          expect(result.expectedValuePercent).toBe(product * result.decimalOdds - 1);
        } else {
          expect(result.combinedProbability).toBeNull();
          expect(result.expectedValuePercent).toBeNull();
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('warns C(n, 2) times for each game with n legs, each naming a pair from that game', () => {
    fc.assert(
      fc.property(legs, (parlayLegs) => {
        const { correlationWarnings } = parlay(parlayLegs);
        const legsPerGame = new Map<string, number>();
        for (const { gameId } of parlayLegs) {
          if (gameId !== undefined) legsPerGame.set(gameId, (legsPerGame.get(gameId) ?? 0) + 1);
        }
        const expected = [...legsPerGame.values()].reduce((acc, n) => acc + (n * (n - 1)) / 2, 0);
        expect(correlationWarnings).toHaveLength(expected);
        for (const {
          legs: [i, j],
          gameId,
          message,
        } of correlationWarnings) {
          expect(i).toBeLessThan(j);
          expect(parlayLegs[i]?.gameId).toBe(gameId);
          expect(parlayLegs[j]?.gameId).toBe(gameId);
          expect(message).toContain(`Legs ${i + 1} and ${j + 1} are from the same game (${gameId})`);
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
