import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freshDatabase } from '../helpers/db';
import { GENEROUS_BUDGETS, startServer } from '../helpers/server';

// A fresh, migrated SQLite database and the production server on a free port, as `npm start` runs it.
// The tests read the server's address from JEV_BROWSER_ORIGIN (workers start after this and inherit it).

export default async function globalSetup() {
  const database = await freshDatabase('sqlite');
  const env = {
    DATABASE_URL: database.url,
    // Given, so the run never writes a generated secret into the checkout's data/ folder.
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    ...GENEROUS_BUDGETS,
  };
  const migrated = spawnSync(process.execPath, ['bin/jev.mjs', 'db', 'migrate'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (migrated.status !== 0) throw new Error(`migration failed:\n${migrated.stdout}${migrated.stderr}`);
  const server = await startServer(env);
  process.env.JEV_BROWSER_ORIGIN = server.origin;
  process.env.JEV_BROWSER_PORT = String(server.port);
  process.env.JEV_BROWSER_DATABASE_URL = database.url;
  return async () => {
    await server.stop();
    await database.drop();
  };
}
