import type { Arbitrage, LineKind } from '@/lib/betting/arbitrage';
import type { FairLine } from '@/lib/betting/fair-line';
import type { Middle } from '@/lib/betting/middles';
import type { RecordedPrice, Steam } from '@/lib/betting/movement';

// What a market core is: the part of one market's pricing that does not depend on the time of the call
// (./reference-pricing.ts makes it), with the prices it is made from and the options it is made with. Its own
// module so the pieces that make a core (./across-books.ts, ./line-history.ts) and ./reference-pricing.ts share
// it without importing each other.

export interface PriceRow {
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  updatedAt: Date;
}

export interface BestCore {
  book: string;
  /** Net of an exchange's fee, rounded to a whole price. */
  americanOdds: number;
  /** The exchange's price as quoted, before its fee; absent for a sportsbook. */
  beforeCommission?: number;
  expectedValue?: number;
  updatedAt: Date;
  updatedAtIso: string;
}

export interface OutcomeCore {
  outcome: string;
  point: number | null;
  /**
   * The reference book's price as a bettor gets it, net of an exchange's fee (as the best price); absent when it
   * does not price the market.
   */
  reference?: {
    americanOdds: number;
    /** The exchange's price as quoted, before its fee; absent for a sportsbook. */
    beforeCommission?: number;
    /** Of the net price, unrounded (as expectedValue is). */
    impliedProbability: number;
    fairProbability: number | null;
    fairAmericanOdds: number | null;
    expectedValue: number | null;
    updatedAt: Date;
    updatedAtIso: string;
  };
  best: BestCore | null;
  /** The reference book's first recorded price, net of an exchange's fee as the price now. */
  opening?: { americanOdds: number; beforeCommission?: number; point: number | null; at: Date; atIso: string } | null;
}

export interface HistoryPoint {
  at: string;
  /** The reference book's points and prices (net of an exchange's fee, as its price now), in the order of `outcomes`. */
  points: (number | null)[];
  americanOdds: number[];
  /** The consensus then, at the reference line then; null when there was none. */
  fairProbability: (number | null)[] | null;
}

export interface MarketCore {
  referenceBook: string;
  /** The fair line every fair number of the core is on: now, 24 hours back and in the series. */
  fairLine: FairLine;
  consensusBooks: number;
  /** Why there is no consensus when the fair line's method refuses the reference book's market. */
  refused?: string;
  books: number;
  outcomes: OutcomeCore[];
  arbitrage: CoreArbitrage | null;
  /**
   * The lowest hold of one bet on every side (the best price of each outcome, or both sides' best prices at one line),
   * whether or not it is an arbitrage: for the low-hold list (get_game_odds' maxHold). Null without one.
   */
  lowHold?: CoreArbitrage | null;
  /** Present only where middles are looked for (CoreOptions.middles); then null or the cheapest middle. */
  middle?: CoreMiddle | null;
  /** Present only with history; then null or the most recent steam move. */
  steam?: Steam | null;
  series?: { outcomes: string[]; series: HistoryPoint[] };
  /** The reference book's oldest quote in the market (for the stale note); absent without the reference book. */
  oldestReference?: Date;
  history?: readonly RecordedPrice[];
  /** The fair probabilities then, by how many recorded changes had happened then (see fairProbabilitiesAt). */
  fairByChangesRecorded: Map<number, (number | null)[] | null>;
}

export interface CoreArbitrage {
  /** Worked out from the prices net of an exchange's fee, unrounded. */
  found: Arbitrage;
  /** Each leg's price age, and its price as quoted where an exchange's fee was taken off. */
  legs: { updatedAt: Date; beforeCommission?: number }[];
  /** found.returns in words: which results (a margin, a total) return what. */
  returns?: { result: string; returnFraction: number }[];
}

export interface CoreMiddle {
  found: Middle;
  kind: LineKind;
  /** Each leg's price age, and an exchange's quote before its fee. */
  legs: { updatedAt: Date; beforeCommission?: number }[];
  /** found.window in words ("KC by 3", "total 45 to 46"). */
  window: string;
  /** The sport's key numbers inside the window (lib/betting/middles.ts). */
  keyNumbers: number[];
  /** found.returns in words. */
  returns: { result: string; returnFraction: number }[];
}

export interface CoreOptions {
  referenceBook: string;
  /** The fair line asked for (fairLine); the default consensus without it. */
  fairLine?: FairLine;
  /** This market's recorded price changes in time order; without it there are no movement fields. */
  history?: readonly RecordedPrice[];
  /** Adds the time series of the reference price and the consensus (`history: true`). */
  series?: boolean;
  /** Where steam already worked out for a history list is kept; without it, it is worked out each time. */
  steam?: SteamMemo;
  /** Looks for a middle (a game's spreads and totals, home side first), with this sport's key numbers. */
  middles?: { sport: string };
}

/**
 * Steam depends only on the recorded changes, and the history repository hands out the same list until the
 * history grows, so a memo keeps it per list (and outcome order), also for markets priced on every call. The
 * pricing service that hands out the lists owns the memo (./index.ts).
 */
export type SteamMemo = WeakMap<readonly RecordedPrice[], Map<string, Steam | null>>;
