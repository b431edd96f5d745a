import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Helpers for the db integration tests: run the project's Prisma CLI, and
// compare a live (migrated) database with a Prisma schema.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/[\\/]$/, '');
const PRISMA_CLI = createRequire(path.join(ROOT, 'package.json')).resolve('prisma/build/index.js');

export const SCHEMAS = {
  sqlite: path.join(ROOT, 'prisma', 'schema.prisma'),
  postgres: path.join(ROOT, 'prisma', 'postgres', 'schema.prisma'),
} as const;
export const CONFIGS = {
  sqlite: 'prisma/sqlite.config.ts',
  postgres: 'prisma/postgres.config.ts',
} as const;
export const DIFF_CONFIG = 'prisma/diff.config.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function prisma(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PRISMA_CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function describeFailure(what: string, r: CliResult): string {
  return `${what} exited with ${r.code}\n--- stderr ---\n${r.stderr}\n--- stdout ---\n${r.stdout}`;
}

/**
 * `prisma migrate diff --exit-code --script` between two datamodels, through
 * the database-free diff config. exitCode 0 = same database schema, 2 = they
 * differ (sql says how to get from `from` to `to`).
 */
export async function diffDatamodels(from: string, to: string): Promise<{ exitCode: 0 | 2; sql: string }> {
  const r = await prisma([
    'migrate',
    'diff',
    '--config',
    DIFF_CONFIG,
    '--from-schema-datamodel',
    from,
    '--to-schema-datamodel',
    to,
    '--script',
    '--exit-code',
  ]);
  if (r.code !== 0 && r.code !== 2) throw new Error(describeFailure('prisma migrate diff', r));
  return { exitCode: r.code, sql: r.stdout.trim() };
}

const MIGRATIONS_MODEL = /^model \w+ \{[^}]*@@map\("_jev_migrations"\)[^}]*\}\n?/m;

/**
 * Introspects the live database (`prisma db pull` through the provider's
 * config and driver adapter, into a schema that holds only a datasource, so
 * nothing guides the introspection), drops lib/db/migrate.ts's own
 * _jev_migrations table from the result, and writes it to a temp file.
 * Prisma 6.19's JS engine forbids `migrate diff --from-url`/
 * `--from-schema-datasource`, so this is how a live database gets diffed.
 */
export async function introspect(provider: 'sqlite' | 'postgres', databaseUrl: string): Promise<{ file: string; cleanup(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jev-introspect-'));
  const file = path.join(dir, 'introspected.prisma');
  const datasource =
    provider === 'sqlite'
      ? 'datasource db {\n  provider = "sqlite"\n  url      = "file:./unused.db"\n}\n'
      : 'datasource db {\n  provider = "postgresql"\n  url      = "postgresql://unused@localhost/unused"\n}\n';
  writeFileSync(file, datasource);
  const r = await prisma(['db', 'pull', '--config', CONFIGS[provider], '--schema', file], { DATABASE_URL: databaseUrl });
  if (r.code !== 0) throw new Error(describeFailure('prisma db pull', r));
  const pulled = readFileSync(file, 'utf8');
  if (!MIGRATIONS_MODEL.test(pulled)) {
    throw new Error(`introspection found no _jev_migrations table:\n${pulled}`);
  }
  writeFileSync(file, pulled.replace(MIGRATIONS_MODEL, ''));
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
