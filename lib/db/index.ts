import { config, type Config } from '@/lib/config';
import { createDb, type Db, type DbTimeouts } from './client';

export type { Db } from './client';

let instance: Db | undefined;

/** One database client per process, for the configured DATABASE_URL. */
export function db(): Db {
  const cfg = config();
  instance ??= createDb(cfg.DATABASE_URL, dbTimeouts(cfg));
  return instance;
}

/** The PostgreSQL timeouts the settings give (DB_CONNECT_TIMEOUT_SECONDS, DB_QUERY_TIMEOUT_SECONDS, DB_IDLE_TIMEOUT_SECONDS). */
export function dbTimeouts(cfg: Config): DbTimeouts {
  return {
    connectSeconds: cfg.DB_CONNECT_TIMEOUT_SECONDS,
    querySeconds: cfg.DB_QUERY_TIMEOUT_SECONDS,
    idleSeconds: cfg.DB_IDLE_TIMEOUT_SECONDS,
  };
}
