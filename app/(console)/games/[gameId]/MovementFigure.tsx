import { TimeLineChart, type ChartLine, type ChartRow } from '@/app/components/charts/TimeLineChart';
import { DataTable } from '@/app/components/DataTable';
import { impliedProbability } from '@/lib/betting/odds';
import { americanOdds, marketName, outcomeName, percent } from '@/lib/console/odds-format';
import { formatShortDateTime } from '@/lib/console/time';
import type { GameOdds } from '../MarketsTable';

type Market = GameOdds['markets'][number];

const priceAt = (odds: number | undefined, point: number | null | undefined) =>
  `${americanOdds(odds)}${point == null ? '' : ` (${point > 0 ? '+' : ''}${point})`}`;

/**
 * One market's line movement from get_game_odds' `history` series: the reference book's price (drawn as its
 * implied probability, so it shares the axis) and the consensus fair probability after each recorded change.
 * The caption sums it up and a visually hidden table holds every point, for screen readers.
 */
export function MovementFigure({ market, referenceBook, timeZone }: { market: Market; referenceBook: string; timeZone: string }) {
  const series = market.history?.series ?? [];
  const outcomes = market.history?.outcomes ?? [];
  const title = `${marketName(market.market)}: line movement`;
  if (series.length === 0) return <p className="empty">{title}: no recorded price changes yet.</p>;

  const names = outcomes.map((outcome) => outcomeName(outcome, null));
  const labels = series.map((point) => formatShortDateTime(new Date(point.at), timeZone));
  const rows: ChartRow[] = series.map((point, index) => {
    const row: ChartRow = { label: labels[index]! };
    outcomes.forEach((_, i) => {
      const odds = point.americanOdds[i];
      row[`price${i}`] = odds === undefined ? null : impliedProbability(odds);
      row[`fair${i}`] = point.fairProbability?.[i] ?? null;
    });
    return row;
  });
  const lines: ChartLine[] = names.flatMap((name, i) => [
    { key: `price${i}`, name: `${name} ${referenceBook}`, colour: i },
    { key: `fair${i}`, name: `${name} fair`, colour: i, dashed: true },
  ]);
  const first = series[0]!;
  const last = series.at(-1)!;
  const summary = names
    .map(
      (name, i) =>
        `${name}: ${priceAt(first.americanOdds[i], first.points[i])} to ${priceAt(last.americanOdds[i], last.points[i])}, ` +
        `fair ${percent(first.fairProbability?.[i])} to ${percent(last.fairProbability?.[i])}`,
    )
    .join('; ');

  return (
    <figure className="chart" data-market={market.market}>
      <TimeLineChart rows={rows} lines={lines} unit="probability" />
      <figcaption>
        <strong>{title}.</strong> {referenceBook}&apos;s price (solid, as its implied probability) and the consensus fair probability
        (dashed) at {series.length} recorded change{series.length === 1 ? '' : 's'}, {labels[0]} to {labels.at(-1)}. {summary}.
      </figcaption>
      <DataTable
        visuallyHidden
        caption={`${title}, every point`}
        columns={['Time', ...names.flatMap((name) => [`${name} ${referenceBook} price`, `${name} fair probability`])]}
      >
        {series.map((point, index) => (
          <tr key={index}>
            <th scope="row">{labels[index]}</th>
            {names.flatMap((name, i) => [
              <td key={`${name}-price`}>{priceAt(point.americanOdds[i], point.points[i])}</td>,
              <td key={`${name}-fair`}>{percent(point.fairProbability?.[i])}</td>,
            ])}
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}
