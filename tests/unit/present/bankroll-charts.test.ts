import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BankrollFigure } from '@/app/(console)/bets/BankrollFigure';
import { toCents } from '@/lib/account/money';
import { bankroll } from '@/lib/apps/bankroll';
import { bankrollPoints } from '@/lib/account/bankroll-history';
import { BankrollCharts } from '@/lib/present/BankrollCharts';
import { answer, drive, ENV, fakeHost, settle } from '../apps/support';
import { htmlText } from './html-table';

// The bankroll charts (lib/present/BankrollCharts.tsx) as the console's Bets page and the bankroll view draw them:
// the balance after each settled bet and the cumulative profit, from lib/account/bankroll-history.ts's points.

/** A win of $30 and a loss of $10, today's balance $1,020: $1,000 before the first. */
const history = (balance: number | null) =>
  bankrollPoints(
    [
      { id: 'bet-2', settledAt: new Date('2026-11-25T18:00:00Z'), profitCents: -1000 },
      { id: 'bet-1', settledAt: new Date('2026-11-25T15:00:00Z'), profitCents: 3000 },
    ],
    balance === null ? null : toCents(balance),
    () => true,
  );

const draw = (points: ReturnType<typeof history>) =>
  renderToStaticMarkup(createElement(BankrollCharts, { points, currency: 'USD', timeZone: ENV.timeZone, width: 460 }));

/** Each chart's id, its moments (the rows of its table of every point), its caption and its points' values. */
const chartsIn = (html: string) =>
  [...html.matchAll(/<figure class="chart" data-chart="([^"]+)">([\s\S]*?)<\/figure>/g)].map(([, id, chart]) => ({
    id,
    labels: [...chart!.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map(([, label]) => label),
    caption: htmlText(/<figcaption>([\s\S]*?)<\/figcaption>/.exec(chart!)![1]!).replaceAll('&#x27;', "'"),
    values: [...chart!.matchAll(/<circle [^>]*data-value="([^"]+)"/g)].map(([, value]) => Number(value)),
  }));

const chartsDiv = (html: string) => /<div class="charts">[\s\S]*<\/figure><\/div>/.exec(html)?.[0];

describe('the bankroll charts', () => {
  it('draw the balance and the cumulative profit from the point before the first bet', () => {
    expect(chartsIn(draw(history(1020)))).toEqual([
      {
        id: 'balance',
        labels: ['Before', 'Nov 25, 10:00 AM', 'Nov 25, 1:00 PM'],
        caption:
          "Balance. After each of 2 settled bets, $1,000.00 before the first, $1,020.00 after the last. Worked back from today's balance, so a balance set by hand shifts them.",
        values: [1000, 1030, 1020],
      },
      {
        id: 'profit',
        labels: ['Before', 'Nov 25, 10:00 AM', 'Nov 25, 1:00 PM'],
        caption: 'Cumulative profit. $20.00 over 2 settled bets.',
        values: [0, 30, 20],
      },
    ]);
  });

  it('draw the profit alone without a bankroll, and say so when there is no settled bet', () => {
    expect(chartsIn(draw(history(null))).map((chart) => chart.id)).toEqual(['profit']);
    expect(draw([])).toBe('<p class="empty">No settled bets in this selection yet: the charts start with the first.</p>');
  });

  it('are the same on the Bets page and in the bankroll view, drawn for the same width', async () => {
    const book = answer('bankroll');
    const all = answer('bets-all');
    const view = drive(bankroll, {}, book, fakeHost({ get_bankroll: book, list_bets: all }));
    await settle();
    // The view draws two charts side by side: (968 - 48) / 2 is the Bets page's 460 pixels.
    const fromView = chartsDiv(renderToStaticMarkup(bankroll.render(view.state, { ...ENV, width: 968 }, () => {})));
    const settled = all.bets
      .filter((bet: any) => bet.settledAt)
      .map((bet: any) => ({ ...bet, settledAt: new Date(bet.settledAt), profitCents: toCents(bet.profit) }));
    const points = bankrollPoints(settled, toCents(book.balance), () => true);
    const fromConsole = renderToStaticMarkup(createElement(BankrollFigure, { points, currency: book.currency, timeZone: ENV.timeZone }));

    expect(fromView).toBeDefined();
    expect(chartsDiv(fromConsole)).toBe(fromView);
    expect(chartsIn(fromView!).map((chart) => chart.id)).toEqual(['balance', 'profit']);
    expect(htmlText(fromConsole)).toContain('Bankroll over time. 3 settled bets, ');
  });
});
