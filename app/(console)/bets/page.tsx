import { consolePage } from '@/app/components/ConsolePage';
import { DataTable } from '@/app/components/DataTable';
import { FilterSelect } from '@/app/components/FilterSelect';
import { SiteHeader } from '@/app/components/SiteHeader';
import { BET_STATUSES, statusLabel } from '@/lib/account/bet-states';
import { listBets } from '@/lib/account/bets';
import { queryFingerprint } from '@/lib/paging';
import { requireUser } from '@/lib/root/session';
import { bankrollHistory } from '@/lib/console/bankroll-history';
import { americanOdds, money, percent, selectionLabel } from '@/lib/present/format';
import { formatDateTime } from '@/lib/present/format';
import { userTimeZone } from '@/lib/console/time';
import { SPORT_CHOICES, SPORTS } from '@/lib/data/sports';
import { ToolError } from '@/lib/errors';
import { noteBadRequest } from '@/lib/observe';
import { BankrollFigure } from './BankrollFigure';
import { SettleBetForm } from './SettleBetForm';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Bets · JEV' };

function pick<T extends string>(value: string | string[] | undefined, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export default consolePage(async function BetsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const params = await searchParams;
  const status = pick(params.status, BET_STATUSES);
  const sport = pick(params.sport, SPORTS);
  const cursor = typeof params.cursor === 'string' ? params.cursor : undefined;
  const [timeZone, history, book] = await Promise.all([
    userTimeZone(root().db, user.id),
    bankrollHistory(root().db, user.id, { status, sport }),
    listBets(root().db, {
      userId: user.id,
      filter: { status, sport },
      page: {
        limit: 50,
        cursor,
        fingerprint: queryFingerprint(['bets-page', user.id, { status, sport }]),
        now: root().now(),
        signer: root().tools.cursors,
      },
      defaultBook: root().config.DEFAULT_REFERENCE_BOOK,
    }).catch((error: unknown) => {
      if (!(error instanceof ToolError)) throw error;
      noteBadRequest(); // a stale or edited cursor in the address bar: the page says so, with a 400
      return null;
    }),
  ]);
  const next = book?.nextCursor
    ? `?${new URLSearchParams({ ...(status ? { status } : {}), ...(sport ? { sport } : {}), cursor: book.nextCursor })}`
    : null;

  return (
    <>
      <SiteHeader user={user} current="/bets" />
      <main id="main" className="inner">
        <h1>Bets</h1>
        <p className="lead">Bets you or your agents logged, newest first. Times are in {timeZone}.</p>
        <form className="actions" method="get">
          <FilterSelect
            name="status"
            label="Status"
            choices={BET_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            selected={status}
          />
          <FilterSelect name="sport" label="Sport" choices={SPORT_CHOICES} selected={sport} />
          <button type="submit">Filter</button>
        </form>
        {!book ? (
          <p className="field-error">That page link is out of date. Start again from the first page.</p>
        ) : book.bets.length === 0 ? (
          <p className="empty">No bets yet. Ask your agent to log a bet you placed (it needs a write token from the Connect page).</p>
        ) : (
          <>
            <dl className="summary">
              <div>
                <dt>Bets</dt>
                <dd>
                  {book.summary.count} ({book.summary.open} open)
                </dd>
              </div>
              <div>
                <dt>Staked (settled)</dt>
                <dd>{money(book.summary.staked, book.currency)}</dd>
              </div>
              <div>
                <dt>Profit</dt>
                <dd>{money(book.summary.profit, book.currency)}</dd>
              </div>
              <div>
                <dt>ROI</dt>
                <dd>{percent(book.summary.roi)}</dd>
              </div>
              <div>
                <dt>Win rate</dt>
                <dd>{percent(book.summary.winRate)}</dd>
              </div>
              <div>
                <dt>Average closing-line value</dt>
                <dd>{percent(book.summary.averageClosingLineValue)}</dd>
              </div>
            </dl>
            <BankrollFigure points={history.points} currency={history.currency} timeZone={timeZone} />
            <DataTable caption="Your bets" columns={['Placed', 'Bet', 'Price', 'Stake', 'Status', 'Profit', 'CLV', 'Logged by', '']}>
              {book.bets.map((bet) => {
                const label = selectionLabel(bet);
                return (
                  <tr key={bet.id} data-bet-id={bet.id}>
                    <td>
                      <time dateTime={bet.placedAt.toISOString()}>{formatDateTime(bet.placedAt, timeZone)}</time>
                    </td>
                    <th scope="row">
                      <bdi>{label}</bdi>
                    </th>
                    <td>
                      {americanOdds(bet.americanOdds)}
                      {bet.book ? ` (${bet.book})` : ''}
                    </td>
                    <td>{money(bet.stake, book.currency)}</td>
                    <td>
                      {statusLabel(bet.status)}
                      {bet.earlierGrades
                        ? ` (corrected from ${bet.earlierGrades.map((grade) => statusLabel(grade.status)).join(', then ')})`
                        : ''}
                    </td>
                    <td>{money(bet.profit, book.currency)}</td>
                    <td>{percent(bet.closingLineValue)}</td>
                    <td>{bet.clientLabel ? <bdi>{bet.clientLabel}</bdi> : '–'}</td>
                    <td>
                      <SettleBetForm betId={bet.id} label={label} correcting={bet.status !== 'open'} />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            {next && (
              <p>
                <a href={next}>Older bets</a>
              </p>
            )}
          </>
        )}
      </main>
    </>
  );
});
