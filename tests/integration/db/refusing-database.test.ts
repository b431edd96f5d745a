import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/errors';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';
import { postgresAdminUrl } from '../../helpers/db';

// A database PostgreSQL itself refuses: connections not accepted (ALTER DATABASE … ALLOW_CONNECTIONS false, its
// backends terminated), the server out of connection slots, a read-only standby. Each is the service being unable
// to serve the call, never its bug: 503 with Retry-After on REST and MCP, then service again once it is back.

describe('PostgreSQL refusing the database', () => {
  let token: string;
  const app = testApp('postgres', {
    seed: async (database) => {
      token = (await database.token(await database.user('rita@example.com', { balance: 100, unit: 1 }), 'read')).token;
    },
  });
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  let adminReady = false;
  const sql = async (text: string) => {
    if (!adminReady) {
      await admin.connect();
      adminReady = true;
    }
    return admin.query(text);
  };
  afterAll(async () => {
    if (adminReady) await admin.end();
  });
  const databaseName = () => new URL(app.database.url).pathname.slice(1);

  const rest = () =>
    raw(app.server.port, {
      path: '/api/v1/tools/get_bankroll',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });

  it('answers 503 with Retry-After while connections are refused, and serves again once they are allowed', async () => {
    expect((await rest()).status).toBe(200);
    await sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
    await sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName()}' AND pid <> pg_backend_pid()`);
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await rest();
        expect(res.status, res.body).toBe(503);
        expect(res.json().error.code).toBe('unavailable');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        // MCP: 503 before the call (the token's owner is read first), or the call's own unavailable result.
        const mcp = await modern(app.server.port, token, 'tools/call', { name: 'get_bankroll', arguments: {} });
        if (mcp.status === 200) expect(mcp.json().result.structuredContent.error.code).toBe('unavailable');
        else {
          expect(mcp.status, mcp.body).toBe(503);
          expect(Number(mcp.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
    } finally {
      await sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS true`);
    }
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await rest()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
  });

  it("takes PostgreSQL's own refusals for unavailability, whatever wraps them", async () => {
    const refusal = async (connect: () => Promise<unknown>) =>
      connect().then(
        () => undefined,
        (error: unknown) => error,
      );
    await sql(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
    try {
      const notAccepting = await refusal(async () => {
        const client = new pg.Client({ connectionString: app.database.url });
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
    // A read-only standby and a full server answer with their own codes.
    const readOnly = await refusal(async () => {
      const client = new pg.Client({ connectionString: app.database.url });
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
    expect(isDatabaseUnavailable({ code: '53300', message: 'sorry, too many clients already' })).toBe(true);
    // A bug stays a bug: a syntax error or a unique violation is not the database being away.
    expect(isDatabaseUnavailable({ code: '42601', message: 'syntax error at or near "SELEC"' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
  });
});
