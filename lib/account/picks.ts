import {
  isGameMarket,
  payoutPerUnit,
  priceExpectedValue,
  roundFraction,
  roundTo,
  roundTo6,
  americanToDecimal,
  type Grade,
} from '@/lib/betting';
import { pickCounts } from '@/lib/data/kick-off';
import { requireGameRow, type GameRow } from '@/lib/data/repositories/schedule';
import type { Sport } from '@/lib/data/sports';
import type { Db } from '@/lib/db/client';
import { createOnce } from '@/lib/db/unique';
import { ToolError } from '@/lib/errors';
import type { MarketSelection, Pricing } from '@/lib/pricing';
import { instant } from '@/lib/time';
import { userPreferences } from './preferences';
import { afterCursor, inTimeRange, pageEnd, winsAndLosses, type ListFilter, type ListPage } from './lists';
import { gradeAtFinal, isFinal, loadGames, normalizeSelection, PICKS_BEFORE_KICKOFF, propLines, refuseFinalGame } from './markets';
import { differingArguments, reusedRequestId } from './reused-request';
import { storedLabel } from '@/lib/text';

// Recommendations ("picks") an agent saved for the user, graded against the final score when it exists (a prop
// against its player's stored box-score line).

export interface NewPick {
  sport: Sport;
  gameId: string;
  market: string;
  selection: string;
  americanOdds: number;
  probability: number;
  book?: string;
  point?: number;
  player?: string;
  stakeUnits?: number;
  reasoning: string;
  risks: string;
  clientRequestId?: string;
}

type PickRow = NonNullable<Awaited<ReturnType<Db['recommendation']['findUnique']>>>;

function pickView(pick: PickRow, result: string | null) {
  return {
    id: pick.id,
    sport: pick.sport,
    gameId: pick.gameId,
    market: pick.market,
    selection: pick.selection,
    point: pick.point,
    player: pick.player,
    americanOdds: pick.americanOdds,
    probability: pick.probability,
    // To four places like every expected value of a default answer: no float's sixteen digits.
    expectedValue: roundFraction(priceExpectedValue(pick.probability, pick.americanOdds)),
    fairProbabilityAtSave: pick.fairProbabilityAtSave,
    book: pick.book,
    stakeUnits: pick.stakeUnits,
    reasoning: pick.reasoning,
    risks: pick.risks,
    clientLabel: pick.clientLabel,
    result,
    createdAt: pick.createdAt,
  };
}

/**
 * No pick once its game has kicked off (by the start as stored now, the rule log_bet and list_bets' closing lines
 * share): the record's hit rate is of pre-game picks (`pickCounts`, which a pick saved now would fail), and in play a
 * pick would be made with the score in view, at a price the tools show from before kick-off. 422 limit, as on a final
 * game; a bet in play is still logged, as placed.
 */
function refusePickInPlay(game: GameRow, now: Date): void {
  if (pickCounts(game, now)) return;
  throw new ToolError(
    'limit',
    `The game ${game.id} kicked off at ${instant(game.startsAt)}, so no pick on it can be saved: ${PICKS_BEFORE_KICKOFF}`,
  );
}

export interface SavePickInput {
  userId: string;
  clientLabel: string | undefined;
  now: Date;
  /** The reference book when the user's bankroll names none (DEFAULT_REFERENCE_BOOK). */
  defaultBook: string;
  pick: NewPick;
}

/**
 * The market's no-vig fair probability of a pick's selection as it is saved, priced as log_bet prices a bet (its book
 * when that book prices it, else the user's reference book), so the record holds the market's view beside the
 * agent's own probability; null when no book prices the selection.
 */
async function fairProbabilityNow(pricing: Pricing, game: GameRow, selected: MarketSelection, book: string, referenceBook: string) {
  const priced = await pricing.selection(game, selected, { book, referenceBook });
  return priced.fairProbability === null ? null : roundTo6(priced.fairProbability);
}

export async function recordRecommendation(db: Db, pricing: Pricing, input: SavePickInput) {
  const { userId, pick } = input;
  const once = await createOnce(
    pick.clientRequestId,
    (clientRequestId) => db.recommendation.findUnique({ where: { userId_clientRequestId: { userId, clientRequestId } } }),
    async () => {
      const game = await requireGameRow(db, pick.gameId, pick.sport);
      // Saved once the result is known, a pick would be graded at once: the record counts only picks made before.
      refuseFinalGame(game, 'pick');
      refusePickInPlay(game, input.now);
      // Priced where it was named, else at the reference book the odds tools price it at, as a bet is (log_bet): the
      // pick keeps that book, and the reference book beside it, so a retry without a book is the same pick.
      const referenceBook = (await userPreferences(db, userId)).referenceBook ?? input.defaultBook;
      const book = pick.book ?? referenceBook;
      const selected = normalizeSelection(game, pick);
      const fairProbabilityAtSave = await fairProbabilityNow(pricing, game, selected, book, referenceBook);
      return db.recommendation.create({
        data: {
          userId,
          sport: game.sport,
          gameId: game.id,
          ...selected,
          americanOdds: pick.americanOdds,
          probability: pick.probability,
          fairProbabilityAtSave,
          book,
          referenceBook,
          stakeUnits: pick.stakeUnits ?? null,
          reasoning: pick.reasoning,
          risks: pick.risks,
          clientLabel: storedLabel(input.clientLabel),
          clientRequestId: pick.clientRequestId ?? null,
          createdAt: input.now,
        },
      });
    },
  );
  if (once.duplicate) {
    const { earlier } = once;
    // The same id with other arguments is another pick: returning the first would say it was saved when it was not.
    // No book named is the reference book the first call stored the pick under (a pick saved before that was stored
    // kept none: no book is none).
    const differences = await differingArguments(db, earlier, pick, [
      ['americanOdds', pick.americanOdds, earlier.americanOdds],
      ['probability', pick.probability, earlier.probability],
      ['book', pick.book ?? earlier.referenceBook ?? null, earlier.book],
      ['stakeUnits', pick.stakeUnits ?? null, earlier.stakeUnits],
    ]);
    if (differences.length > 0) throw reusedRequestId({ kind: 'pick', id: earlier.id, at: earlier.createdAt }, differences);
    return { recommendation: pickView(earlier, earlier.result), duplicate: true };
  }
  return { recommendation: pickView(once.created, null), duplicate: false };
}

/** Why a listed pick is left out of the record: it was saved once its game had kicked off (`pickCounts`). */
export const notCountedReason = (kickOff: Date) => `Saved after its game kicked off at ${instant(kickOff)}: left out of the summary.`;

function recordNote(notCounted: number): string {
  const [picks, game] = notCounted === 1 ? ['1 pick was', 'its game'] : [`${notCounted} picks were`, 'their game'];
  return (
    `${picks} saved after ${game} kicked off (marked notCounted): listed and in count, but left out of every other ` +
    'figure of the summary, winRate included, as the record counts only picks made before the game began.'
  );
}

function gradingNote(players: readonly string[]): string {
  const named = [...new Set(players)];
  const shown = named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(', ');
  return `Props on ${shown} stay ungraded: their game is final but no box-score line that tells the market is stored, and JEV never guesses; the user grades them.`;
}

export async function listRecommendationRecords(db: Db, input: { userId: string; filter: Omit<ListFilter, 'status'>; page: ListPage }) {
  const { userId, filter } = input;
  const where = {
    userId,
    ...(filter.sport ? { sport: filter.sport } : {}),
    ...inTimeRange('createdAt', filter),
  };
  const [all, page] = await Promise.all([
    // In a fixed order, so the units summed below come out the same on every call and database.
    db.recommendation.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    db.recommendation.findMany({
      where: { ...where, ...afterCursor('createdAt', input.page) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: input.page.limit,
    }),
  ]);
  const games = new Map((await loadGames(db, [...new Set(all.map((p) => p.gameId))])).map((g) => [g.id, g]));
  const lines = await propLines(db, all, games);
  const results = new Map(all.map((p) => [p.id, p.result ?? gradeAtFinal(games.get(p.gameId), p, lines)]));
  // The record is of picks saved before kick-off (pickCounts): one saved later stays listed, marked, but no figure
  // past `count` takes it in.
  const savedAfterKickOff = new Map(
    all.map((p) => {
      const game = games.get(p.gameId);
      return [p.id, game && !pickCounts(game, p.createdAt) ? game.startsAt : null];
    }),
  );
  const counted = all.filter((p) => savedAfterKickOff.get(p.id) === null);
  const graded = counted.map((p) => results.get(p.id) ?? null).filter((r): r is string => r !== null);
  const units = unitsOf(counted, results);
  const count = (result: string) => graded.filter((r) => r === result).length;
  const { won, lost } = winsAndLosses(graded);
  const notCounted = all.length - counted.length;
  // Props of finished games that no stored line grades stay for the user: the answer names them rather than guess.
  const ungradedProps = all.filter((p) => results.get(p.id) === null && !isGameMarket(p.market) && isFinal(games.get(p.gameId)));
  const { remaining, nextCursor } = pageEnd(all, page, (pick) => pick.createdAt, input.page);
  return {
    recommendations: page.map((p) => ({
      ...pickView(p, results.get(p.id) ?? null),
      savedAfterKickOff: savedAfterKickOff.get(p.id) ?? null,
    })),
    remaining,
    nextCursor,
    ...(ungradedProps.length > 0 ? { gradingNote: gradingNote(ungradedProps.map((p) => p.player as string)) } : {}),
    ...(notCounted > 0 ? { recordNote: recordNote(notCounted) } : {}),
    summary: {
      count: all.length,
      notCounted,
      graded: graded.length,
      won: count('won'),
      lost: count('lost'),
      halfWon: count('half_won'),
      halfLost: count('half_lost'),
      pushed: count('push'),
      winRate: won + lost === 0 ? null : roundFraction(won / (won + lost)),
      ...units,
    },
  };
}

/**
 * The record in units: each graded pick that suggested a stake (stakeUnits) staked it at its price, a win paying the
 * price's winnings, a loss losing the stake, a push nothing, a half grade half of each (payoutPerUnit, as a bet is
 * settled). Picks without stakeUnits stake nothing. To the hundredth of a unit.
 */
function unitsOf(picks: readonly PickRow[], results: ReadonlyMap<string, string | null>): { unitsStaked: number; unitsWon: number } {
  let staked = 0;
  let won = 0;
  for (const pick of picks) {
    const result = results.get(pick.id);
    if (result == null || pick.stakeUnits === null) continue;
    staked += pick.stakeUnits;
    won += pick.stakeUnits * (payoutPerUnit(result as Grade, americanToDecimal(pick.americanOdds)) - 1);
  }
  return { unitsStaked: roundTo(staked, 2), unitsWon: roundTo(won, 2) };
}
