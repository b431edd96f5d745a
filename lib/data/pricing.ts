import type { Arbitrage } from '@/lib/betting/arbitrage';
import type { RecordedPrice } from '@/lib/betting/movement';
import { fairThen, marketCore, type HistoryPoint, type MarketCore, type PriceRow } from './market-core';
import { ago } from './names';

// One market of one game (or one player's prop) as the odds tools answer it: the reference book's prices,
// the no-vig consensus, the best price on offer for the same bet with its expected value, arbitrage across
// the best prices, where the market moved (from the recorded price changes), and each price's age. The work
// that does not depend on the time is lib/data/market-core.ts; presentMarket adds the rest on every call.

export type { HistoryPoint, PriceRow } from './market-core';

export interface BestPrice {
  book: string;
  americanOdds: number;
  /** The best price against the outcome's fairProbability, per unit staked (6 decimals); absent without one. */
  expectedValue?: number;
  updatedAt: string;
  updatedAgo: string;
}

export interface Opening {
  americanOdds: number;
  point: number | null;
  at: string;
  ago: string;
}

export interface PricedOutcome {
  outcome: string;
  point: number | null;
  /** The reference book's price; null when it does not price this market. */
  americanOdds: number | null;
  impliedProbability: number | null;
  fairProbability: number | null;
  fairAmericanOdds: number | null;
  expectedValue: number | null;
  updatedAt: string | null;
  updatedAgo: string | null;
  /** The best price any book offers on the same bet (same line as the reference). */
  best: BestPrice | null;
  /** The reference book's first recorded price and line for this outcome; null without history. */
  opening?: Opening | null;
  /** fairProbability now minus the consensus 24 hours ago at the same reference line (6 decimals); null without it. */
  fairProbabilityChange?: number | null;
}

export interface PricedArbitrage extends Arbitrage {
  note: string;
}

export interface PricedSteam {
  outcome: string;
  books: string[];
  from: string;
  to: string;
  ago: string;
}

export interface PricedMarket {
  consensusBooks: number;
  /** Books pricing this market at any line. */
  books: number;
  outcomes: PricedOutcome[];
  /** Null unless the best prices on the reference line imply less than 1 in total. */
  arbitrage: PricedArbitrage | null;
  steam?: PricedSteam | null;
  history?: { outcomes: string[]; series: HistoryPoint[] };
  priceNote?: string;
}

export interface PricingOptions {
  referenceBook: string;
  now: Date;
  staleMinutes: number;
  /** This market's recorded price changes in time order; without it there are no movement fields. */
  history?: readonly RecordedPrice[];
  /** Adds the time series of the reference price and the consensus (`history: true`). */
  series?: boolean;
}

export const FAIR_CHANGE_WINDOW_MS = 24 * 3_600_000;

const roundTo6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function priceMarket(rows: readonly PriceRow[], options: PricingOptions): PricedMarket {
  return presentMarket(marketCore(rows, options), options.now, options.staleMinutes);
}

function arbitrageNote(legs: { outcome: string; book: string; updatedAgo: string }[]): string {
  const ages = legs.map((leg) => `${leg.outcome} at ${leg.book} updated ${leg.updatedAgo}`).join('; ');
  return (
    `Never risk-free: a leg can be voided, limited or cancelled as a palpable error, and a stale price may be gone by the time it is bet. ` +
    `Leg ages: ${ages}.`
  );
}

/** A market core as the tools answer it at `now`: ages, the stale note and the fair probability 24 hours back. */
export function presentMarket(core: MarketCore, now: Date, staleMinutes: number): PricedMarket {
  const movement = core.history !== undefined;
  const then = movement && core.oldestReference ? fairThen(core, now.getTime() - FAIR_CHANGE_WINDOW_MS) : null;
  const outcomes = core.outcomes.map((outcome, index): PricedOutcome => {
    const reference = outcome.reference;
    const best = outcome.best;
    const opening = outcome.opening;
    const fairNow = reference?.fairProbability ?? null;
    const fairBefore = then?.[index] ?? null;
    return {
      outcome: outcome.outcome,
      point: outcome.point,
      americanOdds: reference?.americanOdds ?? null,
      impliedProbability: reference?.impliedProbability ?? null,
      fairProbability: fairNow,
      fairAmericanOdds: reference?.fairAmericanOdds ?? null,
      expectedValue: reference?.expectedValue ?? null,
      updatedAt: reference?.updatedAtIso ?? null,
      updatedAgo: reference ? ago(reference.updatedAt, now) : null,
      best: best
        ? {
            book: best.book,
            americanOdds: best.americanOdds,
            ...(best.expectedValue !== undefined ? { expectedValue: best.expectedValue } : {}),
            updatedAt: best.updatedAtIso,
            updatedAgo: ago(best.updatedAt, now),
          }
        : null,
      ...(movement
        ? {
            opening: opening ? { americanOdds: opening.americanOdds, point: opening.point, at: opening.atIso, ago: ago(opening.at, now) } : null,
            fairProbabilityChange: fairNow !== null && fairBefore !== null ? roundTo6(fairNow - fairBefore) : null,
          }
        : {}),
    };
  });
  const arbitrage = core.arbitrage && {
    ...core.arbitrage.found,
    note: arbitrageNote(core.arbitrage.legs.map((leg) => ({ outcome: leg.outcome, book: leg.book, updatedAgo: ago(leg.updatedAt, now) }))),
  };
  const steam = core.steam;
  return {
    consensusBooks: core.consensusBooks,
    books: core.books,
    outcomes,
    arbitrage,
    ...(steam !== undefined ? { steam: steam && { outcome: steam.outcome, books: steam.books, from: iso(steam.from), to: iso(steam.to), ago: ago(new Date(steam.to), now) } } : {}),
    ...(core.series ? { history: core.series } : {}),
    ...priceNote(core, now, staleMinutes),
  };
}

const iso = (at: number) => new Date(at).toISOString();

function priceNote(core: MarketCore, now: Date, staleMinutes: number): { priceNote?: string } {
  const oldest = core.oldestReference;
  if (!oldest) {
    return {
      priceNote: `${core.referenceBook} (the reference book) does not price this market, so there is no consensus; best prices are at each book's own line.`,
    };
  }
  if (now.getTime() - oldest.getTime() > staleMinutes * 60_000) {
    return { priceNote: `Stale: ${core.referenceBook} last confirmed this price ${ago(oldest, now)}; it may have moved.` };
  }
  return core.consensusBooks === 0 ? { priceNote: 'One-sided market: there is no margin to remove, so no fair price and no edge can be claimed.' } : {};
}
