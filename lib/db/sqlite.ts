// SQLite settings shared by lib/db/migrate.ts (raw better-sqlite3) and
// lib/db/client.ts (Prisma's better-sqlite3 adapter).

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
