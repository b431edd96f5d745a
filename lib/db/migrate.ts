// Applies the repository's SQL migrations at app start, without the Prisma CLI.
//
// Migrations live in prisma/migrations/<sqlite|postgres>/<NNNN_name>/migration.sql
// (made by `npm run db:migration -- <name>`). Each pending one is applied in
// its own transaction together with a row in _jev_migrations(name, applied_at).
// Uses the raw drivers (better-sqlite3, pg) so it works before any Prisma
// client exists.
//
// Concurrency: on PostgreSQL the whole run holds a session advisory lock, so
// two processes starting at once apply each migration exactly once (the second
// waits, then finds nothing pending). On SQLite each migration runs in a
// BEGIN IMMEDIATE transaction that re-checks _jev_migrations after taking the
// write lock, with a busy timeout, which gives the same guarantee.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './client';
import { resolveDatabase, type DatabaseProvider } from './resolve';
import { enableWal, SQLITE_BUSY_TIMEOUT_MS } from './sqlite';

export { resolveDatabase, DEFAULT_DATABASE_URL } from './resolve';
export type { DatabaseProvider, ResolvedDatabase } from './resolve';

export const MIGRATIONS_TABLE = '_jev_migrations';
const MIGRATION_DIR_RE = /^\d{4}_[a-z0-9_]+$/;
/** Arbitrary constant key for pg_advisory_lock ("jev" + migrations). */
const PG_ADVISORY_LOCK_KEY = 4_236_119_001;

export interface MigrateOptions {
  /**
   * Folder holding the provider folders (sqlite/, postgres/). Default:
   * env JEV_MIGRATIONS_DIR, else <cwd>/prisma/migrations.
   */
  migrationsDir?: string;
  /** Called once per applied migration (e.g. for logging). */
  onApplied?: (name: string) => void;
  /** PostgreSQL: how long connecting may take (DB_CONNECT_TIMEOUT_SECONDS), so a stalled database fails the run. */
  timeouts?: Pick<DbTimeouts, 'connectSeconds'>;
}

export interface Migration {
  name: string;
  sql: string;
}

export function migrationsRoot(options?: MigrateOptions): string {
  return path.resolve(options?.migrationsDir ?? process.env.JEV_MIGRATIONS_DIR ?? path.join(process.cwd(), 'prisma', 'migrations'));
}

/** Reads <root>/<provider>/NNNN_name/migration.sql in name order. */
export function readMigrations(provider: DatabaseProvider, options?: MigrateOptions): Migration[] {
  const dir = path.join(migrationsRoot(options), provider);
  if (!existsSync(dir)) {
    throw new Error(
      `No migrations folder at ${dir} (run from the repository root or set JEV_MIGRATIONS_DIR to the prisma/migrations folder).`,
    );
  }
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && MIGRATION_DIR_RE.test(d.name))
    .map((d) => d.name)
    .sort();
  if (names.length === 0) throw new Error(`No migrations found in ${dir}.`);
  return names.map((name) => {
    const file = path.join(dir, name, 'migration.sql');
    if (!existsSync(file)) throw new Error(`Migration ${name} has no migration.sql (${file}).`);
    return { name, sql: readFileSync(file, 'utf8') };
  });
}

/**
 * Applies pending migrations for the database DATABASE_URL points at
 * (unset = SQLite file:./data/jev.db). Safe to run repeatedly and
 * concurrently. Returns the names applied by this call.
 */
export async function migrate(databaseUrl: string | undefined, options?: MigrateOptions): Promise<{ applied: string[] }> {
  const db = resolveDatabase(databaseUrl);
  const migrations = readMigrations(db.provider, options);
  if (db.provider === 'sqlite') return migrateSqlite(db.filePath!, migrations, options);
  return migratePostgres(db.url, migrations, options);
}

async function migrateSqlite(filePath: string, migrations: Migration[], options?: MigrateOptions): Promise<{ applied: string[] }> {
  mkdirSync(path.dirname(filePath), { recursive: true });
  const conn = new Database(filePath, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  const applied: string[] = [];
  try {
    // WAL is persistent in the file: every later connection (app, CLI) gets it.
    await enableWal(conn);
    // Table rebuilds in Prisma's SQLite migrations need FK enforcement off;
    // the pragma is a no-op inside a transaction, so set it on the connection
    // and check integrity explicitly before each commit instead.
    conn.pragma('foreign_keys = OFF');
    conn.exec(`CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" ("name" TEXT NOT NULL PRIMARY KEY, "applied_at" TEXT NOT NULL)`);
    const isApplied = conn.prepare(`SELECT 1 FROM "${MIGRATIONS_TABLE}" WHERE "name" = ?`);
    const record = conn.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" ("name", "applied_at") VALUES (?, ?)`);
    const done = new Set((conn.prepare(`SELECT "name" FROM "${MIGRATIONS_TABLE}"`).all() as { name: string }[]).map((r) => r.name));

    for (const m of migrations) {
      if (done.has(m.name)) continue;
      conn.exec('BEGIN IMMEDIATE');
      try {
        // Another process may have applied it while we waited for the lock.
        if (isApplied.get(m.name)) {
          conn.exec('ROLLBACK');
          continue;
        }
        conn.exec(m.sql);
        const violations = conn.pragma('foreign_key_check') as unknown[];
        if (violations.length > 0) {
          throw new Error(`foreign key violations after migration: ${JSON.stringify(violations.slice(0, 5))}`);
        }
        record.run(m.name, new Date().toISOString());
        conn.exec('COMMIT');
      } catch (err) {
        if (conn.inTransaction) conn.exec('ROLLBACK');
        throw new Error(`SQLite migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(m.name);
      options?.onApplied?.(m.name);
    }
  } finally {
    conn.close();
  }
  return { applied };
}

async function migratePostgres(url: string, migrations: Migration[], options?: MigrateOptions): Promise<{ applied: string[] }> {
  const { connectSeconds } = options?.timeouts ?? DEFAULT_DB_TIMEOUTS;
  // Only connecting is bounded: a migration on a large table, or waiting for another process's lock, may take long.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectSeconds * 1000, keepAlive: true });
  // A connection error also rejects the pending query; without a listener the
  // 'error' event would crash the process instead.
  client.on('error', () => {});
  await client.connect();
  const applied: string[] = [];
  try {
    // Session-level lock: released by pg_advisory_unlock below, or by the
    // server if this process dies.
    await client.query('SELECT pg_advisory_lock($1)', [PG_ADVISORY_LOCK_KEY]);
    try {
      // Created only when missing: a database with nothing to apply is only read, so commands that read work on a
      // read-only one (a failover's new primary before promotion).
      const { rows: present } = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
        `"${MIGRATIONS_TABLE}"`,
      ]);
      if (!present[0]?.present) {
        await client.query(
          `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" ("name" TEXT PRIMARY KEY, "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now())`,
        );
      }
      const { rows } = await client.query<{ name: string }>(`SELECT "name" FROM "${MIGRATIONS_TABLE}"`);
      const done = new Set(rows.map((r) => r.name));
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await client.query('BEGIN');
        try {
          // Simple-query protocol (no parameters): runs the multi-statement script.
          await client.query(m.sql);
          await client.query(`INSERT INTO "${MIGRATIONS_TABLE}" ("name") VALUES ($1)`, [m.name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw new Error(`PostgreSQL migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.name);
        options?.onApplied?.(m.name);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PG_ADVISORY_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end();
  }
  return { applied };
}
