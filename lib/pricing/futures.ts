import type { FairLine } from '@/lib/betting/fair-line';
import { priceFutures, type FutureQuote, type FuturesMarket } from '@/lib/betting/futures';
import { groupBy } from '@/lib/collections';

// A league's futures priced: each market's quotes at every book measured against the consensus at the reference
// book (lib/betting/futures.ts), with the moment the reference book last updated it.

/** One futures market priced, and when the reference book last quoted it (none when it does not price it). */
export type PricedFuturesMarket = FuturesMarket & { market: string; latest?: Date };

/** Each stored market priced, in the league's market order (`order`; markets it does not name first, by name). */
export function priceLeagueFutures<Quote extends FutureQuote & { market: string; updatedAt: Date }>(
  stored: readonly Quote[],
  order: readonly string[],
  referenceBook: string,
  fairLine: FairLine | undefined,
): PricedFuturesMarket[] {
  const byMarket = groupBy(stored, (row) => row.market);
  const names = [...byMarket.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b) || (a < b ? -1 : 1));
  return names.map((market) => {
    const rows = byMarket.get(market)!;
    const quoted = rows.filter((row) => row.book === referenceBook).map((row) => row.updatedAt.getTime());
    return {
      market,
      ...priceFutures(rows, referenceBook, fairLine),
      ...(quoted.length > 0 ? { latest: new Date(Math.max(...quoted)) } : {}),
    };
  });
}
