import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/account/token-format';
import { createTokens } from '@/lib/account/tokens';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { registerClient } from '@/lib/oauth/clients';
import { handleToken, type OAuthDeps } from '@/lib/oauth/endpoints';
import { createAuthorizationCode, REFRESH_REUSE_GRACE_MS } from '@/lib/oauth/grants';
import { createMemoryLimiter } from '@/lib/ratelimit';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { s256 } from '../../helpers/oauth-client';
import { testApp } from '../../helpers/test-app';

// Refresh-token reuse detection with a grace (lib/oauth/grants.ts): a refresh token presented again within
// REFRESH_REUSE_GRACE_MS of its rotation (a client refreshing twice at once, or retrying a lost answer) gets the
// same successor refresh token and the grant lives on; presented later, it is a leak and the grant is revoked.
// Through the real server, and on a pinned clock for the grace's edge, on both databases.

const REDIRECT = 'https://app.example/cb';
const VERIFIER = 'v'.repeat(43);
const FORM = 'application/x-www-form-urlencoded';

interface Issued {
  access_token: string;
  refresh_token: string;
}

/** A code for the client, made in the database as the consent page would (the grant it leads to is the test's). */
async function codeFor(db: Db, clientId: string, userId: string, resource: string, now: Date): Promise<string> {
  const client = await db.oAuthClient.findUniqueOrThrow({ where: { clientId } });
  return createAuthorizationCode(db, {
    clientRowId: client.id,
    userId,
    redirectUri: REDIRECT,
    codeChallenge: s256(VERIFIER),
    resource,
    scope: 'read',
    now,
  });
}

async function grantOf(db: Db, refreshToken: string) {
  const row = await db.oAuthRefreshToken.findUniqueOrThrow({ where: { tokenHash: hashToken(refreshToken) }, include: { grant: true } });
  return row.grant;
}

describe.each(PROVIDERS)('refreshing with one refresh token more than once, through the server (%s)', (provider) => {
  let userId = '';
  const app = testApp(provider, {
    seed: async (database) => (userId = await database.user('rita@example.com')),
    env: { TOKEN_CACHE_SECONDS: '0' },
  });
  let clientId: string;
  beforeAll(async () => {
    const registered = await raw(app.server.port, {
      path: '/api/oauth/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Twice Agent', redirect_uris: [REDIRECT] }),
    });
    expect(registered.status, registered.body).toBe(201);
    clientId = registered.json().client_id as string;
  });

  const token = async (params: Record<string, string>) => {
    const res = await raw(app.server.port, {
      path: '/api/oauth/token',
      headers: { 'content-type': FORM },
      body: new URLSearchParams({ client_id: clientId, ...params }).toString(),
    });
    return { status: res.status, body: res.json() as Issued & { error?: string } };
  };
  const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  async function authorized(): Promise<Issued> {
    const code = await codeFor(app.database.db, clientId, userId, `${app.server.origin}/api/mcp`, new Date());
    const issued = await token({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT });
    expect(issued.status).toBe(200);
    return issued.body;
  }
  /** What the MCP endpoint says to an access token: 401 once its grant is revoked. */
  const mcpStatus = async (accessToken: string) =>
    (
      await raw(app.server.port, {
        path: '/api/mcp',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      })
    ).status;

  it('five refreshes at once all succeed with the same successor, and the grant lives on', async () => {
    const issued = await authorized();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(issued.refresh_token)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const successors = new Set(answers.map((answer) => answer.body.refresh_token));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as [string];
    expect(successor).not.toBe(issued.refresh_token);
    // A retry just after, as of a client that lost its answer, gets the same successor too.
    const retried = await refresh(issued.refresh_token);
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).toBe(successor);

    const next = await refresh(successor);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await grantOf(app.database.db, successor)).revokedAt).toBeNull();
    for (const answer of [...answers, retried, next]) expect(await mcpStatus(answer.body.access_token)).not.toBe(401);
  });

  it('a refresh token presented again after the grace revokes the grant and every token issued under it', async () => {
    const issued = await authorized();
    const rotated = await refresh(issued.refresh_token);
    expect(rotated.status).toBe(200);
    // As if the grace had passed: the rotation moved back in time, past it.
    await app.database.db.oAuthRefreshToken.update({
      where: { tokenHash: hashToken(issued.refresh_token) },
      data: { usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 60_000) },
    });
    const reused = await refresh(issued.refresh_token);
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh(rotated.body.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await grantOf(app.database.db, issued.refresh_token)).revokedAt).not.toBeNull();
    expect(await mcpStatus(rotated.body.access_token)).toBe(401);
  });
});

describe.each(PROVIDERS)('the grace on a pinned clock (%s)', (provider) => {
  const START = new Date('2031-03-09T23:59:30Z');
  let database: TestDatabase;
  let clientId: string;
  let userId: string;
  let deps: (now: Date) => OAuthDeps;

  beforeAll(async () => {
    database = await testDatabase(provider);
    const config = parseConfig({ APP_URL: 'http://localhost:3000', NEXTAUTH_SECRET: 's'.repeat(40) });
    const limiter = createMemoryLimiter();
    const tokens = createTokens(database.db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    deps = (now) => ({
      db: database.db,
      config,
      limiter,
      tokens,
      sessionSecret: () => config.NEXTAUTH_SECRET!,
      address: '203.0.113.1',
      now,
    });
    userId = await database.user('pia@example.com');
    clientId = (await registerClient(database.db, { client_name: 'Clock Agent', redirect_uris: [REDIRECT] }, START)).client_id as string;
  });
  afterAll(() => database?.close());

  const token = async (params: Record<string, string>, now: Date) => {
    const res = await handleToken(
      new Request('http://localhost:3000/api/oauth/token', {
        method: 'POST',
        headers: { 'content-type': FORM },
        body: new URLSearchParams({ client_id: clientId, ...params }),
      }),
      deps(now),
    );
    return { status: res.status, body: (await res.json()) as Issued & { error?: string } };
  };
  const at = (ms: number) => new Date(START.getTime() + ms);

  async function rotatedAt(ms: number) {
    const code = await codeFor(database.db, clientId, userId, 'http://localhost:3000/api/mcp', START);
    const issued = await token({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT }, START);
    const rotated = await token({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token }, at(ms));
    expect(rotated.status).toBe(200);
    return { issued: issued.body, rotated: rotated.body };
  }

  it('up to the grace’s last millisecond, the used token gets the same successor and revokes nothing', async () => {
    const { issued, rotated } = await rotatedAt(1000);
    const again = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token }, at(1000 + REFRESH_REUSE_GRACE_MS));
    expect(again).toMatchObject({ status: 200, body: { refresh_token: rotated.refresh_token } });
    expect((await grantOf(database.db, issued.refresh_token)).revokedAt).toBeNull();
  });

  it('a millisecond past the grace, the used token revokes the grant, its successor with it', async () => {
    const { issued, rotated } = await rotatedAt(1000);
    const late = at(1000 + REFRESH_REUSE_GRACE_MS + 1);
    expect(await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token }, late)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect((await grantOf(database.db, issued.refresh_token)).revokedAt).toEqual(late);
    expect(await token({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token }, late)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('a reuse within the grace still has its scope checked, and a refused one leaves the grant alone', async () => {
    const { issued, rotated } = await rotatedAt(1000);
    const widened = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope: 'write' }, at(2000));
    expect(widened).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect(await token({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token }, at(3000))).toMatchObject({ status: 200 });
  });
});
