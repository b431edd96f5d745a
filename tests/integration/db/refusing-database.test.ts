import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/errors';
import { postgresAdminUrl } from '../../helpers/db';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';

// The errors PostgreSQL's own refusals make, as the pg driver and Prisma hand them over: a database not accepting
// connections, a read-only transaction (a standby during a failover), too many connections (for the role here).
// Each is the database being unable to serve, never a bug, so lib/errors.ts reads it as unavailable (503 with
// Retry-After on every surface: tests/integration/db/faults.test.ts drives them through the server).

describe("PostgreSQL's refusals are read as the database being unavailable", () => {
  let database: TestDatabase;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  const sql = (text: string) => admin.query(text);
  beforeAll(async () => {
    database = await testDatabase('postgres');
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database?.close();
  });
  const databaseName = () => new URL(database.url).pathname.slice(1);
  const refusal = (attempt: () => Promise<unknown>) =>
    attempt().then(
      () => undefined,
      (error: unknown) => error,
    );

  it('not accepting connections (55000), whatever wraps it', async () => {
    await sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
    try {
      const notAccepting = await refusal(async () => {
        const client = new pg.Client({ connectionString: database.url });
        try {
          await client.connect();
        } finally {
          await client.end().catch(() => undefined);
        }
      });
      expect((notAccepting as { code?: string }).code).toBe('55000');
      expect(isDatabaseUnavailable(notAccepting)).toBe(true);
      expect(
        isDatabaseUnavailable({
          name: 'DriverAdapterError',
          cause: { originalCode: '55000', originalMessage: (notAccepting as Error).message },
        }),
      ).toBe(true);
    } finally {
      await sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS true`);
    }
  });

  it('a write in a read-only transaction (25006)', async () => {
    const readOnly = await refusal(async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('BEGIN READ ONLY');
        await client.query(`CREATE TABLE "refused" (id int)`);
      } finally {
        await client.end();
      }
    });
    expect((readOnly as { code?: string }).code).toBe('25006');
    expect(isDatabaseUnavailable(readOnly)).toBe(true);
  });

  it("too many connections (53300), which Prisma's driver adapter names P2037", async () => {
    const role = `jev_full_${randomBytes(4).toString('hex')}`;
    await sql(`CREATE ROLE "${role}" LOGIN CONNECTION LIMIT 0`);
    try {
      const url = new URL(database.url);
      url.username = role;
      const tooMany = await refusal(async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        try {
          await client.connect();
        } finally {
          await client.end().catch(() => undefined);
        }
      });
      expect((tooMany as { code?: string }).code).toBe('53300');
      expect(isDatabaseUnavailable(tooMany)).toBe(true);
      const db = createDb(url.toString());
      try {
        const throughPrisma = await refusal(() => db.user.count());
        expect((throughPrisma as { code?: string }).code).toBe('P2037');
        expect(isDatabaseUnavailable(throughPrisma)).toBe(true);
      } finally {
        await db.$disconnect();
      }
    } finally {
      await sql(`DROP ROLE "${role}"`);
    }
  });

  it('a bug stays a bug: a syntax error or a unique violation is not the database being away', () => {
    expect(isDatabaseUnavailable({ code: '42601', message: 'syntax error at or near "SELEC"' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
  });
});
