import { describe, expect, it } from 'vitest';
import { priceExpectedValue } from '@/lib/betting/ev';
import { arbitrage, marketHold, lineArbitrage, lineHold, sameLine } from '@/lib/betting/arbitrage';

// Hand-computed vectors: implied probability of +110 is 100/210, of +105 is 100/205.

describe('priceExpectedValue', () => {
  it('is p × decimal odds − 1 per unit staked, to 6 decimals', () => {
    expect(priceExpectedValue(0.52, 105)).toBe(0.066); // 0.52 × 2.05 − 1
    expect(priceExpectedValue(0.5, -110)).toBe(-0.045455); // 0.5 × 1.909090… − 1
    expect(priceExpectedValue(0.25, 300)).toBe(0);
  });

  it('refuses a probability outside [0, 1] and a price between -100 and +100', () => {
    expect(() => priceExpectedValue(1.2, 110)).toThrow(RangeError);
    expect(() => priceExpectedValue(0.5, 50)).toThrow(RangeError);
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

// Quarter and whole lines, settled by hand: a quarter line is half the stake on each neighbouring line (home -0.25 =
// half at 0, half at -0.5), a whole line returns the stake on a push. Stakes are in proportion to the implied
// probabilities; the returns below are worked out from the settlement rules, not from the code's formula.
describe('lineArbitrage', () => {
  it('home -0.25 against away +0.25: the draw settles half of each leg, so it returns half as much', () => {
    const found = lineArbitrage('handicap', [
      { outcome: 'ARS', point: -0.25, book: 'a', americanOdds: 110 },
      { outcome: 'CHE', point: 0.25, book: 'b', americanOdds: 110 },
    ]);
    // Stakes 0.5 and 0.5 at 2.10. ARS win: 0.5 × 2.10 = 1.05. CHE win: the same. Draw: ARS -0.25 loses its half at
    // -0.5 and gets its half at 0 back (0.25); CHE +0.25 gets its half at 0 back (0.25) and wins its half at +0.5
    // (0.25 × 2.10 = 0.525): 1.025 in all, +2.5%.
    expect(found).toEqual({
      impliedSum: 0.952381,
      returnFraction: 0.025,
      legs: [
        { outcome: 'ARS', point: -0.25, book: 'a', americanOdds: 110, stakeShare: 0.5 },
        { outcome: 'CHE', point: 0.25, book: 'b', americanOdds: 110, stakeShare: 0.5 },
      ],
      returns: [
        { from: null, to: -1, returnFraction: 0.05 },
        { from: 0, to: 0, returnFraction: 0.025 },
        { from: 1, to: null, returnFraction: 0.05 },
      ],
    });
  });

  it('totals 2.25: exactly 2 goals refunds half the over and half the under', () => {
    const found = lineArbitrage('total', [
      { outcome: 'over', point: 2.25, book: 'a', americanOdds: 105 },
      { outcome: 'under', point: 2.25, book: 'b', americanOdds: 100 },
    ]);
    // Shares (1/2.05) : (1/2) = 2 : 2.05, so over 2/4.05, under 2.05/4.05. A full win either way pays
    // 2.05 × 2 / 4.05 = 1.0123457. Two goals: the over's half at 2 is refunded (0.5 × 2/4.05 = 0.2469136), its half
    // at 2.5 lost; the under's half at 2 refunded and half at 2.5 won (0.5 × 2.05/4.05 × (1 + 2) = 0.7592593):
    // 1.0061728 in all, half the full return (the same-line rule (R − 1) / 2 with R = 1.0123457).
    expect(found?.returns).toEqual([
      { from: null, to: 1, returnFraction: 0.012346 },
      { from: 2, to: 2, returnFraction: 0.006173 },
      { from: 3, to: null, returnFraction: 0.012346 },
    ]);
    expect(found?.returnFraction).toBe(0.006173);
    expect(found?.legs.map((leg) => leg.stakeShare)).toEqual([0.493827, 0.506173]);
  });

  it('over 2.5 against under 2.75 at another book: three goals win the over and lose half the under', () => {
    const found = lineArbitrage('total', [
      { outcome: 'over', point: 2.5, book: 'a', americanOdds: 110 },
      { outcome: 'under', point: 2.75, book: 'b', americanOdds: 100 },
    ]);
    // Shares (1/2.1) : (1/2) = 2 : 2.1: over 0.4878049, under 0.5121951. Two or fewer: the under wins both halves,
    // 0.5121951 × 2 = 1.0243902. Three: the over wins, 0.4878049 × 2.1 = 1.0243902, and the under's half at 3 is
    // refunded (0.5 × 0.5121951 = 0.2560976): 1.2804878. Four or more: the over alone, 1.0243902.
    expect(found?.returns).toEqual([
      { from: null, to: 2, returnFraction: 0.02439 },
      { from: 3, to: 3, returnFraction: 0.280488 },
      { from: 4, to: null, returnFraction: 0.02439 },
    ]);
    expect(found?.returnFraction).toBe(0.02439);
  });

  it('a total starts at no goals: over 0.75 against under 0.75', () => {
    const found = lineArbitrage('total', [
      { outcome: 'over', point: 0.75, book: 'a', americanOdds: 110 },
      { outcome: 'under', point: 0.75, book: 'b', americanOdds: 110 },
    ]);
    // Half each at 2.10. No goal: the under wins, 1.05. One goal: the over wins its half at 0.5 (0.525) and gets its
    // half at 1 back (0.25), the under loses its half at 0.5 and gets its half at 1 back (0.25): 1.025. Two or more: 1.05.
    expect(found?.returns).toEqual([
      { from: 0, to: 0, returnFraction: 0.05 },
      { from: 1, to: 1, returnFraction: 0.025 },
      { from: 2, to: null, returnFraction: 0.05 },
    ]);
  });

  it('is not an arbitrage when a result between the lines loses, however good the prices', () => {
    // Over 2.75 and under 2.25 at +105, half each: two goals pay the under 0.5 × (0.5 + 0.5 × 2.05) = 0.7625 and the
    // over nothing, −23.75%, though both full wins pay 1.025.
    expect(
      lineArbitrage('total', [
        { outcome: 'over', point: 2.75, book: 'a', americanOdds: 105 },
        { outcome: 'under', point: 2.25, book: 'b', americanOdds: 105 },
      ]),
    ).toBeNull();
  });

  it('a whole line pushes: the stake comes back, so the worst case is no gain', () => {
    const found = lineArbitrage('handicap', [
      { outcome: 'KC', point: -3, book: 'a', americanOdds: 110 },
      { outcome: 'BUF', point: 3, book: 'b', americanOdds: 110 },
    ]);
    // KC by exactly 3 pushes both legs: 1.00 back. Any other margin: one leg wins, 0.5 × 2.10 = 1.05.
    expect(found?.returns).toEqual([
      { from: null, to: 2, returnFraction: 0.05 },
      { from: 3, to: 3, returnFraction: 0 },
      { from: 4, to: null, returnFraction: 0.05 },
    ]);
    expect(found?.returnFraction).toBe(0);
  });

  it('half lines at one line return the same on every result, as arbitrage() says, and give no returns list', () => {
    const found = lineArbitrage('handicap', [
      { outcome: 'KC', point: -3.5, book: 'fanduel', americanOdds: 110 },
      { outcome: 'BUF', point: 3.5, book: 'lowvig', americanOdds: 105 },
    ]);
    expect(found).toEqual({
      impliedSum: 0.963995,
      returnFraction: 0.037349,
      legs: [
        { outcome: 'KC', point: -3.5, book: 'fanduel', americanOdds: 110, stakeShare: 0.493976 },
        { outcome: 'BUF', point: 3.5, book: 'lowvig', americanOdds: 105, stakeShare: 0.506024 },
      ],
    });
    expect(
      lineArbitrage('handicap', [
        { outcome: 'KC', point: -3.5, book: 'a', americanOdds: -110 },
        { outcome: 'BUF', point: 3.5, book: 'b', americanOdds: -110 },
      ]),
    ).toBeNull();
  });
});

describe('marketHold and lineHold: the hold of one bet on every side (the low-hold list)', () => {
  it('a three-way market at 120 / 240 / 230: hold 5.17%, and what staking every side in proportion costs', () => {
    const found = marketHold([
      { outcome: 'ARS', book: 'a', americanOdds: 120 },
      { outcome: 'draw', book: 'b', americanOdds: 240 },
      { outcome: 'CHE', book: 'c', americanOdds: 230 },
    ]);
    // 100/220 + 100/340 + 100/330 = 1.0516934; 1/1.0516934 − 1 = −0.0491527; shares each implied / sum.
    expect(found).toEqual({
      impliedSum: 1.051693,
      returnFraction: -0.049153,
      legs: [
        { outcome: 'ARS', book: 'a', americanOdds: 120, stakeShare: 0.432203 },
        { outcome: 'draw', book: 'b', americanOdds: 240, stakeShare: 0.279661 },
        { outcome: 'CHE', book: 'c', americanOdds: 230, stakeShare: 0.288136 },
      ],
    });
    expect(marketHold([{ outcome: 'ARS', book: 'a', americanOdds: 120 }])).toBeNull();
  });

  it('below a zero hold it is the arbitrage itself', () => {
    const quotes = [
      { outcome: 'KC', book: 'fanduel', americanOdds: 110 },
      { outcome: 'BUF', book: 'lowvig', americanOdds: 105 },
    ];
    expect(marketHold(quotes)).toEqual(arbitrage(quotes));
  });

  it('a whole line, -3 against +3 at -110: hold 4.76%, a push on 3 gives the stakes back', () => {
    const found = lineHold('handicap', [
      { outcome: 'KC', point: -3, book: 'a', americanOdds: -110 },
      { outcome: 'BUF', point: 3, book: 'b', americanOdds: -110 },
    ]);
    // 2 × 110/210 = 1.0476190; half each at 1.9090909 pays 0.9545455 when either side wins.
    expect(found).toEqual({
      impliedSum: 1.047619,
      returnFraction: -0.045455,
      legs: [
        { outcome: 'KC', point: -3, book: 'a', americanOdds: -110, stakeShare: 0.5 },
        { outcome: 'BUF', point: 3, book: 'b', americanOdds: -110, stakeShare: 0.5 },
      ],
      returns: [
        { from: null, to: 2, returnFraction: -0.045455 },
        { from: 3, to: 3, returnFraction: 0 },
        { from: 4, to: null, returnFraction: -0.045455 },
      ],
    });
  });

  it('a quarter line keeps its per-result returns: total 2.25, over -105 against under -115', () => {
    const found = lineHold('total', [
      { outcome: 'over', point: 2.25, book: 'a', americanOdds: -105 },
      { outcome: 'under', point: 2.25, book: 'b', americanOdds: -115 },
    ]);
    // 105/205 + 115/215 = 1.0470786: over 0.4891658, under 0.5108342 of the stake. A full win either way returns
    // 1/1.0470786 = 0.9550383. Two goals: each leg's half at 2 refunded, the under's half at 2.5 won:
    // 0.5 × 0.4891658 + 0.5 × 0.5108342 + 0.5 × 0.5108342 × 1.8695652 = 0.9775192, half the full loss.
    expect(found?.impliedSum).toBe(1.047079);
    expect(found?.returns).toEqual([
      { from: null, to: 1, returnFraction: -0.044962 },
      { from: 2, to: 2, returnFraction: -0.022481 },
      { from: 3, to: null, returnFraction: -0.044962 },
    ]);
    expect(found?.returnFraction).toBe(-0.044962);
    expect(found?.legs.map((leg) => leg.stakeShare)).toEqual([0.489166, 0.510834]);
  });

  it('a half line returns the same on every result, so no returns', () => {
    const found = lineHold('handicap', [
      { outcome: 'KC', point: -3.5, book: 'a', americanOdds: 105 },
      { outcome: 'BUF', point: 3.5, book: 'b', americanOdds: -115 },
    ]);
    // 100/205 + 115/215 = 1.0226887; 1/1.0226887 − 1 = −0.0221855.
    expect(found).toMatchObject({ impliedSum: 1.022689, returnFraction: -0.022185 });
    expect(found).not.toHaveProperty('returns');
  });

  it('legs at different lines are a middle or a gap, never a hold', () => {
    const over = { outcome: 'over', point: 44.5, book: 'a', americanOdds: -105 };
    const under = { outcome: 'under', point: 46.5, book: 'b', americanOdds: -105 };
    expect(sameLine('total', [over, under])).toBe(false);
    expect(lineHold('total', [over, under])).toBeNull();
    const home = { outcome: 'KC', point: -2.5, book: 'a', americanOdds: -115 };
    expect(lineHold('handicap', [home, { outcome: 'BUF', point: 3.5, book: 'b', americanOdds: -115 }])).toBeNull();
    expect(sameLine('handicap', [home, { outcome: 'BUF', point: 2.5, book: 'b', americanOdds: -115 }])).toBe(true);
  });
});
