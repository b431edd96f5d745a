import { afterAll, beforeAll } from 'vitest';
import { testDatabase, type PROVIDERS, type TestDatabase } from './fixtures';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from './server';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

// What most integration suites set up before their first test and take down after their last: a migrated,
// throwaway database of either provider with the rows the suite needs, and the production server on it
// (server.mjs from the build, as `npm start` runs it); afterwards the server is stopped and the database dropped.

export interface TestAppOptions {
  /**
   * What goes into the database before the server starts: users, tokens, games, a sample slate. Keep what the
   * tests need (a token, a user's id) in the suite's own variables.
   */
  seed?: (database: TestDatabase) => Promise<unknown>;
  /**
   * The server's settings, over GENEROUS_BUDGETS unless `budgets: 'default'`. A function is called when the
   * server starts, for settings known only then (the address of a fake started in an earlier beforeAll).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** 'default': the server's own rate limits (tests of budgets), not GENEROUS_BUDGETS. */
  budgets?: 'generous' | 'default';
  /**
   * The server reaches the database through a proxy that can refuse, stall or reset its connections
   * (startFaultProxy), started after `seed`.
   */
  faultProxy?: boolean;
  /** PostgreSQL: the role the server connects as (made by `seed`), instead of the admin URL's superuser. */
  databaseUser?: string;
  /** APP_URL's hostname (default localhost), with the server's port. */
  hostname?: string;
}

export interface TestApp {
  readonly database: TestDatabase;
  readonly server: RunningServer;
  /** Only with `faultProxy: true`. */
  readonly proxy: FaultProxy;
}

/**
 * Registers the suite's beforeAll (database, seed, proxy, server) and afterAll (server, proxy, database, each only
 * if it was started). Call it in the describe block (or the file) before any hook of the suite that uses the server:
 * hooks run in the order they are registered, and after-hooks in reverse. Read the fields inside tests and hooks:
 * before the set-up has run they throw.
 */
export function testApp(provider: (typeof PROVIDERS)[number], options: TestAppOptions = {}): TestApp {
  let database: TestDatabase | undefined;
  let proxy: FaultProxy | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await testDatabase(provider);
    await options.seed?.(database);
    let url = database.url;
    if (options.faultProxy || options.databaseUser) {
      const target = new URL(database.url);
      const reached = new URL(database.url);
      if (options.faultProxy) {
        proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
        reached.host = `127.0.0.1:${proxy.port}`;
      }
      if (options.databaseUser) reached.username = options.databaseUser;
      url = reached.toString();
    }
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    server = await startServer(
      { DATABASE_URL: url, ...(options.budgets === 'default' ? {} : GENEROUS_BUDGETS), ...env },
      { hostname: options.hostname },
    );
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.close();
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`testApp: ${name} is not there (read it inside a test or hook, after the set-up)`);
    return value;
  };
  return {
    get database() {
      return ready(database, 'the database');
    },
    get server() {
      return ready(server, 'the server');
    },
    get proxy() {
      return ready(proxy, 'the fault proxy');
    },
  };
}
