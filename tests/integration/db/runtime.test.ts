import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json';

// JEV's runtime is Node 24 LTS or later (package.json "engines"), installed by npm ci into node_modules/.bin where
// the system's Node is older. Under Node 24, better-sqlite3 11 and 12 aborted the process when the bench loaded its
// ten-book slate ("Assertion failed: (env) != nullptr" from a statement's destructor); 13 does not.

const run = promisify(execFile);
const minimum = Number(/\d+/.exec(packageJson.engines.node)?.[0]);
const dirs: string[] = [];
const databaseFile = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-runtime-'));
  dirs.push(dir);
  return path.join(dir, 'jev.db');
};
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A `node` on PATH older than the minimum, outside node_modules (the system's), if the machine has one. */
function olderSystemNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    try {
      const binary = path.join(dir, 'node');
      const major = Number(execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]);
      if (major < minimum) return binary;
    } catch {
      // no node in this folder
    }
  }
  return undefined;
}

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
  });

  const older = olderSystemNode();
  it.skipIf(!older)('runs `jev` on the installed Node when it is started with an older one', async () => {
    const env = { ...process.env, DATABASE_URL: `file:${await databaseFile()}` };
    const created = await run(older as string, ['bin/jev.mjs', 'user', 'create', '--email', 'old-node@example.com'], {
      env,
      timeout: 60_000,
    });
    expect(created.stdout).toContain('Created user old-node@example.com');
  });
});
