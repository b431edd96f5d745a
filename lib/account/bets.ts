import { actionStakeCents, halfLines, priceExpectedValue, roundFraction, roundTo6, settlement, type SettledResult } from '@/lib/betting';
import { closingKey, closingQuotes, marketQuotes } from '@/lib/data/repositories/odds';
import type { Sport } from '@/lib/data/sports';
import type { Db, DbTransaction } from '@/lib/db/client';
import { createOnce } from '@/lib/db/unique';
import { ToolError, invalidInput } from '@/lib/errors';
import { pricePick } from '@/lib/pricing';
import { HELPLINE } from '@/lib/rules';
import { decodeCursor, encodeCursor, NOT_A_CURSOR, type CursorScope } from '@/lib/paging';
import { storedLabel } from '@/lib/text';
import { DAY_MS, HOUR_MS, instant } from '@/lib/time';
import { getBankroll, lossLimitRoom, userPreferences, type BankrollView } from './bankroll';
import {
  betterThanBooksWarning,
  gradeAtFinal,
  quotedPriceWarning,
  isFinal,
  isGameMarket,
  loadGames,
  normalizePick,
  propLines,
  requireGame,
  unpricedBookWarning,
  type GameSummary,
} from './markets';
import { fromCents, largestStakeFor, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, payoutIfWonCents, toCents } from './money';

// The user's ledger: bets logged, settled once, and listed with profit, ROI and closing-line value.

export interface NewBet {
  sport: Sport;
  gameId: string;
  market: string;
  selection: string;
  americanOdds: number;
  stake: number;
  book?: string;
  point?: number;
  player?: string;
  recommendationId?: string;
  notes?: string;
  clientRequestId?: string;
}

type BetRow = NonNullable<Awaited<ReturnType<Db['bet']['findUnique']>>>;
type GradeRow = { status: string; payoutCents: number; profitCents: number; gradedAt: Date; replacedAt: Date };
/** A bet with the grades corrections replaced, oldest first (the reads below include them). */
type BetWithGrades = BetRow & { earlierGrades: GradeRow[] };
const WITH_GRADES = { earlierGrades: { orderBy: { replacedAt: 'asc' } } } as const;

export function betView(bet: BetWithGrades) {
  return {
    id: bet.id,
    sport: bet.sport,
    gameId: bet.gameId,
    market: bet.market,
    selection: bet.selection,
    point: bet.point,
    player: bet.player,
    americanOdds: bet.americanOdds,
    stake: fromCents(bet.stakeCents),
    book: bet.book,
    fairProbabilityAtPlacement: bet.fairProbability,
    status: bet.status,
    payout: bet.payoutCents === null ? null : fromCents(bet.payoutCents),
    profit: bet.profitCents === null ? null : fromCents(bet.profitCents),
    clientLabel: bet.clientLabel,
    recommendationId: bet.recommendationId,
    notes: bet.notes,
    placedAt: bet.placedAt,
    settledAt: bet.settledAt,
    correctedAt: bet.correctedAt,
    earlierGrades:
      bet.earlierGrades.length === 0
        ? null
        : bet.earlierGrades.map((grade) => ({
            status: grade.status,
            payout: fromCents(grade.payoutCents),
            profit: fromCents(grade.profitCents),
            gradedAt: grade.gradedAt,
            replacedAt: grade.replacedAt,
          })),
  };
}

/** The stakes of the user's unsettled bets, in currency units. */
export async function openExposure(db: Db, userId: string): Promise<number> {
  const open = await db.bet.aggregate({ where: { userId, status: 'open' }, _sum: { stakeCents: true } });
  return fromCents(open._sum.stakeCents ?? 0);
}

interface LogBetInput {
  userId: string;
  clientLabel: string | undefined;
  now: Date;
  defaultBook: string;
  bet: NewBet;
}

/**
 * Records a bet the user placed elsewhere. Limits never block the record (losing it helps nobody);
 * a stake past one comes back with a warning naming it. The same clientRequestId returns the first bet.
 */
export async function logBet(db: Db, input: LogBetInput) {
  const { userId, bet } = input;
  if (payoutIfWonCents(toCents(bet.stake), bet.americanOdds) > MAX_AMOUNT_CENTS) {
    throw invalidInput([
      {
        path: 'stake',
        message:
          `is too large for these odds: a win would pay back more than ${MAX_AMOUNT_TEXT}, the most any amount may be ` +
          `(at ${bet.americanOdds > 0 ? '+' : ''}${bet.americanOdds} the stake can be at most ${largestStakeFor(bet.americanOdds)})`,
      },
    ]);
  }
  const once = await createOnce(
    bet.clientRequestId,
    (clientRequestId) => db.bet.findUnique({ where: { userId_clientRequestId: { userId, clientRequestId } }, include: WITH_GRADES }),
    () => createBet(db, input),
  );
  if (once.duplicate) return { bet: betView(once.earlier), duplicate: true, warnings: [] as string[] };
  return { bet: once.created.bet, duplicate: false, warnings: once.created.warnings };
}

/** A recommendationId must name one of the caller's own picks: another user's or a made-up one is 404, like a missing bet. */
async function requireOwnPick(db: Db, userId: string, recommendationId: string): Promise<void> {
  const pick = await db.recommendation.findFirst({ where: { id: recommendationId, userId }, select: { id: true } });
  if (!pick) {
    throw new ToolError('not_found', `No pick with id ${recommendationId} in this account. list_recommendations shows the user's picks.`);
  }
}

async function createBet(db: Db, { userId, bet, now, clientLabel, defaultBook }: LogBetInput) {
  if (bet.recommendationId !== undefined) await requireOwnPick(db, userId, bet.recommendationId);
  const game = await requireGame(db, bet.gameId, bet.sport);
  if (game.status === 'final') {
    // Logged after the result is known, a bet could be settled at will: the record only takes bets whose game is still to finish.
    throw new ToolError(
      'limit',
      `The game ${game.id} is already final, so no bet on it can be logged: JEV records bets before their game ends. ` +
        'If the user placed this bet before the end and wants the balance to show it, they can set the balance on the Bankroll page.',
    );
  }
  const pick = normalizePick(game, bet);
  const preferences = await userPreferences(db, userId);
  const referenceBook = preferences?.referenceBook ?? defaultBook;
  const book = bet.book ?? referenceBook;
  // One read of the market's prices gives the fair probability and the price warnings.
  const marketPick = { market: bet.market, ...pick };
  const prices = await marketQuotes(db, { gameId: game.id, ...marketPick });
  const fair = pricePick(prices, pick, { book, referenceBook });
  const fairProbability = fair.fairProbability;
  const priceWarnings = [
    bet.book === undefined ? undefined : unpricedBookWarning(prices, marketPick, book, { book: fair.book, probability: fairProbability }),
    quotedPriceWarning(prices, marketPick, book, bet.americanOdds),
    betterThanBooksWarning(prices, marketPick, bet.americanOdds),
  ].filter((warning) => warning !== undefined);

  const created = await db.bet.create({
    data: {
      userId,
      sport: game.sport,
      gameId: game.id,
      market: bet.market,
      ...pick,
      americanOdds: bet.americanOdds,
      stakeCents: toCents(bet.stake),
      book: bet.book ?? null,
      fairProbability,
      clientLabel: storedLabel(clientLabel),
      clientRequestId: bet.clientRequestId ?? null,
      recommendationId: bet.recommendationId ?? null,
      notes: bet.notes ?? null,
      placedAt: now,
    },
  });
  // The limits are read after the bet is stored: of bets logged at once each then sees those stored before it, so
  // the last sees them all, and stakes that together pass the room never all pass without a warning.
  const warnings = limitWarnings(bet.stake, await getBankroll(db, userId, now));
  warnings.push(...priceWarnings);
  return { bet: betView({ ...created, earlierGrades: [] }), warnings };
}

/** The limits a new bet's stake passes, from the bankroll read with the bet stored: its room is the room it found. */
function limitWarnings(stake: number, bankroll: BankrollView | null): string[] {
  if (!bankroll) return [];
  // The room as it stood without this bet: its own stake taken back out of the open stakes.
  const roomFound = (limit: number | null, loss: number, open: number) =>
    lossLimitRoom(limit === null ? null : toCents(limit), toCents(loss), toCents(open) - toCents(stake));
  const limits: [string, number | null][] = [
    ['max stake', bankroll.maxStake],
    ['room left under the daily loss limit', roomFound(bankroll.dailyLossLimit, bankroll.lossToday, bankroll.openStakesToday)],
    ['room left under the weekly loss limit', roomFound(bankroll.weeklyLossLimit, bankroll.lossThisWeek, bankroll.openStakesThisWeek)],
  ];
  return limits.flatMap(([limit, room]) =>
    room !== null && stake > room ? [`The stake ${stake} is over the ${limit} (${room}). Problem gambling help: ${HELPLINE}.`] : [],
  );
}

export type SettleRequest = { result: SettledResult | 'auto'; payout?: number; correct?: boolean };

const notYourBet = (betId: string) =>
  new ToolError('not_found', `No bet with id ${betId} in this account. list_bets shows the user's bets.`);

/**
 * How long after kick-off a game still without a final score counts as plausibly postponed or abandoned (JEV stores
 * no such status from its feeds): from then its bets may be voided again. Until then a bet in play is graded by its
 * result, so one about to lose cannot be voided out of the loss limits.
 */
export const VOID_AFTER_KICKOFF_HOURS = 12;

/** What graded the bet at the final, for a refusal: the score, or the player's stored box-score line. */
function gradedBy(bet: BetRow, game: GameSummary): string {
  if (isGameMarket(bet.market)) {
    return `The final score (${game.awayTeam.abbreviation} ${game.awayScore}, ${game.homeTeam.abbreviation} ${game.homeScore})`;
  }
  return `${bet.player}'s stored box-score line`;
}

/** The grade at the final: a game market by its score, a prop by its player's stored box-score line (null without one). */
async function gradeFromStore(db: Db, bet: BetRow, game: GameSummary | undefined): Promise<SettledResult | null> {
  if (!isFinal(game)) return null;
  const lines = isGameMarket(bet.market) ? new Map() : await propLines(db, [bet], new Map([[game.id, game]]));
  return gradeAtFinal(game, bet, lines);
}

function autoGrade(bet: BetRow, game: GameSummary | undefined, stored: SettledResult | null): SettledResult {
  if (!isFinal(game)) {
    throw new ToolError(
      'limit',
      `The game ${bet.gameId} has no final score yet, so it cannot be graded automatically: try auto again once get_game_results lists it, or settle with cashout (void before kick-off).`,
    );
  }
  if (stored) return stored;
  // A prop JEV cannot read off a stored line stays for the user: never guessed.
  throw new ToolError(
    'limit',
    `There is no box-score line for ${bet.player} in game ${bet.gameId} stored that tells ${bet.market}, so auto cannot grade it: ` +
      'settle it with won, lost, push or void as the book did.',
  );
}

/**
 * A void while the game is in play is refused: from kick-off until the final (or until VOID_AFTER_KICKOFF_HOURS
 * without one, when the game is plausibly postponed or abandoned) a bet is graded by its result. Before kick-off,
 * or on a game stored as postponed or canceled, a void stands.
 */
function checkVoidInPlay(bet: BetRow, game: GameSummary | undefined, now: Date): void {
  if (!game || game.status === 'postponed' || game.status === 'canceled') return;
  if (game.status !== 'in_progress' && game.startsAt > now) return;
  const voidableFrom = new Date(game.startsAt.getTime() + VOID_AFTER_KICKOFF_HOURS * HOUR_MS);
  if (now >= voidableFrom) return;
  throw new ToolError(
    'limit',
    `Bet ${bet.id} cannot be voided while its game ${bet.gameId} is in play (kick-off ${instant(game.startsAt)}): a bet ` +
      'is graded by its result once the game is final (auto). If the book cashed it out, settle it cashout with what it ' +
      `paid. If the game was postponed or abandoned, void it from ${instant(voidableFrom)}, ${VOID_AFTER_KICKOFF_HOURS} hours ` +
      'after kick-off with no final score.',
  );
}

/**
 * The rules a grade must meet, whoever asks (the tool, the Bets page): a bet is won, lost or pushed only once
 * its game is final, and then only as the stored final score grades it (a prop as its player's stored box-score
 * line does, when one tells its market; a corrected box score, once stored, regrades it by auto with correct);
 * half_won and half_lost only on a quarter line. A void comes before kick-off (a cancelled bet), or
 * once the game has gone VOID_AFTER_KICKOFF_HOURS without a final; a cashout any time before the final, never paying
 * back more than the bet would as a win. Once the game is final no book cashes a bet out, and a bet the stored result
 * grades is not void (else a lost bet could be turned into a refund, or a win's payout, and its loss taken out of
 * the loss limits). A prop no stored line grades is still voided then: its player may not have played.
 */
function checkGrade(
  bet: BetRow,
  game: GameSummary | undefined,
  stored: SettledResult | null,
  result: SettledResult,
  payoutCents: number | undefined,
  now: Date,
): void {
  const final = game?.status === 'final';
  const gradeItWith = stored === null ? 'auto, or as the book graded it' : `auto or ${stored}`;
  if (result === 'cashout') {
    if (final) {
      throw new ToolError(
        'limit',
        `Bet ${bet.id} cannot be cashed out: its game ${bet.gameId} is final, and no cashout is offered on a finished game. ` +
          `Settle it with ${gradeItWith}.`,
      );
    }
    const most = payoutIfWonCents(bet.stakeCents, bet.americanOdds);
    if ((payoutCents as number) > most) {
      throw invalidInput([
        { path: 'payout', message: `must be at most ${fromCents(most)}, what this bet pays back if it wins (a cashout never pays more)` },
      ]);
    }
    return;
  }
  if (result === 'void' && stored === null) {
    if (!final) checkVoidInPlay(bet, game, now);
    return;
  }
  if (!final) {
    throw new ToolError(
      'limit',
      `Bet ${bet.id} cannot be graded ${result} yet: its game ${bet.gameId} is not final. ` +
        'won, lost and push are graded once the game is final (auto grades them from the score then); before that, ' +
        'settle it void if the book refunded it before kick-off, or cashout with what the book paid.',
    );
  }
  if (stored !== null && stored !== result) {
    throw new ToolError(
      'limit',
      `${gradedBy(bet, game)} grades bet ${bet.id} ${stored}, not ${result}: settle it with ${gradeItWith}.` +
        (isGameMarket(bet.market)
          ? ''
          : ' If the book graded by a stat correction JEV has not stored, settle it as the line grades it: JEV fetches the box score once more about two days after the game (get_bankroll then names a prop a correction regrades); for a later correction, set the balance on the Bankroll page.'),
    );
  }
  if ((result === 'half_won' || result === 'half_lost') && halfLines(bet.point ?? 0).length === 1) {
    throw new ToolError('limit', `Bet ${bet.id} is not on a quarter line (±0.25, ±0.75): only those end ${result}.`);
  }
}

/** How long after being graded a prop is checked against its stored box-score line for get_bankroll's note. */
export const REGRADE_NOTE_DAYS = 7;

/**
 * The user's props graded in the last REGRADE_NOTE_DAYS that their player's stored box-score line now grades otherwise:
 * a stat correction stored since (ingestion fetches each final's box score once more, BOX_SCORE_RECHECK_MS after
 * kick-off). Nothing moves here: the ledger moves only through settle_bet (auto with correct: true).
 */
export async function propsGradedOtherwise(db: Db, userId: string, now: Date): Promise<{ betId: string; status: string; grade: string }[]> {
  const bets = await db.bet.findMany({
    where: {
      userId,
      player: { not: null },
      status: { notIn: ['open', 'void', 'cashout'] },
      settledAt: { gte: new Date(now.getTime() - REGRADE_NOTE_DAYS * DAY_MS) },
    },
    orderBy: { settledAt: 'asc' },
  });
  if (bets.length === 0) return [];
  const games = new Map((await loadGames(db, [...new Set(bets.map((bet) => bet.gameId))])).map((game) => [game.id, game]));
  const lines = await propLines(db, bets, games);
  return bets.flatMap((bet) => {
    const grade = gradeAtFinal(games.get(bet.gameId), bet, lines);
    return grade !== null && grade !== bet.status ? [{ betId: bet.id, status: bet.status, grade }] : [];
  });
}

/** propsGradedOtherwise in words for get_bankroll's note (none or one sentence). */
export function regradeNotes(props: readonly { betId: string; status: string; grade: string }[]): string[] {
  if (props.length === 0) return [];
  const each = props.map(({ betId, status, grade }) => `${betId} (${status}, now ${grade})`).join(', ');
  return [
    `A stat correction stored since changes the grade of ${props.length === 1 ? 'prop' : 'props'} ${each}: if the book regraded it, ` +
      'settle_bet with result auto and correct: true applies it.',
  ];
}

/**
 * Grades a bet once, by the rules of checkGrade. The bet moves from open to settled and the balance by its profit
 * in one transaction guarded by `status = 'open'`, so concurrent calls settle it exactly once. Settling again with
 * the same result answers the same. A different result on a settled bet is refused unless `correct` is set: then
 * the new grade replaces the old one (kept in the bet's earlierGrades), the balance moves by the difference of
 * the two profits, and the transaction is guarded by the grade it replaces, so it moves once.
 */
export async function settleBet(db: Db, input: { userId: string; betId: string; request: SettleRequest; now: Date }) {
  const { userId, betId, request } = input;
  const bet = await db.bet.findFirst({ where: { id: betId, userId }, include: WITH_GRADES });
  if (!bet) throw notYourBet(betId);
  if (request.result === 'cashout' && request.payout === undefined) {
    throw invalidInput([{ path: 'payout', message: 'is required when the result is cashout' }]);
  }
  if (request.result !== 'cashout' && request.payout !== undefined) {
    throw invalidInput([{ path: 'payout', message: 'is only for a cashout: leave it out for other results' }]);
  }
  const [game] = await loadGames(db, [bet.gameId]);
  const stored = await gradeFromStore(db, bet, game);
  const result = request.result === 'auto' ? autoGrade(bet, game, stored) : request.result;
  const payoutCents = request.payout === undefined ? undefined : toCents(request.payout);
  if (payoutCents !== undefined && payoutCents > MAX_AMOUNT_CENTS) {
    throw invalidInput([{ path: 'payout', message: `must be at most ${MAX_AMOUNT_TEXT}` }]);
  }
  const outcome = settlement(bet.stakeCents, bet.americanOdds, result, payoutCents);
  const grade = { status: result, payoutCents: outcome.payoutCents, profitCents: outcome.profitCents };
  // A retry of the grade the bet has gets the same answer, even once the rules would no longer allow it (a void
  // while the game ran, sent again after the final): it moves nothing.
  if (bet.status !== 'open' && hasGrade(bet, grade)) return betView(bet);
  checkGrade(bet, game, stored, result, payoutCents, input.now);
  // A bet stored before the bounds held (or any other way) whose result would not fit is refused, never stored.
  if (Math.abs(outcome.payoutCents) > MAX_AMOUNT_CENTS || Math.abs(outcome.profitCents) > MAX_AMOUNT_CENTS) {
    throw new ToolError('limit', `Bet ${bet.id} as ${result} would pay back more than ${MAX_AMOUNT_TEXT}, the most any amount may be.`);
  }
  const read = async () => (await db.bet.findUnique({ where: { id: bet.id }, include: WITH_GRADES })) as BetWithGrades;

  if (bet.status === 'open') {
    const settled = await db.$transaction(async (tx) => {
      const { count } = await tx.bet.updateMany({
        where: { id: bet.id, userId, status: 'open' },
        data: { ...grade, settledAt: input.now },
      });
      if (count === 1 && grade.profitCents !== 0) await moveBalance(tx, userId, bet.id, result, grade.profitCents);
      return count === 1;
    });
    if (settled) return betView(await read());
  }
  // Settled before (or by a concurrent call just now): the same result gets the same answer.
  const current = await read();
  if (hasGrade(current, grade)) return betView(current);
  if (!request.correct) {
    throw new ToolError(
      'limit',
      `Bet ${bet.id} is already settled as ${current.status}. If that grade was a mistake, call settle_bet again with ` +
        'correct: true: the new grade replaces it, the balance moves by the difference once, and both grades are kept.',
    );
  }
  const corrected = await db.$transaction(async (tx) => {
    const { count } = await tx.bet.updateMany({
      where: { id: bet.id, userId, status: current.status, payoutCents: current.payoutCents, correctedAt: current.correctedAt },
      data: { ...grade, correctedAt: input.now },
    });
    if (count === 0) return false;
    await tx.betGrade.create({
      data: {
        betId: bet.id,
        status: current.status,
        payoutCents: current.payoutCents as number,
        profitCents: current.profitCents as number,
        gradedAt: (current.correctedAt ?? current.settledAt) as Date,
        replacedAt: input.now,
      },
    });
    const difference = grade.profitCents - (current.profitCents as number);
    if (difference !== 0) await moveBalance(tx, userId, bet.id, result, difference);
    return true;
  });
  const after = await read();
  if (corrected || hasGrade(after, grade)) return betView(after);
  throw new ToolError(
    'limit',
    `Bet ${bet.id} was graded again while this call ran (now ${after.status}): list_bets shows it; correct it again if needed.`,
  );
}

/** Whether the bet's current grade is this one. */
function hasGrade(bet: BetRow, grade: { status: string; payoutCents: number }): boolean {
  return bet.status === grade.status && bet.payoutCents === grade.payoutCents;
}

type Tx = DbTransaction;

/**
 * Moves the balance by a settled bet's profit, only while it stays within ±MAX_AMOUNT: the bound is part of
 * the update's condition, so concurrent settlements cannot pass it together. Past it, the whole settlement is
 * refused (422 limit) and rolled back. Without a bankroll there is no balance to move.
 */
async function moveBalance(tx: Tx, userId: string, betId: string, result: string, profitCents: number): Promise<void> {
  const within =
    profitCents > 0
      ? { balanceCents: { lte: MAX_AMOUNT_CENTS - profitCents } }
      : { balanceCents: { gte: -MAX_AMOUNT_CENTS - profitCents } };
  const { count } = await tx.bankroll.updateMany({ where: { userId, ...within }, data: { balanceCents: { increment: profitCents } } });
  if (count === 0 && (await tx.bankroll.count({ where: { userId } })) > 0) {
    throw new ToolError(
      'limit',
      `Settling bet ${betId} as ${result} would take the balance past ${profitCents > 0 ? '' : '-'}${MAX_AMOUNT_TEXT}, ` +
        'the most an amount may be. Nothing was changed: set the balance on the Bankroll page first.',
    );
  }
}

export interface ListFilter {
  status?: string;
  sport?: string;
  from?: Date;
  to?: Date;
}

/** A page of a user's list, newest first: `limit` rows after the cursor, which belongs to `fingerprint` (lib/paging.ts). */
export interface ListPage extends CursorScope {
  limit: number;
  cursor?: string;
}

/** The (time, id) position a cursor names; every list of bets or picks is ordered by both, newest first. */
function cursorPosition(page: ListPage): { at: Date; id: string } | undefined {
  if (page.cursor === undefined) return undefined;
  const [at, id] = decodeCursor(page.cursor, page, ['time', 'text']);
  if (typeof at !== 'number' || typeof id !== 'string') throw invalidInput([{ path: 'cursor', message: NOT_A_CURSOR }]);
  return { at: new Date(at), id };
}

/** The paging fields of a list answer: how many rows follow the page, and the cursor to them (null when none). */
export function pageEnd<Row extends { id: string }>(all: readonly Row[], shown: readonly Row[], time: (row: Row) => Date, page: ListPage) {
  const last = shown.at(-1);
  if (!last) return { remaining: 0, nextCursor: null };
  const before = (row: Row) => time(row) < time(last) || (time(row).getTime() === time(last).getTime() && row.id < last.id);
  const remaining = all.filter(before).length;
  return { remaining, nextCursor: remaining > 0 ? encodeCursor(page, [time(last).getTime(), last.id]) : null };
}

/** A `from`/`to` filter on one timestamp column (either end may be open). */
export function inTimeRange(field: 'placedAt' | 'createdAt', { from, to }: { from?: Date; to?: Date }) {
  if (!from && !to) return {};
  return { [field]: { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) } };
}

/** Newest first: rows after the cursor's (time, id), so rows with equal times are neither skipped nor repeated. */
export function afterCursor(field: 'placedAt' | 'createdAt', page: ListPage) {
  const position = cursorPosition(page);
  if (!position) return {};
  const { at, id } = position;
  return { OR: [{ [field]: { lt: at } }, { [field]: at, id: { lt: id } }] };
}

/**
 * Closing-line value: the bet's price measured against the closing no-vig fair probability of its market, both as
 * list_bets shows them (the probability to six places like every fair probability, the value to four from it), so
 * the shown probability and price give back the shown value.
 */
async function closingLineValues(db: Db, bets: BetRow[], now: Date, defaultBook: string, storedBook: string | null) {
  const referenceBook = storedBook ?? defaultBook;
  const games = new Map((await loadGames(db, [...new Set(bets.map((b) => b.gameId))])).map((g) => [g.id, g]));
  const started = bets.filter((b) => (games.get(b.gameId)?.startsAt ?? now) <= now);
  const closes = await closingQuotes(
    db,
    started.map((b) => ({
      gameId: b.gameId,
      startsAt: (games.get(b.gameId) as GameSummary).startsAt,
      market: b.market,
      player: b.player,
    })),
  );
  const values = new Map<string, { closingFairProbability: number; closingLineValue: number }>();
  for (const bet of started) {
    const rows = closes.get(closingKey(bet.gameId, bet.market, bet.player)) ?? [];
    // At the bet's book, else (its book had no closing price of the pick) at the reference book, as at placement.
    const { fairProbability: fair } = pricePick(rows, bet, { book: bet.book ?? referenceBook, referenceBook });
    if (fair !== null) {
      const closingFairProbability = roundTo6(fair);
      const closingLineValue = roundFraction(priceExpectedValue(closingFairProbability, bet.americanOdds));
      values.set(bet.id, { closingFairProbability, closingLineValue });
    }
  }
  return values;
}

/** Wins and losses, a half win or half loss counting as half of one (the other half pushed). */
export function winsAndLosses(results: readonly (string | null)[]): { won: number; lost: number } {
  const count = (result: string) => results.filter((r) => r === result).length;
  return { won: count('won') + count('half_won') / 2, lost: count('lost') + count('half_lost') / 2 };
}

export async function listBets(db: Db, input: { userId: string; filter: ListFilter; page: ListPage; defaultBook: string }) {
  const { userId, filter } = input;
  const where = {
    userId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.sport ? { sport: filter.sport } : {}),
    ...inTimeRange('placedAt', filter),
  };
  const [all, page, bankroll] = await Promise.all([
    // In a fixed order, so the sums below (floating point) come out the same on every call and database.
    db.bet.findMany({ where, orderBy: [{ placedAt: 'asc' }, { id: 'asc' }] }),
    db.bet.findMany({
      where: { ...where, ...afterCursor('placedAt', input.page) },
      orderBy: [{ placedAt: 'desc' }, { id: 'desc' }],
      take: input.page.limit,
      include: WITH_GRADES,
    }),
    db.bankroll.findUnique({ where: { userId }, select: { referenceBook: true, currency: true } }),
  ]);
  const clv = await closingLineValues(db, all, input.page.now, input.defaultBook, bankroll?.referenceBook ?? null);
  const settled = all.filter((b) => b.status !== 'open');
  // Every stake the count covers, open bets' too: "staked 0" beside an open bet would read as nothing at risk.
  const staked = all.reduce((sum, b) => sum + b.stakeCents, 0);
  const profit = settled.reduce((sum, b) => sum + (b.profitCents ?? 0), 0);
  // ROI counts only stakes that had action: a void or a push returns the stake and says nothing about skill, nor does
  // the refunded half of a half win or loss.
  const stakedWithAction = settled.reduce((sum, b) => sum + actionStakeCents(b.stakeCents, b.status as SettledResult), 0);
  const { won, lost } = winsAndLosses(all.map((b) => b.status));
  const clvs = [...clv.values()].map((v) => v.closingLineValue);
  const { remaining, nextCursor } = pageEnd(all, page, (bet) => bet.placedAt, input.page);
  return {
    currency: bankroll?.currency ?? 'USD',
    bets: page.map((bet) => {
      const value = clv.get(bet.id);
      return {
        ...betView(bet),
        closingFairProbability: value?.closingFairProbability ?? null,
        closingLineValue: value?.closingLineValue ?? null,
      };
    }),
    remaining,
    nextCursor,
    summary: {
      count: all.length,
      open: all.length - settled.length,
      staked: fromCents(staked),
      profit: fromCents(profit),
      stakedWithAction: fromCents(stakedWithAction),
      roi: stakedWithAction === 0 ? null : roundFraction(profit / stakedWithAction),
      winRate: won + lost === 0 ? null : roundFraction(won / (won + lost)),
      // The mean of the values the bets show, so it is what an agent averaging the listed values gets.
      averageClosingLineValue: clvs.length === 0 ? null : roundFraction(clvs.reduce((a, b) => a + b, 0) / clvs.length),
      betsWithClosingLine: clvs.length,
    },
  };
}
