import { halfLines, isGameMarket, settlement, type SettledResult } from '@/lib/betting';
import { kickedOffBy } from '@/lib/data/kick-off';
import type { GameRow } from '@/lib/data/repositories/schedule';
import type { Db, DbTransaction } from '@/lib/db/client';
import { ToolError, invalidInput } from '@/lib/errors';
import { HOUR_MS, instant } from '@/lib/time';
import { betView, WITH_GRADES, type BetRow, type BetWithGrades } from './bets';
import { gradeAtFinal, isFinal, isOver, loadGames, propLines, VOID_AFTER_KICKOFF_HOURS } from './markets';
import { fromCents, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, payoutIfWonCents, toCents } from './money';

// Settling a bet, once: by the result given or graded from the stored final (auto), a correction only with
// `correct`, and the balance moved in the same transaction as the bet's new status.

export type SettleRequest = { result: SettledResult | 'auto'; payout?: number; correct?: boolean };

const notYourBet = (betId: string) =>
  new ToolError('not_found', `No bet with id ${betId} in this account. list_bets shows the user's bets.`);

/** What graded the bet at the final, for a refusal: the score, or the player's stored box-score line. */
function gradedBy(bet: BetRow, game: GameRow): string {
  if (isGameMarket(bet.market)) {
    return `The final score (${game.awayTeam.abbreviation} ${game.awayScore}, ${game.homeTeam.abbreviation} ${game.homeScore})`;
  }
  return `${bet.player}'s stored box-score line`;
}

/**
 * Whether the stored game can grade the bet: a prop once the game is over (by its player's line, or as the book did
 * when none is stored), a moneyline, spread or total once its final score is stored too.
 */
const isGradable = (bet: BetRow, game: GameRow | undefined) => (isGameMarket(bet.market) ? isFinal(game) : isOver(game));

/** The grade at the final: a game market by its score, a prop by its player's stored box-score line (null without one). */
async function gradeFromStore(db: Db, bet: BetRow, game: GameRow | undefined): Promise<SettledResult | null> {
  if (!isOver(game)) return null;
  const lines = isGameMarket(bet.market) ? new Map() : await propLines(db, [bet], new Map([[game.id, game]]));
  return gradeAtFinal(game, bet, lines);
}

function autoGrade(bet: BetRow, game: GameRow | undefined, stored: SettledResult | null): SettledResult {
  if (!isGradable(bet, game)) {
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
 * or on a game stored as postponed or canceled, a void stands. Kick-off is the start as stored now (kickedOffBy), the
 * rule log_bet judges a bet in play by: a status "in progress" ahead of it is not refreshed after a delay.
 */
function checkVoidInPlay(bet: BetRow, game: GameRow | undefined, now: Date): void {
  if (!game || !kickedOffBy(game, now)) return;
  const voidableFrom = new Date(game.startsAt.getTime() + VOID_AFTER_KICKOFF_HOURS * HOUR_MS);
  if (now >= voidableFrom) return;
  if (game.status === 'final') {
    throw new ToolError(
      'limit',
      `Bet ${bet.id} cannot be voided yet: its game ${bet.gameId} is final, and a bet is graded by its final score (auto) ` +
        `once it is stored. If it never comes, void it from ${instant(voidableFrom)}, ${VOID_AFTER_KICKOFF_HOURS} hours after kick-off.`,
    );
  }
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
  game: GameRow | undefined,
  stored: SettledResult | null,
  result: SettledResult,
  payoutCents: number | undefined,
  now: Date,
): void {
  // A game stored final without its score is over (no cashout) but grades no game market: nothing says how it ended.
  const finished = isOver(game);
  const gradable = isGradable(bet, game);
  const gradeItWith = stored === null ? 'auto, or as the book graded it' : `auto or ${stored}`;
  if (result === 'cashout') {
    if (finished) {
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
  // Nothing stored grades it: a prop its player did not play in is voided once the game is over; a bet on a game with no
  // final score stored, from 12 hours after kick-off (a score that never comes leaves no bet stuck; get_bankroll's note
  // names the void if the score comes after all).
  if (result === 'void' && stored === null) {
    if (!gradable) checkVoidInPlay(bet, game, now);
    return;
  }
  if (!gradable && finished) {
    throw new ToolError(
      'limit',
      `Bet ${bet.id} cannot be graded ${result} yet: its game ${bet.gameId} is final, but its final score is not stored yet. ` +
        'Try auto once get_game_results lists the score: it grades the bet from it.',
    );
  }
  if (!gradable) {
    throw new ToolError(
      'limit',
      `Bet ${bet.id} cannot be graded ${result} yet: its game ${bet.gameId} is not final. ` +
        'won, lost and push are graded once the game is final (auto grades them from the score then); before that, ' +
        'settle it void if the book refunded it before kick-off, or cashout with what the book paid.',
    );
  }
  if (game && stored !== null && stored !== result) {
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

/**
 * Grades a bet once, by the rules of checkGrade. The bet moves from open to settled and the balance by its profit
 * in one transaction guarded by `status = 'open'`, so concurrent calls settle it exactly once. Settling again with
 * the same result answers the same. A different result on a settled bet is refused unless `correct` is set: then
 * the new grade replaces the old one (kept in the bet's earlierGrades), the balance moves by the difference of
 * the two profits, and the transaction is guarded by the grade it replaces, so it moves once.
 */
export async function settleBetRecord(db: Db, input: { userId: string; betId: string; request: SettleRequest; now: Date }) {
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
  // A correction that leaves a loss moves settledAt to now, so the loss counts in the period it is recorded in (a bet
  // voided before kick-off and graded lost after the game would otherwise put its loss in a period long past). Any
  // other keeps settledAt: a profit moved into today would offset today's losses and open room.
  const dated = grade.profitCents < 0 && grade.profitCents < (current.profitCents as number) ? { settledAt: input.now } : {};
  const corrected = await db.$transaction(async (tx) => {
    const { count } = await tx.bet.updateMany({
      where: { id: bet.id, userId, status: current.status, payoutCents: current.payoutCents, correctedAt: current.correctedAt },
      data: { ...grade, ...dated, correctedAt: input.now },
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
