import { TimeLineChart, type ChartLine, type ChartRow } from '@/app/components/charts/TimeLineChart';
import { DataTable } from '@/app/components/DataTable';
import type { BankrollPoint } from '@/lib/console/bankroll-history';
import { formatShortDateTime } from '@/lib/console/time';

/**
 * The bankroll over time: the balance after each settled bet and the cumulative profit of the bets shown.
 * The caption sums it up and a visually hidden table holds every point, for screen readers.
 */
export function BankrollFigure({ points, currency, timeZone }: { points: BankrollPoint[]; currency: string; timeZone: string }) {
  if (points.length === 0) return <p className="empty">No settled bets in this selection yet: the bankroll chart starts with the first.</p>;
  const money = (amount: number | null) =>
    amount === null ? '–' : new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  const hasBalance = points[0]!.balanceAfter !== null;
  const labels = points.map((point) => formatShortDateTime(point.settledAt, timeZone));
  const rows: ChartRow[] = points.map((point, index) => ({
    label: labels[index]!,
    balance: point.balanceAfter,
    profit: point.cumulativeProfit,
  }));
  const lines: ChartLine[] = [
    ...(hasBalance ? [{ key: 'balance', name: 'Balance', colour: 0 }] : []),
    { key: 'profit', name: 'Cumulative profit', colour: 2, dashed: true },
  ];
  const first = points[0]!;
  const last = points.at(-1)!;

  return (
    <figure className="chart" data-chart="bankroll">
      <TimeLineChart rows={rows} lines={lines} unit={{ currency }} />
      <figcaption>
        <strong>Bankroll over time.</strong> {points.length} settled bet{points.length === 1 ? '' : 's'}, {labels[0]} to {labels.at(-1)}
        {hasBalance
          ? `: balance ${money(first.balanceAfter)} after the first, ${money(last.balanceAfter)} after the last`
          : ' (set a bankroll on the Bankroll page to follow the balance)'}
        ; cumulative profit {money(last.cumulativeProfit)}. Balances are worked back from today&apos;s, so a balance set by hand shifts
        them.
      </figcaption>
      <DataTable
        visuallyHidden
        caption="Bankroll after each settled bet"
        columns={['Settled', 'Profit', 'Cumulative profit', 'Balance after']}
      >
        {points.map((point, index) => (
          <tr key={point.betId}>
            <th scope="row">{labels[index]}</th>
            <td>{money(point.profit)}</td>
            <td>{money(point.cumulativeProfit)}</td>
            <td>{money(point.balanceAfter)}</td>
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}
