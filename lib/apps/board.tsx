import { gamesNotes, notesOf, type FuturesAnswer } from './answers';
import type { ReactElement, ReactNode } from 'react';
import { frame } from './frame';
import { gameBody, gameCompact, gameHeading, gameNotes, type GameState } from './game';
import { futuresScreen, startFutures } from './futures';
import type { Env } from './env';
import type { Update, ViewSpec } from './run';
import { narrowed, startSlate, type BoardState, type Listed, type SlateBoard } from './board-state';
import { boardCompact } from './board-compact';
import { gamesSection, valueSection } from './board-tables';

// The value board: get_game_odds drawn for people. The games with, per outcome, the reference price, the fair
// price, the best price and its book, the expected value at it, and arbitrage, middles, steam and value marked; the value
// list on top. One of the two is the model's own answer (a slate, or a value scan); the view asks the host for
// the other, or for both when the answer is another list: an arbitrage, low-hold or middles list is counted above
// the slate that marks it, one game's alternate lines open that game, and a league's futures are drawn from the
// answer itself (lib/apps/futures.tsx). A game opens in place: the view calls get_game_odds for it in full, with its history. Inline, the
// board is its summary and the top value entries (the games and the notes a tab away, each paged in place);
// full screen, all of it. Its state and calls are in board-state.ts; its compact form (drawn inline) in board-compact.tsx, its
// full-screen tables in board-tables.tsx, and the controls both draw in board-controls.tsx.

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

function slateScreen(state: SlateBoard, env: Env, update: Update<SlateBoard>): ReactElement {
  if (state.game) return gameScreen(state.game, env, update);
  const slate = state.games.call.state === 'ready' ? state.games.call.answer : undefined;
  const value = state.value.call.state === 'ready' ? state.value.call.answer : undefined;
  const sport = typeof state.args.sport === 'string' ? state.args.sport.toUpperCase() : '';
  const notes = [...(state.listed?.notes ?? []), ...notesOf(slate), ...gamesNotes(slate), ...notesOf(value)];
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
