/**
 * Alternate lines (alternate spreads and totals, docs/contract.md, "Alternate lines"): a book offers a ladder of
 * lines in one market, so a line is identified by its point: a spread's line by the home side's point (home at p
 * against away at -p), a total's by the total (over and under at one point). Per line and side the best price
 * among the books (net of an exchange's fee, ./commission.ts); the fair probability from the books that quote both
 * sides at that line, each de-vigged multiplicatively and averaged (./consensus.ts, the odds tools' own consensus;
 * no reference book: every such book joins); the expected value of the best price against it.
 */
import { netPrice } from './commission';
import { consensus, type BookMarket } from './consensus';
import { priceExpectedValue } from './ev';

export const ALTERNATE_SPREADS = 'alternate_spreads';
export const ALTERNATE_TOTALS = 'alternate_totals';

/** Each main market's alternate lines: a bet on one of them is a bet in the main market at another point. */
export const ALTERNATES_OF: Readonly<Record<string, string>> = { spreads: ALTERNATE_SPREADS, totals: ALTERNATE_TOTALS };
/** The main market an alternate line is a point of (alternate_spreads: spreads). */
export const MAIN_MARKET_OF: Readonly<Record<string, string>> = { [ALTERNATE_SPREADS]: 'spreads', [ALTERNATE_TOTALS]: 'totals' };

export interface AlternateQuote {
  market: string;
  book: string;
  /** A team abbreviation (spreads), 'over' or 'under' (totals). */
  outcome: string;
  point: number;
  americanOdds: number;
  updatedAt: Date;
}

export interface AlternateSide {
  outcome: string;
  point: number;
  /** The best price for this side at this line (highest after an exchange's fee; ties: the book first by name). */
  best: {
    book: string;
    /** Net of an exchange's fee, whole. */
    americanOdds: number;
    /** The quote before the fee, for an exchange. */
    beforeCommission?: number;
    updatedAt: Date;
  };
  /** Books quoting this side at this line. */
  books: number;
  /** 6 decimal places; null when no book quotes both sides at this line. */
  fairProbability: number | null;
  /** The best price against the fair probability, per unit staked (6 decimal places); null without one. */
  expectedValue: number | null;
}

export interface AlternateLine {
  market: string;
  /** The home side's point (spreads) or the total (totals). */
  line: number;
  /** Home then away (spreads), over then under (totals); a side no book quotes is absent. */
  sides: AlternateSide[];
  /** Books quoting both sides at this line: those the fair probability is averaged over (0: none). */
  consensusBooks: number;
}

/** -0 is 0: a line at a point of zero is one line whichever side names it. */
const plain = (value: number) => (value === 0 ? 0 : value);

/**
 * Every alternate line of one game, by market then line (ascending). `home` and `away` are the teams' outcome names
 * (abbreviations); a spread quote of any other outcome, a totals quote other than over or under, and other markets
 * are left out.
 */
export function alternateLines(quotes: readonly AlternateQuote[], { home, away }: { home: string; away: string }): AlternateLine[] {
  const order: Record<string, readonly string[]> = { [ALTERNATE_SPREADS]: [home, away], [ALTERNATE_TOTALS]: ['over', 'under'] };
  const lines = new Map<string, { market: string; line: number; quotes: AlternateQuote[] }>();
  for (const quote of quotes) {
    const sides = order[quote.market];
    if (!sides?.includes(quote.outcome)) continue;
    const line = plain(quote.market === ALTERNATE_SPREADS && quote.outcome === away ? -quote.point : quote.point);
    const key = `${quote.market}|${line}`;
    const entry = lines.get(key) ?? { market: quote.market, line, quotes: [] };
    entry.quotes.push(quote);
    lines.set(key, entry);
  }
  return [...lines.values()]
    .sort((a, b) => (a.market < b.market ? -1 : a.market > b.market ? 1 : a.line - b.line))
    .map(({ market, line, quotes: lineQuotes }) => priceLine(market, line, lineQuotes, order[market]!));
}

function priceLine(market: string, line: number, quotes: readonly AlternateQuote[], sideOrder: readonly string[]): AlternateLine {
  // A book quoting a side twice at one line (it should not) counts with its best price.
  const byBook = new Map<string, Map<string, AlternateQuote>>();
  for (const quote of quotes) {
    const sides = byBook.get(quote.book) ?? new Map<string, AlternateQuote>();
    const held = sides.get(quote.outcome);
    if (!held || netPrice(quote.book, quote.americanOdds).net > netPrice(held.book, held.americanOdds).net) sides.set(quote.outcome, quote);
    byBook.set(quote.book, sides);
  }
  const twoSided: BookMarket[] = [...byBook]
    .filter(([, sides]) => sideOrder.every((side) => sides.has(side)))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([book, sides]) => ({
      book,
      outcomes: sideOrder.map((side) => {
        const quote = sides.get(side)!;
        return { outcome: side, point: quote.point, americanOdds: quote.americanOdds };
      }),
    }));
  const fair =
    twoSided.length > 0
      ? consensus(twoSided[0]!, twoSided.slice(1))
      : { consensusBooks: 0, outcomes: [] as { outcome: string; fairProbability: number | null }[] };
  const sides: AlternateSide[] = [];
  for (const side of sideOrder) {
    const offers = [...byBook.values()].flatMap((bookSides) => (bookSides.has(side) ? [bookSides.get(side)!] : []));
    if (offers.length === 0) continue;
    const priced = offers
      .map((quote) => ({ quote, price: netPrice(quote.book, quote.americanOdds) }))
      .sort((a, b) => b.price.net - a.price.net || (a.quote.book < b.quote.book ? -1 : 1));
    const { quote, price } = priced[0]!;
    const probability = fair.outcomes.find((outcome) => outcome.outcome === side)?.fairProbability ?? null;
    sides.push({
      outcome: side,
      point: quote.point,
      best: {
        book: quote.book,
        americanOdds: price.americanOdds,
        ...(price.beforeCommission !== undefined ? { beforeCommission: price.beforeCommission } : {}),
        updatedAt: quote.updatedAt,
      },
      books: offers.length,
      fairProbability: probability,
      expectedValue: probability === null ? null : priceExpectedValue(probability, price.net),
    });
  }
  return { market, line, sides, consensusBooks: fair.consensusBooks };
}
