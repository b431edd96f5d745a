import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokens } from '@/lib/account/tokens';
import { createUser } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';
import { registerClient } from '@/lib/oauth/clients';
import { createAuthorizationCode, exchangeCode } from '@/lib/oauth/grants';
import { runJevHere } from '../helpers/cli';
import { cookieHeader, postForm, SESSION_COOKIE, setCookies, signIn, type Cookies } from '../helpers/console-http';
import { PROVIDERS, type TestDatabase } from '../helpers/fixtures';
import { addPricedGame } from '../helpers/games';
import { htmlForms } from '../helpers/html-forms';
import { raw } from '../helpers/http';
import { s256 } from '../helpers/oauth-client';
import { startTestRedis, type TestRedis } from '../helpers/redis-server';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// Deleting an account, from the Account page and with `jev user delete`, on SQLite and PostgreSQL: every row of
// the user goes (tokens, OAuth grant with its refresh token and code, bankroll, bets with their earlier grades,
// picks, known sign-in addresses), their tokens are refused at once on REST and MCP though the server remembers
// look-ups for five minutes (the console deletes in the server's own process; the CLI reaches it through Redis),
// the session and the password stop working, and another user's data is untouched.

const PASSWORD = 'correct horse battery';
const REDIRECT = 'https://app.example/callback';

interface Seeded {
  id: string;
  email: string;
  write: string;
  read: string;
  oauthAccess: string;
  refresh: string;
  clientId: string;
}

/** A user with a password, a bankroll, a read and a write token, and an OAuth grant (an access and a refresh token). */
async function seedUser(database: TestDatabase, email: string): Promise<Seeded> {
  const { db } = database;
  const { id } = await createUser(db, { email, password: PASSWORD });
  await database.db.bankroll.create({ data: { userId: id, balanceCents: 100_000, unitCents: 1000, timeZone: 'UTC' } });
  const write = (await database.token(id, 'write')).token;
  const read = (await database.token(id, 'read')).token;
  const registered = (await registerClient(db, { redirect_uris: [REDIRECT], client_name: 'Deletion Test App' }, new Date())) as {
    client_id: string;
  };
  const client = await db.oAuthClient.findUniqueOrThrow({ where: { clientId: registered.client_id } });
  const verifier = 'v'.repeat(43);
  const now = new Date();
  const code = await createAuthorizationCode(db, {
    clientRowId: client.id,
    userId: id,
    redirectUri: REDIRECT,
    codeChallenge: s256(verifier),
    resource: 'http://localhost/api/mcp',
    scope: 'read',
    now,
  });
  const issued = await exchangeCode(db, createTokens(db, { lookupMaxAgeMs: 0, redisUrl: undefined }), {
    code,
    clientRowId: client.id,
    redirectUri: REDIRECT,
    codeVerifier: verifier,
    accessLifetimeSeconds: 3600,
    now,
  });
  return { id, email, write, read, oauthAccess: issued.access_token, refresh: issued.refresh_token, clientId: registered.client_id };
}

/** Every row that is the user's, per table (an earlier grade and a refresh token through their bet and grant). */
async function rowsOf(db: Db, userId: string) {
  const where = { userId };
  return {
    user: await db.user.count({ where: { id: userId } }),
    accessTokens: await db.accessToken.count({ where }),
    grants: await db.oAuthGrant.count({ where }),
    refreshTokens: await db.oAuthRefreshToken.count({ where: { grant: { userId } } }),
    codes: await db.oAuthCode.count({ where }),
    bankroll: await db.bankroll.count({ where }),
    bets: await db.bet.count({ where }),
    earlierGrades: await db.betGrade.count({ where: { bet: { userId } } }),
    picks: await db.recommendation.count({ where }),
    knownAddresses: await db.knownSignInAddress.count({ where }),
  };
}

describe.each(PROVIDERS)('deleting an account on %s', (provider) => {
  let redis: TestRedis;
  let ann: Seeded;
  let ben: Seeded;
  let cat: Seeded;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis?.stop());
  const app = testApp(provider, {
    // Look-ups remembered far longer than the test: only the deletion's own drop (console) or Redis (CLI) refuses in time.
    env: () => ({ TOKEN_CACHE_SECONDS: '300', REDIS_URL: redis.url }),
    seed: async (database) => {
      await addPricedGame(database.db, { now: Date.now() });
      ann = await seedUser(database, 'ann@example.com');
      ben = await seedUser(database, 'ben@example.com');
      cat = await seedUser(database, 'cat@example.com');
    },
  });

  const rest = (token: string, tool: string, args: unknown = {}) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const mcpBankroll = (token: string) =>
    modern(app.server.port, token, 'tools/call', { name: 'get_bankroll', arguments: {} }, { clientName: 'deletion-test' });
  const refresh = (user: Seeded) =>
    raw(app.server.port, {
      path: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: user.refresh, client_id: user.clientId }).toString(),
    });

  /** Bets logged, one cashed out and then corrected (an earlier grade), a pick saved: all through the API. */
  async function fillBook(user: Seeded): Promise<void> {
    const wager = { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, stake: 10, book: 'draftkings' };
    const first = await rest(user.write, 'log_bet', wager);
    expect(first.status, first.body).toBe(200);
    expect((await rest(user.write, 'log_bet', { ...wager, selection: 'DAL', americanOdds: 130 })).status).toBe(200);
    const betId = first.json().data.bet.id as string;
    expect((await rest(user.write, 'settle_bet', { betId, result: 'cashout', payout: 4 })).status).toBe(200);
    const corrected = await rest(user.write, 'settle_bet', { betId, result: 'cashout', payout: 6, correct: true });
    expect(corrected.status, corrected.body).toBe(200);
    const pick = await rest(user.write, 'save_recommendation', {
      sport: 'nfl',
      gameId: 'nfl-next',
      market: 'h2h',
      selection: 'DAL',
      americanOdds: 130,
      probability: 0.45,
      reasoning: 'Priced above the consensus.',
      risks: 'One book only.',
    });
    expect(pick.status, pick.body).toBe(200);
  }

  /** Every token of the user answers on REST and MCP, and the server now remembers each look-up. */
  async function expectTokensWork(user: Seeded): Promise<void> {
    for (const token of [user.write, user.read, user.oauthAccess]) {
      expect((await rest(token, 'get_bankroll')).status).toBe(200);
      const mcp = await mcpBankroll(token);
      expect(mcp.status, mcp.body).toBe(200);
      expect(mcp.json().result.isError).toBeUndefined();
    }
  }

  async function expectGone(user: Seeded): Promise<void> {
    for (const token of [user.write, user.read, user.oauthAccess]) {
      const res = await rest(token, 'get_bankroll');
      expect(res.status, res.body).toBe(401);
      expect((await mcpBankroll(token)).status).toBe(401);
    }
    const refused = await refresh(user);
    expect(refused.status, refused.body).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
    expect(await rowsOf(app.database.db, user.id)).toEqual({
      user: 0,
      accessTokens: 0,
      grants: 0,
      refreshTokens: 0,
      codes: 0,
      bankroll: 0,
      bets: 0,
      earlierGrades: 0,
      picks: 0,
      knownAddresses: 0,
    });
    const signedIn = await signIn(app.server.port, user.email, PASSWORD);
    expect(signedIn.cookies[SESSION_COOKIE]).toBeUndefined();
  }

  let benBefore: Awaited<ReturnType<typeof rowsOf>>;
  beforeAll(async () => {
    for (const user of [ann, ben, cat]) await fillBook(user);
    benBefore = await rowsOf(app.database.db, ben.id);
    expect(benBefore).toMatchObject({ accessTokens: 3, grants: 1, refreshTokens: 1, codes: 1, bets: 2, earlierGrades: 1, picks: 1 });
  });

  const page = (path: string, cookies: Cookies) =>
    raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(cookies) } });

  it('from the Account page: says what goes, refuses a wrong email or password, then deletes it all and ends the session', async () => {
    await expectTokensWork(ann);
    const { cookies } = await signIn(app.server.port, ann.email, PASSWORD);
    expect(cookies[SESSION_COOKIE]).toBeTruthy();
    const account = await page('/account', cookies);
    expect(account.status).toBe(200);
    expect(account.body).toContain('3 access tokens, 1 connected app, 2 bets (with their grades), 1 pick and the bankroll settings');
    const form = htmlForms(account.body).find((candidate) => candidate.inputs.has('confirmEmail'))!;
    const submit = (values: Record<string, string>) =>
      postForm(app.server, cookies, '/account', [...form.defaults.filter(([name]) => !(name in values)), ...Object.entries(values)]);

    for (const [values, says] of [
      [{ confirmEmail: 'someone@example.com', password: PASSWORD }, 'Type your email, ann@example.com, to confirm.'],
      [{ confirmEmail: ann.email, password: '' }, 'Enter your password.'],
      [{ confirmEmail: ann.email.toUpperCase(), password: 'not my password at all' }, 'That is not your password. Nothing was deleted.'],
    ] as const) {
      const refused = await submit(values);
      expect(refused.status, refused.body.slice(0, 300)).toBe(200);
      expect(refused.body).toContain(says);
      expect((await rowsOf(app.database.db, ann.id)).bets).toBe(2);
    }
    await expectTokensWork(ann);

    const deleted = await submit({ confirmEmail: ` ${ann.email.toUpperCase()} `, password: PASSWORD });
    expect(deleted.status, deleted.body.slice(0, 300)).toBe(303);
    expect(deleted.headers.location).toBe('/account/deleted');
    expect(setCookies(deleted)[SESSION_COOKIE]).toBe('');
    const done = await page('/account/deleted', {});
    expect(done.status).toBe(200);
    expect(done.body).toContain('Your account is deleted');

    await expectGone(ann);
    // The session cookie from before is over: the console sends it to sign in.
    const after = await page('/account', cookies);
    expect(after.status).toBe(307);
    expect(after.headers.location).toMatch(/\/signin/);
    expect(await rowsOf(app.database.db, ben.id)).toEqual(benBefore);
    await expectTokensWork(ben);
  });

  it('with jev user delete: asks for --yes, names an unknown user, then deletes and every instance refuses at once', async () => {
    await expectTokensWork(cat);
    const jev = (...args: string[]) => runJevHere(['user', 'delete', ...args], { DATABASE_URL: app.database.url, REDIS_URL: redis.url });

    const unconfirmed = await jev('--email', cat.email);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain(
      'This deletes cat@example.com with 3 access tokens, 1 connected app, 2 bets (with their grades), 1 pick and the bankroll settings',
    );
    expect(unconfirmed.stderr).toContain('jev user delete --email cat@example.com --yes');
    expect((await rowsOf(app.database.db, cat.id)).user).toBe(1);

    const unknown = await jev('--email', 'nobody@example.com', '--yes');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No user with email nobody@example.com');
    expect((await jev('--yes')).stderr).toContain('--email is required');

    const deleted = await jev('--email', cat.email, '--yes');
    expect(deleted, deleted.stderr).toMatchObject({ code: 0 });
    expect(deleted.stdout).toContain('Deleted user cat@example.com with 3 access tokens, 1 connected app, 2 bets');
    // Announced through Redis before the command returned; the server drops its look-ups as the message arrives.
    const deadline = Date.now() + 5000;
    while ((await rest(cat.read, 'get_bankroll')).status !== 401 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await expectGone(cat);
    expect(await rowsOf(app.database.db, ben.id)).toEqual(benBefore);
    await expectTokensWork(ben);

    const again = await jev('--email', cat.email, '--yes');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('No user with email cat@example.com');
  });
});
