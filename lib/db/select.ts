import type { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import type { PrismaPg } from '@prisma/adapter-pg';
import type { Sql } from './sql';

// Raw reads: a SELECT whose values are handed out typed by a list of columns, on one of two paths that createDb
// chooses (its `adapterReads` option). The fast path runs the query on the driver adapter Prisma itself connected
// (the same SQLite connection or PostgreSQL pool, with its timeouts, argument mapping and error codes): Prisma 6.19
// compiles every query in its WASM query compiler, raw ones included, and converts each value of a raw result on
// its own, about three times what the adapter takes (the bench's get_game_odds afresh rows measure it). The plain
// path is Prisma's $queryRaw.
//
// Four reads use it; everything else goes through Prisma's client. Three for speed, since every uncached
// get_game_odds call makes them: the games with their teams (selectGames, lib/data/repositories/game-rows.ts, which
// every read of games goes through), the user's preferences (userPreferences, lib/account/preferences.ts) and the
// games' price versions (lib/data/repositories/price-version.ts). One for its shape: the tally of finals behind a
// middle's chance (finalsTally, lib/data/repositories/schedule.ts, read at most every 10 minutes a sport) is a
// grouped count, and the Db interface has no groupBy (lib/db/db.ts).

type DriverAdapter = Awaited<ReturnType<PrismaBetterSQLite3['connect']>> | Awaited<ReturnType<PrismaPg['connect']>>;
type ArgType = Parameters<DriverAdapter['queryRaw']>[0]['argTypes'][number];

/** What Prisma uses of a driver adapter factory. */
interface AdapterFactory {
  readonly provider: 'sqlite' | 'postgres';
  readonly adapterName: string;
  connect(): Promise<DriverAdapter>;
}

/** The adapter a client last connected (Prisma connects on the first query and again after $disconnect). */
const connected = new WeakMap<object, { adapter?: DriverAdapter }>();

/** The client `makeClient` makes, handed a factory that records each adapter it connects, for selectRows. */
export function linkedClient<Client extends object>(makeClient: (factory: AdapterFactory) => Client, factory: AdapterFactory): Client {
  const link: { adapter?: DriverAdapter } = {};
  const client = makeClient({
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => (link.adapter = await factory.connect()),
  });
  connected.set(client, link);
  return client;
}

/** How a column's value is handed out: text, a whole number or an instant; `?` allows null. */
export type ColumnKind = 'text' | 'int' | 'date' | 'text?' | 'int?' | 'date?';

type ValueOf<Kind extends ColumnKind> = Kind extends 'text'
  ? string
  : Kind extends 'int'
    ? number
    : Kind extends 'date'
      ? Date
      : Kind extends `${infer Base extends 'text' | 'int' | 'date'}?`
        ? ValueOf<Base> | null
        : never;

export type RowOf<Columns extends Record<string, ColumnKind>> = { [Name in keyof Columns]: ValueOf<Columns[Name]> };

function argType(value: unknown): ArgType {
  const scalarType =
    value instanceof Date
      ? 'datetime'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'int'
          : 'float'
        : typeof value === 'boolean'
          ? 'boolean'
          : 'string';
  return { scalarType, arity: 'scalar' };
}

function convert(value: unknown, kind: ColumnKind, column: string): unknown {
  if (value === null || value === undefined) {
    if (kind.endsWith('?')) return null;
    throw new Error(`lib/db/select.ts: column ${column} is null where ${kind} was expected`);
  }
  switch (kind) {
    case 'int':
    case 'int?':
      // The adapters hand 64-bit integers out as text (SQLite's, PostgreSQL's int8), Prisma as BigInt.
      return typeof value === 'number' ? value : Number(value);
    case 'date':
    case 'date?':
      // Prisma hands out Dates; both adapters ISO-8601 text with an offset (SQLite stores them so, timestampFormat iso8601).
      return value instanceof Date ? value : new Date(value as string);
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      throw new Error(`lib/db/select.ts: column ${column} is not text`);
  }
}

/** A read's column names and values, in order, as either path gives them. */
interface ResultSet {
  columnNames: string[];
  rows: unknown[][];
}

async function readThroughAdapter(db: { $connect(): Promise<void> }, link: { adapter?: DriverAdapter }, query: Sql): Promise<ResultSet> {
  // Prisma connects once (and again after $disconnect); connected, this returns at once. The link then holds
  // the adapter it connected.
  await db.$connect();
  const adapter = link.adapter;
  if (!adapter) throw new Error('lib/db/select.ts: Prisma connected no adapter');
  return adapter.queryRaw({
    // Prisma's Sql gives `?` placeholders as `sql` and PostgreSQL's `$1` as `text`.
    sql: adapter.provider === 'postgres' ? query.text : query.sql,
    args: query.values,
    argTypes: query.values.map(argType),
  });
}

async function readThroughPrisma(db: { $queryRaw<T>(query: Sql): Promise<T> }, query: Sql): Promise<ResultSet> {
  const records = await db.$queryRaw<Record<string, unknown>[]>(query);
  const columnNames = Object.keys(records[0] ?? {});
  return { columnNames, rows: records.map((record) => columnNames.map((name) => record[name])) };
}

/**
 * The rows of a read-only query, each with the columns named in `columns` (the query's column names) converted
 * to their kinds. Errors are the adapter's own or Prisma's (lib/errors.ts recognises both).
 */
export async function selectRows<Columns extends Record<string, ColumnKind>>(
  db: { $connect(): Promise<void>; $queryRaw<T>(query: Sql): Promise<T> },
  query: Sql,
  columns: Columns,
): Promise<RowOf<Columns>[]> {
  const link = connected.get(db);
  const result = link ? await readThroughAdapter(db, link, query) : await readThroughPrisma(db, query);
  if (result.rows.length === 0) return [];
  const wanted = Object.entries(columns).map(([name, kind]) => {
    const index = result.columnNames.indexOf(name);
    if (index < 0) throw new Error(`lib/db/select.ts: the query has no column ${name}`);
    return [name, kind, index] as const;
  });
  return result.rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (const [name, kind, index] of wanted) row[name] = convert(values[index], kind, name);
    return row as RowOf<Columns>;
  });
}
