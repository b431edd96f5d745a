import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { encodeCursor, NOT_A_CURSOR, queryFingerprint } from '@/lib/paging';
import { cookieHeader, signIn, type Cookies } from '../helpers/console-http';
import { CURSOR_TEST_SECRET, editedCursor, FORGED_TIMES, OTHER_CURSORS, payloadOf, SERVER_CURSORS, signedCursor } from '../helpers/cursors';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// A cursor is read only when the server signed it, and what it holds is checked before a database sees it: a
// user's own nextCursor with its time rewritten (to the ends of JavaScript's dates, past any number, year
// 10000), signed again with the server's own key, with another key or not at all, is 400 invalid_input naming
// `cursor` from list_bets and list_recommendations (REST and MCP) and a 400 page from the console's Bets and
// Picks pages, on both databases. Each was a 500 (Prisma cannot convert the date) before.

const PASSWORD = 'correct horse battery';
const PLACED = Date.UTC(2026, 0, 10, 18); // fixed: the lists do not depend on today

describe.each(PROVIDERS)('forged cursors on %s', (provider) => {
  let userId: string;
  let token: string;
  let session: Cookies;
  const app = testApp(provider, {
    seed: async (database) => {
      userId = (await createUser(database.db, { email: 'ann@example.com', password: PASSWORD })).id;
      token = (await database.token(userId, 'read')).token;
      await addGame(database.db, { id: 'nfl-game', home: 'NYG', away: 'DAL', startsAt: new Date(PLACED + 86_400_000), status: 'final' });
      for (let n = 0; n < 3; n += 1) {
        const at = new Date(PLACED - n * 3_600_000);
        const common = { userId, sport: 'nfl', gameId: 'nfl-game', market: 'h2h', selection: 'NYG', americanOdds: -110 };
        await database.db.bet.create({ data: { ...common, stakeCents: 1000, placedAt: at } });
        await database.db.recommendation.create({ data: { ...common, probability: 0.55, reasoning: 'r', risks: 'r', createdAt: at } });
      }
    },
    env: { NEXTAUTH_SECRET: CURSOR_TEST_SECRET },
  });
  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'ann@example.com', PASSWORD));
  });

  const rest = async (tool: string, args: Record<string, unknown>) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: res.json() };
  };

  /** Every way to forge `cursor` with its sort key's time replaced by `at`. */
  function forgeries(cursor: string, at: number): [string, string][] {
    const [version, fingerprint, issued, [, id]] = payloadOf(cursor);
    const forged = [version, fingerprint, issued, [at, id]];
    return [
      [`time ${at}, signed with the server's key`, signedCursor(forged)],
      [`time ${at}, signature kept`, editedCursor(cursor, forged)],
      [`time ${at}, signed with another key`, signedCursor(forged, OTHER_CURSORS)],
    ];
  }

  it.each(['list_bets', 'list_recommendations'])('%s refuses each forgery with 400 naming cursor, over REST and MCP', async (tool) => {
    const first = await rest(tool, { limit: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const cursor = first.body.data.nextCursor as string;
    expect((await rest(tool, { limit: 1, cursor })).status).toBe(200);
    const forged = [
      ...FORGED_TIMES.flatMap((at) => forgeries(cursor, at)),
      ['the same cursor signed with another key', signedCursor(payloadOf(cursor), OTHER_CURSORS)],
      ['the payload alone', cursor.split('.')[0]!],
    ];
    for (const [what, forgery] of forged) {
      const answer = await rest(tool, { limit: 1, cursor: forgery });
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'invalid_input',
        message: `cursor: ${NOT_A_CURSOR}`,
        issues: [{ path: 'cursor', message: NOT_A_CURSOR }],
      });
      const mcp = (await modern(app.server.port, token, 'tools/call', { name: tool, arguments: { limit: 1, cursor: forgery } })).json()
        .result;
      expect(mcp.isError, what).toBe(true);
      expect(mcp.structuredContent.error, what).toEqual(answer.body.error);
    }
  });

  it.each([
    ['/bets', 'bets-page'],
    ['/picks', 'picks-page'],
  ])('the console page %s answers a forged cursor with a 400 page, and its own with the page', async (path, list) => {
    const page = (cursor: string) =>
      raw(app.server.port, {
        method: 'GET',
        path: `${path}?cursor=${encodeURIComponent(cursor)}`,
        headers: { cookie: cookieHeader(session) },
      });
    // The page's own cursor after the newest row, as the server signs it (its key is CURSOR_TEST_SECRET's).
    const newest = (await app.database.db.bet.findFirstOrThrow({ where: { userId }, orderBy: { placedAt: 'desc' } })).id;
    const own = encodeCursor({ fingerprint: queryFingerprint([list, userId, {}]), now: new Date(), signer: SERVER_CURSORS }, [
      PLACED,
      newest,
    ]);
    const served = await page(own);
    expect(served.status, served.body.slice(0, 300)).toBe(200);
    expect(served.body).not.toContain('That page link is out of date');
    for (const [what, forgery] of FORGED_TIMES.flatMap((at) => forgeries(own, at))) {
      const res = await page(forgery);
      expect(res.status, `${what}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.body, what).toContain('That page link is out of date');
    }
  });
});
