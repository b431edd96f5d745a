import {
  americanOdds,
  betInWords,
  DEFAULT_MIN_PERCENT,
  formatDateTime,
  marketName,
  middleMark,
  outcomeName,
  percent,
  quotedBeside,
} from '@/lib/present/format';
import { Quoted } from '@/lib/present/MarketTable';
import {
  notesOf,
  type FuturesAnswer,
  type OddsAnswer,
  type SlateGame,
  type SlateMarket,
  type SlateOutcome,
  type ValueEntry,
} from './answers';
import type { Host } from './bridge';
import type { ReactElement, ReactNode } from 'react';
import { compact, firstPlace, frame, loading, moreButton, notesTab, pending, type InlinePlace, type Loading } from './frame';
import { table, type Sort } from '@/lib/present/table';
import { valueColumns, valueRowAttrs } from '@/lib/present/value-columns';
import { bestPriceCell, figure, gameBody, gameCompact, gameHeading, gameNotes, openGame, type GameState } from './game';
import { futuresScreen, startFutures, type FuturesState } from './futures';
import type { Env } from './env';
import type { Update, ViewSpec } from './run';

// The value board: get_game_odds drawn for people. The games with, per outcome, the reference price, the fair
// price, the best price and its book, the expected value at it, and arbitrage, middles, steam and value marked; the value
// list on top. One of the two is the model's own answer (a slate, or a value scan); the view asks the host for
// the other, or for both when the answer is another list: an arbitrage, low-hold or middles list is counted above
// the slate that marks it, one game's alternate lines open that game, and a league's futures are drawn from the
// answer itself (lib/apps/futures.tsx). A game opens in place: the view calls get_game_odds for it in full, with its history. Inline, the
// board is its summary and the top value entries (the games and the notes a tab away, each paged in place);
// full screen, all of it.

/** Value entries shown before the user asks for the rest, as on the console's Games page. */
const VALUE_SHOWN = 10;

/** One of the board's two lists: its answer so far, and the arguments it was asked with (its cursor continues them). */
interface List {
  call: Loading<OddsAnswer>;
  args: Record<string, unknown>;
  /** Its next page is being fetched. */
  paging: boolean;
  /** Why its last page could not be fetched. */
  pagingFailed?: string;
}

type ListName = 'games' | 'value';

/** The model's answer when it is a list the slate marks (arbitrages, low hold, middles): how many it holds. */
interface Listed {
  label: string;
  count: number;
  nouns: readonly [one: string, many: string];
  notes: string[];
}

const LISTS = [
  { field: 'arbitrages', label: 'Arbitrages listed', nouns: ['arbitrage', 'arbitrages'] },
  { field: 'lowHold', label: 'Arbitrage or low hold', nouns: ['arbitrage or low-hold market', 'arbitrages and low-hold markets'] },
  { field: 'middles', label: 'Middles listed', nouns: ['middle', 'middles'] },
] as const;

function listedOf(answer: Record<string, unknown>): Listed | undefined {
  const list = LISTS.find(({ field }) => Array.isArray(answer[field]));
  if (!list) return undefined;
  const remaining = typeof answer.remaining === 'number' ? answer.remaining : 0;
  const count = (answer[list.field] as unknown[]).length + remaining;
  return { label: list.label, count, nouns: list.nouns, notes: notesOf(answer) };
}

export type BoardState = SlateBoard | FuturesState;

/** The board's changes to one kind of its state: a board stays the kind it started as. */
const narrowed =
  <Kind extends BoardState['kind']>(kind: Kind, update: Update<BoardState>): Update<Extract<BoardState, { kind: Kind }>> =>
  (change, focus) =>
    update((state) => (state.kind === kind ? change(state as Extract<BoardState, { kind: Kind }>) : state), focus);

export interface SlateBoard {
  kind: 'slate';
  host: Host;
  args: Record<string, unknown>;
  games: List;
  value: List;
  /** The least expected value of the value list shown (a fraction). */
  threshold: number;
  sorts: { games?: Sort; value?: Sort };
  /** How many entries of the value list are shown: the best few, until the user asks for all. */
  valueShown: number;
  game?: GameState;
  /** Where the compact inline form is. */
  inline: InlinePlace;
  listed?: Listed;
}

/** The model's arguments that choose the games: not how the answer was cut, paged or detailed. */
function slateArgs(args: Record<string, unknown>) {
  // An alternates answer (one game's alternate lines) is not a slate: the board draws the game's own markets.
  // The lists that answer alone (arbitrages, low hold, middles, futures) are drawn on the slate they come from.
  const {
    minExpectedValue: _min,
    minBooks: _books,
    detail: _detail,
    history: _history,
    cursor: _cursor,
    limit: _limit,
    alternates: _alternates,
    arbitrage: _arbitrage,
    maxHold: _maxHold,
    middles: _middles,
    futures: _futures,
    ...rest
  } = args;
  return rest;
}

const failed = (error: unknown) => ({ state: 'failed' as const, message: error instanceof Error ? error.message : String(error) });

/** Asks for a list, or for its next page (`cursor`), which is added to what it holds. */
function fetchList(host: Host, name: ListName, args: Record<string, unknown>, update: Update<SlateBoard>, cursor?: string): void {
  const change = (state: SlateBoard, list: Partial<List>) => ({ ...state, [name]: { ...state[name], paging: false, ...list } });
  host.callTool<'get_game_odds', OddsAnswer>('get_game_odds', cursor === undefined ? args : { ...args, cursor }).then(
    (answer) =>
      update((state) => {
        const before = state[name].call;
        const merged =
          cursor !== undefined && before.state === 'ready'
            ? { ...answer, [name]: [...(before.answer[name] ?? []), ...(answer[name] ?? [])] }
            : answer;
        return change(state, { call: { state: 'ready', answer: merged }, pagingFailed: undefined });
      }),
    (error: unknown) =>
      update((state) => change(state, cursor === undefined ? { call: failed(error) } : { pagingFailed: failed(error).message })),
  );
}

function open(state: SlateBoard, gameId: string, update: Update<SlateBoard>): SlateBoard {
  const game = openGame(state.host, { ...slateArgs(state.args), sport: String(state.args.sport), gameId }, (change) =>
    update((board) => (board.game?.gameId === gameId ? { ...board, game: change(board.game) } : board)),
  );
  return { ...state, game };
}

export const board: ViewSpec<BoardState> = {
  title: 'Value board',
  start(args, answer, host, update) {
    if (Array.isArray(answer.futures)) return startFutures(args, answer as unknown as FuturesAnswer, host);
    return startSlate(args, answer, host, narrowed('slate', update));
  },
  render(state, env, update) {
    if (state.kind === 'futures') return futuresScreen(state, env, narrowed('futures', update));
    return slateScreen(state, env, narrowed('slate', update));
  },
};

function startSlate(args: Record<string, unknown>, answer: Record<string, unknown>, host: Host, update: Update<SlateBoard>): SlateBoard {
  const model = answer as OddsAnswer;
  // A full answer is for integrations: the board draws the concise ones, asked for afresh.
  const concise = args.detail !== 'full';
  const scan = typeof args.minExpectedValue === 'number';
  const threshold = scan ? (args.minExpectedValue as number) : DEFAULT_MIN_PERCENT / 100;
  // The model's own list continues with its own arguments; the other is asked for with the games' arguments.
  const { cursor: _cursor, ...modelArgs } = args;
  const list = (mine: boolean, asked: Record<string, unknown>): List =>
    concise && mine
      ? { call: { state: 'ready', answer: model }, args: modelArgs, paging: false }
      : { call: loading, args: asked, paging: false };
  const listed = listedOf(answer);
  let state: SlateBoard = {
    kind: 'slate',
    host,
    args,
    // Only a slate is the games list: any other list (alternates, arbitrages, middles) leaves it to be asked for.
    games: list(!scan && Array.isArray(model.games), slateArgs(args)),
    value: list(scan, { ...slateArgs(args), minExpectedValue: threshold, ...(scan && args.minBooks ? { minBooks: args.minBooks } : {}) }),
    threshold,
    sorts: {},
    valueShown: VALUE_SHOWN,
    // A list the slate marks opens on the games that show its marks.
    inline: firstPlace(listed ? 'games' : 'value'),
    ...(listed ? { listed } : {}),
  };
  for (const name of ['games', 'value'] as const) if (state[name].call.state === 'loading') fetchList(host, name, state[name].args, update);
  if (typeof args.gameId === 'string') state = open(state, args.gameId, update);
  return state;
}

function slateScreen(state: SlateBoard, env: Env, update: Update<SlateBoard>): ReactElement {
  if (state.game) return gameScreen(state.game, env, update);
  const slate = state.games.call.state === 'ready' ? state.games.call.answer : undefined;
  const value = state.value.call.state === 'ready' ? state.value.call.answer : undefined;
  const sport = typeof state.args.sport === 'string' ? state.args.sport.toUpperCase() : '';
  const notes = [...(state.listed?.notes ?? []), ...notesOf(slate), ...notesOf(value)];
  return frame({
    title: 'Value board',
    lead: [sport, (slate ?? value) && ` · reference book ${(slate ?? value)!.referenceBook}`, ` · times in ${env.timeZone}`],
    notes,
    body:
      env.display.mode === 'inline' ? (
        boardCompact(state, notes, env, update)
      ) : (
        <>
          {listedLine(state.listed)}
          {valueSection(state, env, update)}
          {gamesSection(state, env, update)}
        </>
      ),
    env,
  });
}

/** Full screen, the model's list in a sentence above the board that marks it. */
function listedLine(listed: Listed | undefined): ReactNode {
  if (!listed) return null;
  const noun = listed.nouns[listed.count === 1 ? 0 : 1];
  return (
    <p className="lead" data-listed>
      {`The answer lists ${listed.count} ${noun}; the games below mark them.`}
    </p>
  );
}

function gameScreen(game: GameState, env: Env, update: Update<SlateBoard>): ReactElement {
  const back = (
    <p className="back">
      <button
        type="button"
        className="secondary"
        data-focus="back"
        onClick={() => update((board) => ({ ...board, game: undefined }), `open-${game.gameId}`)}
      >
        ← Back to the board
      </button>
    </p>
  );
  return frame({
    title: gameHeading(game),
    notes: gameNotes(game),
    body: (
      <>
        {back}
        {env.display.mode === 'inline'
          ? gameCompact(game, env, (change, focus) =>
              update((board) => (board.game ? { ...board, game: change(board.game) } : board), focus),
            )
          : gameBody(game, env)}
      </>
    ),
    env,
  });
}

/** The board inline: what the slate holds in four figures, then the value entries, the games or the notes. */
function boardCompact(state: SlateBoard, notes: readonly string[], env: Env, update: Update<SlateBoard>): ReactNode {
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
  return compact({
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
    place: state.inline,
    onPlace: (inline, focus) => update((board) => ({ ...board, inline }), focus),
    fullscreen: 'See the full board',
    env,
  });
}

const openButton = (gameId: string, matchup: string, state: SlateBoard, update: Update<SlateBoard>) => (
  <button
    type="button"
    className="link"
    data-focus={`open-${gameId}`}
    data-open={gameId}
    onClick={() => update((board) => open(board, gameId, update), 'back')}
  >
    {matchup}
  </button>
);

/** The next page of a list, asked for with the arguments the list was asked with and the answer's cursor. */
function moreEntries(name: ListName, answer: OddsAnswer, state: SlateBoard, update: Update<SlateBoard>): ReactNode {
  const list = state[name];
  if (answer.nextCursor === undefined) return null;
  return moreButton({
    focus: `more-${name}`,
    label: `${answer.remaining} more ${name === 'games' ? 'games' : 'value entries'}`,
    paging: list.paging,
    failed: list.pagingFailed,
    onClick: () =>
      update((board) => {
        fetchList(board.host, name, board[name].args, update, answer.nextCursor);
        return { ...board, [name]: { ...board[name], paging: true } };
      }),
  });
}

const sortBy = (state: SlateBoard, list: ListName, update: Update<SlateBoard>) => (sort: Sort) =>
  update((board) => ({ ...board, sorts: { ...board.sorts, [list]: sort } }));

function valueSection(state: SlateBoard, env: Env, update: Update<SlateBoard>): ReactElement {
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

function gamesSection(state: SlateBoard, env: Env, update: Update<SlateBoard>): ReactElement {
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
