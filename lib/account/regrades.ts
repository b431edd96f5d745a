import type { Grade } from '@/lib/betting';
import { kickedOffBy } from '@/lib/data/kick-off';
import type { GameRow } from '@/lib/data/repositories/schedule';
import type { Db } from '@/lib/db/client';
import { DAY_MS } from '@/lib/time';
import { gradeAtFinal, loadGames, propLines, type Wager } from './markets';
import { payoutIfWonCents } from './money';

// The grade the stored result gives settled bets (the loss limits count a gain only once it confirms it), and the
// bets it now contradicts, for get_bankroll's note. Nothing moves here: the ledger moves only through settle_bet (auto
// with correct: true applies the stored grade), and the user may know better (a book that graded otherwise). What it
// catches is what the rules had to allow before the result was stored.

/** How long after being settled a bet is checked against the stored result for get_bankroll's note. */
export const REGRADE_NOTE_DAYS = 7;

/** Why a settled bet is named: its grade differs from the stored one, a void the final grades, a cashout it contradicts. */
export type RegradeKind = 'graded' | 'voided' | 'cashed';

export interface GradedOtherwise {
  betId: string;
  status: string;
  /** The grade the stored final score or box-score line gives it. */
  grade: Grade;
  kind: RegradeKind;
}

/** A bet's game and the grade its stored final score or box-score line gives it (gradeAtFinal: null while none does). */
export interface StoredGrade {
  game: GameRow | undefined;
  grade: Grade | null;
}

/** The stored grade of each bet, by id: two reads at most (the games, their players' lines), none for no bets. */
export async function storedGrades(db: Db, bets: readonly (Wager & { id: string })[]): Promise<Map<string, StoredGrade>> {
  if (bets.length === 0) return new Map();
  const games = new Map((await loadGames(db, [...new Set(bets.map((bet) => bet.gameId))])).map((game) => [game.id, game]));
  const lines = await propLines(db, bets, games);
  return new Map(
    bets.map((bet) => {
      const game = games.get(bet.gameId);
      return [bet.id, { game, grade: gradeAtFinal(game, bet, lines) }];
    }),
  );
}

/**
 * The user's bets settled in the last REGRADE_NOTE_DAYS that the stored result now grades otherwise:
 * - graded: a prop graded by hand before its player's box-score line was stored, or whose line a stat correction
 *   changed since (ingestion fetches each final's box score once more, BOX_SCORE_RECHECK_MS after kick-off);
 * - voided: voided after kick-off, while the game had gone VOID_AFTER_KICKOFF_HOURS without a final (plausibly
 *   postponed), and the game was played after all (a void before kick-off is a cancelled bet, never named);
 * - cashed: cashed out in play for all a win pays back, and the final grades it lost (a book pays that early only on a
 *   bet already won).
 */
export async function betsGradedOtherwise(db: Db, userId: string, now: Date): Promise<GradedOtherwise[]> {
  const bets = await db.bet.findMany({
    where: { userId, status: { not: 'open' }, settledAt: { gte: new Date(now.getTime() - REGRADE_NOTE_DAYS * DAY_MS) } },
    orderBy: { settledAt: 'asc' },
  });
  const stored = await storedGrades(db, bets);
  return bets.flatMap((bet): GradedOtherwise[] => {
    const { game, grade } = stored.get(bet.id)!;
    if (!game || grade === null || grade === bet.status) return [];
    const named = { betId: bet.id, status: bet.status, grade };
    if (bet.status === 'void') return kickedOffBy(game, bet.settledAt!) ? [{ ...named, kind: 'voided' }] : [];
    if (bet.status === 'cashout') {
      const paidAsWon = (bet.payoutCents ?? 0) >= payoutIfWonCents(bet.stakeCents, bet.americanOdds);
      return paidAsWon && (grade === 'lost' || grade === 'half_lost') ? [{ ...named, kind: 'cashed' }] : [];
    }
    return [{ ...named, kind: 'graded' }];
  });
}

/** At most this many bets are named in a sentence (the note stays short); the rest are counted. */
const NAMED_MAX = 5;

const listed = (bets: readonly GradedOtherwise[]) => {
  const named = bets.slice(0, NAMED_MAX).map(({ betId, status, grade }) => `${betId} (${status}, now ${grade})`);
  return bets.length > NAMED_MAX ? `${named.join(', ')} and ${bets.length - NAMED_MAX} more (list_bets shows them)` : named.join(', ');
};
const plural = (bets: readonly GradedOtherwise[], one: string, many: string) => (bets.length === 1 ? one : many);

/** betsGradedOtherwise in words for get_bankroll's note: a sentence for each kind there is. */
export function regradeNotes(bets: readonly GradedOtherwise[]): string[] {
  const of = (kind: RegradeKind) => bets.filter((bet) => bet.kind === kind);
  const [graded, voided, cashed] = [of('graded'), of('voided'), of('cashed')];
  return [
    graded.length === 0
      ? ''
      : `The stored result now grades ${plural(graded, 'bet', 'bets')} ${listed(graded)} otherwise (a grade given before it ` +
        `was stored, or a stat correction since): if the book graded ${plural(graded, 'it', 'them')} so too, settle_bet with ` +
        'result auto and correct: true applies the grade.',
    voided.length === 0
      ? ''
      : `${plural(voided, 'Bet', 'Bets')} ${listed(voided)} ${plural(voided, 'was', 'were')} voided after kick-off while the ` +
        `game had no final, and its final score now grades ${plural(voided, 'it', 'them')}: if the book did not refund ` +
        `${plural(voided, 'it', 'them')}, settle_bet with result auto and correct: true applies the grade.`,
    cashed.length === 0
      ? ''
      : `${plural(cashed, 'Bet', 'Bets')} ${listed(cashed)} ${plural(cashed, 'was', 'were')} cashed out for all a win pays ` +
        `back, and the final grades ${plural(cashed, 'it', 'them')} lost: check the payout with the book, and correct ` +
        'it with settle_bet (cashout with the payout received, correct: true).',
  ].filter((sentence) => sentence !== '');
}
