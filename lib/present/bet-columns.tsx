import type { ReactElement } from 'react';
import { priceFlagLabel, statusLabel } from '@/lib/account/bet-states';
import { americanOdds, betInWords, formatDateTime, money, percent } from './format';
import { figure } from './figures';
import type { Column } from './table';

// The bets of list_bets as a table, for the console's Bets page and the bankroll view's full screen alike: per bet
// when it was placed, what it is on, its price and book (and what log_bet warned of the price), stake, status, profit, closing-line value and who logged
// it; and the list's summary above it. One definition of the columns (labels, cells, sort keys) and of the summary;
// the console adds its settle form as a last column of its own. Each figure keeps the answer's number in
// data-number. The rows are the tool's bets (JSON, nulls left out) or the console's own read (Dates and nulls).
// Closing-line value is written to the hundredth of a percent, as the answer rounds it (a fraction to four places).

/** What the table reads of a bet: a list_bets entry, or the console's row with Dates and nulls. */
export interface BetRow {
  id: string;
  gameId: string;
  market: string;
  selection: string;
  point?: number | null;
  player?: string | null;
  americanOdds: number;
  stake: number;
  book?: string | null;
  /** What log_bet warned of its price (list_bets' priceFlags). */
  priceFlags?: readonly string[] | null;
  status: string;
  profit?: number | null;
  closingLineValue?: number | null;
  /** list_bets' age of the close: minutes before kick-off it was quoted, and whether that is stale. */
  closingQuotedMinutesBeforeStart?: number | null;
  closingLineStale?: boolean | null;
  clientLabel?: string | null;
  placedAt: string | Date;
  /** The grades corrections replaced, oldest first. */
  earlierGrades?: readonly { status: string }[] | null;
}

/** What a bet is on, in words (betInWords). */
export const betName = (bet: Pick<BetRow, 'market' | 'selection' | 'point' | 'player'>) =>
  betInWords({ market: bet.market, outcome: bet.selection, point: bet.point, player: bet.player });

/** A bet's price and where it was placed ("+110 fanduel"). */
export const betPrice = (bet: Pick<BetRow, 'americanOdds' | 'book'>) =>
  `${americanOdds(bet.americanOdds)}${bet.book ? ` ${bet.book}` : ''}`;

/**
 * The price cell: the price and book, and under them what log_bet warned of the price ("above every book"),
 * so a typo'd price is seen beside the profit it makes.
 */
const priceCell = (bet: Pick<BetRow, 'americanOdds' | 'book' | 'priceFlags'>) =>
  bet.priceFlags?.length ? (
    <>
      {betPrice(bet)}
      <small data-price-flags={bet.priceFlags.join(' ')}>{bet.priceFlags.map(priceFlagLabel).join('; ')}</small>
    </>
  ) : (
    betPrice(bet)
  );

/** A bet's status, with the grades a correction replaced ("won (corrected from lost)"). */
export const betStatus = (bet: Pick<BetRow, 'status' | 'earlierGrades'>) =>
  `${statusLabel(bet.status)}${
    bet.earlierGrades?.length ? ` (corrected from ${bet.earlierGrades.map((grade) => statusLabel(grade.status)).join(', then ')})` : ''
  }`;

/** A closing-line value, or the list's average: to the hundredth of a percent, as the answer rounds it. */
export const closingLine = (value: number | null | undefined) => percent(value, 2);

/**
 * The CLV cell: the value, and under it a stale close's age ("close quoted 185 min before start"), which the
 * average leaves out.
 */
const closingLineCell = (bet: Pick<BetRow, 'closingLineValue' | 'closingLineStale' | 'closingQuotedMinutesBeforeStart'>) =>
  bet.closingLineStale ? (
    <>
      {figure(bet.closingLineValue, closingLine(bet.closingLineValue))}
      <small data-stale-close="">close quoted {bet.closingQuotedMinutesBeforeStart} min before start: not in the average</small>
    </>
  ) : (
    figure(bet.closingLineValue, closingLine(bet.closingLineValue))
  );

/** The bets table's columns; `currency` writes the money, `timeZone` the times. */
export function betColumns<Row extends BetRow>({ currency, timeZone }: { currency: string; timeZone: string }): Column<Row>[] {
  return [
    {
      key: 'placed',
      label: 'Placed',
      sortBy: (bet) => new Date(bet.placedAt).toISOString(),
      cell: (bet) => {
        const placed = new Date(bet.placedAt);
        return <time dateTime={placed.toISOString()}>{formatDateTime(placed, timeZone)}</time>;
      },
    },
    {
      key: 'bet',
      label: 'Bet',
      header: true,
      wide: true,
      cell: (bet) => (
        <>
          <bdi>{betName(bet)}</bdi>
          <small>{bet.gameId}</small>
        </>
      ),
    },
    { key: 'price', label: 'Price', cell: priceCell },
    {
      key: 'stake',
      label: 'Stake',
      sortBy: (bet) => bet.stake,
      largestFirst: true,
      cell: (bet) => figure(bet.stake, money(bet.stake, currency)),
    },
    { key: 'status', label: 'Status', cell: betStatus },
    {
      key: 'profit',
      label: 'Profit',
      sortBy: (bet) => bet.profit ?? 0,
      largestFirst: true,
      cell: (bet) => figure(bet.profit, money(bet.profit, currency)),
    },
    { key: 'clv', label: 'CLV', cell: closingLineCell },
    {
      key: 'client',
      label: 'Logged by',
      cell: (bet) =>
        bet.clientLabel ? (
          <bdi className="clip" title={bet.clientLabel}>
            {bet.clientLabel}
          </bdi>
        ) : (
          '–'
        ),
    },
  ];
}

/** A bet's row attributes: what tests and the page's own script find it by. */
export const betRowAttrs = (bet: Pick<BetRow, 'id' | 'status'>) => ({ 'data-bet': bet.id, 'data-status': bet.status });

/** What the summary reads of list_bets' `summary`. */
export interface BetSummary {
  count: number;
  open: number;
  staked: number;
  profit: number;
  roi?: number | null;
  winRate?: number | null;
  averageClosingLineValue?: number | null;
}

/** The list's summary above the table: how many bets, their stakes, profit, ROI, win rate and average CLV. */
export function betSummary({ summary, currency }: { summary: BetSummary; currency: string }): ReactElement {
  const item = (name: string, value: ReactElement | string, attrs: Record<string, string> = {}) => (
    <div>
      <dt>{name}</dt>
      <dd {...attrs}>{value}</dd>
    </div>
  );
  return (
    <dl className="summary">
      {item('Bets', `${summary.count} (${summary.open} open)`)}
      {item('Staked', figure(summary.staked, money(summary.staked, currency)))}
      {item('Profit', figure(summary.profit, money(summary.profit, currency)), { 'data-figure': 'profit' })}
      {item('ROI', figure(summary.roi, percent(summary.roi)))}
      {item('Win rate', figure(summary.winRate, percent(summary.winRate)))}
      {item('Average CLV', figure(summary.averageClosingLineValue, closingLine(summary.averageClosingLineValue)))}
    </dl>
  );
}
