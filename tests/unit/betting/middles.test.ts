import { describe, expect, it } from 'vitest';
import { keyNumbersIn, middle, MIN_FINALS_FOR_CHANCE, windowChance, type FinalsTally } from '@/lib/betting/middles';

// Hand-computed vectors. -110 is decimal 1.909091 (21/11) and implies 110/210; two -110 legs are staked half and half.
// One leg winning alone returns 0.5 × 21/11 − 1 = −0.045455; both winning 21/11 − 1 = 0.909091; one winning and
// the other pushing 0.5 × 21/11 + 0.5 − 1 = 0.454545; a quarter line's half win (21/11 + 1) / 2 = 1.454545 per unit.
const MISS = -0.045455;

describe('middle', () => {
  it('finds a totals window on half lines: over 44.5 and under 46.5 both win on 45 and 46', () => {
    const found = middle('total', [
      { outcome: 'over', book: 'draftkings', americanOdds: -110, point: 44.5 },
      { outcome: 'under', book: 'fanduel', americanOdds: -110, point: 46.5 },
    ]);
    expect(found).toEqual({
      impliedSum: 1.047619,
      legs: [
        { outcome: 'over', book: 'draftkings', americanOdds: -110, point: 44.5, stakeShare: 0.5 },
        { outcome: 'under', book: 'fanduel', americanOdds: -110, point: 46.5, stakeShare: 0.5 },
      ],
      window: { from: 45, to: 46 },
      worstReturnFraction: MISS,
      windowReturnFraction: 0.909091,
      returns: [
        { from: null, to: 44, returnFraction: MISS },
        { from: 45, to: 46, returnFraction: 0.909091 },
        { from: 47, to: null, returnFraction: MISS },
      ],
    });
  });

  it('finds a spread window on the key number 3: home -2.5 and away +3.5 both win on a home margin of 3', () => {
    const found = middle('handicap', [
      { outcome: 'KC', book: 'draftkings', americanOdds: -110, point: -2.5 },
      { outcome: 'BUF', book: 'fanduel', americanOdds: -110, point: 3.5 },
    ]);
    expect(found?.window).toEqual({ from: 3, to: 3 });
    expect(found?.returns).toEqual([
      { from: null, to: 2, returnFraction: MISS },
      { from: 3, to: 3, returnFraction: 0.909091 },
      { from: 4, to: null, returnFraction: MISS },
    ]);
    expect(keyNumbersIn('nfl', 'handicap', found!.window)).toEqual([3]);
    expect(keyNumbersIn('nba', 'handicap', found!.window)).toEqual([]);
  });

  it('counts whole lines as pushes: over 44 and under 46 win both on 45 alone, one wins and one pushes on 44 and 46', () => {
    const found = middle('total', [
      { outcome: 'over', book: 'a', americanOdds: -110, point: 44 },
      { outcome: 'under', book: 'b', americanOdds: -110, point: 46 },
    ]);
    expect(found?.window).toEqual({ from: 45, to: 45 });
    expect(found?.returns).toEqual([
      { from: null, to: 43, returnFraction: MISS },
      { from: 44, to: 44, returnFraction: 0.454545 },
      { from: 45, to: 45, returnFraction: 0.909091 },
      { from: 46, to: 46, returnFraction: 0.454545 },
      { from: 47, to: null, returnFraction: MISS },
    ]);
    expect(found?.worstReturnFraction).toBe(MISS);
  });

  it('is no middle when the only result between the lines pushes both, or when the lines do not cross', () => {
    const over = { outcome: 'over', book: 'a', americanOdds: -110, point: 45 };
    expect(middle('total', [over, { outcome: 'under', book: 'b', americanOdds: -110, point: 45 }])).toBeNull();
    expect(middle('total', [over, { outcome: 'under', book: 'b', americanOdds: -110, point: 44.5 }])).toBeNull();
    expect(
      middle('handicap', [
        { outcome: 'KC', book: 'a', americanOdds: -110, point: -3.5 },
        { outcome: 'BUF', book: 'b', americanOdds: -110, point: 3.5 },
      ]),
    ).toBeNull();
  });

  it('settles quarter lines in halves: home -2.75 and away +3.25 half win both on a margin of 3', () => {
    // Home -2.75 is half on -2.5 (wins on 3) and half on -3 (pushes on 3); away +3.25 half on +3 (pushes) and +3.5 (wins).
    const found = middle('handicap', [
      { outcome: 'KC', book: 'a', americanOdds: -110, point: -2.75 },
      { outcome: 'BUF', book: 'b', americanOdds: -110, point: 3.25 },
    ]);
    expect(found?.window).toEqual({ from: 3, to: 3 });
    expect(found?.returns).toEqual([
      { from: null, to: 2, returnFraction: MISS },
      { from: 3, to: 3, returnFraction: 0.454545 },
      { from: 4, to: null, returnFraction: MISS },
    ]);
  });

  it("gives the window's own best return, though a push just outside it may return more", () => {
    // Home -2.75 at +200 (decimal 3) and away +4 at -300 (4/3): stakes 4/13 and 9/13. On a margin of 3 home half wins
    // (2 per unit) and away wins: 8/13 + 12/13 − 1 = 0.538462. On 4 home wins and away pushes: 12/13 + 9/13 − 1 = 0.615385.
    const found = middle('handicap', [
      { outcome: 'KC', book: 'a', americanOdds: 200, point: -2.75 },
      { outcome: 'BUF', book: 'b', americanOdds: -300, point: 4 },
    ]);
    expect(found?.window).toEqual({ from: 3, to: 3 });
    expect(found?.returns).toEqual([
      { from: null, to: 2, returnFraction: -0.076923 },
      { from: 3, to: 3, returnFraction: 0.538462 },
      { from: 4, to: 4, returnFraction: 0.615385 },
      { from: 5, to: null, returnFraction: -0.076923 },
    ]);
    expect(found?.windowReturnFraction).toBe(0.538462);
    expect(found?.worstReturnFraction).toBe(-0.076923);
  });

  it('splits the stakes so either miss costs the same at unequal prices', () => {
    // +120 implies 100/220, -130 implies 130/230; sum 1.019763…, shares 0.445736… and 0.554263…; a miss returns 1 / sum − 1.
    const found = middle('total', [
      { outcome: 'over', book: 'a', americanOdds: 120, point: 44.5 },
      { outcome: 'under', book: 'b', americanOdds: -130, point: 45.5 },
    ])!;
    expect(found.legs.map((leg) => leg.stakeShare)).toEqual([0.445736, 0.554264]);
    const miss = 1 / (100 / 220 + 130 / 230) - 1; // −0.019380…
    expect(found.returns[0]!.returnFraction).toBe(Math.round(miss * 1e6) / 1e6);
    expect(found.returns.at(-1)!.returnFraction).toBe(found.returns[0]!.returnFraction);
  });
});

describe('keyNumbersIn', () => {
  it('finds a handicap key number on either side, and the football totals table', () => {
    expect(keyNumbersIn('ncaaf', 'handicap', { from: -7, to: -3 })).toEqual([3, 7]);
    expect(keyNumbersIn('nfl', 'total', { from: 43, to: 44 })).toEqual([43, 44]);
    expect(keyNumbersIn('nfl', 'total', { from: 45, to: 46 })).toEqual([]);
  });
});

describe('windowChance', () => {
  const tally = (games: number): FinalsTally => ({
    games,
    // A fifth of the games are won by the home side by 3, a tenth by the away side by 3.
    margins: new Map([
      [3, games / 5],
      [-3, games / 10],
      [10, games - games / 5 - games / 10],
    ]),
    totals: new Map([[45, games]]),
  });

  it("is the share of the sport's finals in the window, the first leg's side's margin for a handicap", () => {
    expect(windowChance(tally(250), 'handicap', { from: 3, to: 3 }, true)).toBe(0.2);
    expect(windowChance(tally(250), 'handicap', { from: 3, to: 3 }, false)).toBe(0.1);
    expect(windowChance(tally(250), 'total', { from: 45, to: 46 }, true)).toBe(1);
  });

  it(`is unknown (null) with fewer than ${MIN_FINALS_FOR_CHANCE} finals`, () => {
    expect(windowChance(tally(MIN_FINALS_FOR_CHANCE - 10), 'total', { from: 45, to: 46 }, true)).toBeNull();
  });
});
