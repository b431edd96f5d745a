/**
 * The sharp consensus's weights (fairLine "sharp", docs/contract.md "Odds: the no-vig consensus"): a book named here
 * counts this many times in the average, every other book once. Two kinds of book are named, each for its reason:
 * - market makers, which open lines, take big bets from informed bettors and move on them, so their prices carry
 *   what the sharp money knows (Unabated, "What Is The Unabated Line?", 2023: Pinnacle, Circa and Bookmaker are
 *   market makers; retail books copy them and limit sharp bettors);
 * - exchanges and prediction markets, where bettors price against each other and the venue takes a commission rather
 *   than a margin, so their prices are the crowd's with little vig in them.
 * Circa Sports and Bookmaker.eu are market makers The Odds API does not list, so they are not here.
 */
export const SHARP_BOOK_WEIGHTS: ReadonlyMap<string, number> = new Map([
  // The market maker by name: low margins, high limits, sharp bettors welcome (Unabated, above; Buchdahl, "Squares
  // & Sharps", on Pinnacle's closing prices as the efficient benchmark).
  ['pinnacle', 3],
  // Offshore market makers of the US market: BetOnline opens lines early at low limits and moves on sharp action;
  // LowVig.ag, of the same group, deals its lines at reduced juice (-105 where others deal -110).
  ['betonlineag', 2],
  ['lowvig', 2],
  // Exchanges: back prices made by other bettors, the venue paid by commission.
  ['betfair_ex_uk', 2],
  ['betfair_ex_eu', 2],
  ['betfair_ex_au', 2],
  ['matchbook', 2],
  ['smarkets', 2],
  // US peer-to-peer exchanges and prediction markets, priced by their traders (fees, not margins).
  ['novig', 2],
  ['prophetx', 2],
  ['kalshi', 2],
  ['polymarket', 2],
]);

/** How many times a book counts in the sharp consensus: its weight in the table, else 1. */
export function sharpWeight(book: string): number {
  return SHARP_BOOK_WEIGHTS.get(book) ?? 1;
}
