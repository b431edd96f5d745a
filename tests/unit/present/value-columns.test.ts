import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ValueTable } from '@/app/(console)/games/ValueTable';
import { board } from '@/lib/apps/board';
import { answer, drive, ENV, fakeHost, settle } from '../apps/support';
import { htmlTable } from './html-table';

// The value list drawn by the console's Games page and by the value board's full screen: one definition of the
// columns (lib/present/value-columns.tsx), so the two tables say the same of the same entries, cell for cell. Only
// the game's link differs (an address on the console, a button through the host in the view).

const value = answer('value');

const valueTable = (html: string) => htmlTable(html, 'value');

describe('the value table', () => {
  it('is the same on the Games page and in the value board, label for label and cell for cell', async () => {
    const host = fakeHost({ get_game_odds: answer('slate') });
    const view = drive(board, { sport: 'nfl', minExpectedValue: 0.02 }, value, host);
    await settle();
    const fromView = valueTable(renderToStaticMarkup(board.render(view.state, ENV, () => {})));

    // The page reads the full answer: the same entries without their game's name and start, which its games give.
    const entries = value.value as Record<string, any>[];
    const games = new Map(entries.map((v) => [v.gameId as string, { title: v.matchup as string, startsAt: v.startsAt as string }]));
    const full = entries.map(({ matchup: _matchup, startsAt: _startsAt, ...entry }) => ({ ...entry, point: entry.point ?? null }));
    const fromConsole = valueTable(
      renderToStaticMarkup(createElement(ValueTable, { value: full as never, games, min: 2, timeZone: ENV.timeZone })),
    );

    expect(fromView.headers).toEqual(['Bet', 'Game', 'Best price', 'Fair', 'EV', 'Books', 'Updated']);
    expect(fromConsole.headers).toEqual(fromView.headers);
    expect(entries.length).toBeGreaterThan(0);
    expect(fromConsole.rows).toHaveLength(Math.min(10, entries.length));
    expect(fromConsole.rows).toEqual(fromView.rows.slice(0, 10));

    // One entry written out: its expected value to the hundredth of a percent, as the answer rounds it.
    const first = entries[0]!;
    const [bet, game, best, fair, ev, books, updated] = fromView.rows[0]!.cells;
    expect(bet!.text).toMatch(new RegExp(`^(Moneyline|Spread|Total) `));
    expect(game!.text).toContain(first.matchup);
    expect(best).toEqual({
      text: `${first.americanOdds > 0 ? '+' : ''}${first.americanOdds} ${first.book}`,
      numbers: [first.americanOdds],
    });
    expect(fair).toEqual({ text: `${(first.fairProbability * 100).toFixed(1)}%`, numbers: [first.fairProbability] });
    expect(ev).toEqual({ text: `${(first.expectedValue * 100).toFixed(2)}%`, numbers: [first.expectedValue] });
    expect(books!.text).toBe(String(first.consensusBooks));
    expect(updated!.text).toBe(first.updatedAgo);
  });
});
