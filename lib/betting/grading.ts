// Grading a bet from a final score, and what a settled bet pays. Pure: money in integer cents.

/** The markets a final score settles on its own (a player prop needs the player's box-score line). */
export const GAME_MARKETS = ['h2h', 'spreads', 'totals'] as const;
export type GameMarket = (typeof GAME_MARKETS)[number];

export const isGameMarket = (market: string): market is GameMarket => (GAME_MARKETS as readonly string[]).includes(market);
/** How one line settles. */
export type LineGrade = 'won' | 'lost' | 'push';
/** A quarter line (±0.25, ±0.75) is half the stake on each neighbouring line: one half can push while the other settles. */
export type Grade = LineGrade | 'half_won' | 'half_lost';

export interface FinalScore {
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
  /** Whether the moneyline is three-way (soccer): a draw is its own outcome, and each team's side loses on it. */
  threeWay: boolean;
}

export interface GradedSelection {
  market: GameMarket;
  /** A team abbreviation, 'draw', 'over' or 'under' (as stored on the bet). */
  selection: string;
  point: number | null;
}

function compare(margin: number): LineGrade {
  return margin > 0 ? 'won' : margin < 0 ? 'lost' : 'push';
}

/** The lines a stake is split over: a quarter line's two neighbours (-0.25: -0.5 and 0), else the line itself. */
export function halfLines(point: number): number[] {
  const quarters = point * 4;
  return Number.isInteger(quarters) && quarters % 2 !== 0 ? [(quarters - 1) / 4, (quarters + 1) / 4] : [point];
}

/**
 * A line's grade from how far the result lands on the bet's side of it (`past(line)`), each half of a quarter
 * line graded on its own: a push and a win make half_won, a push and a loss half_lost (neighbouring lines half a
 * point apart cannot split a whole-number result into a win and a loss).
 */
export function gradeLine(point: number, past: (line: number) => number): Grade {
  const halves = halfLines(point).map((line) => compare(past(line)));
  if (halves.every((half) => half === halves[0])) return halves[0] as LineGrade;
  return halves.includes('won') ? 'half_won' : 'half_lost';
}

/** Moneyline, spread (the point is added to the selected side's score) and total, graded on the final score. */
export function gradeSelection({ market, selection, point }: GradedSelection, score: FinalScore): Grade {
  const outcome = selection.toUpperCase();
  const isHome = outcome === score.homeTeam.toUpperCase();
  const isAway = outcome === score.awayTeam.toUpperCase();
  const margin = isHome ? score.homeScore - score.awayScore : score.awayScore - score.homeScore;
  switch (market) {
    case 'h2h':
      if (outcome === 'DRAW') return score.homeScore === score.awayScore ? 'won' : 'lost';
      if (!isHome && !isAway) throw new RangeError(`selection ${selection} is not a team of this game`);
      // A two-way moneyline that ends level is a push; in a three-way one the draw won, so either team's side lost.
      return margin === 0 && score.threeWay ? 'lost' : compare(margin);
    case 'spreads':
      if (!isHome && !isAway) throw new RangeError(`selection ${selection} is not a team of this game`);
      return gradeLine(point ?? 0, (line) => margin + line);
    case 'totals':
      return gradeOverUnder(selection, point ?? 0, score.homeScore + score.awayScore);
  }
}

/** Over or under `point` on a number that came out at `result` (a game's total, a player's stat). */
export function gradeOverUnder(selection: string, point: number, result: number): Grade {
  const outcome = selection.toUpperCase();
  if (outcome === 'OVER') return gradeLine(point, (line) => result - line);
  if (outcome === 'UNDER') return gradeLine(point, (line) => line - result);
  throw new RangeError(`selection ${selection} is not over or under`);
}

/** What a grade pays back per unit staked at a decimal price: each half of a half grade as its own line. */
export function payoutPerUnit(grade: Grade, decimalOdds: number): number {
  const line = { won: decimalOdds, push: 1, lost: 0 };
  if (grade === 'half_won') return (line.won + line.push) / 2;
  if (grade === 'half_lost') return (line.lost + line.push) / 2;
  return line[grade];
}

/** Winnings on top of the stake for a winning bet at these odds, rounded to the cent. */
export function winningsCents(stakeCents: number, americanOdds: number): number {
  return americanOdds > 0 ? Math.round((stakeCents * americanOdds) / 100) : Math.round((stakeCents * 100) / -americanOdds);
}

export type SettledResult = Grade | 'void' | 'cashout';

/**
 * A half win or half loss splits the stake into two half-stakes in whole cents: the half that pushes comes back,
 * and takes the odd cent of an odd stake (10.01 is 5.01 refunded and 5.00 settled); the other half settles alone.
 */
function halves(stakeCents: number): { refundedCents: number; settledCents: number } {
  const settledCents = Math.floor(stakeCents / 2);
  return { refundedCents: stakeCents - settledCents, settledCents };
}

/** The part of the stake that had action (won or lost): none for a push or void, the settled half of a half grade. */
export function actionStakeCents(stakeCents: number, result: SettledResult): number {
  if (result === 'push' || result === 'void') return 0;
  return result === 'half_won' || result === 'half_lost' ? halves(stakeCents).settledCents : stakeCents;
}

/** What the book pays back and the profit (negative for a loss) for each way a bet can end. */
export function settlement(
  stakeCents: number,
  americanOdds: number,
  result: SettledResult,
  cashoutCents?: number,
): { payoutCents: number; profitCents: number } {
  switch (result) {
    case 'won': {
      const winnings = winningsCents(stakeCents, americanOdds);
      return { payoutCents: stakeCents + winnings, profitCents: winnings };
    }
    case 'lost':
      // 0 - stake, not -stake: the settled half of a one-cent stake is 0, and its loss 0, not -0.
      return { payoutCents: 0, profitCents: 0 - stakeCents };
    case 'push':
    case 'void':
      return { payoutCents: stakeCents, profitCents: 0 };
    case 'half_won':
    case 'half_lost': {
      const { refundedCents, settledCents } = halves(stakeCents);
      const settled = settlement(settledCents, americanOdds, result === 'half_won' ? 'won' : 'lost');
      return { payoutCents: refundedCents + settled.payoutCents, profitCents: settled.profitCents };
    }
    case 'cashout': {
      if (cashoutCents === undefined) throw new RangeError('a cashout needs its payout');
      return { payoutCents: cashoutCents, profitCents: cashoutCents - stakeCents };
    }
  }
}
