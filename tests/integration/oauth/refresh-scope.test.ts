import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/account/token-format';
import { createTokens } from '@/lib/account/tokens';
import { parseConfig } from '@/lib/config';
import { registerClient } from '@/lib/oauth/clients';
import { handleToken, type OAuthDeps } from '@/lib/oauth/endpoints';
import { createMemoryLimiter } from '@/lib/ratelimit';
import { createAuthorizationCode, REFRESH_REUSE_GRACE_MS } from '@/lib/oauth/grants';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { s256 } from '../../helpers/oauth-client';

// RFC 6749 §6 on a real database: a refresh may ask for less than was granted (the access token it issues
// carries that narrower scope) but never more (invalid_scope); the grant keeps its original scope, so a later
// refresh without `scope` gets the full grant back.

describe('refresh token scope', () => {
  const REDIRECT = 'https://app.example/cb';
  const VERIFIER = 'v'.repeat(43);
  let database: TestDatabase;
  let deps: (now?: Date) => OAuthDeps;
  let clientId: string;
  let clientRowId: string;
  let userId: string;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    const config = parseConfig({ APP_URL: 'http://localhost:3000', NEXTAUTH_SECRET: 's'.repeat(40) });
    const limiter = createMemoryLimiter();
    const tokens = createTokens(database.db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    deps = (now = new Date()) => ({
      db: database.db,
      config,
      limiter,
      tokens,
      sessionSecret: () => config.NEXTAUTH_SECRET!,
      address: '203.0.113.1',
      now,
    });
    userId = await database.user('scope@example.com');
    clientId = (await registerClient(database.db, { client_name: 'Scope Agent', redirect_uris: [REDIRECT] }, new Date()))
      .client_id as string;
    clientRowId = (await database.db.oAuthClient.findUniqueOrThrow({ where: { clientId } })).id;
  });
  afterAll(() => database?.close());

  const token = async (params: Record<string, string>, now?: Date) => {
    const res = await handleToken(
      new Request('http://localhost:3000/api/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, ...params }),
      }),
      deps(now),
    );
    return { status: res.status, body: await res.json() };
  };

  async function grantTokens(scope: 'read' | 'write') {
    const code = await createAuthorizationCode(database.db, {
      clientRowId,
      userId,
      redirectUri: REDIRECT,
      codeChallenge: s256(VERIFIER),
      resource: 'http://localhost:3000/api/mcp',
      scope,
      now: new Date(),
    });
    const issued = await token({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT });
    expect(issued.body).toMatchObject({ scope });
    return issued.body as { access_token: string; refresh_token: string };
  }

  const storedScope = async (accessToken: string) =>
    (await database.db.accessToken.findUniqueOrThrow({ where: { tokenHash: hashToken(accessToken) } })).scope;

  it('issues a read access token when a write grant is refreshed with scope=read, and keeps the grant write', async () => {
    const issued = await grantTokens('write');
    const narrowed = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope: 'read' });
    expect(narrowed).toMatchObject({ status: 200, body: { scope: 'read' } });
    expect(await storedScope(narrowed.body.access_token)).toBe('read');
    const full = await token({ grant_type: 'refresh_token', refresh_token: narrowed.body.refresh_token });
    expect(full).toMatchObject({ status: 200, body: { scope: 'write' } });
    expect(await storedScope(full.body.access_token)).toBe('write');
  });

  it('refuses to widen a read grant with invalid_scope, and the refresh token stays usable', async () => {
    const issued = await grantTokens('read');
    for (const scope of ['write', 'read write', 'admin']) {
      const widened = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope });
      expect(widened).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    }
    const same = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope: 'read' });
    expect(same).toMatchObject({ status: 200, body: { scope: 'read' } });
    expect(await storedScope(same.body.access_token)).toBe('read');
  });

  it('takes a used refresh token as a leak, past the grace, even when the reuse asks for a scope it may not have', async () => {
    const issued = await grantTokens('read');
    const rotated = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token });
    expect(rotated.status).toBe(200);
    const afterGrace = new Date(Date.now() + REFRESH_REUSE_GRACE_MS + 60_000);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope: 'write' }, afterGrace);
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const after = await token({ grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token }, afterGrace);
    expect(after).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});
