// Grading a bet from a final score, and what a settled bet pays. Pure: money in integer cents.

export type GameMarket = 'h2h' | 'spreads' | 'totals';
export type Grade = 'won' | 'lost' | 'push';

export interface FinalScore {
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
}

export interface GradedSelection {
  market: GameMarket;
  /** A team abbreviation, 'draw', 'over' or 'under' (as stored on the bet). */
  selection: string;
  point: number | null;
}

function compare(margin: number): Grade {
  return margin > 0 ? 'won' : margin < 0 ? 'lost' : 'push';
}

/** Moneyline, spread (the point is added to the selected side's score) and total, graded on the final score. */
export function gradeSelection({ market, selection, point }: GradedSelection, score: FinalScore): Grade {
  const picked = selection.toUpperCase();
  const isHome = picked === score.homeTeam.toUpperCase();
  const isAway = picked === score.awayTeam.toUpperCase();
  const margin = isHome ? score.homeScore - score.awayScore : score.awayScore - score.homeScore;
  switch (market) {
    case 'h2h':
      if (picked === 'DRAW') return score.homeScore === score.awayScore ? 'won' : 'lost';
      if (!isHome && !isAway) throw new RangeError(`selection ${selection} is not a team of this game`);
      // A two-way moneyline that ends level is a push (a soccer draw is its own outcome, bet above).
      return compare(margin);
    case 'spreads':
      if (!isHome && !isAway) throw new RangeError(`selection ${selection} is not a team of this game`);
      return compare(margin + (point ?? 0));
    case 'totals': {
      const overBy = score.homeScore + score.awayScore - (point ?? 0);
      if (picked === 'OVER') return compare(overBy);
      if (picked === 'UNDER') return compare(-overBy);
      throw new RangeError(`selection ${selection} is not over or under`);
    }
  }
}

/** Winnings on top of the stake for a winning bet at these odds, rounded to the cent. */
export function winningsCents(stakeCents: number, americanOdds: number): number {
  return americanOdds > 0 ? Math.round((stakeCents * americanOdds) / 100) : Math.round((stakeCents * 100) / -americanOdds);
}

export type SettledResult = Grade | 'void' | 'cashout';

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
      return { payoutCents: 0, profitCents: -stakeCents };
    case 'push':
    case 'void':
      return { payoutCents: stakeCents, profitCents: 0 };
    case 'cashout': {
      if (cashoutCents === undefined) throw new RangeError('a cashout needs its payout');
      return { payoutCents: cashoutCents, profitCents: cashoutCents - stakeCents };
    }
  }
}
