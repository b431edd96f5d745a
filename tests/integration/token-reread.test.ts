import { describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import type { TestDatabase } from '../helpers/fixtures';
import { PROVIDERS } from '../helpers/fixtures';
import { addPricedGame } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// Which failing tool calls read their token again (lib/gateway/gateway.ts, docs/contract.md "Check order"): only a
// failure that can come from the token or its owner going mid-call, a storage error (a missing row, a foreign key's
// refusal, a write conflict) or an internal error. A tool's own answer about the request (invalid_input, not_found)
// reads nothing more. The probe: the server remembers token look-ups (TOKEN_CACHE_SECONDS), and the test revokes or
// deletes the token in the database behind its back, so step 5 still passes from memory and only a re-read sees it.

const WAGER = { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'NYG', americanOdds: -150, stake: 10, book: 'draftkings' };

async function userWithToken(database: TestDatabase, email: string) {
  const { id } = await createUser(database.db, { email });
  await database.db.bankroll.create({ data: { userId: id, balanceCents: 100_000, unitCents: 1000, timeZone: 'UTC' } });
  const { id: tokenId, token } = await database.token(id, 'write');
  return { id, tokenId, token };
}

describe.each(PROVIDERS)('a failing tool call and its token (%s)', (provider) => {
  const app = testApp(provider, {
    env: { TOKEN_CACHE_SECONDS: '300' },
    seed: async (database) => {
      await addPricedGame(database.db, { now: Date.now() });
    },
  });
  const call = async (token: string, tool: string, args: unknown) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, code: res.status === 200 ? undefined : (res.json().error.code as string), body: res.body };
  };

  it('answers invalid_input and not_found without reading the token again', async () => {
    const user = await userWithToken(app.database, `plain-${provider}@example.com`);
    expect((await call(user.token, 'list_games', { sport: 'nfl' })).status).toBe(200); // the look-up is remembered
    await app.database.db.accessToken.update({ where: { id: user.tokenId }, data: { revokedAt: new Date() } });

    const backwards = await call(user.token, 'list_games', { sport: 'nfl', from: '2031-03-10', to: '2031-03-09' });
    expect(backwards, backwards.body).toMatchObject({ status: 400, code: 'invalid_input' });
    const unknownBet = await call(user.token, 'settle_bet', { betId: 'no-such-bet', result: 'void' });
    expect(unknownBet, unknownBet.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('reads the token again after a write refused for a missing row, and answers 401 invalid_token', async () => {
    const user = await userWithToken(app.database, `gone-${provider}@example.com`);
    expect((await call(user.token, 'list_games', { sport: 'nfl' })).status).toBe(200);
    // The account goes with its token; the remembered look-up lets the call through to its write, which the
    // foreign key refuses.
    await app.database.db.user.delete({ where: { id: user.id } });
    const logged = await call(user.token, 'log_bet', WAGER);
    expect(logged, logged.body).toMatchObject({ status: 401, code: 'invalid_token' });
  });
});
