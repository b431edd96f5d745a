import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@/lib/db/client';
import { migrate, readMigrations } from '@/lib/db/migrate';
import { derivePostgresSchema } from '../../../scripts/db-schemas.mjs';
import { freshDatabase, type FreshDatabase } from '../../helpers/db';
import { diffDatamodels, introspect, ROOT, SCHEMAS } from './prisma-cli';

// Migrations vs schema, for both providers:
//  - the committed migration SQL, applied by lib/db/migrate.ts to an empty
//    database, yields exactly prisma/schema.prisma (resp. the derived
//    prisma/postgres/schema.prisma): the live database is introspected and
//    diffed against the schema with `migrate diff --exit-code`;
//  - the last migration's schema snapshot matches the current schema (else a
//    migration is missing: `npm run db:migration -- <name>`);
//  - the derived PostgreSQL schema is up to date (`npm run db:schemas`);
//  - migrate() is idempotent and safe when two processes run it at once.

const PROVIDERS = ['sqlite', 'postgres'] as const;
type Provider = (typeof PROVIDERS)[number];
const MIGRATIONS_DIR = path.join(ROOT, 'prisma', 'migrations');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

const toDrop: FreshDatabase[] = [];
async function fresh(provider: Provider): Promise<FreshDatabase> {
  const db = await freshDatabase(provider);
  toDrop.push(db);
  return db;
}
afterAll(async () => {
  await Promise.all(toDrop.map((db) => db.drop()));
});

function migrationNames(provider: Provider): string[] {
  return readdirSync(path.join(MIGRATIONS_DIR, provider), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

describe('schema files', () => {
  it('prisma/postgres/schema.prisma is derived from prisma/schema.prisma (run `npm run db:schemas`)', () => {
    const expected = derivePostgresSchema(readFileSync(SCHEMAS.sqlite, 'utf8'));
    const actual = readFileSync(SCHEMAS.postgres, 'utf8');
    expect(actual, 'prisma/postgres/schema.prisma is stale: run `npm run db:schemas`').toBe(expected);
  });

  it('both providers have the same migrations, each with migration.sql and a schema snapshot', () => {
    const sqlite = migrationNames('sqlite');
    expect(sqlite.length).toBeGreaterThan(0);
    expect(migrationNames('postgres')).toEqual(sqlite);
    for (const provider of PROVIDERS) {
      for (const name of sqlite) {
        expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
        expect(existsSync(path.join(MIGRATIONS_DIR, provider, name, 'migration.sql')), `${provider}/${name}/migration.sql`).toBe(true);
        expect(existsSync(path.join(MIGRATIONS_DIR, provider, name, 'schema.prisma')), `${provider}/${name}/schema.prisma`).toBe(true);
      }
    }
    expect(readMigrations('sqlite').map((m) => m.name)).toEqual(sqlite);
  });
});

describe.each(PROVIDERS)('%s migrations', (provider) => {
  it('the last migration snapshot matches the current schema (else run `npm run db:migration -- <name>`)', async () => {
    const last = migrationNames(provider).at(-1)!;
    const { exitCode, sql } = await diffDatamodels(path.join(MIGRATIONS_DIR, provider, last, 'schema.prisma'), SCHEMAS[provider]);
    expect(exitCode, `schema changed since migration ${last} without a new migration:\n${sql}`).toBe(0);
  }, 60_000);

  it('a migrated empty database has no drift from the schema; migrating again applies nothing', async () => {
    const db = await fresh(provider);
    const first = await migrate(db.url);
    expect(first.applied).toEqual(migrationNames(provider));
    const second = await migrate(db.url);
    expect(second.applied).toEqual([]);

    const introspected = await introspect(provider, db.url);
    try {
      const drift = await diffDatamodels(introspected.file, SCHEMAS[provider]);
      expect(
        drift.exitCode,
        `the ${provider} migrations do not produce ${path.relative(ROOT, SCHEMAS[provider])}; missing SQL:\n${drift.sql}`,
      ).toBe(0);

      // The check is sensitive: one extra optional column in the schema is drift.
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'jev-drift-'));
      try {
        const changed = path.join(tmp, 'schema.prisma');
        const schema = readFileSync(SCHEMAS[provider], 'utf8');
        expect(schema).toMatch(/^model User \{$/m);
        writeFileSync(changed, schema.replace(/^model User \{$/m, 'model User {\n  driftProbe String?'));
        const probe = await diffDatamodels(introspected.file, changed);
        expect(probe.exitCode).toBe(2);
        expect(probe.sql).toContain('driftProbe');
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    } finally {
      introspected.cleanup();
    }
  }, 60_000);

  it('three processes migrating the same empty database at once apply each migration exactly once', async () => {
    const db = await fresh(provider);
    const startAt = Date.now() + 2_000; // all racers start together, after tsx has loaded
    const run = () =>
      new Promise<{ applied: string[] }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [TSX_CLI, path.join(ROOT, 'tests/integration/db/fixtures/migrate-once.ts'), db.url, String(startAt)],
          {
            cwd: ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(err))));
      });
    const results = await Promise.all([run(), run(), run()]);
    const applied = results.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(migrationNames(provider));
    // PostgreSQL holds one advisory lock for the whole run, so one process applies them all. SQLite takes the
    // write lock per migration, so on a loaded machine a racer that was late to start may apply the later ones;
    // each process still applies its share in order.
    if (provider === 'postgres') expect(results.filter((r) => r.applied.length === 0)).toHaveLength(2);
    for (const r of results) expect(r.applied).toEqual([...r.applied].sort());
  }, 60_000);

  it('createDb round trip: create a user with an access token and read them back', async () => {
    const fresh1 = await fresh(provider);
    await migrate(fresh1.url);
    const db = createDb(fresh1.url);
    try {
      const user = await db.user.create({ data: { email: `round-trip-${provider}@example.com`, name: 'Round Trip' } });
      const expiresAt = new Date('2031-01-02T03:04:05.678Z');
      await db.accessToken.create({
        data: {
          userId: user.id,
          name: 'laptop',
          scope: 'write',
          tokenHash: 'a'.repeat(64),
          displayPrefix: 'jev_abcd',
          last4: 'wxyz',
          expiresAt,
        },
      });
      const back = await db.user.findUniqueOrThrow({
        where: { email: `round-trip-${provider}@example.com` },
        include: { accessTokens: true },
      });
      expect(back.id).toBe(user.id);
      expect(back.id).toMatch(/^c[a-z0-9]{20,}$/); // cuid
      expect(back.name).toBe('Round Trip');
      expect(back.createdAt).toBeInstanceOf(Date);
      expect(back.accessTokens).toHaveLength(1);
      const token = back.accessTokens[0]!;
      expect(token).toMatchObject({ name: 'laptop', scope: 'write', displayPrefix: 'jev_abcd', last4: 'wxyz', revokedAt: null });
      expect(token.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
      expect(await db.accessToken.findUnique({ where: { tokenHash: 'a'.repeat(64) } })).not.toBeNull();

      // Money stays integral cents; the token goes with its user (cascade).
      await db.bankroll.create({ data: { userId: user.id, balanceCents: 123_456, unitCents: 1_000, timeZone: 'UTC' } });
      expect(await db.bankroll.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
        balanceCents: 123_456,
        unitCents: 1_000,
        kellyFraction: 0.25,
        currency: 'USD',
        timeZone: 'UTC',
      });
      await db.user.delete({ where: { id: user.id } });
      expect(await db.accessToken.count()).toBe(0);
      expect(await db.bankroll.count()).toBe(0);
    } finally {
      await db.$disconnect();
    }
  }, 60_000);
});
