import { describe, expect, it } from 'vitest';
import { deleteAccount } from '@/lib/account/deletion';
import { createTokens } from '@/lib/account/tokens';
import { createUser } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';
import { registerClient } from '@/lib/oauth/clients';
import { createAuthorizationCode, exchangeCode } from '@/lib/oauth/grants';
import { PROVIDERS, type TestDatabase } from '../helpers/fixtures';
import { addPricedGame } from '../helpers/games';
import { raw, type RawResponse } from '../helpers/http';
import { s256 } from '../helpers/oauth-client';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// Deleting an account while its owner is busy, on SQLite and PostgreSQL: write tools over REST and MCP, and an
// OAuth refresh and code exchange, in flight when the account goes. Each call either finished before the delete (and its rows went
// with the account) or gets a contract error (invalid_token, invalid_grant), never a 500; afterwards no row of any
// table names the user. The server reads every token from the database (no remembered look-ups), so the only
// window is between a call's token check and its write: the calls are fired together and the deletion starts as
// soon as the first answers, a few rounds over, since where each one is at that moment varies.

const ROUNDS = 6;
const REDIRECT = 'https://app.example/callback';
const WAGER = { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, stake: 10, book: 'draftkings' };
const PICK = {
  sport: 'nfl',
  gameId: 'nfl-next',
  market: 'h2h',
  selection: 'NYG',
  americanOdds: -150,
  probability: 0.62,
  reasoning: 'Priced above the consensus.',
  risks: 'One book only.',
};

/** A user with a bankroll, a write token and an OAuth grant's refresh token. */
async function seedUser(database: TestDatabase, email: string) {
  const { db } = database;
  const { id } = await createUser(db, { email });
  await db.bankroll.create({ data: { userId: id, balanceCents: 100_000, unitCents: 1000, timeZone: 'UTC' } });
  const write = (await database.token(id, 'write')).token;
  const registered = (await registerClient(db, { redirect_uris: [REDIRECT], client_name: 'Race App' }, new Date())) as {
    client_id: string;
  };
  const client = await db.oAuthClient.findUniqueOrThrow({ where: { clientId: registered.client_id } });
  const verifier = 'v'.repeat(43);
  const now = new Date();
  /** A consent's authorization code, for the verifier above. */
  const consent = () =>
    createAuthorizationCode(db, {
      clientRowId: client.id,
      userId: id,
      redirectUri: REDIRECT,
      codeChallenge: s256(verifier),
      resource: 'http://localhost/api/mcp',
      scope: 'write',
      now,
    });
  const tokens = createTokens(db, { lookupMaxAgeMs: 0, redisUrl: undefined });
  const issued = await exchangeCode(db, tokens, {
    code: await consent(),
    clientRowId: client.id,
    redirectUri: REDIRECT,
    codeVerifier: verifier,
    accessLifetimeSeconds: 3600,
    now,
  });
  // A second consent's code, left for a call to exchange while the account goes.
  const secondCode = await consent();
  return { id, write, refresh: issued.refresh_token, clientId: registered.client_id, code: secondCode, verifier };
}

/** How many rows of each user-owned table name the user. */
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

const NOTHING = {
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
};

describe.each(PROVIDERS)('deleting an account while its owner is busy, on %s', (provider) => {
  const app = testApp(provider, {
    env: { TOKEN_CACHE_SECONDS: '0' },
    seed: async (database) => {
      await addPricedGame(database.db, { now: Date.now() });
    },
  });

  const rest = (token: string, tool: string, args: unknown) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const mcp = (token: string, name: string, args: unknown) => modern(app.server.port, token, 'tools/call', { name, arguments: args });
  const refresh = (user: { refresh: string; clientId: string }) =>
    raw(app.server.port, {
      path: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: user.refresh, client_id: user.clientId }).toString(),
    });

  const exchange = (user: { code: string; verifier: string; clientId: string }) =>
    raw(app.server.port, {
      path: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: user.code,
        redirect_uri: REDIRECT,
        code_verifier: user.verifier,
        client_id: user.clientId,
      }).toString(),
    });

  /** A REST answer: the tool's success, or 401 invalid_token. */
  function expectRestContract(res: RawResponse): void {
    if (res.status === 200) return;
    expect(res.status, res.body).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  }

  /** An MCP answer: the tool's success, or invalid_token (the HTTP 401, or a tool error once the call was admitted). */
  function expectMcpContract(res: RawResponse): void {
    if (res.status === 401) return;
    expect(res.status, res.body).toBe(200);
    const result = res.json().result;
    if (result.isError) expect(result.structuredContent.error.code, res.body).toBe('invalid_token');
  }

  /** An OAuth token answer: new tokens, or 400 invalid_grant. */
  function expectOAuthContract(res: RawResponse): void {
    if (res.status === 200) return;
    expect(res.status, res.body).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  }

  it('every call in flight either finished before the delete or is refused with a contract code, and nothing of the user is left', async () => {
    const { db } = app.database;
    const tokens = createTokens(db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    for (let round = 0; round < ROUNDS; round++) {
      const user = await seedUser(app.database, `busy${round}@example.com`);
      const calls = [
        ...Array.from({ length: 4 }, (_, i) => rest(user.write, 'log_bet', { ...WAGER, stake: 10 + i }).then(expectRestContract)),
        ...Array.from({ length: 3 }, () => rest(user.write, 'save_recommendation', PICK).then(expectRestContract)),
        ...Array.from({ length: 3 }, () => mcp(user.write, 'log_bet', WAGER).then(expectMcpContract)),
        refresh(user).then(expectOAuthContract),
        exchange(user).then(expectOAuthContract),
      ];
      // Once the first call has answered the others are at every stage of theirs; two deletions at once, too.
      await Promise.race(calls);
      const deletions = await Promise.all([deleteAccount(db, tokens, user.id), deleteAccount(db, tokens, user.id)]);
      expect(deletions.filter((deleted) => deleted !== null)).toHaveLength(1);
      await Promise.all(calls);
      expect(await rowsOf(db, user.id), `round ${round}`).toEqual(NOTHING);
    }
  });
});
