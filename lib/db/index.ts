import type { Config } from '@/lib/config';
import type { DbOptions } from './client';

export { createDb, type Db } from './client';

/**
 * The database options the settings give: the PostgreSQL timeouts (DB_CONNECT_TIMEOUT_SECONDS,
 * DB_QUERY_TIMEOUT_SECONDS, DB_IDLE_TIMEOUT_SECONDS) and the path of the raw reads (DB_PRISMA_READS).
 */
export function dbOptions(cfg: Config): DbOptions {
  return {
    timeouts: {
      connectSeconds: cfg.DB_CONNECT_TIMEOUT_SECONDS,
      querySeconds: cfg.DB_QUERY_TIMEOUT_SECONDS,
      idleSeconds: cfg.DB_IDLE_TIMEOUT_SECONDS,
    },
    adapterReads: !cfg.DB_PRISMA_READS,
  };
}
