import { describe, expect, it } from 'vitest';
import { consensus } from '@/lib/betting/consensus';
import type { PriceRow } from '@/lib/pricing/core-types';
import { marketCore } from '@/lib/pricing/reference-pricing';
import { priceSelection, selectionFairProbability } from '@/lib/pricing/selection';

// A bet's selection is priced by the same consensus at the reference book as the markets the odds tools show:
// the fair probability of exactly that bet, or null when the reference book does not offer it.

const updatedAt = new Date('2026-11-21T18:00:00Z');
const spread = (book: string, kc: number, buf: number, point = -3.5): PriceRow[] => [
  { book, outcome: 'KC', point, americanOdds: kc, updatedAt },
  { book, outcome: 'BUF', point: -point, americanOdds: buf, updatedAt },
];
const rows = [
  ...spread('fanduel', -105, -115),
  ...spread('draftkings', -110, -110),
  ...spread('bovada', 120, -140, -4.5),
  ...spread('betmgm', -108, -112),
];

describe('selectionFairProbability', () => {
  it("is the market's fair probability of the outcome at the reference book's line, whatever the case of the names", () => {
    const core = marketCore(rows, { referenceBook: 'draftkings' });
    const fair = consensus(
      { book: 'draftkings', outcomes: spread('draftkings', -110, -110) },
      [spread('fanduel', -105, -115), spread('betmgm', -108, -112)].map((outcomes) => ({ book: outcomes[0]!.book, outcomes })),
    );
    expect(core.consensusBooks).toBe(3);
    for (const [index, selection] of ['kc', 'BUF'].entries()) {
      const point = index === 0 ? -3.5 : 3.5;
      const priced = selectionFairProbability(rows, 'draftkings', { selection, point });
      expect(priced).toBe(core.outcomes[index]!.reference!.fairProbability);
      expect(priced).toBe(fair.outcomes[index]!.fairProbability);
    }
  });

  it('is null for another line, an outcome the reference book does not quote, a book that does not price the market, and one side alone', () => {
    expect(selectionFairProbability(rows, 'draftkings', { selection: 'KC', point: -4.5 })).toBeNull();
    expect(selectionFairProbability(rows, 'draftkings', { selection: 'draw', point: null })).toBeNull();
    expect(selectionFairProbability(rows, 'pinnacle', { selection: 'KC', point: -3.5 })).toBeNull();
    expect(selectionFairProbability(rows.slice(0, 1), 'fanduel', { selection: 'KC', point: -3.5 })).toBeNull();
  });
});

describe('priceSelection', () => {
  const kc = { selection: 'kc', point: -3.5 };
  const reference = { referenceBook: 'draftkings' };

  it("takes the consensus at the bet's own book when that book prices the selection, the same fair chance as at the reference book", () => {
    const atOwn = priceSelection(rows, kc, { book: 'fanduel', ...reference });
    expect(atOwn.book).toBe('fanduel');
    expect(atOwn.fairProbability).toBe(selectionFairProbability(rows, 'fanduel', kc));
    expect(atOwn.fairProbability).toBeCloseTo(selectionFairProbability(rows, 'draftkings', kc)!, 6);
  });

  it('falls back to the reference book when the bet has no book, or its book does not price the selection at its line', () => {
    for (const book of [null, 'pinnacle', 'bovada']) {
      expect(priceSelection(rows, kc, { book, ...reference })).toEqual({
        book: 'draftkings',
        fairProbability: selectionFairProbability(rows, 'draftkings', kc),
      });
    }
  });

  it("prices another line at the bet's book that quotes it, and nothing where only the reference book is left and lacks it", () => {
    const alternate = { selection: 'KC', point: -4.5 };
    expect(priceSelection(rows, alternate, { book: 'bovada', ...reference })).toEqual({
      book: 'bovada',
      fairProbability: selectionFairProbability(rows, 'bovada', alternate),
    });
    expect(priceSelection(rows, alternate, { book: 'fanduel', ...reference })).toEqual({ book: 'draftkings', fairProbability: null });
  });
});
