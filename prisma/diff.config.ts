// Prisma CLI config for database-free schema diffs:
//   npx prisma migrate diff --config prisma/diff.config.ts \
//     --from-schema-datamodel <a> --to-schema-datamodel <b> --script
// Prisma 6.19's JS schema engine always opens its adapter, even for a diff of
// two datamodels; an in-memory SQLite adapter satisfies it without touching
// any file or server. The SQL dialect comes from the datamodels' datasource
// provider, so this serves the PostgreSQL schema too (checked: identical
// output to a diff through a live PostgreSQL adapter, except that the live one
// adds `CREATE SCHEMA IF NOT EXISTS "public"`, which we do not want: tables go
// to the connection's search_path). Used by scripts/db-migration.mjs and the
// drift test.
import { defineConfig } from 'prisma/config';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  async adapter() {
    return new PrismaBetterSQLite3({ url: ':memory:' });
  },
});
