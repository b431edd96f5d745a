import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consensus, type BookMarket } from '@/lib/betting/consensus';
import { devig } from '@/lib/betting/devig';
import { impliedProbability } from '@/lib/betting/odds';
import { validAmericanOdds } from './support';

const spread = (book: string, home: number, away: number, line = -3.5): BookMarket => ({
  book,
  outcomes: [
    { outcome: 'KC', point: line, americanOdds: home },
    { outcome: 'BUF', point: -line, americanOdds: away },
  ],
});

describe('consensus', () => {
  it('the reference alone gives its own no-vig line and consensusBooks 1', () => {
    const result = consensus(spread('dk', -120, 100), []);
    const fair = devig([impliedProbability(-120), impliedProbability(100)], 'multiplicative');
    expect(result.consensusBooks).toBe(1);
    expect(result.outcomes.map((o) => o.fairProbability)).toEqual(fair.map((p) => Math.round(p * 1e6) / 1e6));
    expect(result.outcomes[0]).toMatchObject({ outcome: 'KC', fairAmericanOdds: -109 }); // 0.521739 fair
  });

  it('averages the joining books outcome by outcome and measures the reference price against it', () => {
    const result = consensus(spread('dk', -110, -110), [spread('fd', -120, 100), spread('mgm', -105, -115)]);
    const fairKc = (0.5 + 120 / 220 / (120 / 220 + 0.5) + 105 / 205 / (105 / 205 + 115 / 215)) / 3;
    expect(result.consensusBooks).toBe(3);
    expect(result.outcomes[0]!.fairProbability).toBeCloseTo(fairKc, 6);
    expect(result.outcomes[0]!.expectedValue).toBeCloseTo(fairKc * (1 + 100 / 110) - 1, 6);
    expect(result.outcomes[0]!.fairProbability! + result.outcomes[1]!.fairProbability!).toBeCloseTo(1, 5);
  });

  it('leaves out books at another line, with other outcomes, or the reference book twice', () => {
    const result = consensus(spread('dk', -110, -110), [
      spread('fd', -300, 250, -4), // a different line is a different bet
      { book: 'mgm', outcomes: [{ outcome: 'KC', point: -3.5, americanOdds: -110 }] },
      { book: 'czr', outcomes: [...spread('czr', -110, -110).outcomes, { outcome: 'draw', point: -3.5, americanOdds: 900 }] },
      spread('dk', -500, 400),
    ]);
    expect(result.consensusBooks).toBe(1);
    expect(result.outcomes[0]!.fairProbability).toBe(0.5);
  });

  it('a one-sided market (anytime touchdown, yes only) has no consensus: 0 and nulls', () => {
    const yesOnly = (book: string, odds: number): BookMarket => ({ book, outcomes: [{ outcome: 'yes', point: null, americanOdds: odds }] });
    const result = consensus(yesOnly('dk', 150), [yesOnly('fd', 140)]);
    expect(result).toEqual({
      consensusBooks: 0,
      outcomes: [{ outcome: 'yes', fairProbability: null, fairAmericanOdds: null, expectedValue: null }],
    });
  });

  it('handles three-way soccer moneylines', () => {
    const market = (book: string, home: number, draw: number, away: number): BookMarket => ({
      book,
      outcomes: [
        { outcome: 'ARS', point: null, americanOdds: home },
        { outcome: 'draw', point: null, americanOdds: draw },
        { outcome: 'CHE', point: null, americanOdds: away },
      ],
    });
    const result = consensus(market('dk', 150, 240, 190), [market('fd', 145, 250, 185)]);
    expect(result.consensusBooks).toBe(2);
    const total = result.outcomes.reduce((sum, o) => sum + o.fairProbability!, 0);
    expect(total).toBeCloseTo(1, 5);
  });

  const twoWayBook = fc.record({ home: validAmericanOdds, away: validAmericanOdds });

  it('property: the result does not depend on the order of the other books', () => {
    fc.assert(
      fc.property(twoWayBook, fc.array(twoWayBook, { maxLength: 9 }), fc.integer(), (ref, others, seed) => {
        const books = others.map((o, i) => spread(`b${i}`, o.home, o.away));
        const shuffled = [...books].sort((a, b) => ((a.book.charCodeAt(1) * seed) % 7) - ((b.book.charCodeAt(1) * seed) % 7)).reverse();
        const reference = spread('ref', ref.home, ref.away);
        expect(consensus(reference, shuffled)).toEqual(consensus(reference, books));
      }),
    );
  });

  it('property: fair probabilities lie in [0, 1], sum to 1 within rounding, and consensusBooks counts joiners', () => {
    fc.assert(
      fc.property(twoWayBook, fc.array(fc.record({ odds: twoWayBook, sameLine: fc.boolean() }), { maxLength: 9 }), (ref, others) => {
        const books = others.map((o, i) => spread(`b${i}`, o.odds.home, o.odds.away, o.sameLine ? -3.5 : -2.5));
        const result = consensus(spread('ref', ref.home, ref.away), books);
        expect(result.consensusBooks).toBe(1 + others.filter((o) => o.sameLine).length);
        const [home, away] = result.outcomes.map((o) => o.fairProbability!);
        expect(home).toBeGreaterThanOrEqual(0);
        expect(away).toBeLessThanOrEqual(1);
        expect(Math.abs(home! + away! - 1)).toBeLessThanOrEqual(2e-6);
      }),
    );
  });
});
