import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BetsTable } from '@/app/(console)/bets/BetsTable';
import { bankroll } from '@/lib/apps/bankroll';
import { answer, drive, ENV, fakeHost, settle } from '../apps/support';
import { htmlTable, htmlText } from './html-table';

// The bets drawn by the console's Bets page and by the bankroll view's full screen: one definition of the columns
// and of the summary (lib/present/bet-columns.tsx), so the two say the same of the same bets, cell for cell. The
// console reads the ledger itself (Dates and nulls), the view reads list_bets' JSON (nulls left out).

/** The recorded list_bets answer, with what the recording has none of: a corrected grade and closing-line values. */
function recorded() {
  const list = answer('bets');
  const [first, second, third] = list.bets as Record<string, any>[];
  first!.closingLineValue = -0.0105;
  second!.closingLineValue = 0.0213;
  second!.correctedAt = '2026-11-25T12:07:30Z';
  second!.earlierGrades = [
    { status: 'lost', payout: 0, profit: -30, gradedAt: '2026-11-25T10:07:30Z', replacedAt: '2026-11-25T11:07:30Z' },
    { status: 'won', payout: 57.27, profit: 27.27, gradedAt: '2026-11-25T11:07:30Z', replacedAt: '2026-11-25T12:07:30Z' },
  ];
  third!.point = null;
  list.summary.averageClosingLineValue = 0.0054;
  list.summary.betsWithClosingLine = 2;
  return list;
}

/** The same bets as the console reads them from the ledger: Dates for times, null for what is not there. */
function asLedgerRows(bets: Record<string, any>[]) {
  const fields = ['point', 'player', 'book', 'payout', 'profit', 'clientLabel', 'notes', 'settledAt', 'correctedAt', 'closingLineValue'];
  const date = (value: string | undefined) => (value === undefined ? null : new Date(value));
  return bets.map((bet) => ({
    ...Object.fromEntries(fields.map((field) => [field, null])),
    ...bet,
    placedAt: new Date(bet.placedAt),
    settledAt: date(bet.settledAt),
    correctedAt: date(bet.correctedAt),
    earlierGrades:
      bet.earlierGrades?.map((grade: Record<string, any>) => ({
        ...grade,
        gradedAt: new Date(grade.gradedAt),
        replacedAt: new Date(grade.replacedAt),
      })) ?? null,
  }));
}

const betsTable = (html: string) => htmlTable(html, 'bets');

/** The list's summary: each term and what it says. */
function summaryOf(html: string) {
  const list = /<dl class="summary">([\s\S]*?)<\/dl>/.exec(html)?.[1];
  if (!list) throw new Error('no summary');
  return [...list.matchAll(/<dt>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)].map(([, term, value]) => [htmlText(term!), htmlText(value!)]);
}

describe('the bets table', () => {
  it('is the same on the Bets page and in the bankroll view, label for label and cell for cell, summary included', async () => {
    const list = recorded();
    const view = drive(bankroll, {}, list, fakeHost({ get_bankroll: answer('bankroll') }));
    await settle();
    const viewHtml = renderToStaticMarkup(bankroll.render(view.state, ENV, () => {}));
    const consoleHtml = renderToStaticMarkup(
      createElement(BetsTable, {
        bets: asLedgerRows(list.bets) as never,
        summary: { ...list.summary, winRate: list.summary.winRate ?? null },
        currency: list.currency,
        timeZone: ENV.timeZone,
      }),
    );
    const fromView = betsTable(viewHtml);
    const fromConsole = betsTable(consoleHtml);

    expect(fromView.headers).toEqual(['Placed', 'Bet', 'Price', 'Stake', 'Status', 'Profit', 'CLV', 'Logged by']);
    expect(fromConsole.headers).toEqual(fromView.headers);
    expect(fromView.rows).toHaveLength(list.bets.length);
    expect(fromConsole.rows).toEqual(fromView.rows);
    expect(summaryOf(consoleHtml)).toEqual(summaryOf(viewHtml));

    // One bet written out: people's name for its market, the price with its book and what log_bet warned of the
    // price, the grades a correction replaced, closing-line value to the hundredth of a percent (as the answer rounds it).
    const second = list.bets[1];
    const [, bet, price, stake, status, profit, clv, client] = fromView.rows[1]!.cells;
    expect(fromView.rows[1]!.attrs).toBe(`data-bet="${second.id}" data-status="${second.status}"`);
    expect(bet!.text).toBe(`Moneyline ${second.selection}${second.gameId}`);
    expect(second.priceFlags).toEqual(['unpriced_book', 'above_books']);
    expect(price!.text).toBe(`${second.americanOdds} ${second.book}no price at its book; above every book`);
    expect(stake).toEqual({ text: `$${second.stake}.00`, numbers: [second.stake] });
    expect(status!.text).toBe('cashout (corrected from lost, then won)');
    expect(profit).toEqual({ text: `$${second.profit}.00`, numbers: [second.profit] });
    expect(clv).toEqual({ text: '2.13%', numbers: [0.0213] });
    expect(client!.text).toBe(second.clientLabel);
    expect(fromView.rows[0]!.cells[2]!.text).toBe(`+${list.bets[0].americanOdds} ${list.bets[0].book}no price at its book`);
    // A bet log_bet warned nothing of the price shows the price and book alone.
    const unflagged = recorded();
    delete unflagged.bets[0].priceFlags;
    const plain = renderToStaticMarkup(
      bankroll.render(drive(bankroll, {}, unflagged, fakeHost({ get_bankroll: answer('bankroll') })).state, ENV, () => {}),
    );
    expect(betsTable(plain).rows[0]!.cells[2]!.text).toBe(`+${list.bets[0].americanOdds} ${list.bets[0].book}`);
    expect(Object.fromEntries(summaryOf(viewHtml))).toMatchObject({ 'Average CLV': '0.54%', ROI: '27.4%', 'Win rate': '–' });
  });

  it("takes the console's settle column as one more, its header for screen readers only and its cells unlabelled", () => {
    const list = recorded();
    const html = renderToStaticMarkup(
      createElement(BetsTable, {
        bets: asLedgerRows(list.bets) as never,
        summary: list.summary,
        currency: list.currency,
        timeZone: ENV.timeZone,
        actions: { key: 'settle', label: 'Settle or correct', hiddenLabel: true, cell: (row) => createElement('button', null, row.id) },
      }),
    );
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Settle or correct</span></th>');
    expect(betsTable(html).headers.at(-1)).toBe('Settle or correct');
    expect(html).toContain('<td><button>bet-1</button></td>');
  });
});
