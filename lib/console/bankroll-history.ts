import { fromCents } from '@/lib/account/money';
import type { Db } from '@/lib/db/client';

// The Bets page's charts: the balance after each settled bet and the cumulative profit of the bets the page's
// filters select. No balance history is stored, so each balance is worked back from today's: today's balance
// less the profit of every bet settled after it. A balance set by hand on the Bankroll page moves all of them.

export interface BankrollPoint {
  betId: string;
  settledAt: Date;
  profit: number;
  cumulativeProfit: number;
  /** Null without a bankroll (no balance to follow). */
  balanceAfter: number | null;
}

export async function bankrollHistory(
  db: Db,
  userId: string,
  filter: { status?: string; sport?: string },
): Promise<{ currency: string; points: BankrollPoint[] }> {
  const [settled, bankroll] = await Promise.all([
    db.bet.findMany({
      where: { userId, status: { not: 'open' }, settledAt: { not: null } },
      orderBy: [{ settledAt: 'asc' }, { id: 'asc' }],
      select: { id: true, sport: true, status: true, profitCents: true, settledAt: true },
    }),
    db.bankroll.findUnique({ where: { userId }, select: { balanceCents: true, currency: true } }),
  ]);
  // Every settled bet moved the balance, whether or not the filters show it.
  let laterProfitCents = settled.reduce((sum, bet) => sum + (bet.profitCents ?? 0), 0);
  let cumulativeCents = 0;
  const points: BankrollPoint[] = [];
  for (const bet of settled) {
    const profitCents = bet.profitCents ?? 0;
    laterProfitCents -= profitCents;
    if ((filter.status && bet.status !== filter.status) || (filter.sport && bet.sport !== filter.sport)) continue;
    cumulativeCents += profitCents;
    points.push({
      betId: bet.id,
      settledAt: bet.settledAt as Date,
      profit: fromCents(profitCents),
      cumulativeProfit: fromCents(cumulativeCents),
      balanceAfter: bankroll ? fromCents(bankroll.balanceCents - laterProfitCents) : null,
    });
  }
  return { currency: bankroll?.currency ?? 'USD', points };
}
