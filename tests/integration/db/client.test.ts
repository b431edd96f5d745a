import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@/lib/db/client';
import { migrate, resolveDatabase } from '@/lib/db/migrate';
import { freshDatabase, type FreshDatabase } from '../../helpers/db';
import { hammer } from './fixtures/sqlite-writer';
import { ROOT } from './prisma-cli';

const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const toDrop: FreshDatabase[] = [];
afterAll(async () => {
  await Promise.all(toDrop.map((db) => db.drop()));
});

describe('resolveDatabase', () => {
  it('defaults to SQLite at ./data/jev.db under the cwd', () => {
    for (const unset of [undefined, '', '  ']) {
      expect(resolveDatabase(unset)).toEqual({
        provider: 'sqlite',
        url: `file:${path.resolve('data/jev.db')}`,
        filePath: path.resolve('data/jev.db'),
      });
    }
  });

  it('accepts file: URLs (relative, absolute, file:///, with a query)', () => {
    expect(resolveDatabase('file:./x/y.db').filePath).toBe(path.resolve('x/y.db'));
    expect(resolveDatabase('file:/tmp/a.db').filePath).toBe('/tmp/a.db');
    expect(resolveDatabase('file:///tmp/b.db').filePath).toBe('/tmp/b.db');
    expect(resolveDatabase('file:./c.db?connection_limit=1').filePath).toBe(path.resolve('c.db'));
  });

  it('accepts postgres:// and postgresql:// URLs as they are', () => {
    for (const url of ['postgres://u:p@h:5432/d', 'postgresql://u@h/d?sslmode=require']) {
      expect(resolveDatabase(url)).toEqual({ provider: 'postgres', url });
    }
  });

  it('rejects anything else with a message naming DATABASE_URL and what is accepted, without echoing secrets', () => {
    for (const bad of ['mysql://root:hunter2@h/d', 'jev.db', 'file:', 'file::memory:']) {
      let message = '';
      try {
        resolveDatabase(bad);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, bad).toContain('DATABASE_URL');
      expect(message).not.toContain('hunter2');
    }
    expect(() => resolveDatabase('mysql://h/d')).toThrow(/file:.*postgres:\/\/.*postgresql:\/\//);
  });
});

describe('SQLite client', () => {
  it('runs in WAL mode with a busy timeout and foreign keys on', async () => {
    const fresh = await freshDatabase('sqlite');
    toDrop.push(fresh);
    await migrate(fresh.url);
    const db = createDb(fresh.url);
    try {
      const [pragmas] = await db.$queryRawUnsafe<Record<string, unknown>[]>(
        'SELECT (SELECT journal_mode FROM pragma_journal_mode) AS journal_mode, (SELECT timeout FROM pragma_busy_timeout) AS busy_timeout, (SELECT foreign_keys FROM pragma_foreign_keys) AS foreign_keys',
      );
      expect(String(pragmas!.journal_mode)).toBe('wal');
      expect(Number(pragmas!.busy_timeout)).toBeGreaterThanOrEqual(5_000);
      expect(Number(pragmas!.foreign_keys)).toBe(1);
    } finally {
      await db.$disconnect();
    }
    // WAL is persistent: a plain connection (e.g. a CLI) sees it too.
    const raw = new Database(resolveDatabase(fresh.url).filePath);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('the app and two other processes writing at once never fail with SQLITE_BUSY and lose no update', async () => {
    const fresh = await freshDatabase('sqlite');
    toDrop.push(fresh);
    await migrate(fresh.url);
    const db = createDb(fresh.url);
    const iterations = 60;
    try {
      const user = await db.user.create({ data: { email: 'busy@example.com' } });
      const child = (label: string) =>
        new Promise<void>((resolve, reject) => {
          const proc = spawn(
            process.execPath,
            [TSX_CLI, path.join(ROOT, 'tests/integration/db/fixtures/sqlite-writer.ts'), fresh.url, user.id, String(iterations), label],
            { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
          );
          let err = '';
          proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
          proc.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${label} failed:\n${err}`))));
        });
      // The in-process writer starts a little later so that it overlaps the children.
      const inProcess = new Promise((r) => setTimeout(r, 700)).then(() => hammer(db, user.id, iterations, 'app'));
      await Promise.all([child('cli-1'), child('cli-2'), inProcess]);

      expect(await db.bet.count()).toBe(3 * iterations);
      const bankroll = await db.bankroll.findUniqueOrThrow({ where: { userId: user.id } });
      // Created once at 10_000, then decremented by every other upsert.
      expect(bankroll.balanceCents).toBe(10_000 - (3 * iterations - 1));
      // Every read-then-write transaction counted exactly once.
      expect(bankroll.unitCents).toBe(100 + 3 * iterations);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
