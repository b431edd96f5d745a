import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// An empty, throwaway database (not migrated: call migrate(url) for that).
//   sqlite:   a file in a fresh folder under os.tmpdir()
//   postgres: CREATE DATABASE jev_test_<random> through the admin URL
//             (env TEST_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/test)
// drop() removes it; disconnect every client first (PostgreSQL's DROP uses
// WITH (FORCE) anyway, so a leaked connection cannot make it fail).

export const DEFAULT_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

export function postgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL?.trim() || DEFAULT_ADMIN_URL;
}

export async function freshDatabase(provider: 'sqlite' | 'postgres'): Promise<FreshDatabase> {
  if (provider === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jev-test-'));
    const file = path.join(dir, 'jev.db');
    return {
      url: `file:${file}`,
      drop: async () => {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const adminUrl = postgresAdminUrl();
  const name = `jev_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
