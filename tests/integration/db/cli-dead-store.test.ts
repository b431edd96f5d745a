import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJevHere, type JevResult } from '../../helpers/cli';
import { freshDatabase, postgresAdminUrl, type FreshDatabase } from '../../helpers/db';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';

// The jev CLI when PostgreSQL cannot serve it: unreachable (the host down: connections reset), stalled (accepted,
// never answered) or read-only (a failover's new primary before promotion). Each command ends within its
// timeouts with exit code 1 and one line saying the database is not answering and what to do, no stack; reads
// still work on a read-only database (nothing needs migrating, so nothing is written); and a refused write
// leaves nothing half-written. In-process (runJevHere): no process start per command.

const TIMEOUT_SECONDS = 1;
/** The connect and query timeouts plus a margin for a loaded machine. */
const ENDS_WITHIN_MS = 3 * TIMEOUT_SECONDS * 1000 + 4000;
const EMAIL = 'cleo@example.com';

describe('jev CLI with PostgreSQL unable to serve', () => {
  let database: FreshDatabase;
  let proxy: FaultProxy;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  /** Reads what is stored, around the proxy. */
  let direct: pg.Client;
  const databaseName = () => new URL(database.url).pathname.slice(1);
  /** The database through the fault proxy. */
  const proxiedUrl = () => {
    const url = new URL(database.url);
    url.host = `127.0.0.1:${proxy.port}`;
    return url.toString();
  };
  const jev = async (...args: string[]): Promise<JevResult & { ms: number }> => {
    const started = performance.now();
    const result = await runJevHere(args, {
      DATABASE_URL: proxiedUrl(),
      DB_CONNECT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      DB_QUERY_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    });
    return { ...result, ms: performance.now() - started };
  };
  const balanceCents = async () =>
    (await direct.query<{ balanceCents: number }>(`SELECT "balanceCents" FROM "Bankroll"`)).rows.map((row) => Number(row.balanceCents));

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const { hostname, port } = new URL(database.url);
    proxy = await startFaultProxy({ host: hostname, port: Number(port) });
    await admin.connect();
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    for (const args of [
      ['user', 'create', '--email', EMAIL],
      ['bankroll', 'set', '--email', EMAIL, '--balance', '500', '--unit', '5'],
    ]) {
      const done = await jev(...args);
      expect(done.code, done.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await admin.end();
    await direct?.end();
    await proxy?.close();
    await database?.drop();
  });

  /** Exit 1, one line naming the database and what to do next, within the bound. */
  function refused(result: JevResult & { ms: number }): void {
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: The database is not answering \(.+\)\. Check that it is up and that DATABASE_URL points at it, then run the command again\.\n$/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at |invocation/);
    expect(result.ms).toBeLessThan(ENDS_WITHIN_MS);
  }

  it.each([
    ['the host down', () => proxy.refuse()],
    ['a stalled network', () => proxy.stall()],
  ])(
    '%s: a read and a write each end with one line and exit code 1',
    async (_name, start) => {
      start();
      try {
        refused(await jev('token', 'list', '--email', EMAIL));
        refused(await jev('bankroll', 'set', '--email', EMAIL, '--balance', '600', '--unit', '5'));
      } finally {
        proxy.forward();
      }
      expect(await balanceCents()).toEqual([50_000]);
    },
    60_000,
  );

  it('read-only: reads are served, a write is refused with one line and nothing written', async () => {
    await admin.query(`ALTER DATABASE "${databaseName()}" SET default_transaction_read_only = on`);
    proxy.reset(); // new sessions take the database's new default
    try {
      const listed = await jev('token', 'list', '--email', EMAIL);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('No tokens.');
      refused(await jev('bankroll', 'set', '--email', EMAIL, '--balance', '700', '--unit', '5'));
      refused(await jev('token', 'create', '--email', EMAIL, '--scope', 'read'));
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName()}" RESET default_transaction_read_only`);
      proxy.reset();
    }
    expect(await balanceCents()).toEqual([50_000]);
    expect((await direct.query(`SELECT 1 FROM "AccessToken"`)).rowCount).toBe(0);
    // Served again once it is writable.
    const saved = await jev('bankroll', 'set', '--email', EMAIL, '--balance', '700', '--unit', '5');
    expect(saved.code, saved.stderr).toBe(0);
    expect(await balanceCents()).toEqual([70_000]);
  }, 60_000);
});
