import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateUser, verifiedEmail } from '@/lib/auth/oauth';
import { safeCallbackPath } from '@/lib/console/paths';
import { connectionSnippets } from '@/lib/console/snippets';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

const githubEmails = (emails: unknown) => (async () => Response.json(emails)) as unknown as typeof fetch;

describe('OAuth sign-in finds the user by a verified email only', () => {
  it('takes Google’s email only when Google has verified it', async () => {
    expect(await verifiedEmail({ provider: 'google', profile: { email: 'Ann@Example.com', email_verified: true } })).toBe(
      'ann@example.com',
    );
    expect(await verifiedEmail({ provider: 'google', profile: { email: 'ann@example.com', email_verified: false } })).toBeNull();
  });

  it('takes GitHub’s primary email only when GitHub has verified it', async () => {
    const signIn = { provider: 'github', accessToken: 'gho_x', profile: { email: 'public@example.com' } };
    const verified = [
      { email: 'other@example.com', primary: false, verified: true },
      { email: 'Main@Example.com', primary: true, verified: true },
    ];
    expect(await verifiedEmail(signIn, githubEmails(verified))).toBe('main@example.com');
    expect(await verifiedEmail(signIn, githubEmails([{ email: 'main@example.com', primary: true, verified: false }]))).toBeNull();
    expect(await verifiedEmail({ provider: 'twitter', profile: { email: 'x@example.com' } })).toBeNull();
  });

  describe('with a database', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await testDatabase('sqlite');
    });
    afterAll(() => database.close());

    it('creates the user once, without a password, and finds the same one after', async () => {
      const first = await findOrCreateUser(database.db, 'new@example.com', 'New');
      expect(first.passwordHash).toBeNull();
      expect((await findOrCreateUser(database.db, 'new@example.com', undefined)).id).toBe(first.id);
    });
  });
});

describe('connection snippets', () => {
  it('carry the token while it is shown, else a placeholder', () => {
    const filled = connectionSnippets('http://localhost:3000', 'jev_TOKEN');
    expect(filled.map((snippet) => snippet.id)).toEqual(['claude-code', 'claude-desktop', 'cursor', 'vscode', 'curl']);
    expect(filled[0]!.code).toBe(
      'claude mcp add --transport http jev http://localhost:3000/api/mcp --header "Authorization: Bearer jev_TOKEN"',
    );
    expect(JSON.parse(filled[1]!.code).mcpServers.jev.env.AUTH_HEADER).toBe('Bearer jev_TOKEN');
    expect(JSON.parse(filled[2]!.code).mcpServers.jev.headers.Authorization).toBe('Bearer jev_TOKEN');
    expect(connectionSnippets('http://localhost:3000', null)[0]!.code).toContain('Bearer $TOKEN');
  });

  it('add --allow-http for mcp-remote on a plain-http host other than localhost', () => {
    const args = (origin: string) => JSON.parse(connectionSnippets(origin, null)[1]!.code).mcpServers.jev.args as string[];
    expect(args('http://jev.lan:3000')).toContain('--allow-http');
    expect(args('http://localhost:3000')).not.toContain('--allow-http');
    expect(args('https://jev.example.com')).not.toContain('--allow-http');
  });
});

describe('the page after sign-in', () => {
  it('is a path on this site, never another site', () => {
    expect(safeCallbackPath('/bankroll?x=1')).toBe('/bankroll?x=1');
    const hostile = [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example/x',
      '/\n/evil.example',
      '/x/..//evil.example',
    ];
    for (const callback of [...hostile, ['/a', '/b'], undefined]) {
      expect(safeCallbackPath(callback)).toBe('/connect');
    }
    // Parsed as a browser reads it: the path it would go to, normalised.
    expect(safeCallbackPath('/bets/../picks?sport=nfl#x')).toBe('/picks?sport=nfl#x');
  });
});
