import type { BankrollPoint } from '@/lib/account/bankroll-history';
import { LineChart } from './LineChart';
import { formatShortDateTime, money } from './format';

/**
 * What the charts read off the points (lib/account/bankroll-history.ts), and the Bets page's summary line with them.
 * `points` holds one point at least.
 */
export function bankrollSpan(points: readonly BankrollPoint[], timeZone: string) {
  const first = points[0]!;
  return {
    // The lines start from where things stood before the first bet shown, so even one bet draws a line.
    labels: ['Before', ...points.map((point) => formatShortDateTime(point.settledAt, timeZone))],
    first,
    last: points.at(-1)!,
    /** The balance before the first bet shown; null without a bankroll. */
    startingBalance: first.balanceAfter === null ? null : first.balanceAfter - first.profit,
    settled: `${points.length} settled bet${points.length === 1 ? '' : 's'}`,
  };
}

/**
 * The bankroll over time as two charts (a balance in the thousands would flatten a profit in the tens on one axis):
 * the balance after each settled bet, when there is a bankroll, and the cumulative profit of the bets shown. The
 * console's Bets page and the bankroll view's full screen both draw it; `width` is the width each chart is drawn for.
 */
export function BankrollCharts({
  points,
  currency,
  timeZone,
  width,
}: {
  points: readonly BankrollPoint[];
  currency: string;
  timeZone: string;
  width: number;
}) {
  if (points.length === 0) return <p className="empty">No settled bets in this selection yet: the charts start with the first.</p>;
  const { labels, last, startingBalance, settled } = bankrollSpan(points, timeZone);
  const amount = (value: number | null) => money(value, currency);
  // The axis in whole units unless its steps are smaller: cents would only crowd it.
  const axis = (value: number, step: number) => money(value, currency, step < 1 ? 2 : 0);
  const chart = (id: string, name: string, colour: number, values: (number | null)[], description: string) => (
    <LineChart
      id={id}
      labels={labels}
      width={width}
      axis={axis}
      title={name}
      description={description}
      lines={[{ name, colour, values, texts: values.map(amount) }]}
    />
  );
  return (
    <div className="charts">
      {startingBalance !== null &&
        chart(
          'balance',
          'Balance',
          0,
          [startingBalance, ...points.map((point) => point.balanceAfter)],
          `After each of ${settled}, ${amount(startingBalance)} before the first, ${amount(last.balanceAfter)} after the last. Worked back from today's balance, so a balance set by hand shifts them.`,
        )}
      {chart(
        'profit',
        'Cumulative profit',
        2,
        [0, ...points.map((point) => point.cumulativeProfit)],
        `${amount(last.cumulativeProfit)} over ${settled}.`,
      )}
    </div>
  );
}
