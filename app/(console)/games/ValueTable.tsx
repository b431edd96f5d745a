import Link from 'next/link';
import { DataTable } from '@/app/components/DataTable';
import { americanOdds, marketName, outcomeName, percent } from '@/lib/present/format';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';

type ValueOutcome = NonNullable<GameOddsFull['value']>[number];

/** The slate's best prices at or above the threshold, best first (get_game_odds' `value`), a few at most. */
export function ValueTable({
  value,
  titles,
  min,
  shown = 10,
}: {
  value: ValueOutcome[];
  titles: ReadonlyMap<string, string>;
  min: number;
  shown?: number;
}) {
  if (value.length === 0) return <p className="empty">No best price reaches {min}% expected value in this slate.</p>;
  return (
    <>
      <h2>
        Best value at {min}% or more ({value.length > shown ? `top ${shown} of ${value.length}` : value.length})
      </h2>
      <DataTable
        caption={`Best prices with at least ${min}% expected value, best first`}
        columns={['Bet', 'Game', 'Best price', 'Fair', 'EV', 'Books', 'Updated']}
      >
        {value.slice(0, shown).map((v) => (
          <tr key={`${v.gameId}|${v.market}|${v.outcome}`}>
            <th scope="row">
              {marketName(v.market)} {outcomeName(v.outcome, v.point)}
            </th>
            <td>
              <Link href={`/games/${v.gameId}?min=${min}`}>{titles.get(v.gameId) ?? v.gameId}</Link>
            </td>
            <td>
              {americanOdds(v.americanOdds)} {v.book}
            </td>
            <td>{percent(v.fairProbability)}</td>
            <td>{percent(v.expectedValue)}</td>
            <td>{v.consensusBooks}</td>
            <td>{v.updatedAgo}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
