import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase } from '../../helpers/db';
import { MINIMUM_NODE as minimum, nodeVersion, olderSystemNode } from '../../helpers/older-node';
import { startServer } from '../../helpers/server';

// JEV's runtime is Node 24 LTS or later (package.json "engines"), installed by npm ci into node_modules/.bin where
// the system's Node is older. Under Node 24, better-sqlite3 11 and 12 aborted the process when the bench loaded its
// ten-book slate ("Assertion failed: (env) != nullptr" from a statement's destructor); 13 does not.

const run = promisify(execFile);
const dirs: string[] = [];
const databaseFile = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-runtime-'));
  dirs.push(dir);
  return path.join(dir, 'jev.db');
};
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the runtime', () => {
  it('is the Node that package.json asks for', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(minimum);
  });

  it('opens, fills and closes a SQLite database the way the bench does, and the process ends cleanly', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tests/helpers/load-bench-slate.ts', await databaseFile()], {
      timeout: 120_000,
    });
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { node: string; prices: number };
    expect(loaded.node).toBe(process.versions.node);
    expect(loaded.prices).toBeGreaterThan(1000);
  }, 120_000); // the child's own bound: loading the slate takes 12 s of CPU, and over 30 s on a loaded machine

  const older = olderSystemNode();
  it.skipIf(!older)('runs `jev` on the installed Node when it is started with an older one', async () => {
    const env = { ...process.env, DATABASE_URL: `file:${await databaseFile()}` };
    const created = await run(older as string, ['bin/jev.mjs', 'user', 'create', '--email', 'old-node@example.com'], {
      env,
      timeout: 60_000,
    });
    expect(created.stdout).toContain('Created user old-node@example.com');
  });

  it.skipIf(!older)('serves on the older Node itself with JEV_OLDER_NODE=1 (the bench compares runtimes so), on PostgreSQL', async () => {
    const database = await freshDatabase('postgres');
    await migrate(database.url);
    const metricsToken = 'runtime-test-metrics-token-0123456789';
    const env = { DATABASE_URL: database.url, METRICS_TOKEN: metricsToken, JEV_OLDER_NODE: '1' };
    const server = await startServer(env, { node: older as string });
    try {
      const metrics = await fetch(`${server.origin}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      // What really serves: the server's own report of its runtime, not the binary it was started with.
      expect(/nodejs_version_info\{version="v([^"]+)"/.exec(await metrics.text())?.[1]).toBe(nodeVersion(older as string));
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
