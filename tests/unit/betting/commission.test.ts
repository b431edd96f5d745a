import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_FEES, netAmerican, netDecimal } from '@/lib/betting/commission';
import { consensus, type BookMarket } from '@/lib/betting/consensus';
import { devig } from '@/lib/betting/devig';
import { impliedProbability } from '@/lib/betting/odds';
import type { PriceRow } from '@/lib/pricing/core-types';
import { marketCore } from '@/lib/pricing/reference-pricing';
import { validAmericanOdds } from './support';

// An exchange's price net of its fee, against the venues' own worked examples, and what it changes in the consensus
// and the best price.

describe('netDecimal and netAmerican', () => {
  it("match the venues' worked examples", () => {
    // Smarkets: £100 at 1.20 wins £20, less 2% commission (£0.40): £119.60 back (help.smarkets.com, article 212655265).
    expect(netDecimal('smarkets', 1.2)).toBeCloseTo(119.6 / 100, 12);
    // Betfair: $50 at 3.00 wins $100, less the 5% sport market base rate ($5): $145 back.
    expect(netDecimal('betfair_ex_au', 3)).toBeCloseTo(145 / 50, 12);
    // Kalshi: 100 contracts at $0.50 cost $50 plus a $1.75 taker fee (0.07 × 100 × 0.5 × 0.5) and pay $100.
    expect(netDecimal('kalshi', 2)).toBeCloseTo(100 / 51.75, 12);
    // ProphetX: 100 at 0.5 (decimal 2) wins 100, less 2%: 198 back.
    expect(netDecimal('prophetx', 2)).toBeCloseTo(1.98, 12);
  });

  it('in American odds: +150 at Smarkets is +147, -200 at Betfair -210.53, +150 at Kalshi +139.92', () => {
    expect(netAmerican('smarkets', 150)).toBeCloseTo(147, 9); // 1 + 1.5 × 0.98 = 2.47
    expect(netAmerican('betfair_ex_uk', -200)).toBeCloseTo(-100 / 0.475, 9); // 1 + 0.5 × 0.95 = 1.475
    expect(netAmerican('kalshi', 150)).toBeCloseTo((1 / (0.4 + 0.07 * 0.4 * 0.6) - 1) * 100, 9); // p = 0.4
  });

  it('leave a sportsbook, and BetOpenly (no published fee), as quoted', () => {
    expect(netAmerican('draftkings', -110)).toBe(-110);
    expect(netAmerican('betopenly', 125)).toBe(125);
    expect(netDecimal('pinnacle', 1.91)).toBe(1.91);
  });

  it('never pay more than the quote, and keep the order of prices at one venue', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(EXCHANGE_FEES)), validAmericanOdds, validAmericanOdds, (book, a, b) => {
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(netAmerican(book, low)).toBeLessThanOrEqual(low);
        expect(netAmerican(book, low)).toBeLessThanOrEqual(netAmerican(book, high));
      }),
    );
  });
});

const moneyline = (book: string, kc: number, buf: number): BookMarket => ({
  book,
  outcomes: [
    { outcome: 'KC', point: null, americanOdds: kc },
    { outcome: 'BUF', point: null, americanOdds: buf },
  ],
});

describe('an exchange in the consensus and the best price', () => {
  it('joins the consensus with its prices net of commission', () => {
    const result = consensus(moneyline('draftkings', -150, 130), [moneyline('smarkets', -140, 145)]);
    const fairDk = devig([150 / 250, 100 / 230], 'multiplicative')[0]!;
    // Smarkets nets 1 + (1/1.4)(0.98) and 1 + 1.45 × 0.98.
    const fairSmarkets = devig([1 / (1 + 0.98 / 1.4), 1 / (1 + 1.45 * 0.98)], 'multiplicative')[0]!;
    expect(result.consensusBooks).toBe(2);
    expect(result.outcomes[0]!.fairProbability).toBeCloseTo((fairDk + fairSmarkets) / 2, 6);
    // Raw, Smarkets alone would have said otherwise.
    expect(fairSmarkets).not.toBeCloseTo(devig([impliedProbability(-140), impliedProbability(145)], 'multiplicative')[0]!, 3);
  });

  it("is the best price only when its net price beats the sportsbooks', and says what it was before", () => {
    const at = new Date('2026-11-21T18:00:00Z');
    const rows = (smarketsBuf: number): PriceRow[] =>
      [
        ['draftkings', -150, 130],
        ['fanduel', -155, 148],
        ['smarkets', -140, smarketsBuf],
      ].flatMap(([book, kc, buf]) => [
        { book: book as string, outcome: 'KC', point: null, americanOdds: kc as number, updatedAt: at },
        { book: book as string, outcome: 'BUF', point: null, americanOdds: buf as number, updatedAt: at },
      ]);
    // +150 nets +147: fanduel's +148 is better.
    expect(marketCore(rows(150), { referenceBook: 'draftkings' }).outcomes[1]!.best).toMatchObject({ book: 'fanduel', americanOdds: 148 });
    // +152 nets 1 + 1.52 × 0.98 = 2.4896, +148.96: shown as +149, from +152 before commission.
    const core = marketCore(rows(152), { referenceBook: 'draftkings' });
    const best = core.outcomes[1]!.best!;
    expect(best).toMatchObject({ book: 'smarkets', americanOdds: 149, beforeCommission: 152 });
    expect(best.expectedValue).toBeCloseTo(core.outcomes[1]!.reference!.fairProbability! * 2.4896 - 1, 6);
    // KC: smarkets' -140 nets 1 + 0.98/1.4 = 1.7, -142.86, still better than -150 and -155.
    expect(core.outcomes[0]!.best).toMatchObject({ book: 'smarkets', americanOdds: -143, beforeCommission: -140 });
  });

  it('makes an arbitrage only when it survives the fee', () => {
    const at = new Date('2026-11-21T18:00:00Z');
    const rows = (exchange: string): PriceRow[] =>
      [
        ['draftkings', -110, -110],
        ['fanduel', 105, -125],
        [exchange, -130, 100],
      ].flatMap(([book, kc, buf]) => [
        { book: book as string, outcome: 'KC', point: null, americanOdds: kc as number, updatedAt: at },
        { book: book as string, outcome: 'BUF', point: null, americanOdds: buf as number, updatedAt: at },
      ]);
    // KC +105 and BUF +100 imply 100/205 + 1/2 = 0.9878 as quoted; at Betfair BUF nets 1.95, and 100/205 + 1/1.95 > 1.
    expect(marketCore(rows('betfair_ex_uk'), { referenceBook: 'draftkings' }).arbitrage).toBeNull();
    // At Smarkets it nets 1.98: 100/205 + 1/1.98 = 0.992854, still under 1.
    const found = marketCore(rows('smarkets'), { referenceBook: 'draftkings' }).arbitrage!;
    expect(found.found.impliedSum).toBeCloseTo(100 / 205 + 1 / 1.98, 6);
    expect(found.found.legs.map((leg) => leg.book)).toEqual(['fanduel', 'smarkets']);
    expect(found.found.legs[1]!.americanOdds).toBeCloseTo(-100 / 0.98, 9); // 1.98 is -102.04
    expect(found.legs.map((leg) => leg.beforeCommission)).toEqual([undefined, 100]);
  });
});
