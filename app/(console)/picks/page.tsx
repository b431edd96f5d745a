import { consolePage } from '@/app/components/ConsolePage';
import { FilterSelect } from '@/app/components/FilterSelect';
import { SiteHeader } from '@/app/components/SiteHeader';
import { statusLabel } from '@/lib/account/bet-states';
import { queryFingerprint } from '@/lib/paging';
import { americanOdds, betInWords, percent } from '@/lib/present/format';
import { formatDateTime } from '@/lib/present/format';
import { table } from '@/lib/present/table';
import { SPORT_CHOICES, SPORTS } from '@/lib/data/sports';
import { ToolError } from '@/lib/errors';
import { noteBadRequest } from '@/lib/observe';
import { root } from '@/lib/root';
import { requireUser } from '@/lib/root/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Picks · JEV' };

export default consolePage(async function PicksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const params = await searchParams;
  const sport = typeof params.sport === 'string' && (SPORTS as readonly string[]).includes(params.sport) ? params.sport : undefined;
  const cursor = typeof params.cursor === 'string' ? params.cursor : undefined;
  const [timeZone, picks] = await Promise.all([
    root().ledger.userTimeZone(user.id),
    root()
      .ledger.listRecommendationRecords({
        userId: user.id,
        filter: { sport },
        page: {
          limit: 50,
          cursor,
          fingerprint: queryFingerprint(['picks-page', user.id, { sport }]),
          now: root().now(),
          signer: root().tools.cursors,
        },
      })
      .catch((error: unknown) => {
        if (!(error instanceof ToolError)) throw error;
        noteBadRequest(); // a stale or edited cursor in the address bar: the page says so, with a 400
        return null;
      }),
  ]);
  const next = picks?.nextCursor ? `?${new URLSearchParams({ ...(sport ? { sport } : {}), cursor: picks.nextCursor })}` : null;

  return (
    <>
      <SiteHeader user={user} current="/picks" />
      <main id="main" className="inner">
        <h1>Picks</h1>
        <p className="lead">Recommendations your agents saved for you, graded once the game is final. Times are in {timeZone}.</p>
        <form className="actions" method="get">
          <FilterSelect name="sport" label="Sport" choices={SPORT_CHOICES} selected={sport} />
          <button type="submit">Filter</button>
        </form>
        {!picks ? (
          <p className="field-error">That page link is out of date. Start again from the first page.</p>
        ) : picks.recommendations.length === 0 ? (
          <p className="empty">No picks yet. Ask your agent to save a recommendation (it needs a write token from the Connect page).</p>
        ) : (
          <>
            <dl className="summary">
              <div>
                <dt>Picks</dt>
                <dd>{picks.summary.count}</dd>
              </div>
              {picks.summary.notCounted > 0 && (
                <div>
                  <dt>Not counted</dt>
                  <dd>{picks.summary.notCounted}</dd>
                </div>
              )}
              <div>
                <dt>Graded</dt>
                <dd>{picks.summary.graded}</dd>
              </div>
              <div>
                <dt>Won / lost / push</dt>
                <dd>
                  {picks.summary.won} / {picks.summary.lost} / {picks.summary.pushed}
                  {picks.summary.halfWon + picks.summary.halfLost > 0 &&
                    ` (half won ${picks.summary.halfWon}, half lost ${picks.summary.halfLost})`}
                </dd>
              </div>
              <div>
                <dt>Win rate</dt>
                <dd>{percent(picks.summary.winRate)}</dd>
              </div>
              <div>
                <dt>Units won</dt>
                <dd>
                  {picks.summary.unitsWon} u of {picks.summary.unitsStaked} u staked
                </dd>
              </div>
            </dl>
            {picks.summary.notCounted > 0 && (
              <p className="muted">
                {picks.summary.notCounted === 1
                  ? '1 pick was saved after its game'
                  : `${picks.summary.notCounted} picks were saved after their game`}{' '}
                kicked off (by its start as stored now): listed and marked “not counted”, but left out of the graded, won, lost, push and
                win-rate figures, as the record counts only picks made before the game began.
              </p>
            )}
            {picks.gradingNote && <p className="muted">{picks.gradingNote}</p>}
            {table({
              id: 'picks',
              caption: 'Your picks',
              rows: picks.recommendations,
              rowAttrs: (pick) => ({ 'data-pick': pick.id, 'data-counted': pick.savedAfterKickOff === null }),
              columns: [
                {
                  key: 'saved',
                  label: 'Saved',
                  cell: (pick) => <time dateTime={pick.createdAt.toISOString()}>{formatDateTime(pick.createdAt, timeZone)}</time>,
                },
                {
                  key: 'pick',
                  label: 'Pick',
                  header: true,
                  wide: true,
                  cell: (pick) => (
                    <bdi>{`${pick.sport.toUpperCase()} ${pick.gameId}: ${betInWords({ market: pick.market, outcome: pick.selection, point: pick.point, player: pick.player })}`}</bdi>
                  ),
                },
                { key: 'price', label: 'Price', cell: (pick) => `${americanOdds(pick.americanOdds)}${pick.book ? ` (${pick.book})` : ''}` },
                {
                  key: 'probability',
                  label: 'Probability',
                  // The agent's estimate and its EV, then the market's no-vig view when the pick was saved.
                  cell: (pick) =>
                    `${percent(pick.probability)} (EV ${percent(pick.expectedValue)})` +
                    (pick.fairProbabilityAtSave === null ? '' : `; market ${percent(pick.fairProbabilityAtSave)}`),
                },
                { key: 'stake', label: 'Stake', cell: (pick) => (pick.stakeUnits === null ? '–' : `${pick.stakeUnits} u`) },
                {
                  key: 'result',
                  label: 'Result',
                  cell: (pick) => (
                    <>
                      {pick.result === null ? 'pending' : statusLabel(pick.result)}
                      {pick.savedAfterKickOff && (
                        <>
                          {' ('}
                          <strong>not counted</strong>
                          {': saved after kick-off at '}
                          <time dateTime={pick.savedAfterKickOff.toISOString()}>{formatDateTime(pick.savedAfterKickOff, timeZone)}</time>
                          {')'}
                        </>
                      )}
                    </>
                  ),
                },
                { key: 'by', label: 'Saved by', cell: (pick) => (pick.clientLabel ? <bdi>{pick.clientLabel}</bdi> : '–') },
                {
                  key: 'reasoning',
                  label: 'Reasoning and risks',
                  cell: (pick) => (
                    <details>
                      <summary>Read</summary>
                      <p>
                        <bdi>{pick.reasoning}</bdi>
                      </p>
                      <p>
                        <strong>Risks:</strong> <bdi>{pick.risks}</bdi>
                      </p>
                    </details>
                  ),
                },
              ],
            })}
            {next && (
              <p>
                <a href={next}>Older picks</a>
              </p>
            )}
          </>
        )}
      </main>
    </>
  );
});
