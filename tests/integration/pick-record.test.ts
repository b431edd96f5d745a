import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { cookieHeader, signIn, type Cookies } from '../helpers/console-http';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame } from '../helpers/games';
import { raw, toolData } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// The picks' record counts only picks saved before their game kicked off (pickCounts in lib/data/kick-off.ts, by the
// start as stored now), as save_recommendation's refusal promises. A pick stored before that rule (written straight
// to the database, as an old row is) or saved before its game's start was corrected earlier stays listed, marked
// notCounted with why, but list_recommendations' summary and the Picks page take no grade of it: over REST and MCP,
// through pages and filters, on SQLite and PostgreSQL. Before, the summary graded every pick (win rate 0.8 here).

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;
const KICK_OFF = Date.UTC(2026, 0, 10, 18); // fixed: the old game's record does not depend on today
const at = (offset: number) => new Date(KICK_OFF + offset);
/** The old game, final: KC 27, BUF 20. */
const OLD = 'nfl-20260110-buf-kc';
/** A game still to start when its pick is saved, whose start is then corrected to before the pick, and played. */
const MOVED = 'nfl-moved-sea-den';

interface Listed {
  id: string;
  result?: string | null;
  notCounted?: string | null;
}

describe.each(PROVIDERS)("the picks' record on %s", (provider) => {
  let token: string;
  let session: Cookies;
  const ids: Record<string, string> = {};
  const app = testApp(provider, {
    seed: async (database) => {
      const { db } = database;
      const userId = (await createUser(db, { email: 'ann@example.com', password: PASSWORD })).id;
      token = (await database.token(userId, 'write')).token;
      await addGame(db, { id: OLD, home: 'KC', away: 'BUF', startsAt: at(0), status: 'final', homeScore: 27, awayScore: 20 });
      await addGame(db, { id: MOVED, home: 'DEN', away: 'SEA', startsAt: new Date(Date.now() + HOUR) });
      const old = { userId, sport: 'nfl', gameId: OLD, market: 'h2h', americanOdds: -110, probability: 0.55, reasoning: 'r', risks: 'r' };
      // Two before kick-off (won, lost), two saved in play before save_recommendation refused it (both won).
      for (const [name, selection, savedAt] of [
        ['early', 'KC', at(-2 * HOUR)],
        ['lost', 'BUF', at(-HOUR)],
        ['atKickOff', 'KC', at(0)],
        ['inPlay', 'KC', at(HOUR / 2)],
      ] as const) {
        ids[name] = (await db.recommendation.create({ data: { ...old, selection, createdAt: savedAt } })).id;
      }
    },
  });
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'ann@example.com', PASSWORD));
    // Saved before its stored start, as the tool saves it; then the feed corrects the start to before the pick, and
    // the game is played (DEN wins).
    const saved = await rest('save_recommendation', {
      sport: 'nfl',
      gameId: MOVED,
      market: 'h2h',
      selection: 'DEN',
      americanOdds: 120,
      probability: 0.5,
      reasoning: 'Rest.',
      risks: 'Travel.',
    });
    ids.moved = saved.recommendation.id;
    const savedAt = new Date(saved.recommendation.createdAt as string);
    await app.database.db.game.update({
      where: { id: MOVED },
      data: { startsAt: new Date(savedAt.getTime() - 2 * HOUR), status: 'final', homeScore: 24, awayScore: 10 },
    });
  });

  const rest = (tool: string, args: Record<string, unknown>) => toolData(app.server.port, token, tool, args);
  const mcp = async (args: Record<string, unknown>) => {
    const res = await modern(app.server.port, token, 'tools/call', { name: 'list_recommendations', arguments: args });
    expect(res.json().result.isError, res.body).toBeUndefined();
    return res.json().result.structuredContent;
  };

  // No pick suggested a stake: no units.
  const RECORD = {
    count: 5,
    notCounted: 3,
    graded: 2,
    won: 1,
    lost: 1,
    halfWon: 0,
    halfLost: 0,
    pushed: 0,
    winRate: 0.5,
    unitsStaked: 0,
    unitsWon: 0,
  };
  const RECORD_NOTE =
    '3 picks were saved after their game kicked off (marked notCounted): listed and in count, but left out of every ' +
    'other figure of the summary, winRate included, as the record counts only picks made before the game began.';
  const late = (kickOff: string) => `Saved after its game kicked off at ${kickOff}: left out of the summary.`;

  it('the summary grades only picks saved before kick-off, and lists every pick, the late ones marked with why (before: 4 won of 5, 0.8)', async () => {
    const answer = await rest('list_recommendations', {});
    expect(answer.summary).toEqual(RECORD);
    expect(answer.recordNote).toBe(RECORD_NOTE);
    const listed = answer.recommendations as Listed[];
    expect(listed.map((pick) => pick.id)).toEqual([ids.moved, ids.inPlay, ids.atKickOff, ids.lost, ids.early]);
    // Still graded as they stand (nothing stored is lost), but marked: the concise list leaves out a counted pick's null.
    expect(listed.map((pick) => pick.result)).toEqual(['won', 'won', 'won', 'lost', 'won']);
    const movedStart = (await app.database.db.game.findUniqueOrThrow({ where: { id: MOVED } })).startsAt;
    expect(listed.map((pick) => pick.notCounted)).toEqual([
      late(movedStart.toISOString().replace(/\.\d{3}Z$/, 'Z')),
      late('2026-01-10T18:00:00Z'),
      late('2026-01-10T18:00:00Z'),
      undefined,
      undefined,
    ]);
    // MCP answers the same, and detail full says null for a counted pick.
    expect(await mcp({})).toEqual(answer);
    const full = await mcp({ detail: 'full' });
    expect(full.summary).toEqual(RECORD);
    expect((full.recommendations as Listed[]).map((pick) => pick.notCounted === null)).toEqual([false, false, false, true, true]);
    // Nothing stored was changed or dropped.
    expect(await app.database.db.recommendation.count()).toBe(5);
  });

  it('pages keep the whole selection’s record and mark each late pick on its page', async () => {
    const seen: Listed[] = [];
    let cursor: string | undefined;
    do {
      const page = await rest('list_recommendations', { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.summary).toEqual(RECORD);
      seen.push(...(page.recommendations as Listed[]));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((pick) => pick.notCounted).map((pick) => pick.id)).toEqual([ids.moved, ids.inPlay, ids.atKickOff]);
    expect(seen).toHaveLength(5);
  });

  it('filters select the picks the record is of', async () => {
    // Saved from kick-off to an hour after: only the late ones, so nothing is graded and there is no win rate.
    const window = { from: at(0).toISOString(), to: at(HOUR).toISOString() };
    const inPlay = await rest('list_recommendations', window);
    expect(inPlay.summary).toEqual({
      count: 2,
      notCounted: 2,
      graded: 0,
      won: 0,
      lost: 0,
      halfWon: 0,
      halfLost: 0,
      pushed: 0,
      winRate: null,
      unitsStaked: 0,
      unitsWon: 0,
    });
    expect(inPlay.recordNote).toMatch(/^2 picks were saved after their game kicked off/);
    const before = await rest('list_recommendations', { to: at(-1).toISOString() });
    expect(before.summary).toMatchObject({ count: 2, notCounted: 0, graded: 2, winRate: 0.5 });
    expect(before.recordNote).toBeUndefined();
    expect((await rest('list_recommendations', { sport: 'nba' })).summary).toMatchObject({ count: 0, notCounted: 0, winRate: null });
  });

  it('the Picks page shows the same record, each late pick marked not counted with its kick-off', async () => {
    const res = await raw(app.server.port, { method: 'GET', path: '/picks', headers: { cookie: cookieHeader(session) } });
    expect(res.status, res.body.slice(0, 200)).toBe(200);
    const html = res.body.replace(/<!-- -->/g, '');
    expect(html).toMatch(/<dt>Not counted<\/dt><dd>3<\/dd>/);
    expect(html).toMatch(/<dt>Graded<\/dt><dd>2<\/dd>/);
    expect(html).toMatch(/<dt>Win rate<\/dt><dd>50\.0%<\/dd>/);
    expect(html).toContain('3 picks were saved after their game kicked off');
    for (const [name, counted] of [
      ['moved', false],
      ['inPlay', false],
      ['atKickOff', false],
      ['lost', true],
      ['early', true],
    ] as const) {
      const row = new RegExp(`<tr data-pick="${ids[name]}" data-counted="${counted}">(.*?)</tr>`).exec(html);
      expect(row, name).not.toBeNull();
      expect(row![1]!.includes('not counted</strong>: saved after kick-off at <time'), name).toBe(!counted);
    }
  });
});
