import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/account/token-format';
import type { Db } from '@/lib/db/client';
import { createAuthorizationCode } from '@/lib/oauth/grants';
import { PROVIDERS } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { s256 } from '../../helpers/oauth-client';
import { testApp } from '../../helpers/test-app';

// A refresh is one transaction from claiming the presented refresh token to storing its successor and issuing the
// access token (lib/oauth/grants.ts refreshGrant): a database failing between those writes (503) spends nothing and
// issues nothing, so the client's retry succeeds whenever it comes, and the grant keeps a live refresh token. The
// failure is made by a trigger refusing one write (on PostgreSQL as a read-only database would, 25006; on SQLite
// with RAISE, the only way to fail one write there), through the real server, on both databases.

const REDIRECT = 'https://app.example/cb';
const VERIFIER = 'v'.repeat(43);
const FORM = 'application/x-www-form-urlencoded';

type Provider = (typeof PROVIDERS)[number];

/** The writes a refresh makes after claiming the presented token: each one refused in turn. */
const WRITES = [
  { what: "the grant's last use", table: 'OAuthGrant', event: 'UPDATE' },
  { what: 'the access token', table: 'AccessToken', event: 'INSERT' },
  { what: 'the successor refresh token', table: 'OAuthRefreshToken', event: 'INSERT' },
] as const;

async function refuseWrites(db: Db, provider: Provider, table: string, event: string): Promise<void> {
  if (provider === 'sqlite') {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_write BEFORE ${event} ON "${table}" BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    return;
  }
  await db.$executeRawUnsafe(
    `CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
      `RAISE EXCEPTION 'cannot execute ${event} in a read-only transaction' USING ERRCODE = '25006'; END $$`,
  );
  await db.$executeRawUnsafe(`CREATE TRIGGER refuse_write BEFORE ${event} ON "${table}" FOR EACH ROW EXECUTE FUNCTION refuse_write()`);
}

async function allowWrites(db: Db, provider: Provider, table: string): Promise<void> {
  if (provider === 'sqlite') {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_write`);
    return;
  }
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_write ON "${table}"`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS refuse_write()`);
}

describe.each(PROVIDERS)('a refresh refused midway (%s)', (provider) => {
  let userId = '';
  const app = testApp(provider, {
    seed: async (database) => (userId = await database.user('midge@example.com')),
    env: { TOKEN_CACHE_SECONDS: '0', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' },
  });
  let clientId: string;
  beforeAll(async () => {
    const registered = await raw(app.server.port, {
      path: '/api/oauth/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Midway Agent', redirect_uris: [REDIRECT] }),
    });
    expect(registered.status, registered.body).toBe(201);
    clientId = registered.json().client_id as string;
  });
  let refused: (typeof WRITES)[number] | undefined;
  afterEach(async () => {
    if (refused) await allowWrites(app.database.db, provider, refused.table);
    refused = undefined;
  });

  const token = async (params: Record<string, string>) => {
    const res = await raw(app.server.port, {
      path: '/api/oauth/token',
      headers: { 'content-type': FORM },
      body: new URLSearchParams({ client_id: clientId, ...params }).toString(),
    });
    return { status: res.status, headers: res.headers, body: res.json() as { refresh_token: string; error?: string } };
  };
  const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  async function authorized(): Promise<string> {
    const db = app.database.db;
    const client = await db.oAuthClient.findUniqueOrThrow({ where: { clientId } });
    const code = await createAuthorizationCode(db, {
      clientRowId: client.id,
      userId,
      redirectUri: REDIRECT,
      codeChallenge: s256(VERIFIER),
      resource: `${app.server.origin}/api/mcp`,
      scope: 'read',
      now: new Date(),
    });
    const issued = await token({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return issued.body.refresh_token;
  }

  it.each(WRITES)('refusing $what spends nothing, issues nothing, and the retry succeeds', async (write) => {
    const db = app.database.db;
    const presented = await authorized();
    const stored = await db.oAuthRefreshToken.findUniqueOrThrow({ where: { tokenHash: hashToken(presented) } });
    const grantRows = async () => ({
      accessTokens: await db.accessToken.count({ where: { grantId: stored.grantId } }),
      refreshTokens: await db.oAuthRefreshToken.count({ where: { grantId: stored.grantId } }),
      lastUsedAt: (await db.oAuthGrant.findUniqueOrThrow({ where: { id: stored.grantId } })).lastUsedAt,
    });
    const before = await grantRows();

    await refuseWrites(db, provider, write.table, write.event);
    refused = write;
    const failed = await refresh(presented);
    if (provider === 'postgres')
      expect(failed, JSON.stringify(failed.body)).toMatchObject({ status: 503, body: { error: 'temporarily_unavailable' } });
    // SQLite reports a trigger's RAISE as a constraint failure, which the endpoint takes for a vanished grant.
    else expect(failed, JSON.stringify(failed.body)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await allowWrites(db, provider, write.table);
    refused = undefined;

    // Nothing of the refused refresh stayed: the presented token is unused (so no grace applies to it), no access
    // token or successor was stored, and the grant is live.
    expect((await db.oAuthRefreshToken.findUniqueOrThrow({ where: { id: stored.id } })).usedAt).toBeNull();
    expect(await grantRows()).toEqual(before);
    expect((await db.oAuthGrant.findUniqueOrThrow({ where: { id: stored.grantId } })).revokedAt).toBeNull();

    const retried = await refresh(presented);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const next = await refresh(retried.body.refresh_token);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });
});
