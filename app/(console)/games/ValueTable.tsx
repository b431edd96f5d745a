import Link from 'next/link';
import { table } from '@/lib/present/table';
import { valueColumns, valueRowAttrs, type ValueRow } from '@/lib/present/value-columns';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';

type ValueOutcome = NonNullable<GameOddsFull['value']>[number];

/**
 * The slate's best prices at or above the threshold, best first (get_game_odds' `value`), a few at most: the value
 * board's columns (lib/present/value-columns.tsx), each game linked to its page.
 */
export function ValueTable({
  value,
  games,
  min,
  timeZone,
  shown = 10,
}: {
  value: ValueOutcome[];
  /** Each game's name and start, by id: a full answer's value entry names neither. */
  games: ReadonlyMap<string, { title: string; startsAt: Date | string }>;
  min: number;
  timeZone: string;
  shown?: number;
}) {
  if (value.length === 0) return <p className="empty">No best price reaches {min}% expected value in this slate.</p>;
  const rows: ValueRow[] = value.slice(0, shown).map((v) => {
    const game = games.get(v.gameId);
    return { ...v, matchup: game?.title ?? v.gameId, startsAt: game?.startsAt };
  });
  return (
    <>
      <h2>
        Best value at {min}% or more ({value.length > shown ? `top ${shown} of ${value.length}` : value.length})
      </h2>
      {table<ValueRow>({
        id: 'value',
        caption: `Best prices with at least ${min}% expected value, best first`,
        rows,
        rowAttrs: valueRowAttrs,
        columns: valueColumns({
          gameLink: (v) => <Link href={`/games/${v.gameId}?min=${min}`}>{v.matchup}</Link>,
          timeZone,
        }),
      })}
    </>
  );
}
