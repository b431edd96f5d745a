import { atReference, type BookQuote } from './market-core';

// Bets and picks are priced by the same consensus at the reference book as the markets the odds tools show.

/**
 * A bet's or a pick's selection priced at the reference book: the consensus fair probability of exactly that bet
 * (the outcome at its line), or null when the reference book does not offer it (another line is another bet).
 * Selections and stored outcomes are matched in any case.
 */
export function selectionFairProbability(
  quotes: readonly BookQuote[],
  referenceBook: string,
  pick: { selection: string; point: number | null },
): number | null {
  const rows = quotes.map((quote) => ({ ...quote, outcome: quote.outcome.toLowerCase() }));
  const { reference, fair } = atReference(rows, referenceBook);
  const index = reference?.findIndex((quote) => quote.outcome === pick.selection.toLowerCase()) ?? -1;
  if (!reference || !fair || index < 0 || reference[index]!.point !== pick.point) return null;
  return fair.outcomes[index]!.fairProbability;
}
