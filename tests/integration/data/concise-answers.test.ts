import { describe, expect, it } from 'vitest';
import { encodeCursor, queryFingerprint } from '@/lib/paging';
import { withoutAges } from '../../helpers/ages';
import { PROVIDERS } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { CURSOR_TEST_SECRET, SERVER_CURSORS } from '../../helpers/cursors';
import { modern } from '../mcp/support';
import { loadTodaysSample } from '../../helpers/clock';

// The default answers agents get, over REST and MCP on both databases: the value question answers with the
// value, a slate comes in pages that add up to the full answer, and a cursor that is not this query's own is
// a 400 naming `cursor` on both front ends.

describe.each(PROVIDERS)('concise answers on %s', (provider) => {
  let token: string;
  let userId: string;
  let otherToken: string;
  const app = testApp(provider, {
    seed: async (database) => {
      await loadTodaysSample(database.db);
      userId = await database.user('ann@example.com');
      token = (await database.token(userId, 'read')).token;
      otherToken = (await database.token(await database.user('bob@example.com'), 'read')).token;
    },
    // The stale cursor below is signed as the server signs.
    env: { NEXTAUTH_SECRET: CURSOR_TEST_SECRET },
  });

  const call = async (tool: string, args: Record<string, unknown>, bearer = token) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: res.json() };
  };
  const data = async (tool: string, args: Record<string, unknown>) => {
    const { status, body } = await call(tool, args);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    return body.data;
  };

  it('the value question answers with the value list alone: each entry enough to act on, the same as the full scan', async () => {
    const concise = await data('get_game_odds', { sport: 'nba', minExpectedValue: 0.02, limit: 100 });
    const full = await data('get_game_odds', { sport: 'nba', minExpectedValue: 0.02, detail: 'full', limit: 100 });
    expect(concise).not.toHaveProperty('games');
    expect(concise.gamesScanned).toBe(full.games.length);
    // A page of full odds still scans the whole call for value.
    const firstPage = await data('get_game_odds', { sport: 'nba', minExpectedValue: 0.02, detail: 'full' });
    expect(firstPage.games.length).toBeLessThan(full.games.length);
    expect(withoutAges(firstPage.value)).toEqual(withoutAges(full.value));
    expect(concise.priceNote).toBe(full.priceNote);
    expect(concise.valueNote.startsWith(full.valueNote)).toBe(true);
    expect(concise.value.length).toBe(full.value.length);
    expect(concise.value.length).toBeGreaterThan(0);
    const games = new Map(full.games.map((game: any) => [game.gameId, game]));
    concise.value.forEach((entry: any, index: number) => {
      const same = full.value[index];
      const game: any = games.get(entry.gameId);
      expect(entry).toEqual({
        gameId: same.gameId,
        matchup: `${game.awayTeam.name} (${game.awayTeam.abbreviation}) at ${game.homeTeam.name} (${game.homeTeam.abbreviation})`,
        startsAt: game.startsAt.replace('.000Z', 'Z'),
        market: same.market,
        outcome: same.outcome,
        ...(same.point === null ? {} : { point: same.point }),
        book: same.book,
        americanOdds: same.americanOdds,
        fairProbability: same.fairProbability,
        expectedValue: Math.round(same.expectedValue * 1e4) / 1e4,
        consensusBooks: same.consensusBooks,
        // The two calls are made moments apart on the server's clock, so the age may have moved on a step.
        updatedAgo: expect.stringMatching(/ ago$|^just now$/),
      });
    });
    // Best first.
    const values = concise.value.map((entry: any) => entry.expectedValue);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it("a slate's pages add up to the full answer, each outcome the full one's in short", async () => {
    const full = await data('get_game_odds', { sport: 'nfl', detail: 'full', limit: 100 });
    const pages: any[] = [];
    let cursor: string | undefined;
    do {
      const page = await data('get_game_odds', { sport: 'nfl', limit: 5, ...(cursor ? { cursor } : {}) });
      pages.push(page);
      if (page.nextCursor) {
        expect(page.remaining).toBeGreaterThan(0);
        expect(page.pageNote).toContain(`${page.remaining} more games`);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toHaveLength(Math.ceil(full.games.length / 5));
    const games = pages.flatMap((page) => page.games);
    expect(games.map((game) => game.gameId).sort()).toEqual(full.games.map((game: any) => game.gameId).sort());
    for (const game of games) {
      const whole = full.games.find((candidate: any) => candidate.gameId === game.gameId);
      expect(game.matchup).toContain(`(${whole.homeTeam.abbreviation})`);
      for (const [m, market] of game.markets.entries()) {
        const wholeMarket = whole.markets[m];
        expect(market).toMatchObject({ market: wholeMarket.market, consensusBooks: wholeMarket.consensusBooks, books: wholeMarket.books });
        // A middle is the full one's in short; its chance stays null when unknown, as in full.
        if (wholeMarket.middle)
          expect(market.middle).toMatchObject({
            window: wholeMarket.middle.window,
            chance: wholeMarket.middle.chance,
            worstReturnFraction: Math.round(wholeMarket.middle.worstReturnFraction * 1e4) / 1e4,
          });
        else expect(market).not.toHaveProperty('middle');
        for (const [o, outcome] of market.outcomes.entries()) {
          const wholeOutcome = wholeMarket.outcomes[o];
          expect(outcome.fairProbability).toBe(wholeOutcome.fairProbability);
          expect(outcome.fairAmericanOdds).toBe(wholeOutcome.fairAmericanOdds);
          expect(outcome.americanOdds).toBe(wholeOutcome.americanOdds);
          expect(outcome.expectedValue).toBe(Math.round(wholeOutcome.expectedValue * 1e4) / 1e4);
          // The best price is named only when another book beats the reference price.
          if (wholeOutcome.best.americanOdds > wholeOutcome.americanOdds) expect(outcome.best.book).toBe(wholeOutcome.best.book);
          else expect(outcome).not.toHaveProperty('best');
          expect(outcome).not.toHaveProperty('updatedAt');
          expect(outcome).not.toHaveProperty('impliedProbability');
        }
      }
    }
  });

  it('pages list_games, injuries and bets the same way; the full answer is whole unless a limit is given', async () => {
    // The NBA's night lists ten games at any hour (an NFL Monday, one).
    const schedule = await data('list_games', { sport: 'nba', limit: 3 });
    expect(schedule.games).toHaveLength(3);
    expect(schedule.remaining).toBeGreaterThan(0);
    const rest = await data('list_games', { sport: 'nba', limit: 100, cursor: schedule.nextCursor });
    expect(rest).not.toHaveProperty('nextCursor');
    const whole = await data('list_games', { sport: 'nba', detail: 'full' });
    expect([...schedule.games, ...rest.games].map((game: any) => game.gameId).sort()).toEqual(
      whole.games.map((game: any) => game.gameId).sort(),
    );
    expect(whole).not.toHaveProperty('nextCursor');
    const injuries = await data('get_injury_report', { sport: 'nfl', limit: 4 });
    expect(injuries.teams.flatMap((team: any) => team.injuries)).toHaveLength(4);
    expect(injuries.pageNote).toContain('more injuries');
  });

  it('refuses a malformed, foreign or stale cursor with 400 invalid_input naming cursor, over REST and MCP', async () => {
    const page = await data('get_game_odds', { sport: 'nba', limit: 2 });
    const cursor = page.nextCursor as string;
    const stale = encodeCursor(
      {
        fingerprint: queryFingerprint(['get_game_odds', userId, { sport: 'nba' }]),
        now: new Date(Date.now() - 2 * 3_600_000),
        signer: SERVER_CURSORS,
      },
      [0, 'x'],
    );
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ sport: 'nba', cursor: 'not-a-cursor!' }, token, /^cursor: is not a cursor this service returned/],
      [{ sport: 'nba', cursor: `${cursor.slice(0, -4)}AAAA` }, token, /^cursor: /],
      [{ sport: 'epl', cursor }, token, /^cursor: belongs to another query/],
      [{ sport: 'nba', cursor }, otherToken, /^cursor: belongs to another query/],
      [{ sport: 'nba', cursor: stale }, token, /^cursor: has expired/],
      [{ sport: 'nba', cursor: Buffer.from('[1,"x",1,[1,"a\\u0000"]]').toString('base64url') }, token, /^cursor: is not a cursor/],
    ];
    for (const [args, bearer, message] of refusals) {
      const rest = await call('get_game_odds', args, bearer);
      expect(rest.status).toBe(400);
      expect(rest.body.error.code).toBe('invalid_input');
      expect(rest.body.error.issues[0].path).toBe('cursor');
      expect(rest.body.error.message).toMatch(message);
      const mcp = (await modern(app.server.port, bearer, 'tools/call', { name: 'get_game_odds', arguments: args })).json().result;
      expect(mcp.isError).toBe(true);
      expect(mcp.structuredContent.error).toEqual(rest.body.error);
    }
    // The same cursor still works for its own query, and for list_bets too.
    expect((await call('get_game_odds', { sport: 'nba', limit: 2, cursor })).status).toBe(200);
    expect((await call('list_bets', { cursor })).body.error.issues[0].path).toBe('cursor');
  });

  it('MCP answers carry the same concise answer as REST, as text and as structuredContent', async () => {
    const args = { sport: 'nba', minExpectedValue: 0.01 };
    const rest = await data('get_game_odds', args);
    const mcp = (await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: args })).json().result;
    expect(withoutAges(mcp.structuredContent)).toEqual(withoutAges(rest));
    expect(withoutAges(JSON.parse(mcp.content[0].text))).toEqual(withoutAges(rest));
  });
});
