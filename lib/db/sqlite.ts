import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';

// SQLite settings shared by lib/db/migrate.ts (raw better-sqlite3) and lib/db/client.ts (Prisma's better-sqlite3
// adapter), and that adapter as the app opens it.

/** How long a SQLite statement waits for another connection's write lock (ms). */
export const SQLITE_BUSY_TIMEOUT_MS = 15_000;

/**
 * Switches a SQLite database to WAL (persistent in the file). Switching needs
 * an exclusive lock and SQLite does not run the busy handler for it, so a
 * concurrent first start gets SQLITE_BUSY at once: retry until the busy timeout.
 */
export async function enableWal(
  conn: { pragma(source: string, options?: { simple?: boolean }): unknown },
  timeoutMs = SQLITE_BUSY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      if (String(conn.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal') return;
      const mode = String(conn.pragma('journal_mode = WAL', { simple: true })).toLowerCase();
      if (mode === 'wal') return;
      throw new Error(`SQLite: could not switch the database to WAL mode (journal_mode is ${mode}).`);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

type SqliteAdapter = Awaited<ReturnType<PrismaBetterSQLite3['connect']>>;
type Transaction = Awaited<ReturnType<SqliteAdapter['startTransaction']>>;

/**
 * Prisma's better-sqlite3 adapter on the database file, one connection, as the app uses it. What the connection
 * needs beyond the adapter's defaults, each through a public route:
 *   - the busy timeout, a better-sqlite3 option;
 *   - WAL (readers never block the writer, so the app and a CLI work on one file at once): persistent in the
 *     file, set by migrate(), which runs before the first query;
 *   - foreign keys on (Prisma relies on the database for onDelete: Cascade): better-sqlite3's build default;
 *   - transactions begun with BEGIN IMMEDIATE instead of the adapter's BEGIN (immediateTransactions below).
 * Caveat (adapter design, 6.19): a plain query issued while an interactive $transaction is open runs inside that
 * transaction; keep interactive transactions short and free of unrelated awaits.
 */
export function sqliteAdapter(filePath: string) {
  // better-sqlite3 cannot create the folder ("External error id#0" through Prisma).
  mkdirSync(path.dirname(filePath), { recursive: true });
  const inner = new PrismaBetterSQLite3(
    { url: `file:${filePath}`, timeout: SQLITE_BUSY_TIMEOUT_MS },
    // The adapter's default, pinned: DateTime stored as ISO-8601 text.
    { timestampFormat: 'iso8601' },
  );
  return {
    provider: 'sqlite' as const,
    adapterName: inner.adapterName,
    connect: async () => immediateTransactions(await inner.connect()),
  };
}

/**
 * The adapter with its transactions begun by BEGIN IMMEDIATE. A deferred transaction (plain BEGIN) that reads
 * and then writes while another process has committed in between fails at once with SQLITE_BUSY (the busy
 * timeout cannot help: its snapshot is stale); IMMEDIATE takes the write lock up front, waiting up to the busy
 * timeout. Prisma opens such transactions for upserts, nested writes and $transaction, sends COMMIT or ROLLBACK
 * itself, then calls commit() or rollback(). One transaction at a time, as in the adapter.
 */
function immediateTransactions(adapter: SqliteAdapter): SqliteAdapter {
  let lastTransaction: Promise<void> = Promise.resolve();
  const queries = { queryRaw: adapter.queryRaw.bind(adapter), executeRaw: adapter.executeRaw.bind(adapter) };
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    ...queries,
    executeScript: (script) => adapter.executeScript(script),
    dispose: () => adapter.dispose(),
    async startTransaction(isolationLevel): Promise<Transaction> {
      // The adapter refuses every level but SERIALIZABLE (what SQLite gives), with Prisma's error.
      if (isolationLevel && isolationLevel !== 'SERIALIZABLE') return adapter.startTransaction(isolationLevel);
      const previous = lastTransaction;
      let release!: () => void;
      lastTransaction = new Promise((resolve) => (release = resolve));
      await previous;
      try {
        await adapter.executeRaw({ sql: 'BEGIN IMMEDIATE', args: [], argTypes: [] });
      } catch (error) {
        release();
        throw error;
      }
      const end = async () => release();
      return {
        provider: adapter.provider,
        adapterName: adapter.adapterName,
        options: { usePhantomQuery: false },
        ...queries,
        commit: end,
        rollback: end,
      };
    },
  };
}
