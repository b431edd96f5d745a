import { americanOdds, formatDateTime, marketName, middleMark, outcomeName, percent } from '@/lib/present/format';
import { bestPriceCell, figure, Quoted } from '@/lib/present/figures';
import type { OddsAnswer, SlateGame, SlateMarket, SlateOutcome, ValueEntry } from './answers';
import type { ReactElement } from 'react';
import { pending } from './frame';
import { table, type Sort } from '@/lib/present/table';
import { valueColumns, valueRowAttrs } from '@/lib/present/value-columns';
import type { Env } from './env';
import type { Update } from './run';
import type { ListName, SlateBoard } from './board-state';
import { moreEntries, openButton } from './board-controls';

// The value board full screen: the value list's table, and the games' table with a row per outcome and the value,
// arbitrage, middle and steam marks.

const sortBy = (state: SlateBoard, list: ListName, update: Update<SlateBoard>) => (sort: Sort) =>
  update((board) => ({ ...board, sorts: { ...board.sorts, [list]: sort } }));

export function valueSection(state: SlateBoard, env: Env, update: Update<SlateBoard>): ReactElement {
  const min = percent(state.threshold, 2);
  const heading = <h2 id="heading-value">{`Value at ${min} or more`}</h2>;
  const call = state.value.call;
  if (call.state !== 'ready')
    return (
      <section aria-labelledby="heading-value">
        {heading}
        {pending(call, 'the value list')}
      </section>
    );
  const entries = call.answer.value ?? [];
  return (
    <section aria-labelledby="heading-value">
      {heading}
      {entries.length === 0 ? (
        <p className="empty">{`No best price reaches ${min} expected value in these games.`}</p>
      ) : (
        table<ValueEntry>({
          id: 'value',
          caption: `Best prices with at least ${min} expected value`,
          rows: entries,
          sort: state.sorts.value,
          onSort: sortBy(state, 'value', update),
          shown: state.valueShown,
          rowAttrs: valueRowAttrs,
          columns: valueColumns<ValueEntry>({
            gameLink: (v) => openButton(v.gameId, v.matchup, state, update),
            timeZone: env.timeZone,
          }),
        })
      )}
      {entries.length > state.valueShown ? (
        <p>
          <button
            type="button"
            className="secondary"
            data-focus="more-value"
            onClick={() => update((board) => ({ ...board, valueShown: Infinity }))}
          >
            {`Show all ${entries.length}`}
          </button>
        </p>
      ) : (
        moreEntries('value', call.answer, state, update)
      )}
    </section>
  );
}

interface Row {
  game: SlateGame;
  market: SlateMarket;
  outcome: SlateOutcome;
  /** The best price on the bet: another book's when it beats the reference, else the reference's own. */
  best: { book: string; americanOdds?: number; beforeCommission?: number; expectedValue?: number; updatedAgo?: string };
  value: boolean;
}

const valueKey = (gameId: string, market: string, outcome: string, point: number | undefined) =>
  `${gameId}|${market}|${outcome}|${point ?? ''}`;

function rowsOf(answer: OddsAnswer, valueKeys: ReadonlySet<string>): Row[] {
  return (answer.games ?? []).flatMap((game) =>
    game.markets.flatMap((market) =>
      market.outcomes.map((outcome) => ({
        game,
        market,
        outcome,
        best: outcome.best ?? {
          book: answer.referenceBook,
          americanOdds: outcome.americanOdds,
          beforeCommission: outcome.beforeCommission,
          expectedValue: outcome.expectedValue,
          updatedAgo: market.updatedAgo,
        },
        value: valueKeys.has(valueKey(game.gameId, market.market, outcome.outcome, outcome.point)),
      })),
    ),
  );
}

export function gamesSection(state: SlateBoard, env: Env, update: Update<SlateBoard>): ReactElement {
  const heading = <h2 id="heading-games">Games</h2>;
  const call = state.games.call;
  if (call.state !== 'ready')
    return (
      <section aria-labelledby="heading-games">
        {heading}
        {pending(call, 'the games')}
      </section>
    );
  const value = state.value.call.state === 'ready' ? (state.value.call.answer.value ?? []) : [];
  const rows = rowsOf(call.answer, new Set(value.map((v) => valueKey(v.gameId, v.market, v.outcome, v.point))));
  return (
    <section aria-labelledby="heading-games">
      {heading}
      {rows.length === 0 ? (
        <p className="empty">No games with prices.</p>
      ) : (
        table<Row>({
          id: 'games',
          caption: `Games: reference, fair and best prices`,
          rows,
          sort: state.sorts.games,
          onSort: sortBy(state, 'games', update),
          rowAttrs: (row) => ({
            'data-game': row.game.gameId,
            'data-market': row.market.market,
            'data-outcome': row.outcome.outcome,
            'data-value': row.value || undefined,
            className: row.value ? 'value' : undefined,
          }),
          columns: [
            {
              key: 'game',
              label: 'Game',
              wide: true,
              sortBy: (r) => `${r.game.startsAt} ${r.game.matchup}`,
              cell: (r) => (
                <>
                  {openButton(r.game.gameId, r.game.matchup, state, update)}
                  <small>
                    {[formatDateTime(new Date(r.game.startsAt), env.timeZone), r.game.status, r.game.score].filter(Boolean).join(' · ')}
                  </small>
                </>
              ),
            },
            {
              key: 'market',
              label: 'Market',
              cell: (r) => (
                <>
                  {marketName(r.market.market)}
                  {r.market.arbitrage && (
                    <span className="mark arb" data-mark="arbitrage">
                      {`Arbitrage ${percent(r.market.arbitrage.returnFraction, 2)}`}
                    </span>
                  )}
                  {r.market.middle && (
                    <span className="mark middle" data-mark="middle">
                      {middleMark(r.market.middle)}
                    </span>
                  )}
                </>
              ),
            },
            { key: 'outcome', label: 'Outcome', header: true, cell: (r) => outcomeName(r.outcome.outcome, r.outcome.point ?? null) },
            {
              key: 'reference',
              label: 'Reference',
              cell: (r) => (
                <>
                  {figure(r.outcome.americanOdds, americanOdds(r.outcome.americanOdds))}
                  <Quoted price={r.outcome.beforeCommission} />
                </>
              ),
            },
            {
              key: 'fair',
              label: 'Fair',
              sortBy: (r) => r.outcome.fairProbability ?? -1,
              largestFirst: true,
              cell: (r) => (
                <>
                  {figure(r.outcome.fairProbability, percent(r.outcome.fairProbability))}
                  {` (${americanOdds(r.outcome.fairAmericanOdds)})`}
                </>
              ),
            },
            {
              key: 'best',
              label: 'Best price',
              cell: (r) => bestPriceCell(r.best),
            },
            {
              key: 'ev',
              label: 'EV at best',
              sortBy: (r) => r.best.expectedValue ?? -Infinity,
              largestFirst: true,
              cell: (r) => (
                <>
                  {figure(r.best.expectedValue, percent(r.best.expectedValue, 2))}
                  {r.value && (
                    <strong className="mark value" data-mark="value">
                      Value
                    </strong>
                  )}
                </>
              ),
            },
            {
              key: 'steam',
              label: 'Steam',
              cell: (r) =>
                r.market.steam?.outcome === r.outcome.outcome && (
                  <span className="mark steam" data-mark="steam">
                    {`Steam: ${r.market.steam.books} books, ${r.market.steam.movedAgo}`}
                  </span>
                ),
            },
            {
              key: 'updated',
              label: 'Updated',
              cell: (r) => (
                <>
                  {r.market.updatedAgo ?? '–'}
                  {r.outcome.best && <small>{`best ${r.outcome.best.updatedAgo}`}</small>}
                </>
              ),
            },
          ],
        })
      )}
      {moreEntries('games', call.answer, state, update)}
    </section>
  );
}
