import type { BankrollPoint } from '@/lib/account/bankroll-history';
import { BankrollCharts, bankrollSpan } from '@/lib/present/BankrollCharts';
import { money } from '@/lib/present/format';

/** The width each chart is drawn for: two side by side in the page's column; they shrink with a narrower screen. */
const CHART_WIDTH = 460;

/** The bankroll charts (lib/present/BankrollCharts.tsx, the bankroll view's too), summed up in a line above. */
export function BankrollFigure({ points, currency, timeZone }: { points: BankrollPoint[]; currency: string; timeZone: string }) {
  const charts = <BankrollCharts points={points} currency={currency} timeZone={timeZone} width={CHART_WIDTH} />;
  if (points.length === 0) return charts;
  const amount = (value: number | null) => money(value, currency);
  const { labels, first, last, startingBalance, settled } = bankrollSpan(points, timeZone);
  return (
    <section className="bankroll-charts" data-chart="bankroll" aria-label="Bankroll over time">
      <p className="muted" data-summary>
        <strong>Bankroll over time.</strong> {settled}, {labels[1]} to {labels.at(-1)}
        {startingBalance !== null
          ? `: balance ${amount(startingBalance)} before the first, ${amount(first.balanceAfter)} after it, ${amount(last.balanceAfter)} after the last`
          : ' (set a bankroll on the Bankroll page to follow the balance)'}
        ; cumulative profit {amount(last.cumulativeProfit)}.
      </p>
      {charts}
    </section>
  );
}
