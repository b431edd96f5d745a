import { statusLabel } from '@/lib/account/bet-states';
import { americanOdds, formatShortDateTime, money, percent } from '@/lib/present/format';
import { betName } from '@/lib/present/bet-columns';
import { figure } from '@/lib/present/figures';
import type { ReactNode } from 'react';
import type { BankrollState } from './bankroll-state';
import { moreBets, waitingChanges } from './bankroll-sections';
import type { Env } from './env';
import { compactForm, pending, type Loading } from './frame';
import type { Update } from './run';

/** The bankroll inline: the balance, the room under each limit and the bets' results, then the bets themselves. */
export function bankrollCompact(state: BankrollState, env: Env, update: Update<BankrollState>): ReactNode {
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
      {book && waitingChanges(book, env, true)}
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
  return compactForm({
    summary,
    tabs: [
      {
        key: 'bets',
        label: 'Bets',
        items: list?.nextCursor !== undefined ? [...bets, moreBets(state, update)] : bets,
        empty: pending(state.bets, 'the bets') ?? <p className="empty">No bets logged yet.</p>,
      },
    ],
    place: state.compactPlace,
    onPlace: (place, focus) => update((s) => ({ ...s, compactPlace: place }), focus),
    fullscreen: 'Charts and every bet in full screen',
    env,
  });
}
