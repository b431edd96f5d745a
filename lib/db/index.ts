import { config } from '@/lib/config';
import { createDb, type Db } from './client';

export type { Db } from './client';

let instance: Db | undefined;

/** One database client per process, for the configured DATABASE_URL. */
export function db(): Db {
  instance ??= createDb(config().DATABASE_URL);
  return instance;
}
