import type { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import type { PrismaPg } from '@prisma/adapter-pg';
import type { Prisma } from './generated/sqlite/client';

// Hot reads past Prisma's client: a SELECT run through the client's own driver adapter (the same SQLite
// connection or PostgreSQL pool, with its timeouts, argument mapping and error codes), its values converted by a
// list of columns. Prisma 6.19 compiles every query in its WASM query compiler, raw ones included, and converts
// each value of a raw result on its own, about three times what the adapter takes (the NFL week's games: 510–780
// µs against 170–220 on SQLite; the bench's get_game_odds afresh row measures it). Only reads on the odds tools' hot path use it; everything else, writes and transactions
// above all, goes through Prisma.

type DriverAdapter = Awaited<ReturnType<PrismaBetterSQLite3['connect']>> | Awaited<ReturnType<PrismaPg['connect']>>;
type SqlQuery = Parameters<DriverAdapter['queryRaw']>[0];
type ArgType = SqlQuery['argTypes'][number];

/** What Prisma uses of a driver adapter factory. */
export interface AdapterFactory {
  readonly provider: 'sqlite' | 'postgres';
  readonly adapterName: string;
  connect(): Promise<DriverAdapter>;
}

/** The adapter a client's factory connected, until Prisma disposes of it ($disconnect). */
interface Link {
  adapter?: DriverAdapter;
}

const links = new WeakMap<object, Link>();

/**
 * The client `makeClient` makes, handed a factory that records each adapter it connects for selectRows. Prisma
 * connects on the first query and again after `$disconnect` (PostgreSQL's pool is then a new one), so the link
 * follows each connection.
 */
export function linkedClient<Client extends object>(makeClient: (factory: AdapterFactory) => Client, factory: AdapterFactory): Client {
  const link: Link = {};
  const client = makeClient({
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = () => {
        if (link.adapter === adapter) link.adapter = undefined;
        return dispose();
      };
      link.adapter = adapter;
      return adapter;
    },
  });
  links.set(client, link);
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
      // SQLite's adapter hands 64-bit integers out as text, PostgreSQL's int8 too.
      return typeof value === 'number' ? value : Number(value);
    case 'date':
    case 'date?':
      // Both adapters give instants as ISO-8601 text with an offset (SQLite stores them so, timestampFormat iso8601).
      return new Date(value as string);
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      throw new Error(`lib/db/select.ts: column ${column} is not text`);
  }
}

/**
 * The rows of a read-only query, each with the columns named in `columns` (the query's column names) converted
 * to their kinds. Errors are the adapter's own (their codes as lib/errors.ts recognises them through Prisma).
 */
export async function selectRows<Columns extends Record<string, ColumnKind>>(
  db: { $connect(): Promise<void> },
  query: Prisma.Sql,
  columns: Columns,
): Promise<RowOf<Columns>[]> {
  const link = links.get(db);
  if (!link) throw new Error('lib/db/select.ts: this client was not made by createDb (lib/db/client.ts)');
  if (!link.adapter) await db.$connect();
  const adapter = link.adapter;
  if (!adapter) throw new Error('lib/db/select.ts: Prisma connected no adapter');
  const result = await adapter.queryRaw({
    // Prisma's Sql gives `?` placeholders as `sql` and PostgreSQL's `$1` as `text`.
    sql: adapter.provider === 'postgres' ? query.text : query.sql,
    args: query.values,
    argTypes: query.values.map(argType),
  });
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
