#!/usr/bin/env node
// Creates the next migration for BOTH providers: npm run db:migration -- <name>
//
// How: every migration folder keeps a snapshot of the schema as of that
// migration (`schema.prisma` next to `migration.sql`). The next migration is
//   prisma migrate diff --from-schema-datamodel <last folder>/schema.prisma
//                       --to-schema-datamodel   <current schema> --script
// (`--from-empty` for the first one), run once per provider:
//   prisma/schema.prisma          -> prisma/migrations/sqlite/NNNN_<name>/
//   prisma/postgres/schema.prisma -> prisma/migrations/postgres/NNNN_<name>/
// The PostgreSQL schema is re-derived first (scripts/db-schemas.mjs). Diffs go
// through prisma/diff.config.ts (in-memory SQLite adapter), so no database is
// needed. Never use `prisma migrate dev`. Migrations are applied at app start
// by lib/db/migrate.ts (table _jev_migrations), not by the Prisma CLI.
// Review the generated SQL before committing it; edit migration.sql if a
// data migration is needed, but never the schema.prisma snapshot.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from './db-schemas.mjs';
import { ROOT, runPrisma } from './db-prisma.mjs';

export const MIGRATION_DIR_RE = /^(\d{4})_([a-z0-9_]+)$/;
const PROVIDERS = [
  { provider: 'sqlite', schema: SQLITE_SCHEMA },
  { provider: 'postgres', schema: POSTGRES_SCHEMA },
];
const EMPTY_MARKER = '-- This is an empty migration.';

function listMigrations(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && MIGRATION_DIR_RE.test(d.name))
    .map((d) => d.name)
    .sort();
}

function main() {
  const rawName = process.argv
    .slice(2)
    .filter((a) => !a.startsWith('-'))
    .join('_');
  if (!rawName) {
    console.error('Usage: npm run db:migration -- <name>   (e.g. add_games)');
    process.exit(2);
  }
  const name = rawName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!name) throw new Error(`Invalid migration name: ${rawName}`);

  // 1. Keep the derived PostgreSQL schema in step with the SQLite one.
  const derived = derivePostgresSchema(readFileSync(SQLITE_SCHEMA, 'utf8'));
  if (!existsSync(POSTGRES_SCHEMA) || readFileSync(POSTGRES_SCHEMA, 'utf8') !== derived) {
    mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true });
    writeFileSync(POSTGRES_SCHEMA, derived);
    console.log('Updated prisma/postgres/schema.prisma from prisma/schema.prisma.');
  }

  // 2. Both providers must have the same migration history.
  const histories = PROVIDERS.map((p) => listMigrations(path.join(ROOT, 'prisma', 'migrations', p.provider)));
  if (JSON.stringify(histories[0]) !== JSON.stringify(histories[1])) {
    throw new Error(
      'prisma/migrations/sqlite and prisma/migrations/postgres list different migrations; fix that first.\n' +
        `sqlite:   ${histories[0].join(', ')}\npostgres: ${histories[1].join(', ')}`,
    );
  }
  const history = histories[0];
  const last = history.at(-1);
  const nextNumber = last ? Number(MIGRATION_DIR_RE.exec(last)[1]) + 1 : 1;
  const folder = `${String(nextNumber).padStart(4, '0')}_${name}`;

  // 3. Diff snapshot -> current schema, per provider.
  const results = PROVIDERS.map((p) => {
    const from = last
      ? ['--from-schema-datamodel', path.join(ROOT, 'prisma', 'migrations', p.provider, last, 'schema.prisma')]
      : ['--from-empty'];
    const { stdout } = runPrisma(
      ['migrate', 'diff', '--config', 'prisma/diff.config.ts', ...from, '--to-schema-datamodel', p.schema, '--script'],
      { capture: true },
    );
    return { ...p, sql: stdout.trim() + '\n' };
  });
  if (results.every((r) => r.sql.trim() === EMPTY_MARKER || r.sql.trim() === '')) {
    console.log('No schema changes since the last migration; nothing to do.');
    return;
  }

  // 4. Write migration.sql + schema snapshot for both providers.
  for (const r of results) {
    const dir = path.join(ROOT, 'prisma', 'migrations', r.provider, folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'migration.sql'), r.sql);
    copyFileSync(r.schema, path.join(dir, 'schema.prisma'));
    console.log(`Created ${path.relative(ROOT, dir)}/migration.sql (+ schema.prisma snapshot)`);
  }
  console.log('Review the SQL, then run the tests: npx vitest run tests/integration/db');
}

main();
