import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame, finishGame, kickOffAfterPicks } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// Player props graded from the stored box score, over REST and MCP on SQLite and PostgreSQL: once the game is
// final and the player's line is stored, auto grades the prop by the stat its market names; without a line the
// prop stays for the user; a grade by hand must be the one the stored line gives.

const HOUR = 3_600_000;
const now = Date.now();

async function addLine(db: Db, gameId: string, player: string, stats: Record<string, number>) {
  await db.playerStat.create({
    data: { sport: 'nfl', player, teamId: 'nfl:KC', gameId, playedAt: new Date(now - HOUR), stats: JSON.stringify(stats), source: 'live' },
  });
}

describe.each(PROVIDERS)('props graded from box scores on %s', (provider) => {
  let write: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const userId = await database.user(`props-${provider}@example.com`, {
        balance: 1000,
        unit: 10,
        timeZone: 'UTC',
        referenceBook: 'draftkings',
      });
      write = (await database.token(userId, 'write')).token;
      await addGame(database.db, { id: 'nfl-props', home: 'KC', away: 'BUF', startsAt: new Date(now - HOUR), status: 'in_progress' });
    },
  });

  const call = (tool: string, args: unknown) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${write}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const log = async (args: Record<string, unknown>) => {
    const res = await call('log_bet', { sport: 'nfl', gameId: 'nfl-props', americanOdds: 100, stake: 10, ...args });
    expect(res.status, res.body).toBe(200);
    return res.json().data.bet as { id: string };
  };
  const prop = { sport: 'nfl', gameId: 'nfl-props', americanOdds: 100, probability: 0.5, reasoning: 'Volume.', risks: 'Game script.' };

  it('auto grades props by the box score once the game is final, exactly once; a player without a line stays for the user', async () => {
    const passing = await log({ market: 'player_pass_yds', selection: 'over', point: 249.5, player: 'Patrick Mahomes' });
    const touchdown = await log({ market: 'player_anytime_td', selection: 'yes', player: 'isiah pacheco' });
    const rushing = await log({ market: 'player_rush_yds', selection: 'over', point: 28, player: 'Patrick Mahomes' });
    const unknown = await log({ market: 'player_reception_yds', selection: 'over', point: 40.5, player: 'Travis Kelce' });
    const byHand = await log({ market: 'player_rush_yds', selection: 'under', point: 60.5, player: 'Isiah Pacheco' });
    // Picks are saved before kick-off: for them the game is still to start, then it kicks off again.
    await app.database.db.game.update({ where: { id: 'nfl-props' }, data: { startsAt: new Date(now + HOUR), status: 'scheduled' } });
    for (const pick of [
      { market: 'player_pass_yds', selection: 'under', point: 249.5, player: 'Patrick Mahomes' },
      { market: 'player_reception_yds', selection: 'over', point: 40.5, player: 'Travis Kelce' },
    ]) {
      const saved = await call('save_recommendation', { ...prop, ...pick });
      expect(saved.status, saved.body).toBe(200);
    }
    await kickOffAfterPicks(app.database.db, 'nfl-props');
    await addLine(app.database.db, 'nfl-props', 'Patrick Mahomes', {
      passingYards: 262,
      passingTouchdowns: 2,
      rushingYards: 28,
      rushingTouchdowns: 0,
    });
    await addLine(app.database.db, 'nfl-props', 'Isiah Pacheco', {
      rushingYards: 81,
      rushingTouchdowns: 1,
      receptions: 2,
      receivingYards: -3,
    });

    // Only after the game: the stored line of a game still in play grades nothing.
    const early = await call('settle_bet', { betId: passing.id, result: 'auto' });
    expect(early.status).toBe(422);
    expect(early.json().error.message).toMatch(/no final score yet/);
    const start = (await call('get_bankroll', {})).json().data.balance;
    await finishGame(app.database.db, 'nfl-props', 27, 20);

    const answers = await Promise.all(Array.from({ length: 10 }, () => call('settle_bet', { betId: passing.id, result: 'auto' })));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers[0]!.json().data).toMatchObject({ status: 'won', profit: 10 });
    const mcp = await modern(app.server.port, write, 'tools/call', {
      name: 'settle_bet',
      arguments: { betId: touchdown.id, result: 'auto' },
    });
    expect(mcp.json().result.structuredContent).toMatchObject({ status: 'won', profit: 10 });
    expect((await call('settle_bet', { betId: rushing.id, result: 'auto' })).json().data).toMatchObject({ status: 'push', profit: 0 });

    const missing = await call('settle_bet', { betId: unknown.id, result: 'auto' });
    expect(missing.status).toBe(422);
    expect(missing.json().error.message).toMatch(/no box-score line for Travis Kelce.*won, lost, push or void/);

    // A grade by hand is the one the stored line gives (a stat correction reaches the line by ingestion, and auto
    // with correct: true regrades by it: tests/integration/ledger.test.ts).
    const wrong = await call('settle_bet', { betId: byHand.id, result: 'won' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().error.message).toMatch(
      /Isiah Pacheco's stored box-score line grades bet \S+ lost, not won: settle it with auto or lost/,
    );
    expect((await call('settle_bet', { betId: byHand.id, result: 'lost' })).json().data).toMatchObject({ status: 'lost', profit: -10 });

    expect((await call('get_bankroll', {})).json().data.balance).toBeCloseTo(start + 10 + 10 + 0 - 10, 9);
    expect((await call('list_bets', {})).json().data.summary).toMatchObject({ open: 1, profit: 10 });

    const picks = (await call('list_recommendations', {})).json().data;
    const resultOf = (player: string) => picks.recommendations.find((p: { player: string }) => p.player === player).result;
    expect(resultOf('Patrick Mahomes')).toBe('lost');
    expect(resultOf('Travis Kelce')).toBeUndefined(); // concise answers leave nulls out
    expect(picks.summary).toMatchObject({ count: 2, graded: 1, lost: 1 });
    expect(picks.gradingNote).toMatch(/Travis Kelce.*no box-score line/);
  });

  it("logs and grades a league's props whose keys do not start with player_ (MLB's batter_hits)", async () => {
    const startsAt = new Date(now - HOUR);
    await addGame(app.database.db, { id: 'mlb-props', sport: 'mlb', home: 'NYY', away: 'BOS', startsAt, status: 'in_progress' });
    const logged = await call('log_bet', {
      sport: 'mlb',
      gameId: 'mlb-props',
      market: 'batter_hits',
      selection: 'over',
      point: 1.5,
      player: 'Aaron Judge',
      americanOdds: 100,
      stake: 10,
    });
    expect(logged.status, logged.body).toBe(200);
    await app.database.db.playerStat.create({
      data: {
        sport: 'mlb',
        player: 'Aaron Judge',
        teamId: 'mlb:NYY',
        gameId: 'mlb-props',
        playedAt: startsAt,
        stats: JSON.stringify({ battingHits: 2 }),
        source: 'live',
      },
    });
    await finishGame(app.database.db, 'mlb-props', 5, 3);
    const settled = await call('settle_bet', { betId: logged.json().data.bet.id, result: 'auto' });
    expect(settled.json().data).toMatchObject({ status: 'won', profit: 10 });
  });
});
