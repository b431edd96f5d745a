import { describe, expect, it } from 'vitest';
import { board } from '@/lib/apps/board';
import { SAMPLE_NOTE, SAMPLE_NOTE_SHORT } from '@/lib/data/sample/note';
import { HELPLINE_LINK, RESPONSIBLE_GAMBLING_LINE } from '@/lib/responsible-gambling';
import { GAME_ID } from '../../helpers/view-answers.mjs';
import { answer, byAttr, type Node, click, display, drive, ENV, fakeHost, find, findAll, numbersIn, settle, textOf } from './support';

// The value board drawn from recorded get_game_odds answers on the sample slate: what the model received (a
// slate or a value scan) and what the view asks the host for (the other one, and a game in full).

const slate = answer('slate');
const value = answer('value');
/** A scan down to -3%: more entries than the board shows at first, and a cursor to more. */
const valueWide = answer('value-wide');
const oddsHost = () =>
  fakeHost({
    get_game_odds: (args: Record<string, unknown>) =>
      args.detail === 'full' ? answer('game-full') : args.minExpectedValue !== undefined ? answer('value') : answer('slate'),
    get_injury_report: answer('injuries'),
    get_weather: answer('weather'),
  });

const rowsOf = (tree: Node, table: string) =>
  findAll(find(tree, byAttr('id', table)), (node) => node.tag === 'tr' && node.attrs['data-game'] !== undefined);

describe('the value board', () => {
  it('draws a slate the model received with every outcome, and fetches the value list at the default 2% for the marks', async () => {
    const host = oddsHost();
    const view = drive(board, { sport: 'nfl' }, slate, host);
    expect(host.calls).toEqual([{ name: 'get_game_odds', args: { sport: 'nfl', minExpectedValue: 0.02 } }]);
    await settle();
    const tree = view.render();

    const rows = rowsOf(tree, 'games');
    const outcomes = slate.games.flatMap((game: any) =>
      game.markets.flatMap((market: any) => market.outcomes.map((outcome: any) => ({ game, market, outcome }))),
    );
    expect(rows).toHaveLength(outcomes.length);
    for (const [index, { game, market, outcome }] of outcomes.entries()) {
      const row = rows[index]!;
      expect([row.attrs['data-game'], row.attrs['data-market'], row.attrs['data-outcome']]).toEqual([
        game.gameId,
        market.market,
        outcome.outcome,
      ]);
      const best = outcome.best ?? { americanOdds: outcome.americanOdds, expectedValue: outcome.expectedValue, book: slate.referenceBook };
      // Reference price, fair probability, best price and its expected value: the answer's own numbers.
      expect(numbersIn(row)).toEqual([outcome.americanOdds, outcome.fairProbability, best.americanOdds, best.expectedValue]);
      expect(textOf(row)).toContain(best.book);
      expect(textOf(row)).toContain(market.updatedAgo);
      if (outcome.best) expect(textOf(row)).toContain(`best ${outcome.best.updatedAgo}`);
      expect(findAll(row, byAttr('data-mark', 'arbitrage')).length).toBe(market.arbitrage ? 1 : 0);
      expect(findAll(row, byAttr('data-mark', 'steam')).length).toBe(market.steam?.outcome === outcome.outcome ? 1 : 0);
    }

    // Value is marked where the fetched value list names the outcome, and only there.
    const marked = rows
      .filter((row) => row.attrs['data-value'] === true)
      .map((row) => `${row.attrs['data-game']}|${row.attrs['data-market']}|${row.attrs['data-outcome']}`);
    const shown = new Set(slate.games.map((game: any) => game.gameId));
    expect(marked.sort()).toEqual(
      value.value
        .filter((v: any) => shown.has(v.gameId))
        .map((v: any) => `${v.gameId}|${v.market}|${v.outcome}`)
        .sort(),
    );

    // Above the games, the value list as the tool ordered it, best first: ten, then all on request (a calibrated
    // slate may have fewer than ten at 2%: then all at once, and no button).
    expect(value.value.length).toBeGreaterThan(0);
    expect(rowsOf(tree, 'value')).toHaveLength(Math.min(10, value.value.length));
    if (value.value.length > 10) click(find(tree, byAttr('data-focus', 'more-value')));
    else expect(findAll(tree, byAttr('data-focus', 'more-value'))).toHaveLength(0);
    const valueRows = rowsOf(view.render(), 'value');
    expect(valueRows.map((row) => numbersIn(row))).toEqual(
      value.value.map((v: any) => [v.americanOdds, v.fairProbability, v.expectedValue]),
    );
    expect(textOf(valueRows[0]!)).toContain(value.value[0].updatedAgo);

    // The sample-data notice, every other note once, and the responsible-gambling line.
    expect(textOf(find(tree, byAttr('data-sample')))).toBe(SAMPLE_NOTE);
    if (slate.arbitrageNote) expect(textOf(tree)).toContain(slate.arbitrageNote);
    expect(textOf(tree)).toContain(value.valueNote);
    expect(textOf(tree)).not.toContain('nextCursor');
    expect(textOf(tree)).toContain(RESPONSIBLE_GAMBLING_LINE);
  });

  it("shows an exchange's net prices with the price as quoted beside them, in the games and the value list", async () => {
    const atExchange = structuredClone(slate);
    atExchange.referenceBook = 'betfair_ex_uk';
    const game = atExchange.games[0];
    const outcome = game.markets[0].outcomes[0];
    Object.assign(outcome, { americanOdds: 105, beforeCommission: 110 });
    outcome.best = { book: 'kalshi', americanOdds: 108, beforeCommission: 115, expectedValue: 0.03, updatedAgo: '5 minutes ago' };
    const scan = structuredClone(value);
    Object.assign(scan.value[0], { book: 'kalshi', americanOdds: 108, beforeCommission: 115 });
    const host = fakeHost({
      get_game_odds: (args: Record<string, unknown>) => (args.minExpectedValue !== undefined ? scan : atExchange),
      get_injury_report: answer('injuries'),
      get_weather: answer('weather'),
    });
    const view = drive(board, { sport: 'nfl' }, atExchange, host);
    await settle();
    const tree = view.render();
    const row = rowsOf(tree, 'games')[0]!;
    expect(findAll(row, byAttr('data-quoted')).map(textOf)).toEqual(['quoted +110', 'quoted +115']);
    expect(numbersIn(row)).toEqual([105, outcome.fairProbability, 108, 0.03]);
    expect(findAll(rowsOf(tree, 'value')[0]!, byAttr('data-quoted')).map(textOf)).toEqual(['quoted +115']);
  });

  it('draws a value scan the model received, and fetches the games for the same arguments', async () => {
    const host = oddsHost();
    const view = drive(board, { sport: 'nfl', minExpectedValue: -0.03, limit: 25 }, valueWide, host);
    expect(host.calls).toEqual([{ name: 'get_game_odds', args: { sport: 'nfl' } }]);
    expect(textOf(view.render())).toContain('Loading the games');
    await settle();
    const tree = view.render();
    expect(valueWide.value.length).toBeGreaterThan(10);
    expect(rowsOf(tree, 'value')).toHaveLength(10);
    expect(textOf(find(tree, byAttr('data-focus', 'more-value')))).toBe(`Show all ${valueWide.value.length}`);
    click(find(tree, byAttr('data-focus', 'more-value')));
    expect(rowsOf(view.render(), 'value')).toHaveLength(valueWide.value.length);
    expect(rowsOf(tree, 'games').length).toBeGreaterThan(0);
    expect(textOf(find(tree, (node) => node.tag === 'h2' && textOf(node).startsWith('Value')))).toBe('Value at -3.00% or more');
  });

  it('marks the arbitrage where a market holds one, with its note', async () => {
    const all = answer('slate-all');
    const view = drive(board, { sport: 'nfl', limit: 100 }, all, oddsHost());
    await settle();
    const tree = view.render();
    // The calibrated slate holds one small NFL arbitrage at any moment (docs/data.md); every game is on this page.
    const arbitrages = all.games.flatMap((game: any) => game.markets.filter((market: any) => market.arbitrage));
    expect(arbitrages.length).toBeGreaterThan(0);
    const marks = findAll(find(tree, byAttr('id', 'games')), byAttr('data-mark', 'arbitrage'));
    expect(marks.map((mark) => textOf(mark)).sort()).toEqual(
      arbitrages
        .flatMap((market: any) => market.outcomes.map(() => `Arbitrage ${(market.arbitrage.returnFraction * 100).toFixed(2)}%`))
        .sort(),
    );
    expect(textOf(tree)).toContain(all.arbitrageNote);
  });

  it('sorts by a column from its header button, largest expected value first, and says so with aria-sort', async () => {
    const view = drive(board, { sport: 'nfl' }, slate, oddsHost());
    await settle();
    const header = () =>
      find(find(view.render(), byAttr('id', 'games')), (node) => node.tag === 'th' && textOf(node).startsWith('EV at best'));
    expect(header().attrs['aria-sort']).toBe('none');
    click(find(header(), (node) => node.tag === 'button'));
    expect(header().attrs['aria-sort']).toBe('descending');
    const evs = rowsOf(view.render(), 'games').map((row) => numbersIn(row)[3]!);
    expect(evs).toEqual([...evs].sort((a, b) => b - a));
    click(find(header(), (node) => node.tag === 'button'));
    expect(header().attrs['aria-sort']).toBe('ascending');
  });

  it('opens a game in place through the host: its markets in full with a chart per market, the weather and the injuries', async () => {
    const host = oddsHost();
    const view = drive(board, { sport: 'nfl', book: 'draftkings' }, slate, host);
    await settle();
    const open = findAll(view.render(), byAttr('data-open', GAME_ID))[0]!;
    click(open);
    expect(view.focus).toBe('back');
    expect(host.calls.slice(1)).toEqual([
      { name: 'get_game_odds', args: { sport: 'nfl', gameId: GAME_ID, detail: 'full', history: true, book: 'draftkings' } },
      { name: 'get_injury_report', args: { sport: 'nfl', gameId: GAME_ID } },
      { name: 'get_weather', args: { gameId: GAME_ID } },
    ]);
    await settle();
    const tree = view.render();
    const full = answer('game-full').games[0];
    expect(textOf(find(tree, (node) => node.tag === 'h1'))).toBe(`${full.awayTeam.name} at ${full.homeTeam.name}`);
    for (const market of full.markets) {
      // The chart's points are the history series: the fair line's values, and the price line's prices in its texts.
      const chart = find(tree, byAttr('data-chart', `movement-${market.market}`));
      const fair = findAll(chart, (node) => node.tag === 'circle' && String(node.attrs['data-line']).endsWith(' fair'));
      const series = market.history.series;
      expect(fair.map((point) => Number(point.attrs['data-value']))).toEqual(
        market.history.outcomes.flatMap((_: string, i: number) =>
          series.map((point: any) => point.fairProbability?.[i]).filter((v: unknown) => v != null),
        ),
      );
      const table = find(tree, byAttr('id', `markets-${GAME_ID}`));
      expect(findAll(table, (node) => node.tag === 'tr' && node.attrs['data-market'] === market.market)).toHaveLength(
        market.outcomes.length,
      );
    }
    expect(textOf(find(tree, (node) => node.attrs.class === 'weather'))).toContain(answer('weather').venue);
    const injuries = answer('injuries');
    for (const team of injuries.teams) expect(textOf(find(tree, byAttr('data-team', team.team)))).toContain(team.injuries[0].player);
    expect(textOf(find(tree, byAttr('data-sample')))).toBe(SAMPLE_NOTE);

    click(find(tree, byAttr('data-focus', 'back')));
    expect(view.focus).toBe(`open-${GAME_ID}`);
    expect(rowsOf(view.render(), 'games').length).toBeGreaterThan(0);
  });

  it('opens the game at once when the model asked about one game', async () => {
    const host = oddsHost();
    const view = drive(board, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host);
    expect(host.calls.map((call) => call.name)).toEqual(['get_game_odds', 'get_game_odds', 'get_injury_report', 'get_weather']);
    await settle();
    expect(find(view.render(), byAttr('data-chart', 'movement-h2h'))).toBeDefined();
  });

  it('pages the games through the host with the answer’s cursor', async () => {
    const host = oddsHost();
    const view = drive(board, { sport: 'nfl' }, slate, host);
    await settle();
    const before = rowsOf(view.render(), 'games').length;
    click(find(view.render(), byAttr('data-focus', 'more-games')));
    expect(host.calls.at(-1)).toEqual({ name: 'get_game_odds', args: { sport: 'nfl', cursor: 'a cursor' } });
    await settle();
    expect(rowsOf(view.render(), 'games').length).toBe(2 * before);
  });

  it('continues the model’s own list with its own arguments, and says when a page cannot be had', async () => {
    const args = { sport: 'nfl', minExpectedValue: -0.03, minBooks: 4, limit: 25, cursor: 'the model’s cursor' };
    const host = fakeHost({
      get_game_odds: (asked: Record<string, unknown>) => (asked.cursor ? Promise.reject(new Error('cursor: expired; ask again')) : slate),
    });
    const view = drive(board, args, valueWide, host);
    await settle();
    click(find(view.render(), byAttr('data-focus', 'more-value')));
    click(find(view.render(), byAttr('data-focus', 'more-value')));
    expect(host.calls.at(-1)).toEqual({
      name: 'get_game_odds',
      args: { sport: 'nfl', minExpectedValue: -0.03, minBooks: 4, limit: 25, cursor: 'a cursor' },
    });
    await settle();
    expect(textOf(find(view.render(), byAttr('role', 'alert')))).toBe(' Could not load them: cursor: expired; ask again');
  });

  it('says what failed when a call through the host fails, and draws the rest', async () => {
    const host = fakeHost({
      get_game_odds: (args: Record<string, unknown>) =>
        args.minExpectedValue ? Promise.reject(new Error('rate_limited: wait 10 s')) : slate,
    });
    const view = drive(board, { sport: 'nfl' }, slate, host);
    await settle();
    const tree = view.render();
    expect(textOf(find(tree, byAttr('role', 'alert')))).toBe('Could not load the value list: rate_limited: wait 10 s');
    expect(rowsOf(tree, 'games').length).toBeGreaterThan(0);
  });

  it("lists a game's own note, naming the game: under way, that its prices are those confirmed since kick-off (before: left out)", async () => {
    const under = structuredClone(slate);
    const note = 'In play: priced only by prices confirmed since kick-off; pre-game prices are no longer on offer.';
    Object.assign(under.games[0], { status: 'in_progress', priceNote: note });
    const view = drive(board, { sport: 'nfl' }, under, oddsHost());
    await settle();
    const notes = find(view.render(), (node) => node.attrs['aria-label'] === 'Notes from JEV');
    expect(textOf(notes)).toContain(`${under.games[0].matchup}: ${note}`);
  });

  it('shows names and notes from the data as text, never as markup', async () => {
    const hostile = structuredClone(slate);
    hostile.games[0].matchup = '<img src=x onerror=alert(1)> at <b>NO</b>';
    hostile.priceNote = '<script>alert(1)</script>';
    const view = drive(board, { sport: 'nfl' }, hostile, oddsHost());
    await settle();
    const tree = view.render();
    expect(findAll(tree, (node) => ['img', 'script', 'b'].includes(node.tag))).toEqual([]);
    expect(textOf(tree)).toContain('<img src=x onerror=alert(1)> at <b>NO</b>');
    expect(textOf(tree)).toContain('<script>alert(1)</script>');
    expect(findAll(tree, (node) => 'dangerouslySetInnerHTML' in node.attrs)).toEqual([]);
  });
});

describe('the value board inline', () => {
  it('sums the slate up and shows the top value entries, the games and the notes a tab away, each paged in place', async () => {
    const shown = display('inline', 2);
    const view = drive(board, { sport: 'nfl', minExpectedValue: -0.03 }, valueWide, oddsHost(), { ...ENV, display: shown });
    await settle();
    let tree = view.render();
    // No tables and no charts inline: those are full screen's.
    expect(findAll(tree, (node) => node.tag === 'table' || node.tag === 'svg')).toEqual([]);
    expect(textOf(find(tree, byAttr('data-figure', 'games')))).toBe(String(slate.games.length + (slate.remaining ?? 0)));
    expect(textOf(find(tree, byAttr('data-sample')))).toBe(SAMPLE_NOTE_SHORT);
    const items = (node: Node, list: string) => findAll(find(node, byAttr('data-list', list)), (n) => n.attrs.class === 'item');
    expect(items(tree, 'value').map((item) => numbersIn(item))).toEqual(
      valueWide.value.slice(0, 2).map((v: any) => [v.americanOdds, v.expectedValue, v.fairProbability]),
    );
    click(find(tree, byAttr('data-focus', 'page-next')));
    expect(view.focus).toBe('page-next');
    tree = view.render();
    expect(items(tree, 'value').map((item) => item.attrs['data-outcome'])).toEqual(valueWide.value.slice(2, 4).map((v: any) => v.outcome));
    expect(textOf(find(tree, (node) => node.attrs.class === 'range'))).toBe(`3–4 of ${valueWide.value.length}`);

    click(find(tree, byAttr('data-focus', 'tab-games')));
    tree = view.render();
    expect(items(tree, 'games').map((item) => item.attrs['data-game'])).toEqual(slate.games.slice(0, 2).map((game: any) => game.gameId));
    click(find(tree, byAttr('data-focus', 'tab-notes')));
    expect(textOf(find(view.render(), byAttr('data-list', 'notes')))).toContain(valueWide.valueNote);

    click(find(view.render(), byAttr('data-focus', 'fullscreen')));
    expect(shown.requested).toEqual(['fullscreen']);
  });

  it('opens a game compact inline: its prices a page at a time, and the injuries a tab away', async () => {
    const view = drive(board, { sport: 'nfl' }, slate, oddsHost(), { ...ENV, display: display('inline', 3) });
    await settle();
    // The recorded full answer stands for whichever game is opened.
    click(findAll(view.render(), byAttr('data-open'))[0]!);
    await settle();
    const tree = view.render();
    const game = answer('game-full').games[0];
    const outcomes = game.markets.flatMap((market: any) => market.outcomes.map((o: any) => `${market.market}|${o.outcome}`));
    const prices = findAll(find(tree, byAttr('data-list', 'prices')), (n) => n.attrs.class === 'item');
    expect(prices.map((item) => `${item.attrs['data-market']}|${item.attrs['data-outcome']}`)).toEqual(outcomes.slice(0, 3));
    expect(findAll(tree, (node) => node.tag === 'svg')).toEqual([]);
    click(find(tree, byAttr('data-focus', 'tab-injuries')));
    const injured = answer('injuries').teams.flatMap((team: any) => team.injuries.map((injury: any) => injury.player));
    expect(findAll(find(view.render(), byAttr('data-list', 'injuries')), (n) => n.tag === 'strong').map(textOf)).toEqual(
      injured.slice(0, 3),
    );
  });

  it('says when the host shows views inline only, and offers no full screen there', async () => {
    const inlineOnly = { ...display('inline', 3), canFullscreen: false };
    const view = drive(board, { sport: 'nfl' }, slate, oddsHost(), { ...ENV, display: inlineOnly });
    await settle();
    const tree = view.render();
    expect(findAll(tree, byAttr('data-focus', 'fullscreen'))).toEqual([]);
    expect(textOf(tree)).toContain('This host shows views inline only');
  });

  it('draws the helpline as a link the host opens, and says so when the host would not', async () => {
    const shown = display('inline');
    const view = drive(board, { sport: 'nfl' }, slate, oddsHost(), { ...ENV, display: shown });
    await settle();
    const footer = find(view.render(), (node) => node.attrs.class === 'footer');
    expect(textOf(footer)).toBe(RESPONSIBLE_GAMBLING_LINE);
    const link = find(footer, (node) => node.tag === 'a');
    expect(link.attrs.href).toBe(HELPLINE_LINK);
    click(link);
    expect(shown.opened).toEqual([HELPLINE_LINK]);
    shown.refusedLink = HELPLINE_LINK;
    expect(textOf(find(view.render(), (node) => node.attrs.class === 'refused'))).toContain(HELPLINE_LINK);
  });

  it("started from an alternates answer (one game's alternate lines), asks for that game's own markets and value, and opens it", async () => {
    const host = oddsHost();
    const alternates = { gameId: GAME_ID, startsAt: '2026-11-22T18:00:00Z', matchup: 'x', sport: 'nfl', alternates: [] };
    drive(board, { sport: 'nfl', gameId: GAME_ID, alternates: true }, alternates, host);
    expect(host.calls.filter((call) => call.name === 'get_game_odds' && call.args.detail !== 'full')).toEqual([
      { name: 'get_game_odds', args: { sport: 'nfl', gameId: GAME_ID } },
      { name: 'get_game_odds', args: { sport: 'nfl', gameId: GAME_ID, minExpectedValue: 0.02 } },
    ]);
    expect(host.calls.some((call) => call.args.alternates !== undefined)).toBe(false);
    await settle();
  });

  it('started from a list that answers alone (arbitrages, low hold, middles), asks for the slate and value without it, and counts it', async () => {
    for (const [listArgs, field] of [
      [{ arbitrage: true }, 'arbitrages'],
      [{ arbitrage: true, maxHold: 0.02 }, 'lowHold'],
      [{ middles: true }, 'middles'],
    ] as const) {
      const host = oddsHost();
      const list = { sport: 'nfl', referenceBook: 'draftkings', gamesScanned: 16, [field]: [{}, {}], remaining: 1 };
      const view = drive(board, { sport: 'nfl', ...listArgs }, list, host, { ...ENV, display: display('inline') });
      expect(host.calls).toEqual([
        { name: 'get_game_odds', args: { sport: 'nfl' } },
        { name: 'get_game_odds', args: { sport: 'nfl', minExpectedValue: 0.02 } },
      ]);
      await settle();
      const tree = view.render();
      expect(textOf(find(tree, byAttr('data-figure', 'listed')))).toBe('3');
      expect(find(tree, byAttr('data-list', 'games'))).toBeDefined();
    }
  });

  it('started from a futures answer, draws it from the answer itself and asks for nothing', () => {
    const host = oddsHost();
    const team = {
      team: 'KC',
      americanOdds: 450,
      fairProbability: 0.16,
      fairAmericanOdds: 525,
      best: { book: 'fanduel', americanOdds: 500, expectedValue: -0.04, updatedAgo: '1 hour ago' },
    };
    const futures = {
      sport: 'nfl',
      referenceBook: 'draftkings',
      futures: [{ market: 'champion', consensusBooks: 9, books: 10, field: 32, teams: [team] }],
      futuresNote: 'a note',
    };
    const view = drive(board, { sport: 'nfl', futures: true }, futures, host);
    expect(host.calls).toEqual([]);
    const row = find(view.render(), (node) => node.tag === 'tr' && node.attrs['data-team'] === 'KC');
    expect(numbersIn(row)).toEqual([450, 0.16, 525, 500, -0.04]);
    expect(textOf(row)).toContain('fanduel');
  });
});
