import { coolingOffNotesIn, isTimeZoneChangeNote } from '@/lib/account/cooling-off-notes';
import { DEFAULT_CURRENCY, toCents } from '@/lib/account/money';
import { bankrollPoints } from '@/lib/account/bankroll-history';
import { money } from '@/lib/present/format';
import { betColumns, betRowAttrs, betSummary } from '@/lib/present/bet-columns';
import { BankrollCharts } from '@/lib/present/BankrollCharts';
import { figure } from '@/lib/present/figures';
import { table } from '@/lib/present/table';
import type { ReactElement, ReactNode } from 'react';
import type { Bankroll, Bet } from './answers';
import { BETS_PER_PAGE, failed, MAX_BET_PAGES, type BankrollState } from './bankroll-state';
import type { Env } from './env';
import { pending, type Loading } from './frame';
import type { Update } from './run';

// The bankroll view in full screen: the bankroll with the room under each limit, the charts over time and the bets.

function limitRow(
  name: 'daily' | 'weekly',
  limit: number | null,
  room: number | null,
  lost: number,
  openStakes: number,
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
        {` of ${money(limit, currency)} (lost ${money(lost, currency)} ${period}, ${money(openStakes, currency)} at risk in open bets)`}
      </dd>
    </>
  );
}

export function bankrollSection(call: Loading<Bankroll | null>, env: Env): ReactElement {
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
 * sentence does not name it again, which keeps it a line shorter inline. Inline, where the form must stay within
 * the chat's 500 px, a single limit change named without a zone is shown whole; anything longer (several changes, a
 * new time zone naming two zones, a zone named again) is counted in one sentence of fixed length, and full screen
 * says each in full.
 */
export function waitingChanges(b: Bankroll, env: Env, inline = false): ReactNode {
  const sameZone = b.timeZone === env.timeZone;
  const sentences = coolingOffNotesIn(b.note).map((sentence) => (sameZone ? sentence.replaceAll(` (${env.timeZone})`, '') : sentence));
  if (sentences.length === 0) return false;
  const whole = !inline || (sentences.length === 1 && sameZone && !isTimeZoneChangeNote(sentences[0]!));
  return (
    <p className="notice" role="note" data-waiting>
      {whole ? sentences.join(' ') : coolingOffCount(sentences.length)}
    </p>
  );
}

const coolingOffCount = (count: number) =>
  count === 1
    ? 'A change to your limits or time zone is cooling off: the limits shown hold until it applies. Full screen says when.'
    : `${count} changes to your limits or time zone are cooling off: the limits shown hold until they apply. Full screen says when.`;

export function chartsSection(state: BankrollState, env: Env): ReactElement {
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
  const currency = found?.currency ?? (state.bets.state === 'ready' ? state.bets.answer.currency : DEFAULT_CURRENCY);
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
      {!settled.answer.complete && <p className="muted">{`The charts read the newest ${BETS_PER_PAGE * MAX_BET_PAGES} bets.`}</p>}
    </section>
  );
}

export function betsSection(state: BankrollState, env: Env, update: Update<BankrollState>): ReactElement {
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
export function moreBets(state: BankrollState, update: Update<BankrollState>): ReactElement {
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
