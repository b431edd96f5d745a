import { americanOdds, betInWords, formatDateTime, percent, quotedBeside } from '@/lib/present/format';
import { figure } from '@/lib/present/figures';
import type { ReactNode } from 'react';
import { compactForm, notesTab, pending, type Loading } from './frame';
import type { Env } from './env';
import type { Update } from './run';
import type { SlateBoard } from './board-state';
import { moreEntries, openButton } from './board-controls';

// The value board inline, in the conversation: its summary in four figures, then tabs of the top value entries, the
// games and the notes.

/** The board inline: what the slate holds in four figures, then the value entries, the games or the notes. */
export function boardCompact(state: SlateBoard, notes: readonly string[], env: Env, update: Update<SlateBoard>): ReactNode {
  const games = state.games.call;
  const value = state.value.call;
  const entries = value.state === 'ready' ? (value.answer.value ?? []) : [];
  const slate = games.state === 'ready' ? (games.answer.games ?? []) : [];
  const best = entries.reduce<number | undefined>(
    (most, v) => (most === undefined || v.expectedValue > most ? v.expectedValue : most),
    undefined,
  );
  const arbitrages = slate.reduce((count, game) => count + game.markets.filter((market) => market.arbitrage).length, 0);
  const figureOrWait = (call: Loading<unknown>, child: ReactNode) =>
    call.state === 'ready' ? child : call.state === 'loading' ? '…' : '–';
  const summary = (
    <dl className="summary">
      <div>
        <dt>Games</dt>
        <dd data-figure="games">{figureOrWait(games, games.state === 'ready' && `${slate.length + (games.answer.remaining ?? 0)}`)}</dd>
      </div>
      <div>
        <dt>{`Value at ${percent(state.threshold, 2)}+`}</dt>
        <dd data-figure="value">
          {figureOrWait(value, `${entries.length}${value.state === 'ready' && value.answer.nextCursor ? '+' : ''}`)}
        </dd>
      </div>
      <div>
        <dt>Best EV</dt>
        <dd>{figureOrWait(value, best === undefined ? '–' : figure(best, percent(best, 2)))}</dd>
      </div>
      {state.listed ? (
        <div>
          <dt data-figure-label="listed">{state.listed.label}</dt>
          <dd data-figure="listed">{`${state.listed.count}`}</dd>
        </div>
      ) : (
        <div>
          <dt>Arbitrage</dt>
          <dd>{figureOrWait(games, `${arbitrages} market${arbitrages === 1 ? '' : 's'}`)}</dd>
        </div>
      )}
    </dl>
  );
  const valueItems = entries.map((v) => (
    <div className="item" data-game={v.gameId} data-market={v.market} data-outcome={v.outcome}>
      <strong>{betInWords(v)}</strong> {openButton(v.gameId, v.matchup, state, update)}
      <span className="facts">
        {figure(v.americanOdds, americanOdds(v.americanOdds))}
        {`${quotedBeside(v.beforeCommission)} at ${v.book} · EV `}
        {figure(v.expectedValue, percent(v.expectedValue, 2))}
        {' · fair '}
        {figure(v.fairProbability, percent(v.fairProbability))}
        {` · ${v.updatedAgo}`}
      </span>
    </div>
  ));
  const gameItems = slate.map((game) => (
    <div className="item" data-game={game.gameId}>
      {openButton(game.gameId, game.matchup, state, update)}
      <span className="facts">
        {[formatDateTime(new Date(game.startsAt), env.timeZone), game.status !== 'scheduled' && game.status, game.score]
          .filter(Boolean)
          .join(' · ')}
        {` · ${game.markets.length} market${game.markets.length === 1 ? '' : 's'}`}
        {game.markets.some((market) => market.arbitrage) && (
          <span className="mark arb" data-mark="arbitrage">
            Arbitrage
          </span>
        )}
        {game.markets.some((market) => market.middle) && (
          <span className="mark middle" data-mark="middle">
            Middle
          </span>
        )}
        {game.markets.some((market) => market.steam) && (
          <span className="mark steam" data-mark="steam">
            Steam
          </span>
        )}
      </span>
    </div>
  ));
  return compactForm({
    summary,
    tabs: [
      {
        key: 'value',
        label: 'Top value',
        items: valueItems,
        empty: pending(value, 'the value list') ?? (
          <p className="empty">{`No best price reaches ${percent(state.threshold, 2)} expected value in these games.`}</p>
        ),
      },
      {
        key: 'games',
        label: 'Games',
        items:
          games.state === 'ready' && games.answer.nextCursor
            ? [...gameItems, moreEntries('games', games.answer, state, update)]
            : gameItems,
        empty: pending(games, 'the games') ?? <p className="empty">No games with prices.</p>,
      },
      ...notesTab(notes),
    ],
    place: state.compactPlace,
    onPlace: (place, focus) => update((board) => ({ ...board, compactPlace: place }), focus),
    fullscreen: 'See the full board',
    env,
  });
}
