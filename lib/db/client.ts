// Prisma client for either provider, chosen by DATABASE_URL (see resolveDatabase).
//
// Two clients are generated (`npm run db:generate`, also run by postinstall): lib/db/generated/sqlite and
// lib/db/generated/postgres.
//
// Create one client and reuse it (lib/root's root() does, once per module graph: Next builds route handlers,
// server actions and instrumentation apart, and a graph's errors must be its own classes; start-up's sample
// market, in instrumentation's graph, builds the one it needs): each createDb() call opens its own SQLite
// connection / PostgreSQL pool. Run migrate() (lib/db/migrate.ts) before the first query.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as PostgresPrismaClient } from './generated/postgres/client';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { resolveDatabase } from './resolve';
import { linkedClient } from './select';
import { sqliteAdapter } from './sqlite';
import type { Db } from './db';

export type { Db, DbTransaction } from './db';

/** PostgreSQL connections per client (pg's default). */
const PG_POOL_MAX = 10;

/**
 * How long PostgreSQL may keep a caller waiting (DB_* settings in lib/config/database.ts; these defaults match them). A
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

export interface DbOptions {
  timeouts?: DbTimeouts;
  /**
   * The raw reads of selectRows (lib/db/select.ts: the odds tools' hot reads and the finals tally) through the
   * driver adapter Prisma connected (true, the default: faster) or through Prisma's $queryRaw (false: the plain path).
   */
  adapterReads?: boolean;
}

export function createDb(databaseUrl: string | undefined, { timeouts = DEFAULT_DB_TIMEOUTS, adapterReads = true }: DbOptions = {}): Db {
  const db = resolveDatabase(databaseUrl);
  if (db.provider === 'sqlite') {
    const adapter = sqliteAdapter(db.filePath!);
    return adapterReads
      ? linkedClient((linked) => new SqlitePrismaClient({ adapter: linked }), adapter)
      : new SqlitePrismaClient({ adapter });
  }
  const adapter = postgresAdapter(db.url, timeouts);
  return adapterReads
    ? linkedClient((linked) => new PostgresPrismaClient({ adapter: linked }), adapter)
    : new PostgresPrismaClient({ adapter });
}

function postgresAdapter(url: string, timeouts: DbTimeouts): PrismaPg {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  return new PrismaPg(
    {
      connectionString: url,
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
}
