import type { Config } from '@/lib/config';
import type { DbTimeouts } from './client';

export { createDb, type Db } from './client';

/** The PostgreSQL timeouts the settings give (DB_CONNECT_TIMEOUT_SECONDS, DB_QUERY_TIMEOUT_SECONDS, DB_IDLE_TIMEOUT_SECONDS). */
export function dbTimeouts(cfg: Config): DbTimeouts {
  return {
    connectSeconds: cfg.DB_CONNECT_TIMEOUT_SECONDS,
    querySeconds: cfg.DB_QUERY_TIMEOUT_SECONDS,
    idleSeconds: cfg.DB_IDLE_TIMEOUT_SECONDS,
  };
}
