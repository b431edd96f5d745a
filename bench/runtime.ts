import autocannon from 'autocannon';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase, postgresAdminUrl } from '../tests/helpers/db';
import { nodeVersion, olderSystemNode } from '../tests/helpers/older-node';
import type { RunningServer } from '../tests/helpers/server';
import { serversClock, startBenchServer } from './clock';
import { CONNECTIONS, DURATION_SECONDS, measure, middle, type Row } from './measure';
import { benchToken, BENCH_ENV, NFL_WEEK_BODY, NO_VIG_BODY, seedSlate } from './slate';
import { TARGETS, type TargetKey } from './targets';
import { fetchOddsWorkload } from './workload';

// The runtime comparison of `npm run bench` (BENCH_ONLY=runtime runs it alone): the same build served by the app's
// Node (this process's: node_modules/.bin's under npm) and by an older one (BENCH_COMPARE_NODE, else the first
// older `node` on PATH outside node_modules), both on one PostgreSQL database seeded with the bench slate, since
// better-sqlite3 crashes Node 20 once a database is opened. get_game_odds is computed afresh
// (ODDS_CACHE_SECONDS=0). Each round measures every row on both servers one right after the other, the runtime
// measured first alternating by round, so a row's ratio is taken per round between neighbouring measurements.

const ROUNDS = Number(process.env.BENCH_RUNTIME_ROUNDS ?? 5);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

interface Runtime {
  /** As the server reports it in its metrics (nodejs_version_info), so the label is what really served. */
  version: string;
  binary: string;
}

export interface RuntimeRow {
  name: string;
  /** The row's target (the app's Node at least so many times the older's throughput); none for context. */
  target?: TargetKey;
  /** Per round, on the app's Node and on the older one. */
  app: Row[];
  older: Row[];
}

export type RuntimeComparison = { skipped: string } | { app: Runtime; older: Runtime; rows: RuntimeRow[] };

/** The older Node to compare with, or why there is none. */
function olderNode(): string | { skipped: string } {
  const chosen = process.env.BENCH_COMPARE_NODE;
  if (chosen) return nodeVersion(chosen) ? chosen : { skipped: `BENCH_COMPARE_NODE=${chosen} is not a Node binary that runs.` };
  return (
    olderSystemNode() ?? {
      skipped: 'no Node older than the app needs on PATH outside node_modules; BENCH_COMPARE_NODE=/path/to/node names one.',
    }
  );
}

/** The Node version a running server reports in its metrics. */
async function servedBy(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.origin}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const version = /nodejs_version_info\{version="v([^"]+)"/.exec(await res.text())?.[1];
  if (!version) throw new Error(`The server at ${server.origin} did not report its Node version in /api/metrics.`);
  return version;
}

export async function compareRuntimes(): Promise<RuntimeComparison> {
  const older = olderNode();
  if (typeof older !== 'string') return older;
  const admin = new URL(postgresAdminUrl());
  admin.password = '';
  const database = await freshDatabase('postgres').catch((error: unknown) => ({
    skipped: `PostgreSQL is not reachable at ${admin.href} (${error instanceof Error ? error.message : String(error)}); TEST_POSTGRES_URL names another.`,
  }));
  if ('skipped' in database) return database;
  const servers: RunningServer[] = [];
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    process.stderr.write('runtime comparison: loading the bench slate into PostgreSQL …\n');
    const { clock } = serversClock();
    const token = await benchToken(db, clock.now());
    await seedSlate(db, clock.now());
    await db.$disconnect();
    const env = { DATABASE_URL: database.url, ODDS_CACHE_SECONDS: '0', METRICS_TOKEN, ...BENCH_ENV };
    servers.push(await startBenchServer(env, { keepOutput: false }));
    servers.push(await startBenchServer({ ...env, JEV_OLDER_NODE: '1' }, { keepOutput: false, node: older }));
    const [app, old] = servers as [RunningServer, RunningServer];
    const post = { method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    const nflWeek = (server: RunningServer) => ({ url: `${server.origin}/api/v1/tools/get_game_odds`, ...post, body: NFL_WEEK_BODY });
    const rows: [string, TargetKey | undefined, (server: RunningServer) => autocannon.Options][] = [
      ['trivial route (GET /api/health)', undefined, (server) => ({ url: `${server.origin}/api/health` })],
      [
        'REST calc_no_vig_odds',
        'runtimeRest',
        (server) => ({ url: `${server.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY }),
      ],
      [`REST get_game_odds, NFL week afresh; answer: ${await fetchOddsWorkload(nflWeek(app))}`, 'runtimeNfl', nflWeek],
    ];
    for (const server of servers) for (const [, , options] of rows) await autocannon({ ...options(server), connections: 10, amount: 1000 });
    const measured = rows.map(([name, target]) => ({ name, target, app: [] as Row[], older: [] as Row[] }));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [index, [name, , options]] of rows.entries()) {
        const order = round % 2 === 1 ? (['app', 'older'] as const) : (['older', 'app'] as const);
        for (const runtime of order) {
          const server = runtime === 'app' ? app : old;
          measured[index]![runtime].push(
            await measure(`runtime comparison, ${name} on the ${runtime} Node (round ${round}/${ROUNDS})`, options(server)),
          );
        }
      }
    }
    return {
      app: { version: await servedBy(app), binary: process.execPath },
      older: { version: await servedBy(old), binary: older },
      rows: measured,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

/** Each round's throughput on the app's Node ÷ on the older one. */
export const roundRatios = (row: RuntimeRow) => row.app.map((app, i) => app.requestsPerSecond / row.older[i]!.requestsPerSecond);
export const medianRatio = (row: RuntimeRow) => middle(roundRatios(row));

export function printRuntimes(comparison: RuntimeComparison): void {
  if ('skipped' in comparison) {
    console.log(`\nRuntime comparison skipped: ${comparison.skipped}`);
    return;
  }
  const { app, older, rows } = comparison;
  const [a, o] = [`Node ${app.version}`, `Node ${older.version}`];
  console.log(
    `\nRuntime comparison: the same build on one PostgreSQL database (get_game_odds afresh), ${a} (${app.binary}) against ` +
      `${o} (${older.binary}); ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s per row and runtime, ` +
      `the runtime measured first alternating by round; req/s are medians\n`,
  );
  console.log(`| route | ${a} req/s | ${o} req/s | errors | ${a} ÷ ${o} per round | median | target |`);
  console.log('|---|---:|---:|---:|---|---:|---|');
  for (const row of rows) {
    const rps = (rounds: Row[]) => middle(rounds.map((r) => r.requestsPerSecond)).toFixed(0);
    const errors = [...row.app, ...row.older].reduce((sum, r) => sum + r.errors, 0);
    const ratio = medianRatio(row);
    const goal = row.target && TARGETS[row.target][1];
    const target = goal ? `≥ ${goal}: ${ratio >= goal ? 'met' : 'not met'}` : 'context';
    console.log(
      `| ${row.name} | ${rps(row.app)} | ${rps(row.older)} | ${errors} | ${roundRatios(row)
        .map((r) => r.toFixed(2))
        .join(', ')} | ${ratio.toFixed(2)} | ${target} |`,
    );
  }
}
