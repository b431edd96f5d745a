// How JEV writes prices, probabilities, markets, amounts and times for people: the same figures the tools return,
// made readable. The console's pages and the MCP Apps views (lib/apps) both write through these, and so do the
// components they share (lib/present): plain functions, no DOM, no React.

import { roundTo } from '@/lib/betting/odds';

const MARKET_NAMES: Record<string, string> = { h2h: 'Moneyline', spreads: 'Spread', totals: 'Total' };

export const marketName = (market: string) => MARKET_NAMES[market] ?? market;

/** +150, -110, or a dash when there is no price. */
export const americanOdds = (odds: number | null | undefined) => (odds == null ? '–' : odds > 0 ? `+${odds}` : String(odds));

/** A price at its line: "-110 (+3.5)", or the price alone for a market without one. */
export const priceAt = (odds: number | null | undefined, point: number | null | undefined) =>
  `${americanOdds(odds)}${point == null ? '' : ` (${point > 0 ? '+' : ''}${point})`}`;

/**
 * An exchange's price as quoted, beside the net price shown: " (quoted +110)", or nothing for a price without a fee
 * taken off (`beforeCommission` absent).
 */
export const quotedBeside = (beforeCommission: number | undefined) =>
  beforeCommission === undefined ? '' : ` (quoted ${americanOdds(beforeCommission)})`;

/**
 * A fraction as a percentage: 0.0213 → "2.1%", or a dash when there is none. Rounded as the answers round
 * (roundTo, halves up), not by toFixed's binary halves, so a six-place EV reads as the default answer's four places
 * of it say (-0.09975: -9.97%, as -0.0997); a value that rounds to nothing is 0, never -0.
 */
export const percent = (value: number | null | undefined, digits = 1) =>
  value == null ? '–' : `${(roundTo(value, digits + 2) * 100 + 0).toFixed(digits)}%`;

export { money } from '@/lib/account/money';

/**
 * A bet as people read it, the same for bets, picks and value entries: market, the player of a prop, the outcome at
 * its line ("Spread DAL -3.5", "player_pass_tds Josh Allen over 1.5").
 */
export const betInWords = (bet: { market: string; outcome: string; point?: number | null; player?: string | null }) =>
  `${marketName(bet.market)} ${bet.player ? `${bet.player} ` : ''}${outcomeName(bet.outcome, bet.point ?? null)}`;

/** An outcome as bettors read it: the team or over/under, with its line ("DAL -3.5", "over 47.5"). */
export function outcomeName(outcome: string, point: number | null): string {
  const name = outcome === 'over' || outcome === 'under' || outcome === 'draw' ? outcome : outcome.toUpperCase();
  if (point === null) return name;
  return `${name} ${point > 0 && outcome !== 'over' && outcome !== 'under' ? '+' : ''}${point}`;
}

/** A middle's mark: its window and what a miss costs (a concise or a full answer's middle). */
export const middleMark = (middle: { window: string; worstReturnFraction: number }) =>
  `Middle ${middle.window}, ${percent(middle.worstReturnFraction, 2)} on a miss`;

/** A middle's chance of landing inside, or why it is unknown. */
export const middleChance = (chance: number | null | undefined) =>
  chance == null ? 'chance unknown (too few finals stored)' : `${percent(chance)} of stored finals landed inside`;

/** Expected value (in percent) a best price must reach to be highlighted, on the Games page and the value board. */
export const DEFAULT_MIN_PERCENT = 2;

/** The `min` of a Games address (percent); the tool takes -1 to 10 as a fraction, so anything else is the default. */
export function thresholdPercent(param: string | string[] | undefined): number {
  const min = typeof param === 'string' && param.trim() !== '' ? Number(param) : DEFAULT_MIN_PERCENT;
  return Number.isFinite(min) && min >= -100 && min <= 1000 ? min : DEFAULT_MIN_PERCENT;
}

/** An instant in the user's zone, as pages and tables write it: defined once, in lib/time.ts. */
export { formatDateTime } from '@/lib/time';

/** A chart's time label: short enough for an axis at phone width ("Nov 23, 3:04 PM"). */
export function formatShortDateTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(instant);
}
