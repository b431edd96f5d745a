import { z } from 'zod';
import { FUTURES_FIELD_BRIEF } from '@/lib/contract-definitions';
import { fairLineName, type FairLine } from '@/lib/betting/fair-line';
import type { PricedFuture } from '@/lib/betting/futures';
import { roundTo } from '@/lib/betting/odds';
import { FUTURE_MARKETS } from '@/lib/data/futures';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import type { Sport } from '@/lib/data/sports';
import { ago } from '@/lib/time';
import { fractionField } from './answer-fields';
import { flag } from './inputs';
import { PAGE_SIZES, pageFields, pageSchemaFields, toolPage } from './pages';
import type { ToolRun } from './types';

// get_game_odds with futures: true: the league's outright markets (who wins the title), each team at the reference
// book with the no-vig consensus over the whole field (lib/betting/futures.ts) and the best price anywhere, by fair
// probability, a page of teams at a time. A league's futures are fetched from the odds provider when the stored ones
// are older than FUTURES_TTL_SECONDS (lib/data/futures.ts); the sample's are the sample slate's.

export const futuresFlag = flag().optional().meta({ description: "The league's title futures alone." });

/** The arguments that choose games or another list: futures answers with the league's futures alone. */
export const NOT_WITH_FUTURES = [
  'gameId',
  'team',
  'date',
  'markets',
  'minExpectedValue',
  'minBooks',
  'arbitrage',
  'maxHold',
  'middles',
  'history',
  'detail',
] as const;

/** What an argument given with futures: true that it cannot answer with is told. */
export const FUTURES_ALONE =
  "cannot be given with futures: true, which answers with the league's futures alone (sport, book, fairLine, limit and cursor apply)";

const futureTeamSchema = z.object({
  team: z.string(),
  /** The reference price, net of an exchange's fee; absent when the reference book does not price the team. */
  americanOdds: z.int().optional(),
  beforeCommission: z.int().optional(),
  fairProbability: z.number().optional(),
  fairAmericanOdds: z.int().optional(),
  best: z.object({
    book: z.string(),
    americanOdds: z.int(),
    beforeCommission: z.int().optional(),
    expectedValue: fractionField('Best price against the fair probability').optional(),
    updatedAgo: z.string(),
  }),
});

export const gameOddsFutures = z.object({
  sport: z.string(),
  referenceBook: z.string(),
  fairLine: z.string().optional(),
  futures: z.array(
    z.object({
      market: z.string(),
      consensusBooks: z.int(),
      books: z.int(),
      field: z.int(),
      /** Age of the reference book's latest price in the market. */
      updatedAgo: z.string().optional(),
      teams: z.array(futureTeamSchema),
    }),
  ),
  futuresNote: z.string(),
  priceNote: z.string().optional(),
  note: z.string().optional(),
  ...pageSchemaFields,
});

export const FUTURES_NOTE = `fairProbability: the no-vig consensus of the books pricing the whole field (consensusBooks): ${FUTURES_FIELD_BRIEF}. expectedValue: the best price's, per unit staked. A future ties the stake up until the season ends.`;

function futureTeam(entry: PricedFuture, now: Date): z.infer<typeof futureTeamSchema> {
  const { reference, best } = entry;
  return {
    team: entry.outcome,
    ...(reference ? { americanOdds: reference.americanOdds } : {}),
    ...(reference?.beforeCommission !== undefined ? { beforeCommission: reference.beforeCommission } : {}),
    ...(entry.fairProbability !== null ? { fairProbability: entry.fairProbability } : {}),
    ...(entry.fairAmericanOdds !== null ? { fairAmericanOdds: entry.fairAmericanOdds } : {}),
    best: {
      book: best.book,
      americanOdds: best.americanOdds,
      ...(best.beforeCommission !== undefined ? { beforeCommission: best.beforeCommission } : {}),
      ...(entry.expectedValue !== null ? { expectedValue: roundTo(entry.expectedValue, 4) } : {}),
      updatedAgo: ago(best.updatedAt, now),
    },
  };
}

interface FuturesArgs {
  sport: Sport;
  fairLine?: FairLine;
  limit?: number;
  cursor?: string;
}

/** The answer to get_game_odds with futures: true. */
export async function leagueFutures(ctx: ToolRun, args: FuturesArgs, referenceBook: string) {
  const now = ctx.now();
  const refresh = await ctx.data.odds.refreshFutures(
    { odds: ctx.providers.odds, ttlMs: ctx.settings.futuresTtlSeconds * 1000 },
    args.sport,
    now,
  );
  const order = FUTURE_MARKETS[args.sport].map(({ market }) => market);
  const priced = await ctx.pricing.futures(args.sport, order, { referenceBook, fairLine: args.fairLine });
  const markets = new Map(priced.markets.map((market) => [market.market, market]));
  // One list over the markets, in market order then by fair probability: a page is a run of it.
  const entries = priced.markets.flatMap(({ market, outcomes }, marketIndex) =>
    outcomes.map((outcome, rank) => ({ market, marketIndex, rank, outcome })),
  );
  const page = toolPage(ctx, args, PAGE_SIZES.futures, entries, (entry) => [entry.marketIndex, entry.rank], ['asc', 'asc']);
  const shownMarkets = [...new Set(page.items.map((entry) => entry.market))];
  const notes = [
    priced.sample ? SAMPLE_NOTE : undefined,
    priced.markets.length === 0
      ? `No ${args.sport.toUpperCase()} futures are stored${ctx.providers.odds ? ' and the provider lists none now' : ''}.`
      : undefined,
  ].filter(Boolean);
  return {
    sport: args.sport,
    referenceBook,
    ...(args.fairLine ? { fairLine: fairLineName(args.fairLine) } : {}),
    futures: shownMarkets.map((market) => {
      const priced = markets.get(market)!;
      return {
        market,
        consensusBooks: priced.consensusBooks,
        books: priced.books,
        field: priced.field,
        ...(priced.latest ? { updatedAgo: ago(priced.latest, now) } : {}),
        teams: page.items.filter((entry) => entry.market === market).map((entry) => futureTeam(entry.outcome, now)),
      };
    }),
    futuresNote: FUTURES_NOTE,
    ...(notes.length > 0 ? { priceNote: notes.join(' ') } : {}),
    ...(refresh.note ? { note: refresh.note } : {}),
    ...pageFields(page, 'teams'),
  };
}
