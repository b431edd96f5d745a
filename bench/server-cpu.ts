// `npx tsx bench/server-cpu.ts` (after `npm run build`): the server's own CPU time per request (user + system from
// /proc, over a few thousand requests at 4 connections) for the trivial route and get_game_odds on the bench
// slate's NFL week, computed afresh (ODDS_CACHE_SECONDS=0, or CACHE=<seconds>). Steadier than throughput on a
// shared machine: it leaves out the load generator and whatever else the cores are doing.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { startServer } from '../tests/helpers/server';
import { processSeconds } from './cpu';
import { benchToken, BENCH_ENV, NO_VIG_BODY, seedSlate } from './slate';

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-server-cpu-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  await migrate(url);
  const db = createDb(url);
  const token = await benchToken(db);
  await seedSlate(db);
  await db.$disconnect();
  const server = await startServer(
    { DATABASE_URL: url, ODDS_CACHE_SECONDS: process.env.CACHE ?? '0', ...BENCH_ENV },
    { keepOutput: false },
  );
  const post = { method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  const odds = `${server.origin}/api/v1/tools/get_game_odds`;
  const rows: [string, number, autocannon.Options][] = [
    ['GET /api/health', 6000, { url: `${server.origin}/api/health` }],
    ['REST calc_no_vig_odds', 4000, { url: `${server.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY }],
    ['get_game_odds, NFL week', 1500, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl' }) }],
    ['get_game_odds value scan', 1500, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl', minExpectedValue: 0.02, minBooks: 3 }) }],
  ];
  try {
    for (const [, , options] of rows) await autocannon({ ...options, connections: 4, amount: 600 });
    for (const [name, amount, options] of rows) {
      const before = processSeconds(server.pid);
      const result = await autocannon({ ...options, connections: 4, amount });
      const perRequest = ((processSeconds(server.pid) - before) / amount) * 1e6;
      console.log(`${name}: ${perRequest.toFixed(0)} µs of server CPU a request (${result.non2xx} non-2xx)`);
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
