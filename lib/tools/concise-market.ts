import { z } from 'zod';
import { roundTo } from '@/lib/betting';
import { ARBITRAGE_RISKS } from '@/lib/betting/arbitrage';
import { MIN_FINALS_FOR_CHANCE } from '@/lib/betting/middles';
import {
  arbitrageLegSchema,
  arbitrageReturnsSchema,
  FAIR_CHANGE_DESCRIPTION,
  historySchema,
  STEAM_DESCRIPTION,
  ONE_SIDED_NOTE,
  type PricedMarket,
  type PricedOutcome,
} from '@/lib/pricing/priced-market';
import { fractionField } from './answer-fields';

// A priced market in short, as the odds tools' default answers give it: what an agent needs to decide and to quote,
// and nothing twice. Per outcome the reference price, the consensus fields the contract names, the best price when
// another book beats the reference, and the 24-hour move; per market its books, the reference prices' age,
// arbitrage and steam; per answer the notes that hold for every market. `detail: "full"` answers with the markets
// as they are.

/** An expected value or a share of stake to the hundredth of a percent; the contract's own fields keep theirs. */
const fraction = (value: number) => roundTo(value, 4);

export const conciseOutcomeSchema = z.object({
  outcome: z.string(),
  point: z.number().optional(),
  /** The reference price, net of an exchange's fee. */
  americanOdds: z.int().optional(),
  /** The exchange's price as quoted, before its fee; absent for a sportsbook. */
  beforeCommission: z.int().optional(),
  fairProbability: z.number().optional(),
  fairAmericanOdds: z.int().optional(),
  expectedValue: fractionField('Reference price against the fair probability, per unit staked').optional(),
  best: z
    .object({
      book: z.string(),
      americanOdds: z.int(),
      beforeCommission: z.int().optional(),
      expectedValue: fractionField('Best price against the fair probability').optional(),
      updatedAgo: z.string(),
    })
    .optional(),
  fairProbabilityChange: z.number().optional().meta({ description: FAIR_CHANGE_DESCRIPTION }),
});

/** An arbitrage in short: the stake shares and returns to the hundredth of a percent, no impliedSum or note. */
export const conciseArbitrageSchema = z.object({
  returnFraction: fractionField('Least return on the total staked, whatever the result', '0.012 = 1.2%'),
  legs: z.array(arbitrageLegSchema),
  returns: arbitrageReturnsSchema.optional(),
});

/** A middle in short: no impliedSum, no returns per result; key numbers only when the window holds one. */
export const conciseMiddleSchema = z.object({
  window: z.string(),
  keyNumbers: z.array(z.int()).optional(),
  chance: z.number().nullable(),
  worstReturnFraction: fractionField('Return on the total staked on a miss (negative: the cost)'),
  windowReturnFraction: z.number(),
  legs: z.array(arbitrageLegSchema),
});

export const conciseMarketSchema = z.object({
  consensusBooks: z.int(),
  books: z.int(),
  updatedAgo: z.string().optional(),
  outcomes: z.array(conciseOutcomeSchema),
  arbitrage: conciseArbitrageSchema.optional(),
  middle: conciseMiddleSchema.optional(),
  steam: z.object({ outcome: z.string(), books: z.int(), movedAgo: z.string() }).optional().meta({ description: STEAM_DESCRIPTION }),
  history: historySchema.optional(),
  priceNote: z.string().optional(),
});

export function conciseOutcome(outcome: PricedOutcome): z.infer<typeof conciseOutcomeSchema> {
  const best = outcome.best;
  const beaten = best !== null && (outcome.americanOdds === null || best.americanOdds > outcome.americanOdds);
  return {
    outcome: outcome.outcome,
    ...(outcome.point !== null ? { point: outcome.point } : {}),
    ...(outcome.americanOdds !== null ? { americanOdds: outcome.americanOdds } : {}),
    ...(outcome.beforeCommission !== undefined ? { beforeCommission: outcome.beforeCommission } : {}),
    ...(outcome.fairProbability !== null ? { fairProbability: outcome.fairProbability } : {}),
    ...(outcome.fairAmericanOdds !== null ? { fairAmericanOdds: outcome.fairAmericanOdds } : {}),
    ...(outcome.expectedValue !== null ? { expectedValue: fraction(outcome.expectedValue) } : {}),
    ...(beaten
      ? {
          best: {
            book: best.book,
            americanOdds: best.americanOdds,
            ...(best.beforeCommission !== undefined ? { beforeCommission: best.beforeCommission } : {}),
            ...(best.expectedValue !== undefined ? { expectedValue: fraction(best.expectedValue) } : {}),
            updatedAgo: best.updatedAgo,
          },
        }
      : {}),
    ...(outcome.fairProbabilityChange != null ? { fairProbabilityChange: fraction(outcome.fairProbabilityChange) } : {}),
  };
}

/** The age of a market's reference prices: its oldest one's, the one the stale note is about. */
function referenceAge(outcomes: readonly PricedOutcome[]): string | undefined {
  let oldest: PricedOutcome | undefined;
  for (const outcome of outcomes) {
    if (outcome.updatedAt !== null && (oldest === undefined || outcome.updatedAt < oldest.updatedAt!)) oldest = outcome;
  }
  return oldest?.updatedAgo ?? undefined;
}

export function conciseMarket(market: PricedMarket): z.infer<typeof conciseMarketSchema> {
  const updatedAgo = referenceAge(market.outcomes);
  const { arbitrage, middle, steam } = market;
  return {
    consensusBooks: market.consensusBooks,
    books: market.books,
    ...(updatedAgo !== undefined ? { updatedAgo } : {}),
    outcomes: market.outcomes.map(conciseOutcome),
    ...(arbitrage ? { arbitrage: conciseArbitrage(arbitrage) } : {}),
    ...(middle ? { middle: conciseMiddle(middle) } : {}),
    ...(steam ? { steam: { outcome: steam.outcome, books: steam.books.length, movedAgo: steam.movedAgo } } : {}),
    ...(market.history ? { history: market.history } : {}),
    // The one-sided note is said once per answer (consensusBooks 0 says which markets it is about).
    ...(market.priceNote !== undefined && market.priceNote !== ONE_SIDED_NOTE ? { priceNote: market.priceNote } : {}),
  };
}

export function conciseArbitrage(
  arbitrage: Pick<NonNullable<PricedMarket['arbitrage']>, 'returnFraction' | 'legs' | 'returns'>,
): z.infer<typeof conciseArbitrageSchema> {
  return {
    returnFraction: fraction(arbitrage.returnFraction),
    legs: arbitrage.legs.map((leg) => ({ ...leg, stakeShare: fraction(leg.stakeShare) })),
    ...(arbitrage.returns
      ? { returns: arbitrage.returns.map((entry) => ({ ...entry, returnFraction: fraction(entry.returnFraction) })) }
      : {}),
  };
}

export function conciseMiddle(middle: NonNullable<PricedMarket['middle']>): z.infer<typeof conciseMiddleSchema> {
  return {
    window: middle.window,
    ...(middle.keyNumbers.length > 0 ? { keyNumbers: middle.keyNumbers } : {}),
    chance: middle.chance === null ? null : fraction(middle.chance),
    worstReturnFraction: fraction(middle.worstReturnFraction),
    windowReturnFraction: fraction(middle.windowReturnFraction),
    legs: middle.legs.map((leg) => ({ ...leg, stakeShare: fraction(leg.stakeShare) })),
  };
}

/** Said once per answer instead of in every middle: what its chance rests on and what a null one means. */
export const MIDDLE_NOTE = `A middle's legs win both on its window, one alone elsewhere (staked so either miss costs the same: worstReturnFraction). chance: the share of the sport's stored finals that landed inside; null with fewer than ${MIN_FINALS_FOR_CHANCE} stored, unknown.`;

/** Said once per answer instead of in every arbitrage: what the full answer's note on each says (lib/pricing/priced-market.ts). */
export const ARBITRAGE_LIST_NOTE = `Arbitrage is never risk-free: ${ARBITRAGE_RISKS}; mind each leg's updatedAgo.`;

/** Said once in the low-hold list (get_game_odds' maxHold): what a hold is, and that a low-hold market is no arbitrage. */
export const LOW_HOLD_NOTE =
  "hold: the best prices' implied probabilities summed, less 1 (both sides at one line). arbitrage false: every side staked in proportion " +
  'returns less than the stake (returnFraction, negative, is the cost): the fairest prices to bet one side at or to hedge, not an arbitrage.';

/** The notes a concise answer says once for all its markets: arbitrage's risks, middles' chances, and what a one-sided market lacks. */
export function marketNotes(
  markets: readonly { arbitrage?: unknown; middle?: unknown; consensusBooks: number; outcomes: readonly unknown[] }[],
) {
  return {
    ...(markets.some((market) => market.arbitrage) ? { arbitrageNote: ARBITRAGE_LIST_NOTE } : {}),
    ...(markets.some((market) => market.middle) ? { middleNote: MIDDLE_NOTE } : {}),
    ...(markets.some((market) => market.consensusBooks === 0 && market.outcomes.length === 1)
      ? { oneSidedNote: `consensusBooks 0: ${ONE_SIDED_NOTE}` }
      : {}),
  };
}

export const marketNotesSchema = {
  arbitrageNote: z.string().optional(),
  middleNote: z.string().optional(),
  oneSidedNote: z.string().optional(),
};
