import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_STATEMENTS, keepPreparedStatements } from '@/lib/db/statement-cache';

// The SQLite adapter prepares every query afresh; lib/db/client.ts keeps prepared statements by their SQL. A kept
// statement must answer each run with that run's own arguments, exactly as a fresh one would.

let db: Database.Database;
afterEach(() => db.close());

function counted() {
  db = new Database(':memory:');
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b'), ('c');");
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  (db as { prepare(sql: string): unknown }).prepare = (sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  };
  keepPreparedStatements(db, (sql) => (sql === 'BEGIN' ? 'BEGIN IMMEDIATE' : sql));
  // The adapter's own calls: prepare(sql).bind(args), then reader, columns(), raw().all() or run().
  const adapter = db as unknown as {
    prepare(sql: string): {
      reader: boolean;
      run(): unknown;
      bind(args: unknown[]): { reader: boolean; run(): { changes: number }; columns(): { name: string }[]; raw(): { all(): unknown[] } };
    };
  };
  return { adapter, prepared };
}

describe('keepPreparedStatements', () => {
  it('prepares a text once and runs it with each call’s own arguments', () => {
    const { adapter, prepared } = counted();
    const select = 'SELECT id, name FROM t WHERE id >= ? ORDER BY id';
    const first = adapter.prepare(select).bind([2]);
    expect(first.reader).toBe(true);
    expect(first.columns().map((column) => column.name)).toEqual(['id', 'name']);
    expect(first.raw().all()).toEqual([
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(adapter.prepare(select).bind([3]).raw().all()).toEqual([[3, 'c']]);
    // A view keeps its own arguments after the statement ran with others.
    expect(first.raw().all()).toHaveLength(2);
    expect(prepared.filter((sql) => sql === select)).toHaveLength(1);

    const insert = 'INSERT INTO t (name) VALUES (?)';
    const write = adapter.prepare(insert).bind(['d']);
    expect(write.reader).toBe(false);
    expect(write.run().changes).toBe(1);
    expect(adapter.prepare(insert).bind(['e']).run().changes).toBe(1);
    expect(prepared.filter((sql) => sql === insert)).toHaveLength(1);
    expect(adapter.prepare('SELECT name FROM t ORDER BY id').bind([]).raw().all()).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
  });

  it('rewrites BEGIN to BEGIN IMMEDIATE and keeps at most KEPT_STATEMENTS texts, least recently used first out', () => {
    const { adapter, prepared } = counted();
    adapter.prepare('BEGIN').run();
    expect(db.inTransaction).toBe(true);
    adapter.prepare('COMMIT').run();
    expect(prepared).toContain('BEGIN IMMEDIATE');

    const text = (n: number) => `SELECT ${n} AS n`;
    for (let n = 0; n < KEPT_STATEMENTS; n++) adapter.prepare(text(n)).bind([]).raw().all();
    adapter.prepare(text(0)).bind([]).raw().all(); // used again: now the most recent
    adapter.prepare(text(KEPT_STATEMENTS)).bind([]).raw().all(); // one past the bound: the least recent goes
    const before = prepared.length;
    expect(adapter.prepare(text(0)).bind([]).raw().all()).toEqual([[0]]);
    expect(prepared.length).toBe(before);
    adapter.prepare(text(1)).bind([]).raw().all();
    expect(prepared.length).toBe(before + 1);
  });
});
