/**
 * Conversions between American odds, decimal odds and probabilities.
 *
 * American prices taken as input may be unrounded (e.g. -104.76 from a fair
 * probability); only `roundAmerican` produces the whole numbers shown to users.
 */

/** Bounds of the American prices the service accepts (a 99.9% favourite to a 10000-1 longshot). */
export const MIN_AMERICAN_ODDS = -100_000;
export const MAX_AMERICAN_ODDS = 1_000_000;

/**
 * Even money, the shortest American price either way: prices strictly between -100 and +100 do not exist
 * (+100 and -100 both pay 1 to 1), so every price is at most -EVEN_MONEY_ODDS or at least +EVEN_MONEY_ODDS.
 */
export const EVEN_MONEY_ODDS = 100;

/** Whether a price lies outside the gap between -100 and +100 that no American price falls in. */
export function isOutsideEvenMoneyGap(american: number): boolean {
  return american <= -EVEN_MONEY_ODDS || american >= EVEN_MONEY_ODDS;
}

function assertAmericanOdds(american: number): void {
  if (!Number.isFinite(american) || !isOutsideEvenMoneyGap(american)) {
    throw new RangeError(`American odds must be <= -${EVEN_MONEY_ODDS} or >= +${EVEN_MONEY_ODDS}, got ${american}`);
  }
}

/** +150 → 2.5, -200 → 1.5. */
export function americanToDecimal(american: number): number {
  assertAmericanOdds(american);
  return american > 0 ? 1 + american / 100 : 1 + 100 / -american;
}

/** Unrounded: 2.5 → +150, 1.5 → -200; decimal 2 (even money) → +100. */
export function decimalToAmerican(decimal: number): number {
  if (!Number.isFinite(decimal) || decimal <= 1) {
    throw new RangeError(`Decimal odds must be a finite number > 1, got ${decimal}`);
  }
  return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
}

/** Break-even probability of a price, bookmaker margin included: +100 → 0.5, -110 → 110/210. */
export function impliedProbability(american: number): number {
  assertAmericanOdds(american);
  // Equal to 1 / americanToDecimal(american), but a single division keeps it correctly rounded.
  return american > 0 ? 100 / (american + 100) : -american / (100 - american);
}

/** Fair decimal odds of an outcome with probability p in (0, 1]. */
export function probabilityToDecimal(p: number): number {
  if (!(p > 0 && p <= 1)) {
    throw new RangeError(`Probability must be in (0, 1], got ${p}`);
  }
  return 1 / p;
}

/** Unrounded fair American price for probability p in (0, 1); p = 0.5 gives +100. */
export function probabilityToAmerican(p: number): number {
  if (!(p > 0 && p < 1)) {
    throw new RangeError(`Probability must be in (0, 1), got ${p}`);
  }
  // The ratio is >= 1 on each branch, so the result can never fall inside (-100, +100).
  return p <= 0.5 ? 100 * ((1 - p) / p) : -100 * (p / (1 - p));
}

/**
 * `value` rounded to `decimals` places: numbers in answers carry the digits they mean, no more. A small negative
 * that rounds to nothing is 0, not -0 (`+ 0`), as JSON writes it and as a page should show it (not "-0.0%"). A value
 * too large to scale exactly (past 2^53 once scaled: a long parlay's decimal odds) is rounded in decimal instead, since
 * scaling it back would add noise; from 1e21 a double is a whole number already.
 */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = value * scale;
  if (Math.abs(scaled) < Number.MAX_SAFE_INTEGER) return Math.round(scaled) / scale + 0;
  return Math.abs(value) < 1e21 ? Number(value.toFixed(decimals)) : value;
}

/**
 * `value` without float noise: to 15 significant digits, which every double holds exactly, so no meaningful digit
 * changes and only the noise of arithmetic past them goes (-77.75000000000001 → -77.75). Whole numbers stay as they
 * are. For the figures calc_no_vig_odds keeps unrounded (docs/contract.md, Calculators).
 */
export function withoutFloatNoise(value: number): number {
  return Number.isInteger(value) || !Number.isFinite(value) ? value : Number(value.toPrecision(15));
}

/** A fraction in an answer (a probability, a return, a rate): four places, 0.0523 = 5.23%. */
export const roundFraction = (value: number) => roundTo(value, 4);

/** A fair probability, or another figure the odds tools give to six places (a hold, a return, an expected value). */
export const roundTo6 = (value: number) => roundTo(value, 6);

/**
 * Whole-number price for display that is still a real American price: values
 * that round into (-100, +100), such as an unrounded +99.6, become ±100.
 */
export function roundAmerican(american: number): number {
  if (!Number.isFinite(american)) {
    throw new RangeError(`American odds must be finite, got ${american}`);
  }
  const rounded = Math.round(american);
  if (!isOutsideEvenMoneyGap(rounded)) {
    return american < 0 ? -EVEN_MONEY_ODDS : EVEN_MONEY_ODDS;
  }
  return rounded;
}

/**
 * Whole-number price within the accepted range (-100000 to +1000000): a fair price longer than +1000000
 * (a probability under 1/10001, or one whose odds are too large for a double) answers +1000000, one shorter
 * than -100000 answers -100000. Otherwise the same as `roundAmerican`.
 */
export function boundedAmerican(american: number): number {
  if (Number.isNaN(american)) {
    throw new RangeError(`American odds must be a number, got ${american}`);
  }
  if (american >= MAX_AMERICAN_ODDS) return MAX_AMERICAN_ODDS;
  if (american <= MIN_AMERICAN_ODDS) return MIN_AMERICAN_ODDS;
  return roundAmerican(american);
}

/** Whether n is a whole American price the service accepts as input. */
export function isValidAmericanOdds(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_AMERICAN_ODDS && n <= MAX_AMERICAN_ODDS && isOutsideEvenMoneyGap(n);
}
