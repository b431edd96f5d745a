import { describe, expect, it } from 'vitest';
import { consensus } from '@/lib/betting/consensus';
import { marketCore, type PriceRow } from '@/lib/pricing/market-core';
import { selectionFairProbability } from '@/lib/pricing/selection';

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
