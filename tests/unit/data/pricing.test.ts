import { describe, expect, it } from 'vitest';
import { priceMarket, type PriceRow } from '@/lib/data/pricing';

const now = new Date('2026-11-21T18:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const row = (book: string, outcome: string, americanOdds: number, point: number | null = -3.5, age = 4): PriceRow => ({
  book,
  outcome,
  point: outcome === 'BUF' && point !== null ? -point : point,
  americanOdds,
  updatedAt: minutesAgo(age),
});
const options = { referenceBook: 'draftkings', now, staleMinutes: 60 };

describe('priceMarket', () => {
  it("prices the reference book's outcomes with the consensus, the best price on the same line, and ages", () => {
    const market = priceMarket(
      [row('draftkings', 'KC', -110), row('draftkings', 'BUF', -110), row('fanduel', 'KC', -105), row('fanduel', 'BUF', -115), row('bovada', 'KC', 120, -4.5), row('bovada', 'BUF', -140, -4.5)],
      options,
    );
    expect(market).toMatchObject({ consensusBooks: 2, books: 3 });
    expect(market.priceNote).toBeUndefined();
    expect(market.outcomes[0]).toMatchObject({ outcome: 'KC', point: -3.5, americanOdds: -110, updatedAgo: '4 minutes ago', best: { book: 'fanduel', americanOdds: -105 } });
    expect(market.outcomes[0]!.impliedProbability).toBeCloseTo(110 / 210, 12);
  });

  it('says when the reference price is stale', () => {
    const market = priceMarket([row('draftkings', 'KC', -110, -3.5, 180), row('draftkings', 'BUF', -110, -3.5, 180)], options);
    expect(market.priceNote).toBe('Stale: draftkings last confirmed this price 3 hours ago; it may have moved.');
  });

  it('says when the reference book does not price the market, and still shows the best prices', () => {
    const market = priceMarket([row('fanduel', 'KC', -105), row('fanduel', 'BUF', -115), row('bovada', 'KC', -102)], options);
    expect(market.consensusBooks).toBe(0);
    expect(market.priceNote).toContain('draftkings (the reference book) does not price this market');
    expect(market.outcomes.map((o) => [o.outcome, o.americanOdds, o.best?.book])).toEqual([
      ['KC', null, 'bovada'],
      ['BUF', null, 'fanduel'],
    ]);
  });
});
