import { describe, expect, it } from 'vitest';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { withoutAges } from '../../helpers/ages';
import { PROVIDERS } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { loadTodaysSample } from '../../helpers/clock';
import { modern } from '../mcp/support';
import { upcomingWindow } from '@/lib/tools/odds';
import { addDays, formatDateTimeInZone, instant, sportsDayOf, sportsDays } from '@/lib/time';

// The sports-data tools over real HTTP against the production server, on SQLite and PostgreSQL, with the
// sample slate loaded as `npm start` loads it.

/** A window's instants, as full answers give them: from the start of `from`'s sports day to the start of the day after `to`'s. */
const instants = (from: string, to: string, timeZone: string) => Object.values(sportsDays(from, to, timeZone)).map(instant);

const DATA_TOOLS = [
  'get_game_odds',
  'get_player_props',
  'get_injury_report',
  'list_games',
  'get_game_results',
  'get_team_stats',
  'get_player_stats',
  'get_weather',
];

describe.each(PROVIDERS)('sports data tools on %s', (provider) => {
  let token: string;
  let fanduelUserToken: string;
  let today: string;
  const app = testApp(provider, {
    seed: async (database) => {
      ({ date: today } = await loadTodaysSample(database.db));
      token = (await database.token(await database.user('ann@example.com'), 'read')).token;
      const bob = await database.user('bob@example.com', { balance: 1000, unit: 10, referenceBook: 'fanduel' });
      fanduelUserToken = (await database.token(bob, 'read')).token;
    },
  });

  const call = async (tool: string, args: unknown, bearer = token) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: res.json() };
  };
  /**
   * The NFL games a league's odds answer covers (upcomingWindow, finals left out): today's slate is its week's games,
   * those that kicked off before loading played, and the answer holds those of the last few hours not yet final and
   * the rest to come (a load on a Wednesday has all sixteen to come; on a Sunday at 18:10 UTC, nine in progress and
   * six to come).
   */
  const listedNfl = () => {
    const { from, to } = upcomingWindow(new Date());
    return app.database.db.game.count({
      where: { source: 'sample', sport: 'nfl', status: { not: 'final' }, startsAt: { gte: from, lt: to } },
    });
  };
  /**
   * Whether the listed NFL games' stored spreads or totals hold a middle: one book's side and another's opposite side
   * with a whole result strictly between their lines, winning both (NFL lines are whole or half points: no half win).
   */
  const listedNflHoldMiddle = async () => {
    const rows = await app.database.db.price.findMany({
      where: {
        market: { in: ['spreads', 'totals'] },
        game: { source: 'sample', sport: 'nfl', status: { not: 'final' }, startsAt: { gte: upcomingWindow(new Date()).from } },
      },
      include: { game: { include: { homeTeam: true } } },
    });
    // Each row as the results it wins above (a home spread, an over) or below (an away spread, an under).
    const above = (row: (typeof rows)[number]) =>
      row.market === 'totals' ? row.outcome === 'over' : row.outcome === row.game.homeTeam.abbreviation;
    const threshold = (row: (typeof rows)[number]) => (row.market === 'spreads' && above(row) ? -row.point! : row.point!);
    return rows.some(
      (low) =>
        above(low) &&
        rows.some(
          (high) =>
            high.gameId === low.gameId && high.market === low.market && !above(high) && Math.floor(threshold(low)) + 1 < threshold(high),
        ),
    );
  };

  it('lists the data tools as read-only tools with schemas', async () => {
    const res = await fetch(`${app.server.origin}/api/v1/tools`, { headers: { authorization: `Bearer ${token}` } });
    const { tools } = await res.json();
    for (const name of DATA_TOOLS) {
      const tool = tools.find((t: { name: string }) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(tool.scope).toBe('read');
      expect(tool.hints.readOnlyHint).toBe(true);
      expect(tool.title.length).toBeGreaterThan(3);
    }
  });

  it("get_game_odds: the week's NFL games with every market priced, consensus and ages, marked as sample data", async () => {
    // Full answers are paged (4 games by default): the whole week on one page.
    const { status, body } = await call('get_game_odds', { sport: 'nfl', detail: 'full', limit: 100 });
    expect(status).toBe(200);
    const { data } = body;
    expect(data.referenceBook).toBe('draftkings');
    expect(data.priceNote).toContain('Sample data');
    expect(data.games).toHaveLength(await listedNfl());
    let belowBooks = 0;
    for (const game of data.games) {
      expect(game.markets.map((m: { market: string }) => m.market)).toEqual(['h2h', 'spreads', 'totals']);
      for (const market of game.markets) {
        expect(market.books).toBeGreaterThanOrEqual(8);
        expect(market.consensusBooks).toBeGreaterThanOrEqual(1);
        expect(market.consensusBooks).toBeLessThanOrEqual(market.books);
        if (market.consensusBooks < market.books) belowBooks++;
        expect(market.outcomes).toHaveLength(2);
        for (const outcome of market.outcomes) {
          expect(Number.isInteger(outcome.americanOdds)).toBe(true);
          expect(Math.round(outcome.fairProbability * 1e6) / 1e6).toBe(outcome.fairProbability);
          expect(Number.isInteger(outcome.fairAmericanOdds)).toBe(true);
          expect(typeof outcome.expectedValue).toBe('number');
          expect(outcome.updatedAgo).toMatch(/ago$|just now/);
          expect(outcome.best.americanOdds).toBeGreaterThanOrEqual(outcome.americanOdds);
        }
      }
      const [home] = game.markets[0].outcomes;
      expect(home.outcome).toBe(game.homeTeam.abbreviation);
    }
    expect(belowBooks).toBeGreaterThan(0); // some book sits at another line and is left out
  });

  it("get_game_odds: tonight's NBA slate by date, one market, another reference book; the stored book otherwise", async () => {
    const { body } = await call('get_game_odds', {
      sport: 'nba',
      date: today,
      markets: ['totals'],
      book: 'betmgm',
      detail: 'full',
      limit: 100,
    });
    expect(body.data.referenceBook).toBe('betmgm');
    expect(body.data.games).toHaveLength(10);
    // A game under way is priced only by prices since its kick-off (none, at some hours): those still to come show the
    // one market asked for.
    const coming = (body.data.games as { startsAt: string; markets: any[] }[]).filter((game) => Date.parse(game.startsAt) > Date.now());
    expect(coming.length, 'a game of tonight still to come').toBeGreaterThan(0);
    for (const game of coming) {
      expect(game.markets.map((m: { market: string }) => m.market)).toEqual(['totals']);
      expect(game.markets[0].outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['over', 'under']);
    }
    // The date's window echoed as list_games echoes its days: the day (inclusive) and the zone, and in full the instants.
    const timeZone = 'America/New_York';
    const [startsFrom, startsBefore] = instants(today, today, timeZone);
    expect(body.data.window).toEqual({ from: today, to: today, timeZone, startsFrom, startsBefore });
    const schedule = (await call('list_games', { sport: 'nba', from: today, to: today, detail: 'full' })).body.data;
    expect(body.data.window).toEqual({ from: schedule.from, to: schedule.to, timeZone: schedule.timeZone, startsFrom, startsBefore });
    expect(schedule).toMatchObject({ startsFrom, startsBefore });
    const concise = await call('get_game_odds', { sport: 'nba', date: today, minExpectedValue: 0 });
    expect(concise.body.data.window).toEqual({ from: today, to: today, timeZone });
    const stored = await call('get_game_odds', { sport: 'nba', date: today, detail: 'full' }, fanduelUserToken);
    expect(stored.body.data.referenceBook).toBe('fanduel');
  });

  it('get_game_odds: soccer moneylines have a draw; a team by alias; unknown game 404, unknown team 400 with suggestions', async () => {
    const epl = await call('get_game_odds', { sport: 'epl', markets: ['h2h'], detail: 'full' });
    expect(epl.body.data.games[0].markets[0].outcomes.map((o: { outcome: string }) => o.outcome)).toContain('draw');
    const byAlias = await call('get_game_odds', { sport: 'nfl', team: 'WSH', detail: 'full' });
    expect(byAlias.body.data.games.every((g: any) => [g.homeTeam.abbreviation, g.awayTeam.abbreviation].includes('WAS'))).toBe(true);
    const missing = await call('get_game_odds', { sport: 'nfl', gameId: 'nfl-20990101-aaa-bbb' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const typo = await call('get_game_odds', { sport: 'nfl', team: 'Chefs' });
    expect(typo.status).toBe(400);
    expect(typo.body.error.code).toBe('invalid_input');
    expect(typo.body.error.message).toContain('Kansas City Chiefs');
  });

  it('get_player_props: consensus per prop; the anytime-touchdown market is one-sided (0, no fair price)', async () => {
    // The sample prices props on some games of each kickoff window, not every game: the first listed one that has them.
    // The whole week: its first games may be in progress, their props taken down at kickoff.
    const week = await call('get_game_odds', { sport: 'nfl', markets: ['h2h'], limit: 100 });
    let gameId: string | undefined;
    let answer: { status: number; body: any } | undefined;
    for (const game of week.body.data.games as { gameId: string }[]) {
      answer = await call('get_player_props', { sport: 'nfl', gameId: game.gameId, detail: 'full' });
      if (answer.body.data?.props?.length) {
        gameId = game.gameId;
        break;
      }
    }
    expect(gameId, 'an NFL game still to come with props').toBeDefined();
    const { status, body } = answer!;
    expect(status).toBe(200);
    expect(body.data.priceNote).toContain('Sample data');
    const touchdown = body.data.props.find((p: { market: string }) => p.market === 'player_anytime_td');
    expect(touchdown.consensusBooks).toBe(0);
    expect(touchdown.outcomes[0]).toMatchObject({ outcome: 'yes', fairProbability: null, expectedValue: null });
    expect(touchdown.priceNote).toContain('One-sided');
    const passing = body.data.props.find((p: { market: string }) => p.market === 'player_pass_yds');
    expect(passing.consensusBooks).toBeGreaterThanOrEqual(1);
    expect(passing.outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['over', 'under']);
    const one = await call('get_player_props', { sport: 'nfl', gameId, player: passing.player.toUpperCase(), detail: 'full' });
    expect(one.body.data.props.every((p: { player: string }) => p.player === passing.player)).toBe(true);
    const nobody = await call('get_player_props', { sport: 'nfl', gameId, player: 'Nobody Atall' });
    expect(nobody.status).toBe(400);
    expect((await call('get_player_props', { sport: 'nfl', gameId: 'nope' })).status).toBe(404);
  });

  it('get_game_odds alternates of a game without them names coming games of its league that have some', async () => {
    let checked = 0;
    for (const sport of ['nfl', 'nba', 'epl']) {
      const games = (await call('get_game_odds', { sport, markets: ['h2h'] })).body.data.games as { gameId: string; startsAt: string }[];
      // Games still to come (one under way is priced only since its kick-off, and says that instead).
      for (const { gameId } of games.filter((game) => Date.parse(game.startsAt) > Date.now() + 60_000)) {
        const answer = (await call('get_game_odds', { sport, gameId, alternates: true })).body.data;
        if (answer.alternates.length > 0) continue;
        const named = /Games with alternate lines: (.+)\.$/.exec(answer.priceNote)?.[1]?.split(', ');
        expect(named, answer.priceNote).toBeDefined();
        for (const other of named!) {
          const lines = (await call('get_game_odds', { sport, gameId: other, alternates: true })).body.data.alternates;
          expect(lines.length, other).toBeGreaterThan(0);
        }
        checked++;
        break;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("get_player_props with minExpectedValue: the value over a game's props or, without gameId, the league's week", async () => {
    // The NBA: four games with props in a night of ten at any hour (an NFL Monday has one game).
    const league = await call('get_player_props', { sport: 'nba', minExpectedValue: -1, minBooks: 1, limit: 200 });
    expect(league.status).toBe(200);
    const { data } = league.body;
    expect(data).not.toHaveProperty('props');
    expect(data.gamesScanned).toBeGreaterThan(1);
    expect(data.note).toContain('as last stored');
    const gameIds = new Set<string>(data.value.map((entry: { gameId: string }) => entry.gameId));
    expect(gameIds.size).toBeGreaterThan(1);
    const evs = data.value.map((entry: { expectedValue: number }) => entry.expectedValue);
    expect(evs).toEqual([...evs].sort((a, b) => b - a));
    // Each entry is the best price its game's own props answer shows, for that player's market and outcome.
    const firstGame = [...gameIds][0]!;
    const full = await call('get_player_props', { sport: 'nba', gameId: firstGame, detail: 'full', limit: 200 });
    let checked = 0;
    for (const entry of data.value.filter((e: { gameId: string }) => e.gameId === firstGame)) {
      expect(entry).toMatchObject({ matchup: expect.stringContaining(' at '), startsAt: expect.any(String), player: expect.any(String) });
      const prop = full.body.data.props.find(
        (p: { market: string; player: string }) => p.market === entry.market && p.player === entry.player,
      );
      const outcome = prop.outcomes.find((o: { outcome: string }) => o.outcome === entry.outcome);
      expect(entry.book).toBe(outcome.best.book);
      expect(entry.americanOdds).toBe(outcome.best.americanOdds);
      // The list gives the expected value to 4 places, the full answer to 6, each rounded from the exact figure: at
      // most half a unit of the fourth place apart (-0.03115 in the full answer may be -0.0311 in the list).
      expect(Math.abs(entry.expectedValue - outcome.best.expectedValue)).toBeLessThanOrEqual(0.00005 + 1e-12);
      expect(entry.fairProbability).toBe(outcome.fairProbability);
      if (prop.team) expect(entry.team).toBe(prop.team);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);

    // One game's value, and one player's across the league.
    const game = await call('get_player_props', { sport: 'nba', gameId: firstGame, minExpectedValue: -1, minBooks: 1 });
    expect(game.body.data.gamesScanned).toBe(1);
    expect(game.body.data.value.every((entry: { gameId: string }) => entry.gameId === firstGame)).toBe(true);
    const player = data.value[0].player;
    const one = await call('get_player_props', { sport: 'nba', player: player.toUpperCase(), minExpectedValue: -1, minBooks: 1 });
    expect(one.body.data.value.length).toBeGreaterThan(0);
    expect(one.body.data.value.every((entry: { player: string }) => entry.player === player)).toBe(true);

    // Without gameId the value question is the only question.
    const bare = await call('get_player_props', { sport: 'nba' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.code).toBe('invalid_input');
    expect(bare.body.error.message).toContain('gameId');
    const nobody = await call('get_player_props', { sport: 'nba', player: 'Nobody Atall', minExpectedValue: 0 });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.message).toContain('closest');
  });

  it("get_game_odds with arbitrage: true: the week's arbitrages alone, best first, the same over REST and MCP", async () => {
    const rest = await call('get_game_odds', { sport: 'nfl', arbitrage: true });
    expect(rest.status).toBe(200);
    const { data } = rest.body;
    expect(data).not.toHaveProperty('games');
    expect(data.gamesScanned).toBe(await listedNfl());
    // The sample slate's NFL always holds one book long on a favourite: an arbitrage with its other side.
    expect(data.arbitrages.length).toBeGreaterThan(0);
    expect(data.arbitrageNote).toContain('never risk-free');
    const returns = data.arbitrages.map((entry: { returnFraction: number }) => entry.returnFraction);
    expect(returns).toEqual([...returns].sort((a, b) => b - a));
    // Each entry is the arbitrage its game's own answer shows for that market (ages aside, as for the middles below).
    const week = await call('get_game_odds', { sport: 'nfl', limit: 100 });
    for (const entry of data.arbitrages) {
      expect(entry).toMatchObject({ matchup: expect.stringContaining(' at '), startsAt: expect.any(String) });
      const game = week.body.data.games.find((g: { gameId: string }) => g.gameId === entry.gameId);
      const { market: _market, ...arbitrage } = entry;
      expect(withoutAges(game.markets.find((m: { market: string }) => m.market === entry.market).arbitrage)).toEqual(
        withoutAges(Object.fromEntries(Object.entries(arbitrage).filter(([key]) => !['gameId', 'matchup', 'startsAt'].includes(key)))),
      );
      expect(entry.returnFraction).toBeGreaterThanOrEqual(0);
    }
    const mcp = (
      await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: { sport: 'nfl', arbitrage: true } })
    ).json() as { result: { structuredContent: unknown } };
    expect(withoutAges(mcp.result.structuredContent)).toEqual(withoutAges(data));
    // The list is its own answer: it does not mix with the value list or the full answer.
    const mixed = await call('get_game_odds', { sport: 'nfl', arbitrage: true, minExpectedValue: 0.02 });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toContain('minExpectedValue');
  });

  it("get_game_odds with middles: true: the week's middles alone, the cheapest miss first, the same over REST and MCP", async () => {
    const rest = await call('get_game_odds', { sport: 'nfl', middles: true });
    expect(rest.status).toBe(200);
    const { data } = rest.body;
    expect(data).not.toHaveProperty('games');
    expect(data.gamesScanned).toBe(await listedNfl());
    // The sample slate's NFL games often have a book a point off the others' half-point spread or total: a small
    // middle. Often, not always (a whole-point line a point off is a push, not a middle; a Sunday night has two games
    // left): the list is empty exactly when the stored prices hold none.
    expect(data.middles.length > 0).toBe(await listedNflHoldMiddle());
    if (data.middles.length > 0) expect(data.middleNote).toContain('chance');
    const costs = data.middles.map((entry: { worstReturnFraction: number }) => entry.worstReturnFraction);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    // Each entry is the middle its game's own answer shows for that market. Ages aside: the week's answer may be
    // the one the test before asked for, reused for ODDS_CACHE_SECONDS, and a minute's mark may pass meanwhile.
    const week = await call('get_game_odds', { sport: 'nfl', limit: 100 });
    for (const entry of data.middles) {
      const { gameId, matchup: _matchup, startsAt: _startsAt, market, ...middle } = entry;
      const game = week.body.data.games.find((g: { gameId: string }) => g.gameId === gameId);
      expect(withoutAges(game.markets.find((m: { market: string }) => m.market === market).middle)).toEqual(withoutAges(middle));
      expect(['spreads', 'totals']).toContain(market);
    }
    expect(week.body.data.middleNote).toBe(data.middleNote);
    const mcp = (
      await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: { sport: 'nfl', middles: true } })
    ).json() as { result: { structuredContent: unknown } };
    expect(withoutAges(mcp.result.structuredContent)).toEqual(withoutAges(data));
    const mixed = await call('get_game_odds', { sport: 'nfl', middles: true, arbitrage: true });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toContain('arbitrage');
  });

  it('get_injury_report: players with status and age, and the twice-a-day note', async () => {
    const { body } = await call('get_injury_report', { sport: 'nfl', detail: 'full' });
    expect(body.data.note).toContain('twice a day');
    expect(body.data.note).toContain('game-day inactives');
    expect(body.data.injuries.length).toBeGreaterThan(0);
    expect(Object.keys(body.data.injuries[0]).sort()).toEqual([
      'detail',
      'player',
      'position',
      'reportedAt',
      'status',
      'team',
      'updatedAgo',
      'updatedAt',
    ]);
    const team = body.data.injuries[0].team.abbreviation;
    const forTeam = await call('get_injury_report', { sport: 'nfl', team, detail: 'full' });
    expect(forTeam.body.data.injuries.every((i: any) => i.team.abbreviation === team)).toBe(true);
    expect((await call('get_injury_report', { sport: 'nfl', gameId: 'nfl-20990101-aaa-bbb' })).status).toBe(404);
  });

  it('list_games and get_game_results: schedule and finals; ranges over 14 and 31 days are 422 limit', async () => {
    const schedule = await call('list_games', { sport: 'nfl' });
    expect(schedule.body.data.games.length).toBeGreaterThanOrEqual(await listedNfl());
    expect((await call('list_games', { sport: 'nfl', from: '2026-02-30' })).body.error.message).toBe('from: must be a real calendar date');
    const tooLong = await call('list_games', { sport: 'nfl', from: '2026-01-01', to: '2026-01-15' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error).toMatchObject({ code: 'limit' });
    expect(tooLong.body.error.message).toContain('14 days');
    const results = await call('get_game_results', { sport: 'nfl', detail: 'full' });
    // The last seven sports days, today's included (its window ends after now), hold every final stored in them: a
    // whole NFL week's worth (Thursday to Monday) whatever the day, less any of today's games still to finish.
    // It echoes the window as list_games does: the days (today's the last), the zone, and in full the instants.
    const { from, to, timeZone, startsFrom, startsBefore } = results.body.data;
    expect(timeZone).toBe('America/New_York');
    expect(to).toBe(sportsDayOf(new Date(), timeZone));
    expect([from, timeZone, startsFrom, startsBefore]).toEqual([
      addDays(to, -6),
      schedule.body.data.timeZone,
      ...instants(from, to, timeZone),
    ]);
    expect(Date.parse(startsBefore)).toBeGreaterThan(Date.now());
    const stored = await app.database.db.game.count({
      where: { sport: 'nfl', status: 'final', startsAt: { gte: new Date(startsFrom), lt: new Date(startsBefore) } },
    });
    expect(stored).toBeGreaterThanOrEqual(10);
    expect(results.body.data.results).toHaveLength(stored);
    for (const game of results.body.data.results) {
      expect(game.status).toBe('final');
      expect(Number.isInteger(game.homeScore)).toBe(true);
    }
    const longResults = await call('get_game_results', { sport: 'nba', from: '2026-01-01', to: '2026-02-05' });
    expect(longResults.status).toBe(422);
    expect(longResults.body.error.message).toContain('31 days');
  });

  it('an empty answer says whether the league has no data at all or only no games in that window (of the sample slate)', async () => {
    const noData = 'No NCAAB data is stored at all, so this says nothing about which games exist';
    for (const [tool, list] of [
      ['list_games', 'games'],
      ['get_game_results', 'results'],
      ['get_game_odds', 'games'],
    ] as const) {
      const answer = await call(tool, { sport: 'ncaab' });
      expect(answer.status).toBe(200);
      expect(answer.body.data[list]).toEqual([]);
      expect(answer.body.data.note).toContain(noData);
      expect(answer.body.data.note).toContain('the bundled sample slate covers NFL, NBA, EPL only');
    }
    const injuries = await call('get_injury_report', { sport: 'ncaab', detail: 'full' });
    expect(injuries.body.data.injuries).toEqual([]);
    expect(injuries.body.data.note).toContain('No NCAAB injury report is stored at all, so this does not mean nobody is injured');
    expect((await call('get_injury_report', { sport: 'nba' })).body.data.note).not.toContain('stored at all');
    // Past the stored schedule's end (or before its start) the answer says how far it reaches, not that no games exist.
    const kickoffs = await app.database.db.game.findMany({
      where: { sport: 'nfl' },
      orderBy: { startsAt: 'asc' },
      select: { startsAt: true },
    });
    const [first, last] = [kickoffs[0]!.startsAt, kickoffs.at(-1)!.startsAt].map((at) => at.toISOString().replace('.000Z', 'Z'));
    const ends = `The stored NFL schedule ends with a game at ${last}: later games are not stored yet, so this says nothing about them.`;
    const farAhead = await call('list_games', { sport: 'nfl', from: '2030-01-01', to: '2030-01-07' });
    expect(farAhead.body.data).toMatchObject({ games: [], note: `No games in that window. ${ends} ${SAMPLE_NOTE}` });
    const noFinals = await call('get_game_results', { sport: 'nfl', from: '2030-01-01', to: '2030-01-07' });
    expect(noFinals.body.data).toMatchObject({ results: [], note: `No finals in that window. ${ends} ${SAMPLE_NOTE}` });
    const oddsAhead = await call('get_game_odds', { sport: 'nfl', date: '2030-01-02' });
    expect(oddsAhead.body.data.note).toContain(ends);
    const longAgo = await call('get_game_results', { sport: 'nfl', from: '2020-01-01', to: '2020-01-07' });
    expect(longAgo.body.data.note).toBe(
      `No finals in that window. Stored NFL games begin at ${first}: earlier games are not stored, so this says nothing about them. ${SAMPLE_NOTE}`,
    );
  });

  it('get_team_stats and get_player_stats from the stored finals', async () => {
    const { body } = await call('get_team_stats', { sport: 'nfl', team: 'Chiefs' });
    const stats = body.data;
    expect(stats.team.abbreviation).toBe('KC');
    expect(stats.record.wins + stats.record.losses + stats.record.draws).toBe(stats.gamesPlayed);
    expect(stats.againstTheSpread.wins + stats.againstTheSpread.losses + stats.againstTheSpread.pushes).toBe(stats.gamesPlayed);
    expect(stats.lastFive.length).toBe(Math.min(5, stats.gamesPlayed));
    // The sample stores only recent finals: the answer says what its record covers, lest it be quoted as the season's.
    const finals = await app.database.db.game.findMany({
      where: {
        sport: 'nfl',
        status: 'final',
        season: stats.season,
        OR: [{ homeTeam: { abbreviation: 'KC' } }, { awayTeam: { abbreviation: 'KC' } }],
      },
      orderBy: { startsAt: 'asc' },
    });
    expect(finals).toHaveLength(stats.gamesPlayed);
    expect(stats.note).toBe(
      `From the ${stats.gamesPlayed} finals stored for this season, the first on ${formatDateTimeInZone(finals[0]!.startsAt, 'America/New_York')}: ` +
        `games not stored are not counted, so this is the season's record only if none of its earlier games is missing. ${SAMPLE_NOTE}`,
    );
    // The sample slate follows the date, and so do how many games each player has played: some have two.
    const injuries = await call('get_injury_report', { sport: 'nba', detail: 'full' });
    let name = '';
    let played: unknown[] = [];
    for (const { player: candidate } of injuries.body.data.injuries as { player: string }[]) {
      played = (await call('get_player_stats', { sport: 'nba', player: candidate, lastN: 20 })).body.data.games;
      name = candidate;
      if (played.length > 2) break;
    }
    expect(played.length).toBeGreaterThan(2);
    const player = await call('get_player_stats', { sport: 'nba', player: name.toLowerCase(), lastN: 2 });
    expect(player.status).toBe(200);
    expect(player.body.data.player).toBe(name);
    expect(player.body.data.games).toEqual(played.slice(0, 2));
    expect(player.body.data.averages.points).toBeGreaterThanOrEqual(0);
    const typo = await call('get_player_stats', { sport: 'nba', player: name.slice(0, -2) + 'zz' });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toContain(name);
  });

  it('get_weather: a forecast at outdoor venues, "indoors" otherwise', async () => {
    // Forecasts are for games to come: the first EPL (or NFL) game still to kick off at an outdoor venue.
    const coming = await app.database.db.game.findMany({
      where: { source: 'sample', sport: { in: ['epl', 'nfl'] }, startsAt: { gt: new Date() }, venue: { roof: 'open' } },
      orderBy: [{ sport: 'asc' }, { startsAt: 'asc' }],
    });
    const outdoor = await call('get_weather', { gameId: coming[0]!.id });
    expect(outdoor.body.data.indoor).toBe(false);
    expect(typeof outdoor.body.data.forecast.temperatureF).toBe('number');
    expect(outdoor.body.data.note).toContain('Sample data');
    const nba = await call('list_games', { sport: 'nba' });
    const indoor = await call('get_weather', { gameId: nba.body.data.games[0].gameId });
    expect(indoor.body.data).toMatchObject({ indoor: true });
  });
});
