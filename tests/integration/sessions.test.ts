import { describe, expect, it } from 'vitest';
import { createUser } from '@/lib/account/users';
import { cookieHeader, SESSION_COOKIE, signIn, signOut } from '../helpers/console-http';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// Signing out ends the session on the server side: a copy of the session cookie taken before sign-out no
// longer opens a console page, over HTTP against the built server.

const PASSWORD = 'correct horse battery';

describe('console sessions', () => {
  const app = testApp('sqlite', {
    seed: (database) => createUser(database.db, { email: 'sam@example.com', password: PASSWORD }),
  });

  const connectPage = (cookies: Record<string, string>) =>
    raw(app.server.port, { method: 'GET', path: '/connect', headers: { cookie: cookieHeader(cookies) } });

  it('a session cookie copied before sign-out stops working after it; a new sign-in works again', async () => {
    const { res, cookies } = await signIn(app.server.port, 'sam@example.com', PASSWORD);
    expect(res.status, res.body).toBe(200);
    expect(cookies[SESSION_COOKIE]).toBeTruthy();
    const copied = { [SESSION_COOKIE]: cookies[SESSION_COOKIE]! };
    const before = await connectPage(copied);
    expect(before.status).toBe(200);
    expect(before.body).toContain('Sign out everywhere');

    const out = await signOut(app.server.port, cookies);
    expect(out.status, out.body).toBe(200);

    const after = await connectPage(copied);
    expect(after.status).toBe(307);
    expect(after.headers.location).toMatch(/\/signin/);

    const again = await signIn(app.server.port, 'sam@example.com', PASSWORD);
    expect((await connectPage({ [SESSION_COOKIE]: again.cookies[SESSION_COOKIE]! })).status).toBe(200);
  });
});
