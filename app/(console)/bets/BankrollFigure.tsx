import type { BankrollPoint } from '@/lib/console/bankroll-history';
import { LineChart } from '@/lib/present/LineChart';
import { formatShortDateTime, money } from '@/lib/present/format';

/** The width each chart is drawn for: two side by side in the page's column; they shrink with a narrower screen. */
const CHART_WIDTH = 460;

/**
 * The bankroll over time: the balance after each settled bet and the cumulative profit of the bets shown, as two
 * charts (a balance in the thousands would flatten a profit in the tens on one axis), summed up in a line above.
 */
export function BankrollFigure({ points, currency, timeZone }: { points: BankrollPoint[]; currency: string; timeZone: string }) {
  if (points.length === 0) return <p className="empty">No settled bets in this selection yet: the bankroll chart starts with the first.</p>;
  const amount = (value: number | null) => money(value, currency);
  const first = points[0]!;
  const last = points.at(-1)!;
  const startingBalance = first.balanceAfter === null ? null : first.balanceAfter - first.profit;
  // The lines start from where things stood before the first bet shown, so even one bet draws a line.
  const labels = ['Before', ...points.map((point) => formatShortDateTime(point.settledAt, timeZone))];
  const settled = `${points.length} settled bet${points.length === 1 ? '' : 's'}`;
  // The axis in whole units unless its steps are smaller: cents would only crowd it.
  const axis = (value: number, step: number) => money(value, currency, step < 1 ? 2 : 0);
  const chart = (id: string, name: string, colour: number, values: (number | null)[], title: string, description: string) => (
    <LineChart
      id={id}
      labels={labels}
      width={CHART_WIDTH}
      axis={axis}
      title={title}
      description={description}
      lines={[{ name, colour, values, texts: values.map(amount) }]}
    />
  );

  return (
    <section className="bankroll-charts" data-chart="bankroll" aria-label="Bankroll over time">
      <p className="muted" data-summary>
        <strong>Bankroll over time.</strong> {settled}, {labels[1]} to {labels.at(-1)}
        {startingBalance !== null
          ? `: balance ${amount(startingBalance)} before the first, ${amount(first.balanceAfter)} after it, ${amount(last.balanceAfter)} after the last`
          : ' (set a bankroll on the Bankroll page to follow the balance)'}
        ; cumulative profit {amount(last.cumulativeProfit)}. Balances are worked back from today&apos;s, so a balance set by hand shifts
        them.
      </p>
      <div className="charts">
        {startingBalance !== null &&
          chart(
            'balance',
            'Balance',
            0,
            [startingBalance, ...points.map((point) => point.balanceAfter)],
            'Balance',
            `after each of ${settled}.`,
          )}
        {chart(
          'profit',
          'Cumulative profit',
          2,
          [0, ...points.map((point) => point.cumulativeProfit)],
          'Cumulative profit',
          `of ${settled}: ${amount(last.cumulativeProfit)}.`,
        )}
      </div>
    </section>
  );
}
