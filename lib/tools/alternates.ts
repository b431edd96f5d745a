import { z } from 'zod';
import type { AlternateLine } from '@/lib/betting/alternates';
import { roundTo } from '@/lib/betting/odds';
import { asOffered } from '@/lib/data/kick-off';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import type { Sport } from '@/lib/data/sports';
import { ago } from '@/lib/time';
import { conciseGame, conciseGameSchema, inPlayNote, joinNotes, statusNote } from './game-fields';
import { pageFields, pageSchemaFields, PAGE_SIZES, toolPage, type PagingArgs } from './pages';
import type { ToolRun } from './types';

// get_game_odds with gameId and alternates: true (docs/contract.md, "Alternate lines"): the game's alternate spreads
// and totals, per line both sides' best price and book, the fair probability where a book quotes both sides at that
// line, and the best price's expected value against it (lib/betting/alternates.ts). The lines are refreshed from the
// odds provider when older than PROPS_TTL_SECONDS, as props are (lib/data/alternates.ts).

/** The options an alternates answer cannot take: the lists, and what prices the main markets. */
export const NOT_WITH_ALTERNATES = [
  'minExpectedValue',
  'minBooks',
  'arbitrage',
  'maxHold',
  'middles',
  'history',
  'detail',
  'fairLine',
  'markets',
  'book',
  'futures',
] as const;

export const NO_FAIR_NOTE =
  'consensusBooks 0: no book quotes both sides at that line, so it has no fairProbability or expectedValue; compare its price with the lines beside it.';

const alternateOutcomeSchema = z.object({
  outcome: z.string(),
  point: z.number(),
  americanOdds: z.int(),
  book: z.string(),
  beforeCommission: z.int().optional(),
  fairProbability: z.number().optional(),
  expectedValue: z.number().optional(),
  updatedAgo: z.string(),
});

const alternateLineSchema = z.object({
  market: z.string(),
  consensusBooks: z.int(),
  outcomes: z.array(alternateOutcomeSchema),
});

/** The alternates answer: the game, then a page of its lines, by market then the home side's point or the total. */
export const gameOddsAlternates = conciseGameSchema.extend({
  sport: z.string(),
  priceNote: z.string().optional(),
  note: z.string().optional(),
  alternates: z.array(alternateLineSchema),
  alternatesNote: z.string().optional(),
  ...pageSchemaFields,
});

/** One line as the answer shows it: each side's best price and book, the fair probability and EV where there is one. */
export function conciseAlternateLine(line: AlternateLine, now: Date): z.infer<typeof alternateLineSchema> {
  return {
    market: line.market,
    consensusBooks: line.consensusBooks,
    outcomes: line.sides.map((side) => ({
      outcome: side.outcome,
      point: side.point,
      americanOdds: side.best.americanOdds,
      book: side.best.book,
      ...(side.best.beforeCommission !== undefined ? { beforeCommission: side.best.beforeCommission } : {}),
      ...(side.fairProbability !== null ? { fairProbability: side.fairProbability } : {}),
      ...(side.expectedValue !== null ? { expectedValue: roundTo(side.expectedValue, 4) } : {}),
      updatedAgo: ago(side.best.updatedAt, now),
    })),
  };
}

/** Why a game's answer has no lines, naming the coming games of its league that have some. */
async function noAlternatesNote(ctx: ToolRun, sport: Sport, now: Date): Promise<string> {
  const others = await ctx.data.odds.gamesWith(sport, 'alternates', { from: now, take: 5 });
  return others.length === 0
    ? `No alternate lines of this game are stored, nor of any coming ${sport.toUpperCase()} game.`
    : `No alternate lines of this game are stored. Games with alternate lines: ${others.join(', ')}.`;
}

export async function gameAlternates(ctx: ToolRun, args: PagingArgs & { sport: Sport; gameId: string }) {
  const game = await ctx.data.schedule.requireGameRow(args.gameId, args.sport);
  const source = { odds: ctx.providers.odds, ttlMs: ctx.settings.propsTtlSeconds * 1000 };
  const refresh = await ctx.data.odds.refreshAlternates(source, game, ctx.now());
  const now = ctx.now();
  // Under way, the game's lines are those confirmed since kick-off alone, as its main markets' prices are.
  const offered = asOffered(game, now);
  const lines = await ctx.pricing.alternates(offered);
  const page = toolPage(ctx, args, PAGE_SIZES.alternateLines, lines, (line) => [line.market, line.line], ['asc', 'asc']);
  const inPlay = inPlayNote(offered, lines.length > 0);
  const none = lines.length === 0 && inPlay === undefined ? await noAlternatesNote(ctx, args.sport, now) : undefined;
  const priceNote = joinNotes(game.source === 'sample' ? SAMPLE_NOTE : undefined, statusNote(game, now), inPlay, none);
  return {
    ...conciseGame(game, now),
    sport: args.sport,
    ...(priceNote ? { priceNote } : {}),
    ...(refresh.note ? { note: refresh.note } : {}),
    alternates: page.items.map((line) => conciseAlternateLine(line, now)),
    ...(page.items.some((line) => line.consensusBooks === 0) ? { alternatesNote: NO_FAIR_NOTE } : {}),
    ...pageFields(page, 'alternate lines'),
  };
}
