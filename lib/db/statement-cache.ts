import type { Database, Statement } from 'better-sqlite3';

// @prisma/adapter-better-sqlite3 (6.19) prepares every statement afresh on every query (`prepare(sql).bind(args)`),
// and compiling SQL is a good part of a small read's cost. Prepared statements are kept per connection by their
// SQL instead (SQLite re-prepares one by itself after a schema change). better-sqlite3 lets a statement be
// bound only once, so the adapter is handed a view that passes the arguments on each run instead.

/** Distinct SQL texts kept per connection (Prisma's IN lists make one text per list length). */
export const KEPT_STATEMENTS = 500;

/** The part of a better-sqlite3 statement the adapter uses, with its arguments given once. */
interface BoundView {
  readonly reader: boolean;
  run(): ReturnType<Statement['run']>;
  columns(): ReturnType<Statement['columns']>;
  raw(toggle?: boolean): { all(): unknown[] };
}

interface KeptStatement {
  readonly reader: boolean;
  bind(args: unknown[]): BoundView;
  run(): ReturnType<Statement['run']>;
}

function view(statement: Statement, args: unknown[]): BoundView {
  return {
    reader: statement.reader,
    run: () => statement.run(args),
    columns: () => statement.columns(),
    raw: (toggle = true) => {
      statement.raw(toggle);
      return { all: () => statement.all(args) };
    },
  };
}

/**
 * Makes `conn.prepare` hand out kept statements, least recently used dropped past KEPT_STATEMENTS; `rewrite`
 * changes a text before it is prepared (client.ts turns BEGIN into BEGIN IMMEDIATE).
 */
export function keepPreparedStatements(conn: Pick<Database, 'prepare'>, rewrite: (sql: string) => string = (sql) => sql): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, Statement>();
  const keptStatement = (sql: string): Statement => {
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else {
      statement = prepare(sql);
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, statement);
    return statement;
  };
  (conn as { prepare(sql: string): KeptStatement }).prepare = (source: string): KeptStatement => {
    const statement = keptStatement(rewrite(source));
    return {
      reader: statement.reader,
      bind: (args) => view(statement, args),
      run: () => statement.run(),
    };
  };
}
