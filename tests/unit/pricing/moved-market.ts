import type { RecordedPrice } from '@/lib/betting/movement';
import type { PriceRow } from '@/lib/pricing/priced-market';

/**
 * A KC -3.5 / BUF +3.5 spread at three books, each at -105/-115 since 2,000 minutes before `now`; in the last 20
 * minutes draftkings went to -110/-110, fanduel moved KC to -110 and betmgm BUF to -110 (a steam move towards KC
 * by all three). `history` is the recorded changes in time order, `current` the stored prices now.
 */
export function movedSpread(now: number): { history: RecordedPrice[]; current: PriceRow[] } {
  const point = (outcome: string) => (outcome === 'KC' ? -3.5 : 3.5);
  const at = (minutesBefore: number) => now - minutesBefore * 60_000;
  const rec = (book: string, outcome: string, americanOdds: number, minutesBefore: number) => ({
    book,
    outcome,
    point: point(outcome),
    americanOdds,
    at: at(minutesBefore),
  });
  const row = (book: string, outcome: string, americanOdds: number, minutesBefore: number): PriceRow => ({
    book,
    outcome,
    point: point(outcome),
    americanOdds,
    updatedAt: new Date(at(minutesBefore)),
  });
  return {
    history: [
      ...['draftkings', 'fanduel', 'betmgm'].flatMap((book) => [rec(book, 'KC', -105, 2000), rec(book, 'BUF', -115, 2000)]),
      rec('draftkings', 'KC', -110, 20),
      rec('draftkings', 'BUF', -110, 20),
      rec('fanduel', 'KC', -110, 15),
      rec('betmgm', 'BUF', -110, 10),
    ],
    current: [
      row('draftkings', 'KC', -110, 20),
      row('draftkings', 'BUF', -110, 20),
      row('fanduel', 'KC', -110, 15),
      row('fanduel', 'BUF', -115, 2000),
      row('betmgm', 'KC', -105, 2000),
      row('betmgm', 'BUF', -110, 10),
    ],
  };
}
