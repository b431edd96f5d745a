import { describe, expect, it } from 'vitest';
import type { PriceRow } from '@/lib/pricing/core-types';
import { marketCore } from '@/lib/pricing/reference-pricing';
import { presentLowHold } from '@/lib/pricing/priced-market';

// A market's lowest hold across books (get_game_odds' maxHold list): one bet on every side at one line, at the best
// prices a bettor gets (an exchange's net of its fee). Hand-computed vectors.

const now = new Date('2026-11-21T18:00:00Z');
const at = new Date(now.getTime() - 5 * 60_000);
const row = (book: string, outcome: string, point: number | null, americanOdds: number): PriceRow => ({
  book,
  outcome,
  point,
  americanOdds,
  updatedAt: at,
});

describe('marketCore: the lowest hold across books', () => {
  it('pairs both sides at one line only: a middle pair with a lower sum is not a hold', () => {
    const rows = [
      row('draftkings', 'KC', -3, -110),
      row('draftkings', 'BUF', 3, -110),
      row('betmgm', 'KC', -2.5, -105),
      row('betmgm', 'BUF', 2.5, -115),
      row('fanduel', 'KC', -3, -105),
      row('fanduel', 'BUF', 3, -115),
      row('lowvig', 'KC', -3.5, -125),
      row('lowvig', 'BUF', 3.5, 100),
    ];
    const core = marketCore(rows, { referenceBook: 'draftkings', middles: { sport: 'nfl' } });
    // KC -2.5 (-105) with BUF +3.5 (+100) sums to 105/205 + 100/200 = 1.0121951, the lowest of any pair, but its
    // lines differ: both win on KC by 3, a middle. On one line: -3/+3 at fanduel -105 and draftkings -110,
    // 105/205 + 110/210 = 1.0360046; -2.5/+2.5 at betmgm 1.0470786; -3.5/+3.5 at lowvig 125/225 + 0.5 = 1.0555556.
    expect(core.middle?.found.impliedSum).toBe(1.012195);
    expect(core.arbitrage).toBeNull();
    // Shares 0.5121951 / 1.0360046 = 0.4943952 and 0.5056048. KC by 4 or more: 0.4943952 × 1.952381 ≈ 0.965247,
    // 1/sum; KC by 3 both push (0); else BUF +3 covers: 0.5056048 × 1.9090909 ≈ 0.965247 again (1/1.0360046 = 0.9652467).
    expect(presentLowHold(core.lowHold!, now)).toEqual({
      impliedSum: 1.036005,
      returnFraction: -0.034753,
      legs: [
        { outcome: 'KC', point: -3, book: 'fanduel', americanOdds: -105, stakeShare: 0.494395, updatedAgo: '5 minutes ago' },
        { outcome: 'BUF', point: 3, book: 'draftkings', americanOdds: -110, stakeShare: 0.505605, updatedAgo: '5 minutes ago' },
      ],
      returns: [
        { result: "KC's margin 2 or less", returnFraction: -0.034753 },
        { result: 'KC by 3', returnFraction: 0 },
        { result: 'KC by 4 or more', returnFraction: -0.034753 },
      ],
    });
  });

  it("an exchange's price counts net of its fee: a quoted arbitrage is a low hold once Betfair's 5% is taken", () => {
    const rows = [row('draftkings', 'KC', null, -120), row('draftkings', 'BUF', null, -105), row('betfair_ex_uk', 'KC', null, 110)];
    const core = marketCore(rows, { referenceBook: 'draftkings' });
    // Quoted, 100/210 + 105/205 = 0.9883856 would be an arbitrage. Net of 5% of the winnings, +110 (2.10) pays
    // 1 + 1.10 × 0.95 = 2.045: 1/2.045 + 105/205 = 1.0011927, a hold of 0.12%.
    expect(core.arbitrage).toBeNull();
    const shown = presentLowHold(core.lowHold!, now);
    expect(shown.impliedSum).toBe(1.001193);
    expect(shown.returnFraction).toBe(-0.001191);
    expect(shown.legs[0]).toMatchObject({ outcome: 'KC', book: 'betfair_ex_uk', americanOdds: 105, beforeCommission: 110 });
    expect(shown).not.toHaveProperty('returns');
  });

  it('none where a side has no price', () => {
    expect(marketCore([row('draftkings', 'KC', null, -120)], { referenceBook: 'draftkings' }).lowHold).toBeNull();
  });
});
