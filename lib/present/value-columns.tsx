import type { ReactNode } from 'react';
import { americanOdds, betInWords, formatDateTime, percent } from './format';
import { figure, Quoted } from './figures';
import type { Column } from './table';

// The value list of get_game_odds as a table, for the console's Games page and the value board's full screen alike:
// per entry the bet, its game and kick-off, the best price and its book, the no-vig fair probability, the expected
// value at the best price, the books in the consensus and the best price's age. One definition of the columns
// (labels, cells, sort keys); only the game's link differs (the console's is an address, the view's a button that
// opens the game through the host), so each side passes its own. Each figure keeps the answer's number in
// data-number. Expected value is written to the hundredth of a percent, as the answer rounds it (a fraction to
// four places) and as the market table's "EV at best" writes it: 2.04% is not 2.0% beside a row that says 2.04%.

/** What a value table reads of an entry: a concise answer's value entry, or a full one with its game's name and start. */
export interface ValueRow {
  gameId: string;
  /** The game's name as the table links it ("NYG @ DAL", or the teams in full). */
  matchup: string;
  /** When the game starts; a value entry of a game the answer does not hold has none. */
  startsAt?: string | Date;
  market: string;
  outcome: string;
  point?: number | null;
  book: string;
  /** Net of the fee at an exchange or prediction market. */
  americanOdds: number;
  /** The exchange's price as quoted, shown under the net one; absent for a sportsbook. */
  beforeCommission?: number;
  fairProbability: number;
  expectedValue: number;
  consensusBooks: number;
  updatedAgo: string;
}

/** The value table's columns; `gameLink` draws the link to an entry's game, `timeZone` the zone its start is written in. */
export function valueColumns<Row extends ValueRow>({
  gameLink,
  timeZone,
}: {
  gameLink: (row: Row) => ReactNode;
  timeZone: string;
}): Column<Row>[] {
  return [
    { key: 'bet', label: 'Bet', header: true, cell: betInWords },
    {
      key: 'game',
      label: 'Game',
      wide: true,
      sortBy: (v) => `${v.startsAt === undefined ? '' : new Date(v.startsAt).toISOString()} ${v.matchup}`,
      cell: (v) => (
        <>
          {gameLink(v)}
          {v.startsAt !== undefined && <small>{formatDateTime(new Date(v.startsAt), timeZone)}</small>}
        </>
      ),
    },
    {
      key: 'best',
      label: 'Best price',
      cell: (v) => (
        <>
          {figure(v.americanOdds, americanOdds(v.americanOdds))}
          {` ${v.book}`}
          <Quoted price={v.beforeCommission} />
        </>
      ),
    },
    {
      key: 'fair',
      label: 'Fair',
      sortBy: (v) => v.fairProbability,
      largestFirst: true,
      cell: (v) => figure(v.fairProbability, percent(v.fairProbability)),
    },
    {
      key: 'ev',
      label: 'EV',
      sortBy: (v) => v.expectedValue,
      largestFirst: true,
      cell: (v) => figure(v.expectedValue, percent(v.expectedValue, 2)),
    },
    { key: 'books', label: 'Books', sortBy: (v) => v.consensusBooks, largestFirst: true, cell: (v) => v.consensusBooks },
    { key: 'updated', label: 'Updated', cell: (v) => v.updatedAgo },
  ];
}

/** An entry's row attributes: what tests and the page's own script find it by. */
export const valueRowAttrs = (v: ValueRow) => ({ 'data-game': v.gameId, 'data-market': v.market, 'data-outcome': v.outcome });
