import { TimeLineChart, type ChartRow } from '@/app/components/charts/TimeLineChart';
import { DataTable } from '@/app/components/DataTable';
import { marketName } from '@/lib/console/odds-format';
import { marketMovement } from '@/lib/console/movement';
import type { GameOdds } from '../MarketsTable';

type Market = GameOdds['markets'][number];

/**
 * One market's line movement from get_game_odds' `history` series (lib/console/movement.ts): the reference book's
 * price, drawn as its implied probability, and the consensus fair probability at each recorded change. The
 * caption sums it up and a visually hidden table holds every point, for screen readers.
 */
export function MovementFigure({ market, referenceBook, timeZone }: { market: Market; referenceBook: string; timeZone: string }) {
  const movement = marketMovement(market, referenceBook, timeZone);
  if (!movement) return <p className="empty">{marketName(market.market)}: line movement: no recorded price changes yet.</p>;
  const { title, labels, lines, description } = movement;
  const rows: ChartRow[] = labels.map((label, index) => ({
    label,
    ...Object.fromEntries(lines.map((line) => [line.key, line.values[index] ?? null])),
  }));
  // The table reads each outcome's price, then its fair probability, as the lines come.
  const columns = lines.map((line) => `${line.name} ${line.dashed ? 'probability' : 'price'}`);

  return (
    <figure className="chart" data-market={market.market}>
      <TimeLineChart rows={rows} lines={lines} unit="probability" />
      <figcaption>
        <strong>{title}.</strong> {description}
      </figcaption>
      <DataTable visuallyHidden caption={`${title}, every point`} columns={['Time', ...columns]}>
        {labels.map((label, index) => (
          <tr key={index}>
            <th scope="row">{label}</th>
            {lines.map((line) => (
              <td key={line.key}>{line.texts[index]}</td>
            ))}
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}
