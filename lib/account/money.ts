import { winningsCents } from '@/lib/betting';

// Money is stored as integer cents; tools speak in currency units with at most two decimals.

/**
 * The one bound on every amount of money (docs: README "Money"): stakes, what a bet pays back, cash-out
 * payouts, balances, units, max stakes and loss limits, in every front end (tools, Bankroll page, Bets
 * page, `jev bankroll set`). Amounts are stored as integer cents in 32-bit columns (PostgreSQL `integer`,
 * at most 2,147,483,647 cents); 10,000,000 is 1e9 cents, so an amount fits, and so does the sum of any two
 * (a balance plus a win, a limit minus a loss: at most 2e9 cents) before it is checked against the bound.
 * Nothing past it is stored: a balance that a settlement would take past ±MAX_AMOUNT is refused.
 */
export const MAX_AMOUNT = 10_000_000;
export const MAX_AMOUNT_CENTS = MAX_AMOUNT * 100;
/** The bound as people read it: 10,000,000. */
export const MAX_AMOUNT_TEXT = MAX_AMOUNT.toLocaleString('en-US');

/** What a bet of `stakeCents` at `americanOdds` pays back if it wins (stake plus winnings), in cents. */
export function payoutIfWonCents(stakeCents: number, americanOdds: number): number {
  return stakeCents + winningsCents(stakeCents, americanOdds);
}

/** The largest stake, in currency units, whose win pays back at most MAX_AMOUNT at these odds. */
export function largestStakeFor(americanOdds: number): number {
  const decimal = americanOdds > 0 ? 1 + americanOdds / 100 : 1 + 100 / -americanOdds;
  let cents = Math.floor(MAX_AMOUNT_CENTS / decimal);
  while (cents > 0 && payoutIfWonCents(cents, americanOdds) > MAX_AMOUNT_CENTS) cents -= 1;
  return fromCents(cents);
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Rounds down to whole cents: a suggested stake must never exceed what the math allows. */
export function floorToCents(amount: number): number {
  return Math.floor(amount * 100 + 1e-9) / 100;
}
