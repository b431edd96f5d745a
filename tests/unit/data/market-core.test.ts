import { describe, expect, it } from 'vitest';
import { marketCore } from '@/lib/data/market-core';
import { presentMarket, priceMarket, type PriceRow } from '@/lib/data/pricing';

// A market core is kept while its prices are unchanged and presented at every call's time: presented at any
// time, it must say exactly what pricing the market from scratch at that time says.

const now = new Date('2026-11-21T18:00:00Z').getTime();
const MIN = 60_000;
const row = (book: string, outcome: string, americanOdds: number, minutesBefore: number): PriceRow => ({
  book,
  outcome,
  point: outcome === 'KC' ? -3.5 : 3.5,
  americanOdds,
  updatedAt: new Date(now - minutesBefore * MIN),
});
const rec = (book: string, outcome: string, americanOdds: number, minutesBefore: number) => ({
  book,
  outcome,
  point: outcome === 'KC' ? -3.5 : 3.5,
  americanOdds,
  at: now - minutesBefore * MIN,
});
const history = [
  ...['draftkings', 'fanduel', 'betmgm'].flatMap((book) => [rec(book, 'KC', -105, 2000), rec(book, 'BUF', -115, 2000)]),
  rec('draftkings', 'KC', -110, 20),
  rec('draftkings', 'BUF', -110, 20),
  rec('fanduel', 'KC', -110, 15),
  rec('betmgm', 'BUF', -110, 10),
];
const current = [
  row('draftkings', 'KC', -110, 20),
  row('draftkings', 'BUF', -110, 20),
  row('fanduel', 'KC', -110, 15),
  row('fanduel', 'BUF', -115, 2000),
  row('betmgm', 'KC', -105, 2000),
  row('betmgm', 'BUF', -110, 10),
];

describe('marketCore and presentMarket', () => {
  it('one core presented at later and earlier times says what pricing afresh at each time says', () => {
    const core = marketCore(current, { referenceBook: 'draftkings', history, series: true });
    const day = 24 * 60 * MIN;
    // The 24-hour window's start crosses the recorded changes one by one, then comes back.
    const times = [0, day - 30 * MIN, day - 19 * MIN, day - 12 * MIN, day - 19 * MIN, day + 5 * MIN, 0, 3 * day];
    const changes = new Set<number | null | undefined>();
    for (const offset of times) {
      const at = new Date(now + offset);
      const options = { referenceBook: 'draftkings', now: at, staleMinutes: 60, history, series: true };
      const presented = presentMarket(core, at, 60);
      expect(presented).toEqual(priceMarket(current, options));
      changes.add(presented.outcomes[0]!.fairProbabilityChange);
    }
    expect(changes.size).toBeGreaterThan(2);
  });
});
