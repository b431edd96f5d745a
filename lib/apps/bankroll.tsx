import { statusLabel } from '@/lib/account/bet-states';
import { coolingOffNotesIn } from '@/lib/account/cooling-off-notes';
import { toCents } from '@/lib/account/money';
import { bankrollPoints } from '@/lib/account/bankroll-history';
import { americanOdds, formatShortDateTime, money, percent } from '@/lib/present/format';
import { betColumns, betName, betRowAttrs, betSummary } from '@/lib/present/bet-columns';
import type { Bankroll, Bet, BetList } from './answers';
import { ToolCallError, type Host } from './bridge';
import { BankrollCharts } from '@/lib/present/BankrollCharts';
import { figure } from '@/lib/present/figures';
import type { ReactElement, ReactNode } from 'react';
import { compact, firstPlace, frame, loading, pending, type InlinePlace, type Loading } from './frame';
import { table, type Sort } from '@/lib/present/table';
import type { Env } from './env';
import type { Update, ViewSpec } from './run';

// Bankroll and bets: the balance and the user's limits with the room left under each (and a raise or removal still
// cooling off, from get_bankroll's note), open exposure, the bets
// with their summary, and two charts: the balance after each settled bet and the cumulative profit. Drawn for
// get_bankroll or list_bets; the view asks the host for the other, and for every settled bet the charts need.

/** Bets a page of list_bets may hold, and how many pages the charts read at most. */
const PAGE = 100;
const MAX_PAGES = 20;

export interface BankrollState {
  host: Host;
  /** list_bets' filters when the model listed bets: the bets and the profit chart follow them. */
  filters: { status?: string; sport?: string };
  /** Null: the user has set up no bankroll. */
  bankroll: Loading<Bankroll | null>;
  bets: Loading<BetList>;
  settled: Loading<{ bets: Bet[]; complete: boolean }>;
  sort?: Sort;
  /** The arguments the bets were asked with: their cursor continues them. */
  betsArgs: Record<string, unknown>;
  paging: boolean;
  /** Why the last page of bets could not be fetched. */
  pagingFailed?: string;
  /** Where the compact inline form is. */
  inline: InlinePlace;
}

const failed = (error: unknown) => ({ state: 'failed' as const, message: error instanceof Error ? error.message : String(error) });

/** Every bet, newest first, a page of list_bets at a time (at most MAX_PAGES): the pages' bets in one list. */
async function everyBet(host: Host): Promise<BetList> {
  let list: BetList | undefined;
  for (let page = 0; page < MAX_PAGES && (list === undefined || list.nextCursor !== undefined); page++) {
    const answer = await host.callTool('list_bets', { limit: PAGE, ...(list?.nextCursor ? { cursor: list.nextCursor } : {}) });
    // The summary covers every bet whatever the page: the first page's stands.
    list = list ? { ...answer, summary: list.summary, bets: [...list.bets, ...answer.bets] } : answer;
  }
  return list!;
}

const settledOf = (list: BetList) => ({
  bets: list.bets.filter((bet) => bet.status !== 'open' && bet.settledAt !== undefined),
  complete: list.nextCursor === undefined,
});

export const bankroll: ViewSpec<BankrollState> = {
  title: 'Bankroll and bets',
  start(args, answer, host, update) {
    const listed = 'bets' in answer;
    const filters = listed ? { status: args.status as string | undefined, sport: args.sport as string | undefined } : {};
    const { cursor, ...modelArgs } = args;
    const state: BankrollState = {
      host,
      filters,
      betsArgs: listed ? modelArgs : { limit: PAGE },
      bankroll: listed ? loading : { state: 'ready', answer: answer as Bankroll },
      bets: listed ? { state: 'ready', answer: answer as BetList } : loading,
      settled: loading,
      paging: false,
      inline: firstPlace('bets'),
    };
    if (listed)
      host.callTool('get_bankroll', {}).then(
        (found) => update((s) => ({ ...s, bankroll: { state: 'ready', answer: found } })),
        // No bankroll is an answer too (not_found): the view says so and charts the profit alone.
        (error: unknown) =>
          update((s) => ({
            ...s,
            bankroll: error instanceof ToolCallError && error.code === 'not_found' ? { state: 'ready', answer: null } : failed(error),
          })),
      );
    // The charts need every settled bet. The model's own list is all of them when it was neither filtered nor
    // paged; else the view reads them once, and drawn for get_bankroll, the same pages are its list of bets.
    const whole = listed && !filters.status && !filters.sport && cursor === undefined && (answer as BetList).nextCursor === undefined;
    if (whole) state.settled = { state: 'ready', answer: settledOf(answer as BetList) };
    else
      everyBet(host).then(
        (list) =>
          update((s) => ({
            ...s,
            settled: { state: 'ready', answer: settledOf(list) },
            ...(listed ? {} : { bets: { state: 'ready', answer: list } }),
          })),
        (error: unknown) => update((s) => ({ ...s, settled: failed(error), ...(listed ? {} : { bets: failed(error) }) })),
      );
    return state;
  },
  render(state, env, update) {
    return frame({
      title: 'Bankroll and bets',
      lead: `Times in ${env.timeZone}.`,
      notes: [],
      body:
        env.display.mode === 'inline' ? (
          bankrollCompact(state, env, update)
        ) : (
          <>
            {bankrollSection(state.bankroll, env)}
            {chartsSection(state, env)}
            {betsSection(state, env, update)}
          </>
        ),
      env,
    });
  },
};

/** The bankroll inline: the balance, the room under each limit and the bets' results, then the bets themselves. */
function bankrollCompact(state: BankrollState, env: Env, update: Update<BankrollState>): ReactNode {
  const book = state.bankroll.state === 'ready' ? state.bankroll.answer : undefined;
  const list = state.bets.state === 'ready' ? state.bets.answer : undefined;
  const wait = (call: Loading<unknown>) => (call.state === 'loading' ? '…' : '–');
  const room = (limit: number | null, left: number | null, currency: string) =>
    limit === null || left === null ? (
      'no limit'
    ) : (
      <>
        {figure(left, money(left, currency))}
        {` of ${money(limit, currency)}`}
      </>
    );
  const item = (name: string, value: ReactNode, attrs: Record<string, string> = {}) => (
    <div>
      <dt>{name}</dt>
      <dd {...attrs}>{value}</dd>
    </div>
  );
  const summary = (
    <>
      <dl className="summary">
        {item(
          'Balance',
          book ? figure(book.balance, money(book.balance, book.currency)) : book === null ? 'no bankroll' : wait(state.bankroll),
          {
            'data-figure': 'balance',
          },
        )}
        {item('Room today', book ? room(book.dailyLossLimit, book.dailyLossRoom, book.currency) : wait(state.bankroll), {
          'data-limit': 'daily',
        })}
        {item('Room this week', book ? room(book.weeklyLossLimit, book.weeklyLossRoom, book.currency) : wait(state.bankroll), {
          'data-limit': 'weekly',
        })}
        {item('Open exposure', book ? figure(book.openExposure, money(book.openExposure, book.currency)) : wait(state.bankroll), {
          'data-figure': 'exposure',
        })}
        {item('Profit', list ? figure(list.summary.profit, money(list.summary.profit, list.currency)) : wait(state.bets), {
          'data-figure': 'profit',
        })}
        {item('ROI', list ? percent(list.summary.roi) : wait(state.bets))}
      </dl>
      {book && waitingChanges(book, env)}
    </>
  );
  const bets = (list?.bets ?? []).map((bet) => (
    <div className="item" data-bet={bet.id} data-status={bet.status}>
      <strong>{betName(bet)}</strong>
      <span className="facts">
        {`${americanOdds(bet.americanOdds)} · stake `}
        {figure(bet.stake, money(bet.stake, list!.currency))}
        {` · ${bet.status ? statusLabel(bet.status) : '–'}`}
        {bet.profit !== undefined && (
          <>
            {' · profit '}
            {figure(bet.profit, money(bet.profit, list!.currency))}
          </>
        )}
        {bet.placedAt && ` · ${formatShortDateTime(new Date(bet.placedAt), env.timeZone)}`}
      </span>
    </div>
  ));
  return compact({
    summary,
    tabs: [
      {
        key: 'bets',
        label: 'Bets',
        items: list?.nextCursor !== undefined ? [...bets, moreBets(state, update)] : bets,
        empty: pending(state.bets, 'the bets') ?? <p className="empty">No bets logged yet.</p>,
      },
    ],
    place: state.inline,
    onPlace: (inline, focus) => update((s) => ({ ...s, inline }), focus),
    fullscreen: 'Charts and every bet in full screen',
    env,
  });
}

function limitRow(
  name: 'daily' | 'weekly',
  limit: number | null,
  room: number | null,
  lost: number,
  open: number,
  currency: string,
): ReactNode {
  const period = name === 'daily' ? 'today' : 'this week';
  if (limit === null || room === null)
    return (
      <>
        <dt>{`${name === 'daily' ? 'Daily' : 'Weekly'} loss limit`}</dt>
        <dd>none set</dd>
      </>
    );
  return (
    <>
      <dt>{`Room under the ${name} loss limit`}</dt>
      <dd data-limit={name}>
        <meter min={0} max={limit} value={room} aria-label={`Room under the ${name} loss limit`} /> {figure(room, money(room, currency))}
        {` of ${money(limit, currency)} (lost ${money(lost, currency)} ${period}, ${money(open, currency)} in open bets placed ${period})`}
      </dd>
    </>
  );
}

function bankrollSection(call: Loading<Bankroll | null>, env: Env): ReactElement {
  const heading = <h2 id="heading-bankroll">Bankroll</h2>;
  if (call.state !== 'ready')
    return (
      <section aria-labelledby="heading-bankroll">
        {heading}
        {pending(call, 'the bankroll')}
      </section>
    );
  const b = call.answer;
  if (!b)
    return (
      <section aria-labelledby="heading-bankroll">
        {heading}
        <p className="empty">No bankroll is set up: set one up on the Bankroll page of the JEV console.</p>
      </section>
    );
  return (
    <section aria-labelledby="heading-bankroll">
      {heading}
      <dl className="figures">
        <dt>Balance</dt>
        <dd data-figure="balance">{figure(b.balance, money(b.balance, b.currency))}</dd>
        <dt>Open exposure</dt>
        <dd data-figure="exposure">{figure(b.openExposure, money(b.openExposure, b.currency))} in open bets</dd>
        <dt>Unit</dt>
        <dd>{money(b.unit, b.currency)}</dd>
        <dt>Max stake</dt>
        <dd>{b.maxStake === null ? 'none set' : money(b.maxStake, b.currency)}</dd>
        <dt>Kelly fraction</dt>
        <dd>{String(b.kellyFraction)}</dd>
        <dt>Reference book</dt>
        <dd>{b.referenceBook}</dd>
        {limitRow('daily', b.dailyLossLimit, b.dailyLossRoom, b.lossToday, b.openStakesToday, b.currency)}
        {limitRow('weekly', b.weeklyLossLimit, b.weeklyLossRoom, b.lossThisWeek, b.openStakesThisWeek, b.currency)}
      </dl>
      {waitingChanges(b, env)}
    </section>
  );
}

/**
 * A raise or removal of a limit (or a new time zone) still cooling off: the limits shown hold until it applies. Its
 * time is in the bankroll's zone; where that is the zone the view's times are in (its lead says which), the
 * sentence does not name it again, which keeps it a line shorter inline.
 */
function waitingChanges(b: Bankroll, env: Env): ReactNode {
  const waiting = coolingOffNotesIn(b.note).join(' ');
  return (
    waiting !== '' && (
      <p className="notice" role="note" data-waiting>
        {b.timeZone === env.timeZone ? waiting.replaceAll(` (${env.timeZone})`, '') : waiting}
      </p>
    )
  );
}

function chartsSection(state: BankrollState, env: Env): ReactElement {
  const heading = <h2 id="heading-charts">Over time</h2>;
  const settled = state.settled;
  const book = state.bankroll;
  if (settled.state !== 'ready' || book.state === 'loading')
    return (
      <section aria-labelledby="heading-charts">
        {heading}
        {pending(settled.state !== 'ready' ? settled : book, 'the settled bets')}
      </section>
    );
  const found = book.state === 'ready' ? book.answer : null;
  const currency = found?.currency ?? (state.bets.state === 'ready' ? state.bets.answer.currency : 'USD');
  const { status, sport } = state.filters;
  const bets = settled.answer.bets.map((bet) => ({ ...bet, settledAt: new Date(bet.settledAt!), profitCents: toCents(bet.profit ?? 0) }));
  const points = bankrollPoints(
    bets,
    found ? toCents(found.balance) : null,
    (bet) => (!status || bet.status === status) && (!sport || bet.sport === sport),
  );
  return (
    <section aria-labelledby="heading-charts">
      {heading}
      <BankrollCharts
        points={points}
        currency={currency}
        timeZone={env.timeZone}
        width={env.width >= 720 ? (env.width - 48) / 2 : env.width - 32}
      />
      {!settled.answer.complete && <p className="muted">{`The charts read the newest ${PAGE * MAX_PAGES} bets.`}</p>}
    </section>
  );
}

function betsSection(state: BankrollState, env: Env, update: Update<BankrollState>): ReactElement {
  const heading = <h2 id="heading-bets">Bets</h2>;
  const call = state.bets;
  if (call.state !== 'ready')
    return (
      <section aria-labelledby="heading-bets">
        {heading}
        {pending(call, 'the bets')}
      </section>
    );
  const { bets, summary, currency, nextCursor } = call.answer;
  return (
    <section aria-labelledby="heading-bets">
      {heading}
      {betSummary({ summary, currency })}
      {bets.length === 0 ? (
        <p className="empty">No bets logged yet.</p>
      ) : (
        table<Bet>({
          id: 'bets',
          caption: 'Bets, newest first',
          rows: bets,
          sort: state.sort,
          onSort: (sort) => update((s) => ({ ...s, sort })),
          rowAttrs: betRowAttrs,
          columns: betColumns<Bet>({ currency, timeZone: env.timeZone }),
        })
      )}
      {nextCursor !== undefined && moreBets(state, update)}
    </section>
  );
}

/** The next page of bets, asked for with the arguments the list was asked with and its cursor. */
function moreBets(state: BankrollState, update: Update<BankrollState>): ReactElement {
  const list = state.bets.state === 'ready' ? state.bets.answer : undefined;
  const more = () =>
    update((s) => {
      s.host.callTool('list_bets', { ...s.betsArgs, cursor: list?.nextCursor }).then(
        (page) =>
          update((after) =>
            after.bets.state === 'ready'
              ? {
                  ...after,
                  paging: false,
                  pagingFailed: undefined,
                  bets: {
                    state: 'ready',
                    answer: { ...page, summary: after.bets.answer.summary, bets: [...after.bets.answer.bets, ...page.bets] },
                  },
                }
              : after,
          ),
        (error: unknown) => update((after) => ({ ...after, paging: false, pagingFailed: failed(error).message })),
      );
      return { ...s, paging: true };
    });
  return (
    <p>
      <button type="button" className="secondary" data-focus="more-bets" disabled={state.paging} onClick={more}>
        {state.paging ? 'Loading…' : `${list?.remaining} more bets`}
      </button>
      {state.pagingFailed && (
        <span className="error" role="alert">
          {` Could not load them: ${state.pagingFailed}`}
        </span>
      )}
    </p>
  );
}
