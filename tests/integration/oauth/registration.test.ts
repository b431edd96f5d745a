import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokens } from '@/lib/account/tokens';
import { parseConfig } from '@/lib/config';
import { handleRegistration, type OAuthDeps } from '@/lib/oauth/endpoints';
import { createMemoryLimiter } from '@/lib/ratelimit';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

// Dynamic Client Registration (RFC 7591) against a real database: public clients only, checked redirect
// URIs, and a budget per address.

describe('client registration', () => {
  let database: TestDatabase;
  let deps: (address: string) => OAuthDeps;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    const config = parseConfig({ APP_URL: 'http://localhost:3000', OAUTH_REGISTRATIONS_PER_HOUR: '3' });
    // The budget counts on a pinned clock: an hour's edge passing mid-test would start its count again.
    const limiter = createMemoryLimiter({ now: () => Date.parse('2026-12-06T12:30:00Z') });
    const tokens = createTokens(database.db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    // Registration signs nothing with the session secret.
    deps = (address) => ({ db: database.db, config, limiter, tokens, sessionSecret: () => 'x'.repeat(40), address, now: new Date() });
  });
  afterAll(() => database?.close());

  const register = (body: unknown, address = '203.0.113.1') =>
    handleRegistration(
      new Request('http://localhost:3000/api/oauth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      deps(address),
    );

  it('registers a public client and refuses confidential ones and bad redirect URIs', async () => {
    const ok = await register({ client_name: 'Agent', redirect_uris: ['https://app.example/cb'] }, '198.51.100.1');
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ client_id: expect.stringMatching(/^jevc_/), token_endpoint_auth_method: 'none' });
    const secret = await register(
      { redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'client_secret_basic' },
      '198.51.100.2',
    );
    expect(await secret.json()).toMatchObject({ error: 'invalid_client_metadata' });
    const http = await register({ redirect_uris: ['http://app.example/cb'] }, '198.51.100.3');
    expect(await http.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('limits registrations per address', async () => {
    const body = { client_name: 'Spam', redirect_uris: ['https://app.example/cb'] };
    for (let i = 0; i < 3; i += 1) expect((await register(body)).status).toBe(201);
    const refused = await register(body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await register(body, '203.0.113.2')).status).toBe(201);
  });
});
