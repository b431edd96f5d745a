import { describe, expect, it } from 'vitest';
import { priceFutures } from '@/lib/betting/futures';
import { priceLeagueFutures } from '@/lib/pricing/futures';

// A league's futures as the pricing service prices them: each market through lib/betting's priceFutures, in the
// league's order, with the reference book's last update.

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));
const quote = (market: string, book: string, outcome: string, americanOdds: number, minute: number) => ({
  market,
  book,
  outcome,
  americanOdds,
  updatedAt: at(minute),
});
const stored = [
  quote('conference', 'fanduel', 'KC', 300, 1),
  quote('title', 'fanduel', 'KC', 400, 2),
  quote('title', 'draftkings', 'KC', 350, 3),
  quote('title', 'draftkings', 'BUF', 500, 7),
  quote('title', 'fanduel', 'BUF', 550, 9),
  quote('odd-one', 'fanduel', 'KC', 900, 4),
];

describe('priceLeagueFutures', () => {
  it('orders the markets as the league lists them, those it does not name first by name, each priced as priceFutures prices it', () => {
    const priced = priceLeagueFutures(stored, ['title', 'conference'], 'draftkings', undefined);
    expect(priced.map((market) => market.market)).toEqual(['odd-one', 'title', 'conference']);
    const title = stored.filter((row) => row.market === 'title');
    expect(priced[1]).toEqual({ market: 'title', ...priceFutures(title, 'draftkings'), latest: at(7) });
  });

  it("dates a market by the reference book's latest quote, and not at all where it quotes nothing", () => {
    const priced = priceLeagueFutures(stored, ['title', 'conference'], 'draftkings', undefined);
    expect(priced.find((market) => market.market === 'conference')).not.toHaveProperty('latest');
    expect(priceLeagueFutures(stored, [], 'fanduel', undefined).find((market) => market.market === 'title')?.latest).toEqual(at(9));
  });
});
