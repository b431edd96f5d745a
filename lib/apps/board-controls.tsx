import type { OddsAnswer } from './answers';
import type { ReactNode } from 'react';
import { moreButton } from './frame';
import type { Update } from './run';
import { fetchList, openGameOnBoard, type ListName, type SlateBoard } from './board-state';

// The value board's two controls drawn both inline and full screen: a game's name that opens it, and a list's "more".

export const openButton = (gameId: string, matchup: string, state: SlateBoard, update: Update<SlateBoard>) => (
  <button
    type="button"
    className="link"
    data-focus={`open-${gameId}`}
    data-open={gameId}
    onClick={() => update((board) => openGameOnBoard(board, gameId, update), 'back')}
  >
    {matchup}
  </button>
);

/** The next page of a list, asked for with the arguments the list was asked with and the answer's cursor. */
export function moreEntries(name: ListName, answer: OddsAnswer, state: SlateBoard, update: Update<SlateBoard>): ReactNode {
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
