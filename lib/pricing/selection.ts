import { normaliseName } from '@/lib/data/sports';
import { atReference, type BookQuote } from './reference-pricing';

// Bets are priced by the same consensus at the reference book as the markets the odds tools show: the pricing
// service (./index.ts: selection, closing) reads a market's stored prices (or its closing prices) and prices the
// bet's selection in them here.

/** What a bet or a pick is on within its market: an outcome (a player's, or the game's) at its line. */
export interface MarketSelection {
  market: string;
  selection: string;
  point: number | null;
  player: string | null;
}

/** The prices of exactly this selection among its market's: its outcome at its line, the names matched in any case. */
export function pricesOfSelection<Quote extends BookQuote>(
  quotes: readonly Quote[],
  selected: Omit<MarketSelection, 'market' | 'player'>,
): Quote[] {
  const selection = selected.selection.toLowerCase();
  return quotes.filter((quote) => quote.outcome.toLowerCase() === selection && quote.point === selected.point);
}

/**
 * A selection priced at one book: the consensus fair probability of exactly that bet (the outcome at its line), or
 * null when the book does not offer it (another line is another bet).
 */
export function selectionFairProbability(
  quotes: readonly BookQuote[],
  book: string,
  selected: { selection: string; point: number | null },
): number | null {
  const rows = quotes.map((quote) => ({ ...quote, outcome: quote.outcome.toLowerCase() }));
  const { reference, fair } = atReference(rows, book);
  const index = reference?.findIndex((quote) => quote.outcome === selected.selection.toLowerCase()) ?? -1;
  if (!reference || !fair || index < 0 || reference[index]!.point !== selected.point) return null;
  return fair.outcomes[index]!.fairProbability;
}

/**
 * A bet or a pick priced among its market's prices: at its own book when that book prices the selection (its outcome
 * at its line), else at the reference book. The consensus is the outcome's fair chance, the same wherever the bet was
 * placed; the reference book answers only for the same line. `book` is where the consensus was taken, and
 * `fairProbability` null when that book does not price the selection.
 */
export function priceSelection(
  quotes: readonly BookQuote[],
  selected: Omit<MarketSelection, 'market' | 'player'>,
  { book, referenceBook }: { book: string | null; referenceBook: string },
): { book: string; fairProbability: number | null } {
  const at = book !== null && pricesOfSelection(quotes, selected).some((quote) => quote.book === book) ? book : referenceBook;
  return { book: at, fairProbability: selectionFairProbability(quotes, at, selected) };
}

/**
 * The player as the books spell him in this market of the game, when a name in `offered` (the game's stored
 * outcomes) is the typed one but for case and punctuation ("patrick mahomes", "Patrick Mahomes"); undefined when none
 * is, or when the spelling is already the books'. Grading matches names so (boxScoreKey); prices are stored under the
 * books' spelling, so a bet finds its prices and its close only under it.
 */
export function booksSpelling(offered: readonly { market: string; player: string }[], market: string, typed: string): string | undefined {
  const wanted = normaliseName(typed);
  return offered.find((row) => row.market === market && row.player !== '' && row.player !== typed && normaliseName(row.player) === wanted)
    ?.player;
}
