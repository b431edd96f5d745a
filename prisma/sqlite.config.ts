// Prisma CLI config for SQLite (prisma/schema.prisma, the source of truth).
// Use: npx prisma <command> --config prisma/sqlite.config.ts
//
// Prisma 6.19 with the JS schema engine (`engine: 'js'` + a driver adapter)
// needs no binary download; the classic Rust engine cannot be fetched on our
// machines. The CLI does not read .env when a config file exists: pass
// DATABASE_URL in the environment (unset = file:./data/jev.db, relative to cwd).
// Database-free commands (generate, migrate diff between two datamodels)
// never open the database.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { resolveDatabase } from '../lib/db/resolve';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(__dirname, 'schema.prisma'),
  async adapter() {
    const db = resolveDatabase(process.env.DATABASE_URL);
    if (db.provider !== 'sqlite' || !db.filePath) {
      throw new Error(
        'prisma/sqlite.config.ts needs a SQLite DATABASE_URL (file:...) or none; use prisma/postgres.config.ts for PostgreSQL.',
      );
    }
    // better-sqlite3 fails with "External error id#0" if the folder is missing.
    mkdirSync(path.dirname(db.filePath), { recursive: true });
    return new PrismaBetterSQLite3({ url: db.url, timeout: 10_000 }, { timestampFormat: 'iso8601' });
  },
});
