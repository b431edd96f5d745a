import { consolePage } from '@/app/components/ConsolePage';
import { FilterSelect } from '@/app/components/FilterSelect';
import { SiteHeader } from '@/app/components/SiteHeader';
import { BET_STATUSES, statusLabel } from '@/lib/account/bet-states';
import { queryFingerprint } from '@/lib/paging';
import { requireUser } from '@/lib/root/session';
import { betName } from '@/lib/present/bet-columns';
import { SPORT_CHOICES, SPORTS } from '@/lib/data/sports';
import { ToolError } from '@/lib/errors';
import { noteBadRequest } from '@/lib/observe';
import { BankrollFigure } from './BankrollFigure';
import { BetsTable } from './BetsTable';
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
    root().ledger.userTimeZone(user.id),
    root().ledger.bankrollHistory(user.id, { status, sport }),
    root()
      .ledger.listBetRecords({
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
      })
      .catch((error: unknown) => {
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
            <BetsTable
              bets={book.bets}
              summary={book.summary}
              currency={book.currency}
              timeZone={timeZone}
              chart={<BankrollFigure points={history.points} currency={history.currency} timeZone={timeZone} />}
              actions={{
                // Settle an open bet, or correct a settled one's grade.
                key: 'settle',
                label: 'Settle or correct',
                hiddenLabel: true,
                cell: (bet) => <SettleBetForm betId={bet.id} label={`${betName(bet)}, ${bet.gameId}`} correcting={bet.status !== 'open'} />,
              }}
            />
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
