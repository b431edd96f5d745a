import type { ReactNode } from 'react';
import { betColumns, betRowAttrs, betSummary, type BetRow, type BetSummary } from '@/lib/present/bet-columns';
import { table, type Column } from '@/lib/present/table';

/**
 * A page of the user's bets under the list's summary: the bankroll view's columns and summary
 * (lib/present/bet-columns.tsx), with the page's own last column (the settle form) and its chart between the two.
 */
export function BetsTable({
  bets,
  summary,
  currency,
  timeZone,
  chart,
  actions,
}: {
  bets: readonly BetRow[];
  summary: BetSummary;
  currency: string;
  timeZone: string;
  /** Drawn between the summary and the table. */
  chart?: ReactNode;
  /** The page's own column after the shared ones. */
  actions?: Column<BetRow>;
}) {
  return (
    <>
      {betSummary({ summary, currency })}
      {chart}
      {table<BetRow>({
        id: 'bets',
        caption: 'Your bets, newest first',
        rows: bets,
        rowAttrs: betRowAttrs,
        columns: [...betColumns<BetRow>({ currency, timeZone }), ...(actions ? [actions] : [])],
      })}
    </>
  );
}
