import { winningsCents } from '@/lib/betting';

// Money is stored as integer cents; every surface speaks in currency units with at most two decimals, and this
// module is the one parser of them: JSON numbers from tools (wholeCents) and amounts typed by people on the
// Bankroll and Bets pages and to `jev bankroll set` (typedCents). An amount that is not a whole number of cents is
// refused, never rounded: 0.004 is not a stake of 0.

/**
 * The one bound on every amount of money (docs/contract.md, "Limits"): stakes, what a bet pays back, cash-out
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

/** The smallest amount there is: one cent. */
export const ONE_CENT = 0.01;
export const WHOLE_CENTS_MESSAGE = 'must be a whole number of cents (at most 2 decimal places)';

/**
 * Whether a JSON number is a whole number of cents (up to floating-point noise: 0.1 + 0.2 is 0.30). A nonzero
 * amount that would round to 0 cents (1e-300) is no amount of cents: it is refused, never stored as 0.
 */
export function isWholeCents(amount: number): boolean {
  const cents = Math.round(amount * 100);
  return Number.isFinite(amount) && Math.abs(amount * 100 - cents) < 1e-6 && (cents !== 0 || amount === 0);
}

/** An amount as people type it: digits with at most two decimals ("250", "12.5", "0.75", ".5"). No sign or exponent,
 * no hexadecimal or binary (Number("0x3E8") is 1000), no thousands separators. */
const TYPED_AMOUNT = /^(?:(\d{1,12})(?:\.(\d{1,2}))?|\.(\d{1,2}))$/;
export const TYPED_AMOUNT_MESSAGE = 'Enter an amount such as 250 or 12.50 (digits, at most 2 decimals).';

/** A typed amount in whole cents, read from its digits (no floating point); undefined when it is no such amount. */
export function typedCents(text: string): number | undefined {
  const match = TYPED_AMOUNT.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', decimals = match[3] ?? ''] = match;
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** A typed decimal that is not money (a Kelly fraction): digits with a decimal point, nothing else. */
export function typedDecimal(text: string): number | undefined {
  return /^(?:\d{1,12}(?:\.\d{1,12})?|\.\d{1,12})$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * The currency of a user without a bankroll: what their bets and charts are shown in. The same code is the schema's
 * default for Bankroll.currency (prisma/schema.prisma; tests/unit/account/money.test.ts holds the two alike).
 */
export const DEFAULT_CURRENCY = 'USD';

/** An amount in the user's currency: 1234.5 → "$1,234.50", or a dash when there is none; a chart's axis passes 0 digits. */
export const money = (amount: number | null | undefined, currency: string, maximumFractionDigits?: number) =>
  amount == null ? '–' : new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits }).format(amount);

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Rounds down to whole cents: a suggested stake must never exceed what the math allows. Binary floating point puts
 * an exact product a hair below its value (1e7 × 0.2 full Kelly is 1999999.9999999996), so a trillionth of the amount
 * is allowed for before flooring, never enough to reach a cent that is not there.
 */
export function floorToCents(amount: number): number {
  const cents = amount * 100;
  return Math.floor(cents + Math.max(1e-9, Math.abs(cents) * 1e-12)) / 100;
}
