// `npx tsx bench/server-cpu.ts` (after `npm run build`): the server's own CPU time per request (user + system from
// /proc, over a few thousand requests at 4 connections) for the trivial route and get_game_odds on the bench
// slate's NFL week, computed afresh (ODDS_CACHE_SECONDS=0, or CACHE=<seconds>). Steadier than throughput on a
// shared machine: it leaves out the load generator and whatever else the cores are doing.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createAccessToken } from '@/lib/account/tokens';
import { createUser } from '@/lib/account/users';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { startServer } from '../tests/helpers/server';
import { seedSlate } from './slate';

const BUDGETS = {
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '100000000',
  RATE_LIMIT_USER_PER_MINUTE: '100000000',
};

/** A process's user + system CPU time in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-server-cpu-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  await migrate(url);
  const db = createDb(url);
  const user = await createUser(db, { email: 'bench@example.com' });
  const { token } = await createAccessToken(db, { userId: user.id, name: 'bench', scope: 'read', now: new Date() });
  await seedSlate(db);
  await db.$disconnect();
  const server = await startServer({ DATABASE_URL: url, ODDS_CACHE_SECONDS: process.env.CACHE ?? '0', ...BUDGETS }, { keepOutput: false });
  const post = { method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  const odds = `${server.origin}/api/v1/tools/get_game_odds`;
  const rows: [string, number, autocannon.Options][] = [
    ['GET /api/health', 6000, { url: `${server.origin}/api/health` }],
    ['get_game_odds, NFL week', 1500, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl' }) }],
    ['get_game_odds value scan', 1500, { url: odds, ...post, body: JSON.stringify({ sport: 'nfl', minExpectedValue: 0.02, minBooks: 3 }) }],
  ];
  try {
    for (const [, , options] of rows) await autocannon({ ...options, connections: 4, amount: 600 });
    for (const [name, amount, options] of rows) {
      const before = cpuMs(server.pid);
      const result = await autocannon({ ...options, connections: 4, amount });
      const perRequest = ((cpuMs(server.pid) - before) / amount) * 1000;
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
