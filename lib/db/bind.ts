import type { Db } from '@/lib/db/client';

// Repository functions take the database first; a context hands tools the same functions with the database
// already given, so a tool can read and write stored data only through them and never holds the client.

/** Any function taking the database first (`never[]` accepts every argument list; Bound keeps each one's own). */
type DbFunction = (db: Db, ...args: never[]) => unknown;

export type Bound<Functions extends Record<string, DbFunction>> = {
  [Name in keyof Functions]: Functions[Name] extends (db: Db, ...args: infer Args) => infer Result ? (...args: Args) => Result : never;
};

export function bindDb<Functions extends Record<string, DbFunction>>(db: Db, functions: Functions): Bound<Functions> {
  return Object.fromEntries(
    Object.entries(functions).map(([name, fn]) => [name, (...args: never[]) => fn(db, ...args)]),
  ) as Bound<Functions>;
}
