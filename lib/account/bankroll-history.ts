import type { Db } from '@/lib/db/client';
import { DEFAULT_CURRENCY, fromCents } from './money';

// The bankroll charts (the Bets page's and the MCP Apps bankroll view's): the balance after each settled bet and
// the cumulative profit of the bets a selection shows. No balance history is stored, so each balance is worked
// back from today's: today's balance less the profit of every bet settled after it. A balance set by hand on the
// Bankroll page moves all of them.

export interface BankrollPoint {
  betId: string;
  settledAt: Date;
  profit: number;
  cumulativeProfit: number;
  /** Null without a bankroll (no balance to follow). */
  balanceAfter: number | null;
}

/** A settled bet as the charts need it. */
export interface SettledBet {
  id: string;
  settledAt: Date;
  profitCents: number;
}

/**
 * The charts' points in the order the bets were settled. Every settled bet moved the balance, so all of them
 * are given; `shown` picks the ones the selection shows, whose profit accumulates.
 */
export function bankrollPoints<Bet extends SettledBet>(
  settled: readonly Bet[],
  balanceCents: number | null,
  shown: (bet: Bet) => boolean,
): BankrollPoint[] {
  const inOrder = [...settled].sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let laterProfitCents = inOrder.reduce((sum, bet) => sum + bet.profitCents, 0);
  let cumulativeCents = 0;
  const points: BankrollPoint[] = [];
  for (const bet of inOrder) {
    laterProfitCents -= bet.profitCents;
    if (!shown(bet)) continue;
    cumulativeCents += bet.profitCents;
    points.push({
      betId: bet.id,
      settledAt: bet.settledAt,
      profit: fromCents(bet.profitCents),
      cumulativeProfit: fromCents(cumulativeCents),
      balanceAfter: balanceCents === null ? null : fromCents(balanceCents - laterProfitCents),
    });
  }
  return points;
}

export async function bankrollHistory(
  db: Db,
  userId: string,
  filter: { status?: string; sport?: string },
): Promise<{ currency: string; points: BankrollPoint[] }> {
  const [settled, bankroll] = await Promise.all([
    db.bet.findMany({
      where: { userId, status: { not: 'open' }, settledAt: { not: null } },
      select: { id: true, sport: true, status: true, profitCents: true, settledAt: true },
    }),
    db.bankroll.findUnique({ where: { userId }, select: { balanceCents: true, currency: true } }),
  ]);
  const bets = settled.map((bet) => ({ ...bet, settledAt: bet.settledAt as Date, profitCents: bet.profitCents ?? 0 }));
  const shown = (bet: (typeof bets)[number]) =>
    (!filter.status || bet.status === filter.status) && (!filter.sport || bet.sport === filter.sport);
  return { currency: bankroll?.currency ?? DEFAULT_CURRENCY, points: bankrollPoints(bets, bankroll?.balanceCents ?? null, shown) };
}
