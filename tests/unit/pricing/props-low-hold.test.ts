import { describe, expect, it } from 'vitest';
import { priceMarket, type PriceRow } from '@/lib/pricing/priced-market';
import { lowHoldEntryFields, lowHoldMarkets, lowHoldRank } from '@/lib/tools/low-hold-list';

// The low-hold list over player props (get_player_props with arbitrage: true and maxHold): a prop's over and under
// at the same line, at the best prices across books, as a game's total. Hand-computed vectors.

const now = new Date('2026-11-21T18:00:00Z');
const at = new Date(now.getTime() - 5 * 60_000);
const row = (book: string, outcome: 'over' | 'under', point: number, americanOdds: number): PriceRow => ({
  book,
  outcome,
  point,
  americanOdds,
  updatedAt: at,
});
const priced = (rows: PriceRow[]) => priceMarket(rows, { referenceBook: 'draftkings', now, staleMinutes: 60, lowHold: true });

describe('the lowest hold of a player prop', () => {
  it("pairs the over and the under at one line, each at its best book: the other lines' lower sums are no hold", () => {
    const market = priced([
      row('draftkings', 'over', 275.5, -110),
      row('draftkings', 'under', 275.5, -110),
      row('fanduel', 'over', 275.5, 100),
      row('fanduel', 'under', 275.5, -120),
      row('betmgm', 'over', 276.5, 120),
      row('betmgm', 'under', 276.5, -150),
      row('caesars', 'over', 274.5, -130),
      row('caesars', 'under', 274.5, 115),
    ]);
    // Over 276.5 at +120 with under 274.5 at +115 sums to 100/220 + 100/215 = 0.9196617, the lowest of any pair, but
    // both lose on 275 or 276: a gap, neither an arbitrage nor a hold. On one line: 275.5, over +100 (fanduel) and
    // under -110 (draftkings), 100/200 + 110/210 = 1.0238095; 274.5: 130/230 + 100/215 = 1.0303082; 276.5: 1.0545455.
    expect(market.arbitrage).toBeNull();
    // Shares 0.5 / 1.0238095 = 0.4883721 and 0.5116279; on a half line every result returns 1 / 1.0238095 − 1.
    expect(market.lowHold).toEqual({
      impliedSum: 1.02381,
      returnFraction: -0.023256,
      legs: [
        { outcome: 'over', point: 275.5, book: 'fanduel', americanOdds: 100, stakeShare: 0.488372, updatedAgo: '5 minutes ago' },
        { outcome: 'under', point: 275.5, book: 'draftkings', americanOdds: -110, stakeShare: 0.511628, updatedAgo: '5 minutes ago' },
      ],
    });
    const [entry] = lowHoldMarkets([market], 0.03);
    expect(lowHoldEntryFields(entry!)).toMatchObject({ arbitrage: false, hold: 0.0238, returnFraction: -0.0233 });
    expect(lowHoldMarkets([market], 0.02)).toEqual([]);
  });

  it("an exchange's prop price counts net of its fee, as a game's: a quoted arbitrage is a low hold once the fee is taken", () => {
    // Quoted, over +110 at Betfair with under -105 at draftkings: 100/210 + 105/205 = 0.9883856, an arbitrage. Net of
    // 5% of the winnings, +110 (2.10) pays 1 + 1.10 × 0.95 = 2.045: 1/2.045 + 105/205 = 1.0011927, a hold of 0.12%.
    const market = priced([
      row('draftkings', 'over', 24.5, -120),
      row('draftkings', 'under', 24.5, -105),
      row('betfair_ex_uk', 'over', 24.5, 110),
    ]);
    expect(market.arbitrage).toBeNull();
    expect(market.lowHold).toMatchObject({ impliedSum: 1.001193, returnFraction: -0.001191 });
    expect(market.lowHold!.legs[0]).toMatchObject({ outcome: 'over', book: 'betfair_ex_uk', americanOdds: 105, beforeCommission: 110 });
    expect(lowHoldEntryFields(lowHoldMarkets([market], 0.002)[0]!)).toMatchObject({ arbitrage: false, hold: 0.0012 });
  });

  it('different lines are never a low-hold pair, however low their sum: a middle is not listed', () => {
    // Over 5.5 at +100 and under 6.5 at -105 both win on 6: 0.5 + 105/205 = 1.0121951, a "hold" of 1.2% at two lines.
    const market = priced([row('draftkings', 'over', 5.5, 100), row('fanduel', 'under', 6.5, -105)]);
    expect(market.lowHold).toBeNull();
    expect(market.arbitrage).toBeNull();
    expect(lowHoldMarkets([market], 1)).toEqual([]);
  });

  it('an arbitrage at one line leads the list with its hold below 0; a whole line pushes', () => {
    // Over 30 at +110 (draftkings), under 30 at +105 (fanduel): 100/210 + 100/205 = 0.9639954, a hold of −3.6%.
    // Staked 0.4939759 / 0.5060241, either side wins 1 / 0.9639954 − 1 = 0.0373494; on exactly 30 both push (0).
    const arbitrage = priced([
      row('draftkings', 'over', 30, 110),
      row('draftkings', 'under', 30, -140),
      row('fanduel', 'over', 30, -150),
      row('fanduel', 'under', 30, 105),
    ]);
    const held = priced([row('draftkings', 'over', 60.5, -105), row('fanduel', 'under', 60.5, -105)]);
    expect(arbitrage.arbitrage).toMatchObject({ impliedSum: 0.963995, returnFraction: 0 });
    expect(arbitrage.lowHold).toMatchObject({ impliedSum: 0.963995, returnFraction: 0 });
    const found = lowHoldMarkets([held, arbitrage], 0.05);
    expect(found.map((entry) => entry.arbitrage)).toEqual([false, true]);
    const ranked = [...found].sort((a, b) => lowHoldRank(a)[0]! - lowHoldRank(b)[0]! || lowHoldRank(a)[1]! - lowHoldRank(b)[1]!);
    expect(ranked.map((entry) => lowHoldEntryFields(entry))).toEqual([
      expect.objectContaining({
        arbitrage: true,
        hold: -0.036,
        returnFraction: 0,
        returns: [
          { result: 'total 29 or less', returnFraction: 0.0373 },
          { result: 'total 30', returnFraction: 0 },
          { result: 'total 31 or more', returnFraction: 0.0373 },
        ],
      }),
      // 2 × 105/205 − 1 = 0.0243902.
      expect.objectContaining({ arbitrage: false, hold: 0.0244, returnFraction: -0.0238 }),
    ]);
  });
});
