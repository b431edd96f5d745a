// Prisma client for either provider, chosen by DATABASE_URL (see resolveDatabase).
//
// Two clients are generated (`npm run db:generate`, also run by postinstall):
// lib/db/generated/sqlite and lib/db/generated/postgres. They expose the same
// API; `Db` is the SQLite one's type and the PostgreSQL client is cast to it.
//
// Create ONE client per process and reuse it (lib/db/index.ts does): each
// createDb() call opens its own SQLite connection / PostgreSQL pool. Run
// migrate() (lib/db/migrate.ts) before the first query.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Database } from 'better-sqlite3';
import { PrismaClient as PostgresPrismaClient } from './generated/postgres/client';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { resolveDatabase } from './resolve';
import { linkedClient } from './select';
import { enableWal, SQLITE_BUSY_TIMEOUT_MS } from './sqlite';
import { keepPreparedStatements } from './statement-cache';

export type Db = SqlitePrismaClient;

/** PostgreSQL connections per client (pg's default). */
const PG_POOL_MAX = 10;

/**
 * How long PostgreSQL may keep a caller waiting (DB_* settings in lib/config.ts; these defaults match them). A
 * stalled or unreachable database then fails a call within seconds (503 `unavailable`, lib/errors.ts) instead
 * of hanging it, and a connection that timed out is discarded, so the pool heals once the database is back.
 */
export interface DbTimeouts {
  /** Opening a connection, and waiting for a free one from the pool. */
  connectSeconds: number;
  /** One statement: cancelled by the server (statement_timeout) and given up by the client a second later. */
  querySeconds: number;
  /** An idle pooled connection is closed after this long. */
  idleSeconds: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectSeconds: 5, querySeconds: 10, idleSeconds: 30 };

export function createDb(databaseUrl: string | undefined, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS): Db {
  const db = resolveDatabase(databaseUrl);
  if (db.provider === 'sqlite') {
    return linkedClient((adapter) => new SqlitePrismaClient({ adapter }), new TunedSqliteAdapterFactory(db.filePath!));
  }
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const adapter = new PrismaPg(
    {
      connectionString: db.url,
      max: PG_POOL_MAX,
      // pg-pool applies this both to connecting and to waiting for a free pooled connection.
      connectionTimeoutMillis: ms(timeouts.connectSeconds),
      idleTimeoutMillis: ms(timeouts.idleSeconds),
      // The server cancels a long statement, and ends a transaction left idle; the client gives up on an answer
      // that never comes (a stalled network), after which pg-pool discards the connection.
      statement_timeout: ms(timeouts.querySeconds),
      idle_in_transaction_session_timeout: ms(timeouts.querySeconds),
      query_timeout: ms(timeouts.querySeconds) + 1000,
      // Notice a peer that vanished without closing the connection.
      keepAlive: true,
      // Do not keep a short-lived process (CLI, scripts) alive for idle connections.
      allowExitOnIdle: true,
    },
    // The adapter owns the pool (ends it on $disconnect, makes a new one on
    // the next query). An idle connection's network error is logged instead
    // of crashing the process.
    { onPoolError: (err) => console.warn('[jev] idle PostgreSQL connection error:', err.message) },
  );
  return linkedClient((linked) => new PostgresPrismaClient({ adapter: linked }), adapter) as unknown as Db;
}

// --- SQLite tuning -----------------------------------------------------------
//
// @prisma/adapter-better-sqlite3 opens the database itself (one connection per
// client) and accepts better-sqlite3 options, of which only `timeout` (busy
// timeout) matters here. Everything else is applied to the connection right
// after the adapter opens it, once per connection (nothing on the hot path):
//   - journal_mode=WAL: readers never block the writer and vice versa, so the
//     app and a CLI process can work on the same file at once (WAL is also set
//     by migrate() and is persistent in the file).
//   - synchronous=NORMAL: the usual pairing with WAL (durable across app
//     crashes; a power cut can lose the last commits, never corrupt).
//   - foreign_keys=ON: Prisma relies on the database for onDelete: Cascade.
//   - transactions start with BEGIN IMMEDIATE instead of the adapter's plain
//     BEGIN. A deferred transaction that reads and then writes while another
//     process has committed in between fails at once with SQLITE_BUSY (the
//     busy timeout cannot help: its snapshot is stale). IMMEDIATE takes the
//     write lock up front, waiting up to the busy timeout. Prisma opens such
//     transactions for upserts, nested writes and $transaction.
//   - prepared statements are kept by their SQL (statement-cache.ts).
// Caveat (adapter design, 6.19): one connection per client, and its mutex
// only serialises transactions; a plain query issued while an interactive
// $transaction is open runs inside that transaction. Keep interactive
// transactions short and free of unrelated awaits.

type SqliteAdapter = Awaited<ReturnType<PrismaBetterSQLite3['connect']>>;

/** The adapter's better-sqlite3 connection, as far as the tuning uses it. */
type RawSqliteConnection = Pick<Database, 'pragma' | 'prepare'>;

async function tuneConnection(adapter: SqliteAdapter): Promise<SqliteAdapter> {
  // The adapter keeps its better-sqlite3 Database in a public `client` field
  // (6.19.x); fail loudly if a future version changes that.
  const conn = (adapter as unknown as { client?: RawSqliteConnection }).client;
  if (!conn || typeof conn.pragma !== 'function' || typeof conn.prepare !== 'function') {
    throw new Error('lib/db/client.ts: unexpected @prisma/adapter-better-sqlite3 internals (no better-sqlite3 `client`).');
  }
  conn.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  await enableWal(conn, SQLITE_BUSY_TIMEOUT_MS);
  conn.pragma('synchronous = NORMAL');
  conn.pragma('foreign_keys = ON');
  keepPreparedStatements(conn, (source) => (source === 'BEGIN' ? 'BEGIN IMMEDIATE' : source));
  return adapter;
}

class TunedSqliteAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName = '@prisma/adapter-better-sqlite3';
  readonly #inner: PrismaBetterSQLite3;

  constructor(filePath: string) {
    // better-sqlite3 cannot create the folder ("External error id#0" through Prisma).
    mkdirSync(path.dirname(filePath), { recursive: true });
    this.#inner = new PrismaBetterSQLite3(
      { url: `file:${filePath}`, timeout: SQLITE_BUSY_TIMEOUT_MS },
      // The adapter's default, pinned: DateTime stored as ISO-8601 text.
      { timestampFormat: 'iso8601' },
    );
  }

  async connect(): Promise<SqliteAdapter> {
    return tuneConnection(await this.#inner.connect());
  }

  async connectToShadowDb(): Promise<SqliteAdapter> {
    return this.#inner.connectToShadowDb();
  }
}
