import { createUser } from '@/lib/account/users';
import { testDatabase, type TestDatabase } from './fixtures';
import { launchOAuthBrowser, PASSWORD, type OAuthBrowser } from './oauth-browser';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from './server';

// What the OAuth flow tests stand on: a fresh SQLite database with console users (password PASSWORD), the
// production server with the token cache off (a refreshed or disconnected token counts at once), and Chromium.

export interface OAuthStage {
  database: TestDatabase;
  server: RunningServer;
  oauth: OAuthBrowser;
  /** The users' ids, in the order of their emails. */
  userIds: string[];
  close(): Promise<void>;
}

export async function startOAuthStage(emails: readonly string[]): Promise<OAuthStage> {
  const database = await testDatabase('sqlite');
  let server: RunningServer | undefined;
  try {
    const userIds: string[] = [];
    for (const email of emails) userIds.push((await createUser(database.db, { email, password: PASSWORD })).id);
    server = await startServer({ DATABASE_URL: database.url, TOKEN_CACHE_SECONDS: '0', ...GENEROUS_BUDGETS });
    const oauth = await launchOAuthBrowser();
    const started = server;
    return {
      database,
      server,
      oauth,
      userIds,
      async close() {
        await oauth.close();
        await started.stop();
        await database.close();
      },
    };
  } catch (error) {
    await server?.stop();
    await database.close();
    throw error;
  }
}
