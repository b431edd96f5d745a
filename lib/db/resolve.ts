import path from 'node:path';

export type DatabaseProvider = 'sqlite' | 'postgres';

export interface ResolvedDatabase {
  provider: DatabaseProvider;
  /** For SQLite: `file:<absolute path>`; for PostgreSQL: the URL as given. */
  url: string;
  /** SQLite only: absolute path of the database file. */
  filePath?: string;
}

/** Used when DATABASE_URL is unset or empty (relative to the process cwd). */
export const DEFAULT_DATABASE_URL = 'file:./data/jev.db';

/**
 * Maps DATABASE_URL to a provider. Accepted:
 *   - unset/empty          -> SQLite at ./data/jev.db (relative to process.cwd())
 *   - file:<path>          -> SQLite (relative paths resolve against process.cwd();
 *                             file:///abs/path and ?query suffixes are accepted)
 *   - postgres://…, postgresql://… -> PostgreSQL
 * Anything else throws (the message names the scheme only, never the URL,
 * which may hold a password).
 */
export function resolveDatabase(databaseUrl: string | undefined): ResolvedDatabase {
  const raw = (databaseUrl ?? '').trim() || DEFAULT_DATABASE_URL;

  if (/^postgres(ql)?:\/\//i.test(raw)) {
    return { provider: 'postgres', url: raw };
  }

  if (/^file:/i.test(raw)) {
    let rest = raw.slice('file:'.length);
    const q = rest.indexOf('?');
    if (q !== -1) rest = rest.slice(0, q);
    if (rest.startsWith('//')) {
      // file:///abs/path (or file://localhost/abs/path)
      rest = rest.replace(/^\/\/(localhost)?/i, '');
      rest = decodeURIComponent(rest);
    }
    if (rest === '' || rest === ':memory:') {
      throw new Error('DATABASE_URL: a SQLite URL needs a file path (e.g. file:./data/jev.db); in-memory databases are not supported.');
    }
    const filePath = path.resolve(/*turbopackIgnore: true*/ process.cwd(), rest);
    return { provider: 'sqlite', url: `file:${filePath}`, filePath };
  }

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1];
  throw new Error(
    `DATABASE_URL is not supported${scheme ? ` (scheme "${scheme}:")` : ''}: ` +
      'expected a SQLite "file:" URL (e.g. file:./data/jev.db), a PostgreSQL URL ' +
      '(postgres:// or postgresql://), or leave it unset for file:./data/jev.db.',
  );
}
