import { TimeLineChart, type ChartLine, type ChartRow } from '@/app/components/charts/TimeLineChart';
import { DataTable } from '@/app/components/DataTable';
import type { BankrollPoint } from '@/lib/console/bankroll-history';
import { money } from '@/lib/console/odds-format';
import { formatShortDateTime } from '@/lib/console/time';

/**
 * The bankroll over time: the balance after each settled bet and the cumulative profit of the bets shown.
 * The caption sums it up and a visually hidden table holds every point, for screen readers.
 */
export function BankrollFigure({ points, currency, timeZone }: { points: BankrollPoint[]; currency: string; timeZone: string }) {
  if (points.length === 0) return <p className="empty">No settled bets in this selection yet: the bankroll chart starts with the first.</p>;
  const amount = (value: number | null) => money(value, currency);
  const hasBalance = points[0]!.balanceAfter !== null;
  const labels = points.map((point) => formatShortDateTime(point.settledAt, timeZone));
  const first = points[0]!;
  const last = points.at(-1)!;
  const startingBalance = first.balanceAfter === null ? null : first.balanceAfter - first.profit;
  // The lines start from where things stood before the first bet shown, so even one bet draws a line.
  const rows: ChartRow[] = [
    { label: 'Before', balance: startingBalance, profit: 0 },
    ...points.map((point, index) => ({ label: labels[index]!, balance: point.balanceAfter, profit: point.cumulativeProfit })),
  ];
  // Two charts, not two lines on one axis: a balance in the thousands would flatten a profit in the tens.
  const balance: ChartLine[] = [{ key: 'balance', name: 'Balance', colour: 0 }];
  const profit: ChartLine[] = [{ key: 'profit', name: 'Cumulative profit', colour: 2 }];

  return (
    <figure className="chart" data-chart="bankroll">
      <div className="grid-2">
        {hasBalance && <TimeLineChart rows={rows} lines={balance} unit={{ currency }} />}
        <TimeLineChart rows={rows} lines={profit} unit={{ currency }} />
      </div>
      <figcaption>
        <strong>Bankroll over time.</strong> {points.length} settled bet{points.length === 1 ? '' : 's'}, {labels[0]} to {labels.at(-1)}
        {hasBalance
          ? `: balance ${amount(startingBalance)} before the first, ${amount(first.balanceAfter)} after it, ${amount(last.balanceAfter)} after the last`
          : ' (set a bankroll on the Bankroll page to follow the balance)'}
        ; cumulative profit {amount(last.cumulativeProfit)}. Balances are worked back from today&apos;s, so a balance set by hand shifts
        them.
      </figcaption>
      <DataTable
        visuallyHidden
        caption="Bankroll after each settled bet"
        columns={['Settled', 'Profit', 'Cumulative profit', 'Balance after']}
      >
        <tr>
          <th scope="row">Before the first</th>
          <td>–</td>
          <td>{amount(0)}</td>
          <td>{amount(startingBalance)}</td>
        </tr>
        {points.map((point, index) => (
          <tr key={point.betId}>
            <th scope="row">{labels[index]}</th>
            <td>{amount(point.profit)}</td>
            <td>{amount(point.cumulativeProfit)}</td>
            <td>{amount(point.balanceAfter)}</td>
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}
