import { z } from 'zod';
import { ARBITRAGE_RISKS } from '@/lib/betting/arbitrage';
import {
  arbitrageLegSchema,
  historySchema,
  ONE_SIDED_NOTE,
  pricedMarketSchema,
  type PricedMarket,
  type PricedOutcome,
} from '@/lib/pricing/priced-market';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { instant } from '@/lib/time';
import { matchup, round } from './concise';
import { gameViewSchema } from './game-views';
import { fractionField, fullPageSchemaFields, pageSchemaFields } from './shapes';

// The odds tools' answers: the shapes of the full and the default answers (their output schemas), the value
// list, and the default answer made from the full one. The default answer is what an agent needs to decide and
// to quote, and nothing twice: per outcome the reference price, the consensus fields the contract names, the
// best price when another book beats the reference, and the 24-hour move; per market its books, the reference
// prices' age, arbitrage and steam; per answer the notes that hold for every market. `detail: "full"` answers
// with the markets as they are.

/** An expected value or a share of stake to the hundredth of a percent; the contract's own fields keep theirs. */
const fraction = (value: number) => round(value, 4);

export const conciseOutcomeSchema = z.object({
  outcome: z.string(),
  point: z.number().optional(),
  americanOdds: z.int().optional(),
  fairProbability: z.number().optional(),
  fairAmericanOdds: z.int().optional(),
  expectedValue: fractionField('Reference price against the fair probability, per unit staked').optional(),
  best: z
    .object({
      book: z.string(),
      americanOdds: z.int(),
      expectedValue: fractionField('Best price against the fair probability').optional(),
      updatedAgo: z.string(),
    })
    .optional(),
  fairProbabilityChange: z.number().optional(),
});

export const conciseMarketSchema = z.object({
  consensusBooks: z.int(),
  books: z.int(),
  updatedAgo: z.string().optional(),
  outcomes: z.array(conciseOutcomeSchema),
  arbitrage: z
    .object({ returnFraction: fractionField('Sure return on the total staked', '0.012 = 1.2%'), legs: z.array(arbitrageLegSchema) })
    .optional(),
  steam: z.object({ outcome: z.string(), books: z.int(), ago: z.string() }).optional(),
  history: historySchema.optional(),
  priceNote: z.string().optional(),
});

export const conciseGameSchema = z.object({
  gameId: z.string(),
  startsAt: z.string(),
  matchup: z.string(),
  status: z.string().optional(),
  score: z.string().optional(),
});

export function conciseOutcome(outcome: PricedOutcome): z.infer<typeof conciseOutcomeSchema> {
  const best = outcome.best;
  const beaten = best !== null && (outcome.americanOdds === null || best.americanOdds > outcome.americanOdds);
  return {
    outcome: outcome.outcome,
    ...(outcome.point !== null ? { point: outcome.point } : {}),
    ...(outcome.americanOdds !== null ? { americanOdds: outcome.americanOdds } : {}),
    ...(outcome.fairProbability !== null ? { fairProbability: outcome.fairProbability } : {}),
    ...(outcome.fairAmericanOdds !== null ? { fairAmericanOdds: outcome.fairAmericanOdds } : {}),
    ...(outcome.expectedValue !== null ? { expectedValue: fraction(outcome.expectedValue) } : {}),
    ...(beaten
      ? {
          best: {
            book: best.book,
            americanOdds: best.americanOdds,
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
  const { arbitrage, steam } = market;
  return {
    consensusBooks: market.consensusBooks,
    books: market.books,
    ...(updatedAgo !== undefined ? { updatedAgo } : {}),
    outcomes: market.outcomes.map(conciseOutcome),
    ...(arbitrage
      ? {
          arbitrage: {
            returnFraction: fraction(arbitrage.returnFraction),
            legs: arbitrage.legs.map((leg) => ({ ...leg, stakeShare: fraction(leg.stakeShare) })),
          },
        }
      : {}),
    ...(steam ? { steam: { outcome: steam.outcome, books: steam.books.length, ago: steam.ago } } : {}),
    ...(market.history ? { history: market.history } : {}),
    // The one-sided note is said once per answer (consensusBooks 0 says which markets it is about).
    ...(market.priceNote !== undefined && market.priceNote !== ONE_SIDED_NOTE ? { priceNote: market.priceNote } : {}),
  };
}

/** What identifies a game to an agent: its id, its kickoff, who plays whom, and the score once there is one. */
export function conciseGame(game: GameRow): z.infer<typeof conciseGameSchema> {
  return {
    gameId: game.id,
    startsAt: instant(game.startsAt),
    matchup: matchup(game),
    ...(game.status !== 'scheduled' ? { status: game.status } : {}),
    ...(game.homeScore !== null && game.awayScore !== null
      ? { score: `${game.homeTeam.abbreviation} ${game.homeScore}, ${game.awayTeam.abbreviation} ${game.awayScore}` }
      : {}),
  };
}

/** Said once per answer instead of in every arbitrage: what the full answer's per-market note says. */
const ARBITRAGE_NOTE = `Arbitrage is never risk-free: ${ARBITRAGE_RISKS}; each leg's age is its outcome's best-price updatedAgo.`;

/** The notes a concise answer says once for all its markets: arbitrage's risks, and what a one-sided market lacks. */
export function marketNotes(markets: readonly { arbitrage?: unknown; consensusBooks: number; outcomes: readonly unknown[] }[]) {
  return {
    ...(markets.some((market) => market.arbitrage) ? { arbitrageNote: ARBITRAGE_NOTE } : {}),
    ...(markets.some((market) => market.consensusBooks === 0 && market.outcomes.length === 1)
      ? { oneSidedNote: `consensusBooks 0: ${ONE_SIDED_NOTE}` }
      : {}),
  };
}

export const marketNotesSchema = { arbitrageNote: z.string().optional(), oneSidedNote: z.string().optional() };

const oddsHeader = {
  sport: z.string(),
  referenceBook: z.string(),
  window: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }).optional(),
  priceNote: z.string().optional(),
  note: z.string().optional(),
};
const fullValueEntry = z.object({
  gameId: z.string(),
  market: z.string(),
  outcome: z.string(),
  point: z.number().nullable(),
  book: z.string(),
  americanOdds: z.int(),
  fairProbability: z.number(),
  expectedValue: z.number(),
  consensusBooks: z.int(),
  updatedAgo: z.string(),
});
const conciseValueEntry = fullValueEntry
  .omit({ point: true })
  .extend({ matchup: z.string(), startsAt: z.string(), point: z.number().optional() });

/** The full answer: every game's markets with every field (detail: "full"). */
const gameOddsFull = z.object({
  ...oddsHeader,
  games: z.array(gameViewSchema.extend({ markets: z.array(pricedMarketSchema.extend({ market: z.string() })) })),
  value: z.array(fullValueEntry).optional(),
  valueNote: z.string().optional(),
  ...fullPageSchemaFields,
});

/** The default answer: a page of games in short, or with minExpectedValue the value list alone. */
const gameOddsConcise = z.object({
  ...oddsHeader,
  ...marketNotesSchema,
  games: z.array(conciseGameSchema.extend({ markets: z.array(conciseMarketSchema.extend({ market: z.string() })) })).optional(),
  gamesScanned: z.int().optional(),
  value: z.array(conciseValueEntry).optional(),
  valueNote: z.string().optional(),
  ...pageSchemaFields,
});

export const gameOddsOutput = z.union([gameOddsConcise, gameOddsFull]);
export type GameOddsConcise = z.infer<typeof gameOddsConcise>;
export type GameOddsFull = z.infer<typeof gameOddsFull>;

const propsHeader = { referenceBook: z.string(), note: z.string().optional(), priceNote: z.string().optional() };
const propsFull = gameViewSchema.extend({
  ...propsHeader,
  props: z.array(pricedMarketSchema.extend({ market: z.string(), player: z.string(), team: z.string().optional() })),
  ...fullPageSchemaFields,
});
const propsConcise = conciseGameSchema.extend({
  ...propsHeader,
  ...marketNotesSchema,
  props: z.array(conciseMarketSchema.extend({ market: z.string(), player: z.string(), team: z.string().optional() })),
  ...pageSchemaFields,
});

export const propsOutput = z.union([propsConcise, propsFull]);

export interface ValueScan {
  minExpectedValue: number;
  minBooks: number;
}

/** Every outcome whose best price meets the scan, best first; stale best prices are left out and counted. */
export function valueList(
  games: { gameId: string; markets: ({ market: string } & PricedMarket)[] }[],
  scan: ValueScan,
  now: Date,
  staleMinutes: number,
) {
  const value = [];
  let stale = 0;
  for (const game of games) {
    for (const market of game.markets) {
      if (market.consensusBooks < scan.minBooks) continue;
      for (const outcome of market.outcomes) {
        const best = outcome.best;
        if (!best || best.expectedValue === undefined || outcome.fairProbability === null || best.expectedValue < scan.minExpectedValue)
          continue;
        if (now.getTime() - Date.parse(best.updatedAt) > staleMinutes * 60_000) {
          stale++;
          continue;
        }
        value.push({
          gameId: game.gameId,
          market: market.market,
          outcome: outcome.outcome,
          point: outcome.point,
          book: best.book,
          americanOdds: best.americanOdds,
          fairProbability: outcome.fairProbability,
          expectedValue: best.expectedValue,
          consensusBooks: market.consensusBooks,
          updatedAgo: best.updatedAgo,
        });
      }
    }
  }
  value.sort((a, b) => b.expectedValue - a.expectedValue || a.gameId.localeCompare(b.gameId) || a.market.localeCompare(b.market));
  const valueNote =
    `${value.length} outcome${value.length === 1 ? '' : 's'} with a best-price expectedValue of at least ${scan.minExpectedValue} in markets ` +
    `with consensusBooks >= ${scan.minBooks}` +
    (stale > 0 ? `; ${stale} more left out because the best price is older than ${staleMinutes} minutes (stale).` : '.') +
    ' Expected value is against the no-vig consensus, not a promised profit.';
  return { value, valueNote };
}
