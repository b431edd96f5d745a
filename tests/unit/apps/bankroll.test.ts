import { describe, expect, it } from 'vitest';
import { bankroll } from '@/lib/apps/bankroll';
import { ToolCallError } from '@/lib/apps/bridge';
import { RESPONSIBLE_GAMBLING_LINE } from '@/lib/responsible-gambling';
import { answer, byAttr, click, display, drive, ENV, fakeHost, find, findAll, numbersIn, settle, textOf } from './support';

// The bankroll view drawn from recorded answers: a user with a bankroll, three settled bets and one open.

const book = answer('bankroll');
const bets = answer('bets');
const host = () =>
  fakeHost({ get_bankroll: book, list_bets: (args: Record<string, unknown>) => (args.limit === 100 ? answer('bets-all') : bets) });

const points = (tree: ReturnType<ReturnType<typeof drive>['render']>, chart: string) =>
  findAll(find(tree, byAttr('data-chart', chart)), (node) => node.tag === 'circle').map((node) => Number(node.attrs['data-value']));

describe('the bankroll view', () => {
  it('draws get_bankroll: the balance, open exposure and the room under each limit; one list_bets call gives the bets and the settled ones', async () => {
    const fake = host();
    const view = drive(bankroll, {}, book, fake);
    expect(fake.calls).toEqual([{ name: 'list_bets', args: { limit: 100 } }]);
    await settle();
    const tree = view.render();
    expect(numbersIn(find(tree, byAttr('data-figure', 'balance')))).toEqual([book.balance]);
    expect(numbersIn(find(tree, byAttr('data-figure', 'exposure')))).toEqual([book.openExposure]);
    const daily = find(tree, byAttr('data-limit', 'daily'));
    expect(numbersIn(daily)).toEqual([book.dailyLossRoom]);
    expect(textOf(daily).trim()).toBe('$63.00 of $100.00 (lost $17.00 today, $20.00 at risk in open bets)');
    expect(find(daily, (node) => node.tag === 'meter').attrs).toMatchObject({
      min: 0,
      max: book.dailyLossLimit,
      value: book.dailyLossRoom,
    });
    expect(numbersIn(find(tree, byAttr('data-limit', 'weekly')))).toEqual([book.weeklyLossRoom]);

    // The bets as list_bets gave them, newest first, with the summary.
    const rows = findAll(find(tree, byAttr('id', 'bets')), byAttr('data-bet'));
    expect(rows.map((row) => row.attrs['data-bet'])).toEqual(bets.bets.map((bet: any) => bet.id));
    expect(rows.map((row) => numbersIn(row))).toEqual(
      bets.bets.map((bet: any) => [bet.stake, ...(bet.profit === undefined ? [] : [bet.profit])]),
    );
    expect(numbersIn(find(tree, byAttr('data-figure', 'profit')))).toEqual([bets.summary.profit]);

    // The charts: the balance worked back from today's after each settlement, oldest first, and the cumulative profit.
    const settled = bets.bets.filter((bet: any) => bet.settledAt).sort((a: any, b: any) => a.settledAt.localeCompare(b.settledAt));
    const profits = settled.map((bet: any) => bet.profit);
    const cumulative = profits.map(
      (_: number, i: number) => Math.round(profits.slice(0, i + 1).reduce((a: number, b: number) => a + b, 0) * 100) / 100,
    );
    const total = cumulative.at(-1);
    expect(points(tree, 'profit')).toEqual([0, ...cumulative]);
    expect(points(tree, 'balance')).toEqual([
      book.balance - total,
      ...cumulative.map((sum: number) => Math.round((book.balance - total + sum) * 100) / 100),
    ]);
    expect(textOf(tree)).toContain(RESPONSIBLE_GAMBLING_LINE);
  });

  it("says a change still cooling off, naming its zone only where the view's times are in another", async () => {
    const waiting =
      'Raising the daily loss limit to $200.00 takes effect on Dec 7, 2026, 2:50 AM (America/New_York); until then $100.00 applies.';
    const cooling = { ...book, timeZone: 'America/New_York', note: `${book.note} ${waiting}` };
    const noticeIn = async (env: typeof ENV) => {
      const view = drive(bankroll, {}, cooling, host(), env);
      await settle();
      return textOf(find(view.render(), byAttr('data-waiting', true))).trim();
    };
    expect(await noticeIn(ENV)).toBe(waiting.replace(' (America/New_York)', ''));
    expect(await noticeIn({ ...ENV, display: display('inline') })).toBe(waiting.replace(' (America/New_York)', ''));
    expect(await noticeIn({ ...ENV, timeZone: 'Europe/Berlin' })).toBe(waiting);
  });

  it('inline, counts the changes cooling off where saying them would not fit: several, a new time zone, a zone named again', async () => {
    const raise =
      'Raising the daily loss limit to $200.00 takes effect on Dec 7, 2026, 2:50 AM (America/Argentina/ComodRivadavia); until then $100.00 applies.';
    const removal =
      'Removing the weekly loss limit takes effect on Dec 7, 2026, 2:50 AM (America/Argentina/ComodRivadavia); until then $500.00 applies.';
    const zone =
      'Until Dec 7, 2026, 2:50 AM (America/Argentina/ComodRivadavia) each loss-limit day and week starts at the earlier of its starts in ' +
      'Pacific/Port_Moresby and America/Argentina/ComodRivadavia, so changing the time zone opens no room.';
    const noticeOf = async (sentences: string[], env: typeof ENV) => {
      const cooling = { ...book, timeZone: 'America/Argentina/ComodRivadavia', note: [book.note, ...sentences].join(' ') };
      const view = drive(bankroll, {}, cooling, host(), env);
      await settle();
      return textOf(find(view.render(), byAttr('data-waiting', true))).trim();
    };
    const inline = { ...ENV, display: display('inline') };
    const inZone = { ...inline, timeZone: 'America/Argentina/ComodRivadavia' };
    const one = 'A change to your limits or time zone is cooling off: the limits shown hold until it applies. Full screen says when.';
    const two = '2 changes to your limits or time zone are cooling off: the limits shown hold until they apply. Full screen says when.';
    expect(await noticeOf([raise], inZone)).toBe(raise.replace(' (America/Argentina/ComodRivadavia)', ''));
    expect(await noticeOf([raise], inline)).toBe(one);
    expect(await noticeOf([zone], inZone)).toBe(one);
    expect(await noticeOf([raise, removal], inZone)).toBe(two);
    // Full screen says each in full.
    expect(await noticeOf([raise, zone], { ...ENV, timeZone: 'America/Argentina/ComodRivadavia' })).toBe(
      `${raise} ${zone}`.replaceAll(' (America/Argentina/ComodRivadavia)', ''),
    );
  });

  it('draws list_bets and fetches the bankroll, not the bets it holds; without a bankroll it says so and charts the profit alone', async () => {
    const fake = fakeHost({
      get_bankroll: new ToolCallError('No bankroll is set up for this user. Ask the user to set one up on the Bankroll page.', 'not_found'),
      list_bets: answer('bets-all'),
    });
    expect(bets.nextCursor).toBeUndefined();
    const view = drive(bankroll, {}, bets, fake);
    expect(fake.calls.map((call) => call.name)).toEqual(['get_bankroll']);
    await settle();
    const tree = view.render();
    expect(textOf(tree)).toContain('No bankroll is set up');
    expect(findAll(tree, byAttr('data-chart', 'balance'))).toEqual([]);
    expect(points(tree, 'profit').at(-1)).toBe(bets.summary.profit);
  });

  it('says so when the bankroll cannot be read for another reason', async () => {
    const view = drive(
      bankroll,
      {},
      bets,
      fakeHost({ get_bankroll: new ToolCallError('Too many calls: wait 12 s.', 'rate_limited'), list_bets: answer('bets-all') }),
    );
    await settle();
    expect(textOf(find(view.render(), byAttr('role', 'alert')))).toBe('Could not load the bankroll: Too many calls: wait 12 s.');
  });

  it('follows the status filter the model listed with, in the table and in the profit chart, reading every bet for the balance', async () => {
    const cashedOut = { ...bets, bets: bets.bets.filter((bet: any) => bet.status === 'cashout') };
    expect(cashedOut.bets.length).toBeGreaterThan(1);
    const fake = host();
    const view = drive(bankroll, { status: 'cashout' }, cashedOut, fake);
    expect(fake.calls).toEqual([
      { name: 'get_bankroll', args: {} },
      { name: 'list_bets', args: { limit: 100 } },
    ]);
    await settle();
    const tree = view.render();
    let sum = 0;
    const cumulative = cashedOut.bets
      .map((bet: any) => bet.profit)
      .reverse()
      .map((profit: number) => (sum = Math.round((sum + profit) * 100) / 100));
    expect(points(tree, 'profit')).toEqual([0, ...cumulative]);
  });

  it('sorts the bets by profit from the header', async () => {
    const view = drive(bankroll, {}, book, host());
    await settle();
    click(
      find(
        find(find(view.render(), byAttr('id', 'bets')), (node) => node.tag === 'th' && textOf(node).startsWith('Profit')),
        (node) => node.tag === 'button',
      ),
    );
    const profits = findAll(find(view.render(), byAttr('id', 'bets')), byAttr('data-bet')).map(
      (row) => bets.bets.find((bet: any) => bet.id === row.attrs['data-bet']).profit ?? 0,
    );
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
  });
});

describe('the bankroll view inline', () => {
  it('shows the balance, the room under each limit and the results, and the newest bets a page at a time', async () => {
    const shown = display('inline', 2);
    const view = drive(bankroll, {}, book, host(), { ...ENV, display: shown });
    await settle();
    const tree = view.render();
    expect(findAll(tree, (node) => node.tag === 'svg')).toEqual([]);
    expect(findAll(tree, (node) => node.tag === 'table')).toEqual([]);
    expect(numbersIn(find(tree, byAttr('data-figure', 'balance')))).toEqual([book.balance]);
    expect(numbersIn(find(tree, byAttr('data-limit', 'daily')))).toEqual([book.dailyLossRoom]);
    expect(numbersIn(find(tree, byAttr('data-limit', 'weekly')))).toEqual([book.weeklyLossRoom]);
    expect(numbersIn(find(tree, byAttr('data-figure', 'profit')))).toEqual([bets.summary.profit]);
    const ids = (node: ReturnType<typeof view.render>) => findAll(node, byAttr('data-bet')).map((item) => item.attrs['data-bet']);
    expect(ids(tree)).toEqual(bets.bets.slice(0, 2).map((bet: any) => bet.id));
    click(find(tree, byAttr('data-focus', 'page-next')));
    expect(ids(view.render())).toEqual(bets.bets.slice(2, 4).map((bet: any) => bet.id));
    click(find(view.render(), byAttr('data-focus', 'fullscreen')));
    expect(shown.requested).toEqual(['fullscreen']);
  });
});
