import { ARBITRAGE_RISKS, type ArbitrageLeg } from '@/lib/betting/arbitrage';
import { STEAM_MIN_BOOKS, STEAM_WINDOW_MS } from '@/lib/betting/movement';
import { roundAmerican, roundTo6 } from '@/lib/betting/odds';
import { ago, agoChangesAt, HOUR_MS, instant, MINUTE_MS } from '@/lib/time';
import { z } from 'zod';
import type { CoreArbitrage, CoreMiddle, CoreOptions, MarketCore, PriceRow } from './core-types';
import { fairProbabilitiesAt, nextRecordedAfter } from './line-history';
import { marketCore } from './reference-pricing';

// One market of one game (or one player's prop) as the odds tools answer it: the reference book's prices,
// the no-vig consensus, the best price on offer for the same bet with its expected value, arbitrage across
// the best prices, where the market moved (from the recorded price changes), and each price's age. The work
// that does not depend on the time is ./reference-pricing.ts; presentMarket adds the rest on every call.

export type { PriceRow } from './core-types';

/** How far back fairProbabilityChange looks. */
export const FAIR_CHANGE_WINDOW_MS = 24 * HOUR_MS;

/** What fairProbabilityChange is, in the output schemas. */
export const FAIR_CHANGE_DESCRIPTION = `fairProbability now minus the consensus ${FAIR_CHANGE_WINDOW_MS / HOUR_MS} hours ago: the move over that time, not a move under way`;

/** What a market's `steam` is, in the output schemas: a move under way, never an old one (presentAfresh). */
export const STEAM_DESCRIPTION =
  `The latest steam move (${STEAM_MIN_BOOKS}+ books moving towards one outcome within ${STEAM_WINDOW_MS / MINUTE_MS} minutes), ` +
  'only while its last move (movedAgo) is at most ODDS_STALE_MINUTES old; none after (an older move shows in fairProbabilityChange)';

// The full answer's shape, one definition: the tools publish it as their output schema and type their answers by it.
const nullableNumber = z.number().nullable();

export const bestPriceSchema = z.object({
  book: z.string(),
  /** Net of the fee when the book is an exchange or prediction market. */
  americanOdds: z.int(),
  /** The exchange's price as quoted, before its fee (lib/betting/commission.ts); absent for a sportsbook. */
  beforeCommission: z.int().optional(),
  /** The best price against the outcome's fairProbability, per unit staked (6 decimals); absent without one. */
  expectedValue: z.number().optional(),
  updatedAt: z.string(),
  updatedAgo: z.string(),
});

export const pricedOutcomeSchema = z.object({
  outcome: z.string(),
  point: nullableNumber,
  /** The reference book's price, net of the fee at an exchange or prediction market (as the best price); null when it does not price this market. */
  americanOdds: z.int().nullable(),
  /** The exchange's price as quoted, before its fee; absent for a sportsbook. */
  beforeCommission: z.int().optional(),
  /** Of the (net) price. */
  impliedProbability: nullableNumber,
  fairProbability: nullableNumber,
  fairAmericanOdds: z.int().nullable(),
  expectedValue: nullableNumber,
  updatedAt: z.string().nullable(),
  updatedAgo: z.string().nullable(),
  /** The best price any book offers on the same bet (same line as the reference). */
  best: bestPriceSchema.nullable(),
  /** The reference book's first recorded price (net of an exchange's fee, quoted in beforeCommission) and line; null without history. */
  opening: z
    .object({ americanOdds: z.int(), beforeCommission: z.int().optional(), point: nullableNumber, at: z.string(), ago: z.string() })
    .nullable()
    .optional(),
  /** fairProbability now minus the consensus 24 hours ago at the same reference line (6 decimals); null without it. */
  fairProbabilityChange: nullableNumber.optional().meta({ description: `${FAIR_CHANGE_DESCRIPTION}; null without it` }),
});

export const arbitrageLegSchema = z.object({
  outcome: z.string(),
  /** The leg's line, where the market has lines: each leg may be at its own. */
  point: z.number().optional(),
  book: z.string(),
  /** Net of the fee at an exchange or prediction market, as the best price. */
  americanOdds: z.int(),
  beforeCommission: z.int().optional(),
  stakeShare: z.number(),
  updatedAgo: z.string(),
});

/** Where the legs' lines (a whole or quarter line) make results return differently: each range of results' return. */
export const arbitrageReturnsSchema = z.array(z.object({ result: z.string(), returnFraction: z.number() }));

/** A middle as the full answer gives it (lib/betting/middles.ts); the concise answer keeps part of it. */
export const middleSchema = z.object({
  /** The results that win both legs, in words ("KC by 3", "total 45 to 46"). */
  window: z.string(),
  /** The sport's key numbers inside the window (NFL and college football only). */
  keyNumbers: z.array(z.int()),
  /** The share of the sport's stored finals that landed inside the window; null when too few are stored (unknown). */
  chance: nullableNumber,
  /** How many of the sport's finals are stored. */
  finals: z.int(),
  impliedSum: z.number(),
  /** The return on the total stake on a miss (one leg wins alone, each costing the same): negative, what it costs. */
  worstReturnFraction: z.number(),
  /** The return on the total stake inside the window. */
  windowReturnFraction: z.number(),
  legs: z.array(arbitrageLegSchema),
  returns: arbitrageReturnsSchema,
});

export const historySchema = z.object({
  outcomes: z.array(z.string()),
  series: z.array(
    z.object({
      at: z.string(),
      points: z.array(nullableNumber),
      americanOdds: z.array(z.int()),
      fairProbability: z.array(nullableNumber).nullable(),
    }),
  ),
});

export const pricedMarketSchema = z.object({
  consensusBooks: z.int(),
  /** Books pricing this market at any line. */
  books: z.int(),
  outcomes: z.array(pricedOutcomeSchema),
  /** Null unless the best prices on the reference line imply less than 1 in total. */
  arbitrage: z
    .object({
      impliedSum: z.number(),
      returnFraction: z.number(),
      legs: z.array(arbitrageLegSchema),
      returns: arbitrageReturnsSchema.optional(),
      note: z.string(),
    })
    .nullable(),
  /** Spreads and totals: null unless two books' opposite sides at different lines both win on some results. */
  middle: middleSchema.nullable().optional(),
  steam: z
    .object({ outcome: z.string(), books: z.array(z.string()), from: z.string(), to: z.string(), movedAgo: z.string() })
    .nullable()
    .optional()
    .meta({ description: STEAM_DESCRIPTION }),
  history: historySchema.optional(),
  priceNote: z.string().optional(),
});

export type PricedOutcome = z.infer<typeof pricedOutcomeSchema>;
export type PricedMarket = z.infer<typeof pricedMarketSchema>;

export interface PricingOptions extends CoreOptions {
  now: Date;
  staleMinutes: number;
}

export const ONE_SIDED_NOTE = 'One-sided market: there is no margin to remove, so no fair price and no edge can be claimed.';

/**
 * One market priced afresh: a core made for this call alone, so its presentation is not kept. With `lowHold`, also
 * its lowest hold (the low-hold list's, see lowHoldFields).
 */
export function priceMarket(rows: readonly PriceRow[], options: PricingOptions & { lowHold?: boolean }): PricedMarket & WithLowHold {
  const core = marketCore(rows, options);
  return {
    ...presentAfresh(core, clockUntilChange(options.now), options.staleMinutes),
    ...lowHoldFields(core, options.now, options.lowHold),
  };
}

/** A full answer's note on each arbitrage (a concise answer says it once: ARBITRAGE_LIST_NOTE in lib/tools/concise-market.ts). */
const EACH_ARBITRAGE_NOTE = `Never risk-free: ${ARBITRAGE_RISKS}.`;

/**
 * A core's presentation with the span of time over which it reads the same: from when it was made until the
 * first moment an age's words, the stale note or the fair probability 24 hours back would change.
 */
interface Presented {
  madeAt: number;
  until: number;
  staleMinutes: number;
  market: PricedMarket;
}

/** Each core's presentation, kept by whoever keeps the cores (the pricing service, ./index.ts). */
export type PresentationMemo = WeakMap<MarketCore, Presented>;

/**
 * A market core as the tools answer it at `now`: ages, the stale note and the fair probability 24 hours back.
 * The answer depends on `now` only in steps (ages in whole minutes, hours or days; a note that turns stale; a
 * recorded change leaving the 24-hour window), so one made earlier is handed out again, frozen, until its next
 * step: the same words presenting the core afresh at `now` would give.
 */
export function presentMarket(core: MarketCore, now: Date, staleMinutes: number, presented: PresentationMemo): PricedMarket {
  const at = now.getTime();
  const known = presented.get(core);
  if (known && known.staleMinutes === staleMinutes && known.madeAt <= at && at < known.until) return known.market;
  const clock = clockUntilChange(now);
  const market = deepFreeze(presentAfresh(core, clock, staleMinutes));
  presented.set(core, { madeAt: at, until: clock.until, staleMinutes, market });
  return market;
}

/** The time an answer is made at: says ages, and notes the earliest moment the answer would read differently (`until`). */
function clockUntilChange(now: Date) {
  const clock = {
    until: Infinity,
    now,
    ago(then: Date): string {
      clock.until = Math.min(clock.until, agoChangesAt(then, now));
      return ago(then, now);
    },
    /** The answer also changes at `time` (ms since the epoch), if that is after now. */
    changesAt(time: number) {
      if (time > now.getTime()) clock.until = Math.min(clock.until, time);
    },
  };
  return clock;
}

type ClockUntilChange = ReturnType<typeof clockUntilChange>;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A core as the tools answer it at the clock's time, made anew (presentMarket hands out a kept one while it holds). */
function presentAfresh(core: MarketCore, clock: ClockUntilChange, staleMinutes: number): PricedMarket {
  const movement = core.history !== undefined;
  const windowStart = clock.now.getTime() - FAIR_CHANGE_WINDOW_MS;
  const looksBack = movement && core.oldestReference !== undefined;
  const then = looksBack ? fairProbabilitiesAt(core, windowStart) : null;
  if (looksBack) clock.changesAt(nextRecordedAfter(core, windowStart) + FAIR_CHANGE_WINDOW_MS);
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
      ...(reference?.beforeCommission !== undefined ? { beforeCommission: reference.beforeCommission } : {}),
      impliedProbability: reference?.impliedProbability ?? null,
      fairProbability: fairNow,
      fairAmericanOdds: reference?.fairAmericanOdds ?? null,
      expectedValue: reference?.expectedValue ?? null,
      updatedAt: reference?.updatedAtIso ?? null,
      updatedAgo: reference ? clock.ago(reference.updatedAt) : null,
      best: best
        ? {
            book: best.book,
            americanOdds: best.americanOdds,
            ...(best.beforeCommission !== undefined ? { beforeCommission: best.beforeCommission } : {}),
            ...(best.expectedValue !== undefined ? { expectedValue: best.expectedValue } : {}),
            updatedAt: best.updatedAtIso,
            updatedAgo: clock.ago(best.updatedAt),
          }
        : null,
      ...(movement
        ? {
            opening: opening
              ? {
                  americanOdds: opening.americanOdds,
                  ...(opening.beforeCommission !== undefined ? { beforeCommission: opening.beforeCommission } : {}),
                  point: opening.point,
                  at: opening.atIso,
                  ago: clock.ago(opening.at),
                }
              : null,
            fairProbabilityChange: fairNow !== null && fairBefore !== null ? roundTo6(fairNow - fairBefore) : null,
          }
        : {}),
    };
  });
  const arbitrage = core.arbitrage && presentArbitrage(core.arbitrage, clock);
  const middle = core.middle && presentMiddle(core.middle, clock);
  // Steam is a move under way: once its last move is as old as a stale price, it is history (fairProbabilityChange and
  // the history series keep it), not a signal to act on, and the answer says none.
  const steamStaleFrom = core.steam ? staleFromMs(new Date(core.steam.to), staleMinutes) : 0;
  const steam = core.steam && clock.now.getTime() < steamStaleFrom ? core.steam : null;
  if (steam) clock.changesAt(steamStaleFrom);
  return {
    consensusBooks: core.consensusBooks,
    books: core.books,
    outcomes,
    arbitrage,
    ...(core.middle !== undefined ? { middle } : {}),
    ...(core.steam !== undefined
      ? {
          steam: steam && {
            outcome: steam.outcome,
            books: steam.books,
            from: instant(steam.from),
            to: instant(steam.to),
            movedAgo: clock.ago(new Date(steam.to)),
          },
        }
      : {}),
    ...(core.series ? { history: core.series } : {}),
    ...priceNote(core, clock, staleMinutes),
  };
}

function presentArbitrage({ found, legs, returns }: CoreArbitrage, clock: ClockUntilChange): NonNullable<PricedMarket['arbitrage']> {
  return {
    impliedSum: found.impliedSum,
    returnFraction: found.returnFraction,
    legs: presentLegs(found.legs, legs, clock),
    ...(returns ? { returns } : {}),
    note: EACH_ARBITRAGE_NOTE,
  };
}

function presentLegs(
  legs: readonly ArbitrageLeg[],
  quotes: readonly { updatedAt: Date; beforeCommission?: number }[],
  clock: ClockUntilChange,
) {
  return legs.map(({ point, ...leg }, index) => ({
    outcome: leg.outcome,
    ...(point !== undefined ? { point } : {}),
    book: leg.book,
    // An exchange's leg is priced net of its fee (./across-books.ts), said beside the price it quotes.
    americanOdds: roundAmerican(leg.americanOdds),
    ...(quotes[index]!.beforeCommission !== undefined ? { beforeCommission: quotes[index]!.beforeCommission } : {}),
    stakeShare: leg.stakeShare,
    updatedAgo: clock.ago(quotes[index]!.updatedAt),
  }));
}

/** A middle as it reads at the clock's time; its chance is the pricing service's to give (./index.ts), unknown here. */
function presentMiddle({ found, legs, window, keyNumbers, returns }: CoreMiddle, clock: ClockUntilChange): z.infer<typeof middleSchema> {
  return {
    window,
    keyNumbers,
    chance: null,
    finals: 0,
    impliedSum: found.impliedSum,
    worstReturnFraction: found.worstReturnFraction,
    windowReturnFraction: found.windowReturnFraction,
    legs: presentLegs(found.legs, legs, clock),
    returns,
  };
}

/** The first instant (ms) at which a price confirmed at `at` counts as stale: more than `staleMinutes` old. */
export const staleFromMs = (at: Date, staleMinutes: number): number => at.getTime() + staleMinutes * MINUTE_MS + 1;

function priceNote(core: MarketCore, clock: ClockUntilChange, staleMinutes: number): { priceNote?: string } {
  const oldest = core.oldestReference;
  if (!oldest) {
    return {
      priceNote: `${core.referenceBook} (the reference book) does not price this market, so there is no consensus; best prices are at each book's own line.`,
    };
  }
  const staleFrom = staleFromMs(oldest, staleMinutes);
  if (clock.now.getTime() >= staleFrom) {
    return { priceNote: `Stale: ${core.referenceBook} last confirmed this price ${clock.ago(oldest)}; it may have moved.` };
  }
  clock.changesAt(staleFrom);
  if (core.refused !== undefined)
    return { priceNote: `No fair price on this fair line at ${core.referenceBook} (the reference book): ${core.refused}` };
  return core.consensusBooks === 0 ? { priceNote: ONE_SIDED_NOTE } : {};
}

/** A market's lowest hold (./across-books.ts) as it reads at `now`: the low-hold list's entry (get_game_odds' maxHold). */
export function presentLowHold(lowHold: CoreArbitrage, now: Date): LowHold {
  const { note: _note, ...shown } = presentArbitrage(lowHold, clockUntilChange(now));
  return shown;
}

export type LowHold = Omit<NonNullable<PricedMarket['arbitrage']>, 'note'>;

/** A market as the low-hold lists read it (get_game_odds' and get_player_props' maxHold): with its lowest hold, or null. */
export interface WithLowHold {
  lowHold?: LowHold | null;
}

/** A core's lowest hold as it reads at `now` when the call asks for it (`lowHold`), else nothing: the WithLowHold fields. */
export function lowHoldFields(core: MarketCore, now: Date, lowHold: boolean | undefined): WithLowHold {
  return lowHold ? { lowHold: core.lowHold ? presentLowHold(core.lowHold, now) : null } : {};
}
