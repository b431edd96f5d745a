/**
 * Middles across books (pure math; docs/contract.md, "Middles").
 *
 * A middle is two books' opposite sides of a handicap or total at different lines, so that some results win both
 * bets: over 44.5 at one book and under 46.5 at another both win on a total of 45 or 46; home -2.5 and away +3.5
 * both win on a home margin of 3. The legs are staked in proportion to their implied probabilities (the stake rule
 * of lib/betting/arbitrage.ts), so a miss costs the same whichever leg wins alone; the returns come from the same
 * result grid as lineArbitrage's, so a whole line's push and a quarter line's half win or half refund count.
 */
import {
  legPayout,
  resultRange,
  resultReturns,
  withStakeShares,
  type ArbitrageLeg,
  type LineKind,
  type LineQuote,
  type ResultReturn,
} from './arbitrage';

export interface Middle {
  /** Sum of the legs' implied probabilities (6 decimal places). */
  impliedSum: number;
  /** Both legs, each with its line and stake share (in proportion to its implied probability; the shares sum to 1). */
  legs: (ArbitrageLeg & { point: number })[];
  /**
   * The results that win both legs (each in full or in half), both ends included: the first leg's side's margin
   * for a handicap, the total for a total.
   */
  window: { from: number; to: number };
  /** The return on the total stake on the worst result, a miss (6 decimal places): what the middle costs. */
  worstReturnFraction: number;
  /** The return on the total stake on the best result inside the window (6 decimal places). */
  windowReturnFraction: number;
  /** Every range of results, in order, with its return. */
  returns: ResultReturn[];
}

/**
 * Two legs of a `kind` market at their own lines (a handicap's two sides, first side's margin telling the
 * results; or a total's over and under, either way round). Null unless some result wins both.
 */
export function middle(kind: LineKind, quotes: readonly [LineQuote, LineQuote]): Middle | null {
  const { low, high } = resultRange(kind, quotes);
  const bothWin: number[] = [];
  for (let result = low; result <= high; result++)
    if (quotes.every((quote, index) => legPayout(kind, quote, index === 0, result) > 1)) bothWin.push(result);
  if (bothWin.length === 0) return null;
  const { implied, sum, returns } = resultReturns(kind, quotes);
  const window = { from: bothWin[0]!, to: bothWin.at(-1)! };
  // The ranges of results that reach into the window (one running past its end returns what its results inside do):
  // a result just outside, one leg winning and the other pushing, can return more than the window itself.
  const inside = returns.filter((entry) => (entry.from ?? -Infinity) <= window.to && (entry.to ?? Infinity) >= window.from);
  return {
    impliedSum: Math.round(sum * 1e6) / 1e6,
    legs: withStakeShares(quotes, implied, sum),
    window,
    worstReturnFraction: Math.min(...returns.map((entry) => entry.returnFraction)),
    windowReturnFraction: Math.max(...inside.map((entry) => entry.returnFraction)),
    returns,
  };
}

/**
 * The key numbers of a sport's spreads (final margins, either side) and totals (final combined scores): results a
 * game lands on far more often than its neighbours, so a window holding one is worth more. Only the football codes
 * have them; other sports' results are spread too evenly for a short table. Sources: the margins 3 and 7 are the
 * margins of the most common NFL final scores (20-17, 27-24, 17-14, 23-20, 24-17: the NFL's count of its regular
 * season games since 1920, as reported by NBC Sports Philadelphia in January 2023); the totals are those scores'
 * sums (37, 51, 43, 41) with 44 and 47, the other totals commonly named as NFL key totals. College football scores
 * the same way (touchdown and extra point 7, field goal 3), so it shares the table.
 */
const FOOTBALL_KEYS = { handicap: [3, 7], total: [37, 41, 43, 44, 47, 51] } as const;
export const KEY_NUMBERS: Readonly<Record<string, { readonly handicap: readonly number[]; readonly total: readonly number[] }>> = {
  nfl: FOOTBALL_KEYS,
  ncaaf: FOOTBALL_KEYS,
};

/** The sport's key numbers inside a window, in order (a handicap's as margins either way: 3 is either side by 3). */
export function keyNumbersIn(sport: string, kind: LineKind, window: Middle['window']): number[] {
  const keys = KEY_NUMBERS[sport]?.[kind] ?? [];
  const inside = (value: number) => window.from <= value && value <= window.to;
  return keys.filter((key) => inside(key) || (kind === 'handicap' && inside(-key)));
}

/** A sport's stored final results: how many games ended with each home margin (home less away) and each total. */
export interface FinalsTally {
  games: number;
  margins: ReadonlyMap<number, number>;
  totals: ReadonlyMap<number, number>;
}

/**
 * The fewest stored finals of a sport for a chance of landing inside a window to be given: with 200, a chance
 * near 10% is known to about ±2 percentage points (one standard error); with fewer it is said to be unknown.
 */
export const MIN_FINALS_FOR_CHANCE = 200;

/**
 * The share of the sport's stored finals whose result lands in the window (6 decimal places), or null with fewer
 * than MIN_FINALS_FOR_CHANCE. `firstIsHome`: a handicap's window is the first leg's side's margin.
 */
export function windowChance(tally: FinalsTally, kind: LineKind, window: Middle['window'], firstIsHome: boolean): number | null {
  if (tally.games < MIN_FINALS_FOR_CHANCE) return null;
  let inside = 0;
  const counts = kind === 'total' ? tally.totals : tally.margins;
  for (const [result, games] of counts) {
    const asWindow = kind === 'handicap' && !firstIsHome ? -result : result;
    if (window.from <= asWindow && asWindow <= window.to) inside += games;
  }
  return Math.round((inside / tally.games) * 1e6) / 1e6;
}
