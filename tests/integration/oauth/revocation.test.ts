import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokens } from '@/lib/account/tokens';
import { parseConfig } from '@/lib/config';
import { registerClient } from '@/lib/oauth/clients';
import { handleRevocation } from '@/lib/oauth/endpoints';
import { createAuthorizationCode, exchangeCode } from '@/lib/oauth/grants';
import { createMemoryLimiter } from '@/lib/ratelimit';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

// RFC 7009 for an access token: the client revokes the jev_ token it holds; it is refused at once.

describe('revoking an OAuth access token', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase('sqlite');
  });
  afterAll(() => database?.close());

  it('refuses the revoked access token at once', async () => {
    const config = parseConfig({ APP_URL: 'http://localhost:3000' });
    const userId = await database.user('rita@example.com');
    const { client_id: clientId } = (await registerClient(database.db, { redirect_uris: ['https://app.example/cb'] }, new Date())) as {
      client_id: string;
    };
    const row = await database.db.oAuthClient.findUniqueOrThrow({ where: { clientId } });
    const verifier = 'r'.repeat(43);
    // Look-ups trusted for a minute: the revocation must clear the one the exchange's check leaves behind.
    const tokens = createTokens(database.db, { lookupMaxAgeMs: 60_000, redisUrl: undefined });
    const now = new Date();
    const code = await createAuthorizationCode(database.db, {
      clientRowId: row.id,
      userId,
      redirectUri: 'https://app.example/cb',
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      resource: 'http://localhost:3000/api/mcp',
      scope: 'read',
      now,
    });
    const issued = await exchangeCode(database.db, tokens, {
      code,
      clientRowId: row.id,
      redirectUri: 'https://app.example/cb',
      codeVerifier: verifier,
      accessLifetimeSeconds: 3600,
      now,
    });
    expect(await tokens.find(issued.access_token, new Date())).not.toBeNull();
    const res = await handleRevocation(
      new Request('http://localhost:3000/api/oauth/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: issued.access_token, client_id: clientId }),
      }),
      // Revocation signs nothing with the session secret.
      {
        db: database.db,
        config,
        limiter: createMemoryLimiter(),
        tokens,
        sessionSecret: () => 'x'.repeat(40),
        address: '203.0.113.9',
        now: new Date(),
      },
    );
    expect(res.status).toBe(200);
    expect(await tokens.find(issued.access_token, new Date())).toBeNull();
  });
});
