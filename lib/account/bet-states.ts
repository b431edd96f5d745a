// What a logged bet can be, written once for the tools, the Bets page and its settle form. No imports:
// client components use it too.

/** A bet's status: open until settled, then how it ended (half_won, half_lost: a quarter line's two halves, one pushed). */
export const BET_STATUSES = ['open', 'won', 'lost', 'push', 'half_won', 'half_lost', 'void', 'cashout'] as const;

/** How a bet may be settled: an ending, or auto to grade it from the stored final score. */
export const SETTLE_RESULTS = ['won', 'lost', 'push', 'half_won', 'half_lost', 'void', 'cashout', 'auto'] as const;
export type SettleResult = (typeof SETTLE_RESULTS)[number];

/** A status or result as people read it: "half won" (a quarter line: half the stake won, half pushed). */
export function statusLabel(status: string): string {
  return status.replace('_', ' ');
}

/**
 * What log_bet warned of a bet's price, as list_bets flags it (lib/account/markets.ts reads them from the warnings stored
 * with the bet; the stake's warnings are not of the price): logged in play, a pick no book priced, a book with no price
 * of it, an exchange's quote before its fee, a price past every book's (a typo or a price gone). In the order log_bet
 * gives its warnings.
 */
export const PRICE_FLAGS = ['in_play', 'unpriced_pick', 'unpriced_book', 'before_fee', 'above_books'] as const;
export type PriceFlag = (typeof PRICE_FLAGS)[number];

const PRICE_FLAG_LABELS: Record<PriceFlag, string> = {
  in_play: 'logged in play',
  unpriced_pick: 'no book priced it',
  unpriced_book: 'no price at its book',
  before_fee: 'exchange quote before its fee',
  above_books: 'above every book',
};

/** A price flag as people read it, under the bet's price on the Bets page and in the bankroll view. */
export function priceFlagLabel(flag: string): string {
  return PRICE_FLAG_LABELS[flag as PriceFlag] ?? flag.replace('_', ' ');
}
