import { DEFAULT_MIN_PERCENT } from '@/lib/present/format';
import { notesOf, type OddsAnswer } from './answers';
import type { Host } from './bridge';
import { firstPlace, loading, type CompactPlace, type Loading } from './frame';
import type { Sort } from '@/lib/present/table';
import { openGame, type GameState } from './game';
import type { FuturesState } from './futures';
import type { Update } from './run';

// The value board's state and its calls: the two lists (games and value) with their paging, the list the model's
// answer may be, the game opened in place, and the board's first state from the model's arguments and answer.

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

export type ListName = 'games' | 'value';

/** The model's answer when it is a list the slate marks (arbitrages, low hold, middles): how many it holds. */
export interface Listed {
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
export const narrowed =
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
  /** Where the compact form is (the form drawn inline). */
  compactPlace: CompactPlace;
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
export function fetchList(host: Host, name: ListName, args: Record<string, unknown>, update: Update<SlateBoard>, cursor?: string): void {
  const change = (state: SlateBoard, list: Partial<List>) => ({ ...state, [name]: { ...state[name], paging: false, ...list } });
  host.callTool('get_game_odds', cursor === undefined ? args : { ...args, cursor }).then(
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

/** The board with the game `gameId` opened in place: its state starts, and its calls update it while it stays the one open. */
export function openGameOnBoard(state: SlateBoard, gameId: string, update: Update<SlateBoard>): SlateBoard {
  const game = openGame(state.host, { ...slateArgs(state.args), sport: String(state.args.sport), gameId }, (change) =>
    update((board) => (board.game?.gameId === gameId ? { ...board, game: change(board.game) } : board)),
  );
  return { ...state, game };
}

export function startSlate(
  args: Record<string, unknown>,
  answer: Record<string, unknown>,
  host: Host,
  update: Update<SlateBoard>,
): SlateBoard {
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
    compactPlace: firstPlace(listed ? 'games' : 'value'),
    ...(listed ? { listed } : {}),
  };
  for (const name of ['games', 'value'] as const) if (state[name].call.state === 'loading') fetchList(host, name, state[name].args, update);
  if (typeof args.gameId === 'string') state = openGameOnBoard(state, args.gameId, update);
  return state;
}
