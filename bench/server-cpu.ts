// The server's own CPU time per request (user + system from /proc, over a few thousand requests at 4
// connections), beside the trivial route's, in rounds of every row in turn (BENCH_CPU_ROUNDS, default 5): steadier
// than throughput on a shared machine, since it leaves out the load generator and whatever else the cores are
// doing. `npm run bench` prints it after the throughput table; `npx tsx bench/server-cpu.ts` (after `npm run build`)
// runs it alone, computing get_game_odds afresh (ODDS_CACHE_SECONDS=0, or CACHE=<seconds>).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import type { RunningServer } from '../tests/helpers/server';
import { serversClock, startBenchServer } from './clock';
import { processSeconds } from './cpu';
import { middle } from './measure';
import {
  benchToken,
  BENCH_ENV,
  COLLEGE_WEEK_BODY,
  MCP_LEGACY_BODY,
  MCP_LEGACY_HEADERS,
  MCP_MODERN_BODY,
  MCP_MODERN_HEADERS,
  NFL_WEEK_BODY,
  NO_VIG_BODY,
  seedSlate,
} from './slate';
import { fetchOddsWorkload } from './workload';

interface CpuRow {
  name: string;
  /** The median round's µs of server CPU a request. */
  microseconds: number;
  /** The trivial route's µs ÷ this row's, per round: median, lowest and highest. */
  ratio: { median: number; low: number; high: number };
  errors: number;
}

/** Rounds of every row in turn: a slow spell of a shared machine lands on every row alike. */
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);

/** Each route's server CPU per request on `server`, the trivial route's first. */
export async function serverCpu(server: RunningServer, token: string): Promise<CpuRow[]> {
  const post = { method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  const odds = `${server.origin}/api/v1/tools/get_game_odds`;
  const mcp = `${server.origin}/api/mcp`;
  // Requests a round, so that a round of each row takes about as long.
  const rows: [string, number, autocannon.Options][] = [
    ['trivial route (GET /api/health)', 1200, { url: `${server.origin}/api/health` }],
    ['trivial route reading a body (POST /api/health)', 1200, { url: `${server.origin}/api/health`, ...post, body: NO_VIG_BODY }],
    ['REST calc_no_vig_odds', 800, { url: `${server.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY }],
    [
      'MCP calc_no_vig_odds, 2026-07-28',
      800,
      { url: mcp, ...post, headers: { ...post.headers, ...MCP_MODERN_HEADERS }, body: MCP_MODERN_BODY },
    ],
    [
      'MCP calc_no_vig_odds, 2025-11-25',
      800,
      { url: mcp, ...post, headers: { ...post.headers, ...MCP_LEGACY_HEADERS }, body: MCP_LEGACY_BODY },
    ],
    ['get_game_odds, NFL week', 300, { url: odds, ...post, body: NFL_WEEK_BODY }],
    ['get_game_odds, college week, first page', 300, { url: odds, ...post, body: COLLEGE_WEEK_BODY }],
    ['get_game_odds value scan', 300, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl', minExpectedValue: 0.02, minBooks: 3 }) }],
  ];
  // Each odds row says what it asked of the server: the games its answer covers, and its size.
  for (const row of rows) if (row[2].url.endsWith('/get_game_odds')) row[0] += `; answer: ${await fetchOddsWorkload(row[2])}`;
  for (const [, , options] of rows) await autocannon({ ...options, connections: 4, amount: 600 });
  const rounds: { microseconds: number; errors: number }[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const measured: { microseconds: number; errors: number }[] = [];
    for (const [, amount, options] of rows) {
      const before = processSeconds(server.pid);
      const result = await autocannon({ ...options, connections: 4, amount });
      measured.push({ microseconds: ((processSeconds(server.pid) - before) / amount) * 1e6, errors: result.non2xx + result.errors });
    }
    rounds.push(measured);
  }
  return rows.map(([name], index) => {
    const ratios = rounds.map((round) => round[0]!.microseconds / round[index]!.microseconds);
    return {
      name,
      microseconds: middle(rounds.map((round) => round[index]!.microseconds)),
      ratio: { median: middle(ratios), low: Math.min(...ratios), high: Math.max(...ratios) },
      errors: rounds.reduce((sum, round) => sum + round[index]!.errors, 0),
    };
  });
}

export function printServerCpu(rows: CpuRow[], label: string): void {
  console.log(
    `\nServer CPU per request (${label}; ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; median of ${ROUNDS} rounds)\n`,
  );
  console.log('| route | µs of server CPU a request | vs trivial route (its µs ÷ this), per round: median (range) | errors |');
  console.log('|---|---:|---:|---:|');
  for (const { name, microseconds, ratio, errors } of rows) {
    console.log(
      `| ${name} | ${microseconds.toFixed(0)} | ${ratio.median.toFixed(2)} (${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}) | ${errors} |`,
    );
  }
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-server-cpu-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  await migrate(url);
  const db = createDb(url);
  const { clock, note } = serversClock();
  console.log(note);
  const token = await benchToken(db, clock.now());
  await seedSlate(db, clock.now());
  await db.$disconnect();
  const cache = process.env.CACHE ?? '0';
  const server = await startBenchServer({ DATABASE_URL: url, ODDS_CACHE_SECONDS: cache, ...BENCH_ENV }, { keepOutput: false });
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
