import {
  arbitrage as findArbitrage,
  marketHold,
  lineArbitrage,
  lineHold,
  sameLine,
  type LineKind,
  type LineQuote,
} from '@/lib/betting/arbitrage';
import { netPrice } from '@/lib/betting/commission';
import { keyNumbersIn, middle as findMiddle, type Middle } from '@/lib/betting/middles';
import { impliedProbability } from '@/lib/betting/odds';
import type { CoreArbitrage, CoreMiddle, CoreOptions, MarketCore, PriceRow } from './core-types';
import { inWords, resultInWords } from './result-words';

// What a market core finds by setting one book's price against another's: the arbitrage, the lowest hold and the
// middle (./reference-pricing.ts).

/**
 * The market's best arbitrage and best middle across books. Without lines (h2h, yes/no), an arbitrage of the best
 * price of every outcome and no middle. With lines (a handicap's two sides, an over and an under), every pair of the
 * two sides' best prices at each line any book hangs, so a quarter line or another book's line reaches the check
 * too: the arbitrage whose worst result returns most, and (when asked for) the middle that costs least when it
 * misses, then the widest window. The lowest hold (the low-hold list's) pairs both sides at one line only.
 */
export function acrossBooks(
  quoted: readonly PriceRow[],
  middles: CoreOptions['middles'],
): Pick<MarketCore, 'arbitrage' | 'lowHold' | 'middle'> {
  // What a bettor gets: an arbitrage or a middle through an exchange must survive its fee.
  const rows = quoted.map((row): PriceRow & { beforeCommission?: number } => {
    const { net, beforeCommission } = netPrice(row.book, row.americanOdds);
    return beforeCommission === undefined ? row : { ...row, americanOdds: net, beforeCommission };
  });
  const outcomes = [...new Set(rows.map((row) => row.outcome))];
  const kind = lineKindOf(outcomes, rows);
  if (!kind) {
    const none = middles ? { middle: null } : {};
    if (rows.some((row) => row.point !== null)) return { arbitrage: null, lowHold: null, ...none };
    const tops = outcomes.map((outcome) => bestOf(rows.filter((row) => row.outcome === outcome))[0]!);
    const quotes = tops.map(({ outcome, book, americanOdds }) => ({ outcome, book, americanOdds }));
    const found = findArbitrage(quotes);
    const hold = marketHold(quotes);
    return { arbitrage: found && { found, legs: tops }, lowHold: hold && { found: hold, legs: tops }, ...none };
  }
  let arbitrage: CoreArbitrage | null = null;
  let middle: CoreMiddle | null = null;
  // The lowest hold is looked for on one line only (sameLine): the pair whose implied probabilities sum least.
  let lowest: { pair: [PriceRow, PriceRow]; sum: number } | undefined;
  const [first, second] = outcomes.map((outcome) => bestOf(rows.filter((row) => row.outcome === outcome)));
  for (const a of first!)
    for (const b of second!) {
      const quotes = [lineQuote(a), lineQuote(b)] as const;
      if (sameLine(kind, quotes)) {
        const sum = impliedProbability(a.americanOdds) + impliedProbability(b.americanOdds);
        if (!lowest || sum < lowest.sum) lowest = { pair: [a, b], sum };
      }
      const found = lineArbitrage(kind, quotes);
      if (found && (!arbitrage || found.returnFraction > arbitrage.found.returnFraction))
        arbitrage = { found, legs: [a, b], ...(found.returns ? { returns: inWords(found.returns, kind, outcomes) } : {}) };
      const window = middles ? findMiddle(kind, quotes) : null;
      if (window && (!middle || cheaperMiddle(window, middle.found)))
        middle = {
          found: window,
          kind,
          legs: [a, b],
          window: resultInWords(window.window, kind, outcomes),
          keyNumbers: keyNumbersIn(middles!.sport, kind, window.window),
          returns: inWords(window.returns, kind, outcomes),
        };
    }
  const hold = lowest && lineHold(kind, [lineQuote(lowest.pair[0]), lineQuote(lowest.pair[1])]);
  const lowHold: CoreArbitrage | null = hold
    ? { found: hold, legs: lowest!.pair, ...(hold.returns ? { returns: inWords(hold.returns, kind, outcomes) } : {}) }
    : null;
  return { arbitrage, lowHold, ...(middles ? { middle } : {}) };
}

/** Whether middle `a` costs less than `b` when it misses, or as little with a wider window. */
function cheaperMiddle(a: Middle, b: Middle): boolean {
  const width = (found: Middle) => found.window.to - found.window.from;
  return a.worstReturnFraction > b.worstReturnFraction || (a.worstReturnFraction === b.worstReturnFraction && width(a) > width(b));
}

const lineQuote = ({ outcome, book, americanOdds, point }: PriceRow): LineQuote => ({ outcome, book, americanOdds, point: point! });

/** A two-sided market with a line on every quote is a total (over and under) or a handicap; any other has none. */
function lineKindOf(outcomes: readonly string[], rows: readonly PriceRow[]): LineKind | undefined {
  if (outcomes.length !== 2 || rows.some((row) => row.point === null)) return undefined;
  return outcomes.includes('over') && outcomes.includes('under') ? 'total' : 'handicap';
}

/** The best price at each line among `rows` (one outcome's quotes), the first book by key on a tie. */
function bestOf(rows: readonly PriceRow[]): PriceRow[] {
  const byLine = new Map<number | null, PriceRow>();
  for (const row of rows) {
    const top = byLine.get(row.point);
    if (!top || row.americanOdds > top.americanOdds || (row.americanOdds === top.americanOdds && row.book < top.book))
      byLine.set(row.point, row);
  }
  return [...byLine.values()];
}
