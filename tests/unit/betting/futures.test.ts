import { describe, expect, it } from 'vitest';
import { priceFutures, type FutureQuote } from '@/lib/betting/futures';

// A futures market's consensus, worked out by hand: each book pricing the whole field de-vigged over it
// (multiplicative: each implied probability over the book's sum), the books averaged team by team; a book that
// leaves a team off stays out of the consensus but its prices still count for the best price.

const AT = new Date('2026-12-01T12:00:00Z');
const quotes = (book: string, prices: Record<string, number>): FutureQuote[] =>
  Object.entries(prices).map(([outcome, americanOdds]) => ({ book, outcome, americanOdds, updatedAt: AT }));

// draftkings: X +100, Y +200, Z +300 → implied 1/2, 1/3, 1/4, summing to 13/12: fair 6/13, 4/13, 3/13.
// fanduel: X -120, Y +250, Z +400 → implied 6/11, 2/7, 1/5, summing to 397/385: fair 210/397, 110/397, 77/397.
// betmgm prices X and Y only (+110, +150): it leaves the consensus.
const FIELD = [
  ...quotes('draftkings', { X: 100, Y: 200, Z: 300 }),
  ...quotes('fanduel', { X: -120, Y: 250, Z: 400 }),
  ...quotes('betmgm', { X: 110, Y: 150 }),
];
const FAIR = { X: (6 / 13 + 210 / 397) / 2, Y: (4 / 13 + 110 / 397) / 2, Z: (3 / 13 + 77 / 397) / 2 };

describe('futures consensus', () => {
  it('de-vigs each book over the whole field and averages; a book missing a team leaves the consensus', () => {
    const market = priceFutures(FIELD, 'draftkings');
    expect(market).toMatchObject({ consensusBooks: 2, books: 3, field: 3 });
    expect(market.outcomes.map((o) => o.outcome)).toEqual(['X', 'Y', 'Z']);
    const [x, y, z] = market.outcomes;
    expect(x!.fairProbability).toBeCloseTo(FAIR.X, 6);
    expect(y!.fairProbability).toBeCloseTo(FAIR.Y, 6);
    expect(z!.fairProbability).toBeCloseTo(FAIR.Z, 6);
    expect(FAIR.X + FAIR.Y + FAIR.Z).toBeCloseTo(1, 12);
    // The reference price, and the best price anywhere, betmgm's included, with its expected value.
    expect(x!.reference?.americanOdds).toBe(100);
    expect(x!.best).toMatchObject({ book: 'betmgm', americanOdds: 110 });
    expect(x!.expectedValue).toBeCloseTo(FAIR.X * 2.1 - 1, 6);
    expect(y!.best).toMatchObject({ book: 'fanduel', americanOdds: 250 });
    expect(y!.expectedValue).toBeCloseTo(FAIR.Y * 3.5 - 1, 6);
    expect(z!.best).toMatchObject({ book: 'fanduel', americanOdds: 400 });
    // fairAmericanOdds: the fair probability as a whole price.
    expect(x!.fairAmericanOdds).toBe(Math.round((100 * (1 - FAIR.X)) / FAIR.X));
  });

  it('a team fewer than half the books price (a stale board) is outside the field: it has no fair price, and the consensus stands', () => {
    // betrivers' board holds W alone (1 of 4 books): the field stays X, Y, Z, priced by draftkings and fanduel as above.
    const market = priceFutures([...FIELD, ...quotes('betrivers', { W: 5000 })], 'draftkings');
    expect(market).toMatchObject({ consensusBooks: 2, books: 4, field: 3 });
    expect(market.outcomes.map((o) => [o.outcome, o.fairProbability])).toEqual([
      ['X', Math.round(FAIR.X * 1e6) / 1e6],
      ['Y', Math.round(FAIR.Y * 1e6) / 1e6],
      ['Z', Math.round(FAIR.Z * 1e6) / 1e6],
      ['W', null],
    ]);
    expect(market.outcomes.at(-1)!).toMatchObject({ expectedValue: null, reference: null });
    // A stale book that still lists W beside the whole field joins, W left out of its de-vig.
    const stale = priceFutures([...FIELD, ...quotes('betrivers', { X: 100, Y: 200, Z: 300, W: 5000 })], 'draftkings');
    expect(stale.consensusBooks).toBe(3);
    expect(stale.outcomes.find((o) => o.outcome === 'X')!.fairProbability).toBeCloseTo((6 / 13 + 210 / 397 + 6 / 13) / 3, 6);
  });

  it('with no book pricing the whole field there is no consensus, and the teams go by best price', () => {
    const market = priceFutures([...quotes('draftkings', { X: 100, Y: 200 }), ...quotes('fanduel', { Y: 250, Z: 400 })], 'draftkings');
    expect(market).toMatchObject({ consensusBooks: 0, field: 3 });
    expect(market.outcomes.every((o) => o.fairProbability === null && o.expectedValue === null)).toBe(true);
    expect(market.outcomes.map((o) => o.outcome)).toEqual(['X', 'Y', 'Z']);
  });

  it('sharp weights the books (lowvig twice); the reference book wins a tie at the best price', () => {
    const field = [...quotes('draftkings', { X: 100, Y: 200, Z: 300 }), ...quotes('lowvig', { X: -120, Y: 250, Z: 300 })];
    const market = priceFutures(field, 'lowvig', { method: 'multiplicative', sharp: true });
    const lowvigZ = 1 / 4 / (6 / 11 + 2 / 7 + 1 / 4);
    expect(market.outcomes.find((o) => o.outcome === 'Z')!.fairProbability).toBeCloseTo((3 / 13 + 2 * lowvigZ) / 3, 6);
    expect(market.outcomes.find((o) => o.outcome === 'Z')!.best.book).toBe('lowvig');
    expect(priceFutures(field, 'fanduel').outcomes.find((o) => o.outcome === 'Z')!.best.book).toBe('draftkings');
  });

  it("an exchange's prices are netted of its fee before de-vig and in the best price", () => {
    const field = [...quotes('draftkings', { X: 100, Y: 200, Z: 300 }), ...quotes('betfair_ex_uk', { X: 120, Y: 210, Z: 320 })];
    const market = priceFutures(field, 'draftkings');
    // Betfair takes 5% of winnings: decimal 2.2 nets 1 + 1.2 × 0.95 = 2.14 (+114).
    const x = market.outcomes.find((o) => o.outcome === 'X')!;
    expect(x.best).toMatchObject({ book: 'betfair_ex_uk', americanOdds: 114, beforeCommission: 120 });
    const net = [2.14, 1 + 2.1 * 0.95, 1 + 3.2 * 0.95].map((d) => 1 / d);
    const sum = net.reduce((a, b) => a + b, 0);
    expect(x.fairProbability).toBeCloseTo((6 / 13 + net[0]! / sum) / 2, 6);
  });
});
