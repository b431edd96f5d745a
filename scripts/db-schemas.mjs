#!/usr/bin/env node
// Derives prisma/postgres/schema.prisma from prisma/schema.prisma (SQLite, the
// source of truth). Prisma 6.19 cannot take the provider from env, so each
// provider needs its own schema file; only three things differ:
//   - datasource provider  "sqlite"             -> "postgresql"
//   - datasource url       "file:./data/jev.db" -> a literal postgresql:// url
//   - generator output     ../lib/db/generated/sqlite -> ../../lib/db/generated/postgres
// (paths in a schema are relative to the schema file, and the derived file
// lives one folder deeper).
//
// Usage: node scripts/db-schemas.mjs          write the derived file
//        node scripts/db-schemas.mjs --check  exit 1 if it is out of date
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SQLITE_SCHEMA = path.join(ROOT, 'prisma', 'schema.prisma');
export const POSTGRES_SCHEMA = path.join(ROOT, 'prisma', 'postgres', 'schema.prisma');

// The datasource url in a schema is never used to connect (the config files
// and lib/db/client.ts take DATABASE_URL); the 6.19 CLI merely insists on a
// literal url that matches the provider.
const POSTGRES_PLACEHOLDER_URL = 'postgresql://postgres@127.0.0.1:5432/jev';

const HEADER = [
  '// GENERATED FILE — do not edit. Derived from prisma/schema.prisma by',
  '// scripts/db-schemas.mjs (`npm run db:schemas`); only the datasource',
  '// provider, the datasource url and the generator output differ.',
  '',
].join('\n');

function replaceOnce(text, pattern, replacement, what) {
  const matches = text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g'));
  if (!matches || matches.length !== 1) {
    throw new Error(`db-schemas: expected exactly one ${what} in prisma/schema.prisma, found ${matches ? matches.length : 0}`);
  }
  return text.replace(pattern, replacement);
}

/** Pure function: SQLite schema text -> PostgreSQL schema text. */
export function derivePostgresSchema(sqliteSchema) {
  let out = sqliteSchema.replace(/\r\n/g, '\n');
  out = replaceOnce(out, /^(\s*provider\s*=\s*)"sqlite"/m, '$1"postgresql"', 'datasource provider "sqlite"');
  out = replaceOnce(out, /^(\s*url\s*=\s*)"file:[^"]*"/m, `$1"${POSTGRES_PLACEHOLDER_URL}"`, 'datasource url "file:..."');
  out = replaceOnce(
    out,
    /^(\s*output\s*=\s*)"\.\.\/lib\/db\/generated\/sqlite"/m,
    '$1"../../lib/db/generated/postgres"',
    'generator output "../lib/db/generated/sqlite"',
  );
  return HEADER + out;
}

function main() {
  const check = process.argv.includes('--check');
  const expected = derivePostgresSchema(readFileSync(SQLITE_SCHEMA, 'utf8'));
  let current = null;
  try {
    current = readFileSync(POSTGRES_SCHEMA, 'utf8');
  } catch {
    // No PostgreSQL schema yet: `current` stays null.
  }
  if (check) {
    if (current !== expected) {
      console.error('prisma/postgres/schema.prisma is out of date: run `npm run db:schemas`.');
      process.exit(1);
    }
    console.log('prisma/postgres/schema.prisma is up to date.');
    return;
  }
  if (current === expected) {
    console.log('prisma/postgres/schema.prisma already up to date.');
    return;
  }
  mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true });
  writeFileSync(POSTGRES_SCHEMA, expected);
  console.log('Wrote prisma/postgres/schema.prisma.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
