// The server's own CPU time per request (user + system from /proc, over a few thousand requests at 4
// connections), beside the trivial route's: steadier than throughput on a shared machine, since it leaves out
// the load generator and whatever else the cores are doing. `npm run bench` prints it after the throughput table;
// `npx tsx bench/server-cpu.ts` (after `npm run build`) runs it alone, computing get_game_odds afresh
// (ODDS_CACHE_SECONDS=0, or CACHE=<seconds>).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { startServer, type RunningServer } from '../tests/helpers/server';
import { processSeconds } from './cpu';
import {
  benchToken,
  BENCH_ENV,
  MCP_LEGACY_BODY,
  MCP_LEGACY_HEADERS,
  MCP_MODERN_BODY,
  MCP_MODERN_HEADERS,
  NO_VIG_BODY,
  seedSlate,
} from './slate';

interface CpuRow {
  name: string;
  microseconds: number;
  errors: number;
}

/** Each route's server CPU per request on `server`, the trivial route's first. */
export async function serverCpu(server: RunningServer, token: string): Promise<CpuRow[]> {
  const post = { method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  const odds = `${server.origin}/api/v1/tools/get_game_odds`;
  const mcp = `${server.origin}/api/mcp`;
  const rows: [string, number, autocannon.Options][] = [
    ['trivial route (GET /api/health)', 6000, { url: `${server.origin}/api/health` }],
    ['REST calc_no_vig_odds', 4000, { url: `${server.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY }],
    [
      'MCP calc_no_vig_odds, 2026-07-28',
      4000,
      { url: mcp, ...post, headers: { ...post.headers, ...MCP_MODERN_HEADERS }, body: MCP_MODERN_BODY },
    ],
    [
      'MCP calc_no_vig_odds, 2025-11-25',
      4000,
      { url: mcp, ...post, headers: { ...post.headers, ...MCP_LEGACY_HEADERS }, body: MCP_LEGACY_BODY },
    ],
    ['get_game_odds, NFL week', 1500, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl' }) }],
    ['get_game_odds value scan', 1500, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl', minExpectedValue: 0.02, minBooks: 3 }) }],
  ];
  for (const [, , options] of rows) await autocannon({ ...options, connections: 4, amount: 600 });
  const measured: CpuRow[] = [];
  for (const [name, amount, options] of rows) {
    const before = processSeconds(server.pid);
    const result = await autocannon({ ...options, connections: 4, amount });
    measured.push({ name, microseconds: ((processSeconds(server.pid) - before) / amount) * 1e6, errors: result.non2xx + result.errors });
  }
  return measured;
}

export function printServerCpu(rows: CpuRow[], label: string): void {
  const [trivial] = rows;
  console.log(`\nServer CPU per request (${label}; ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores)\n`);
  console.log('| route | µs of server CPU a request | vs trivial route (its µs ÷ this) | errors |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.microseconds.toFixed(0)} | ${(trivial!.microseconds / row.microseconds).toFixed(2)} | ${row.errors} |`,
    );
  }
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-server-cpu-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  await migrate(url);
  const db = createDb(url);
  const token = await benchToken(db);
  await seedSlate(db);
  await db.$disconnect();
  const cache = process.env.CACHE ?? '0';
  const server = await startServer({ DATABASE_URL: url, ODDS_CACHE_SECONDS: cache, ...BENCH_ENV }, { keepOutput: false });
  try {
    printServerCpu(await serverCpu(server, token), `ODDS_CACHE_SECONDS=${cache}`);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
