import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { TOOL_DEFINITIONS } from '@/lib/tools/registry';
import { startServer } from '../tests/helpers/server';
import { earned, measure, measureRounds, median } from './measure';
import { benchToken, BENCH_ENV, NO_VIG_BODY } from './slate';

// The routes part of `npm run bench` (BENCH_ONLY=routes): what the static per-tool routes (scripts/tool-routes.mts)
// earn. The same code is built a second time without them, into its own NEXT_DIST_DIR, so every tool call there goes
// through the dynamic route app/api/v1/tools/[name]; REST calc_no_vig_odds is measured on both builds, round after
// round. The static routes are put back however the build ends; another build must not run meanwhile.

const DYNAMIC_DIST_DIR = '.next-bench-dynamic-routes';

async function buildWithoutStaticRoutes(): Promise<void> {
  // Imported as the ES module it is (it reads import.meta); the bench itself runs as CommonJS under tsx.
  const { ROUTES_DIR, writeToolRoutes } = await import('../scripts/tool-routes.mjs');
  // next build adds a folder of its own NEXT_DIST_DIR to tsconfig.json's include: the file is put back too.
  const tsconfig = await readFile('tsconfig.json', 'utf8');
  await writeToolRoutes(ROUTES_DIR, []);
  try {
    process.stderr.write(`building without the static tool routes into ${DYNAMIC_DIST_DIR} …\n`);
    const child = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'build'], {
      env: { ...process.env, NEXT_DIST_DIR: DYNAMIC_DIST_DIR },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('exit', resolve));
    if (code !== 0) throw new Error(`the build without static tool routes failed (exit ${code})`);
  } finally {
    await writeFile('tsconfig.json', tsconfig);
    await writeToolRoutes(
      ROUTES_DIR,
      TOOL_DEFINITIONS.map((tool) => tool.name),
    );
  }
}

/** Prints the rows and what the static routes earn. */
export async function weighStaticRoutes(): Promise<void> {
  await buildWithoutStaticRoutes();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-bench-routes-'));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  await migrate(databaseUrl);
  const db = createDb(databaseUrl);
  const token = await benchToken(db);
  await db.$disconnect();
  const env = { DATABASE_URL: databaseUrl, ...BENCH_ENV };
  const staticRoutes = await startServer(env, { keepOutput: false });
  const dynamicRoute = await startServer({ ...env, NEXT_DIST_DIR: DYNAMIC_DIST_DIR }, { keepOutput: false });
  const call = (origin: string) => ({
    url: `${origin}/api/v1/tools/calc_no_vig_odds`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: NO_VIG_BODY,
  });
  try {
    const rows = [
      { name: 'REST calc_no_vig_odds, static route per tool (the app)', options: call(staticRoutes.origin) },
      { name: 'REST calc_no_vig_odds, the dynamic route [name] only', options: call(dynamicRoute.origin) },
    ];
    for (const row of rows) await measure(`${row.name} (warm-up)`, { ...row.options, duration: 3 });
    const rounds = await measureRounds(rows);
    console.log('\n| route | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|');
    rows.forEach((row, index) => {
      const { requestsPerSecond, p50, p99, errors } = median(rounds.map((round) => round[index]!));
      console.log(`| ${row.name} | ${requestsPerSecond.toFixed(0)} | ${p50} | ${p99} | ${errors} |`);
    });
    console.log(
      `\nStatic tool routes over the dynamic route, by throughput, median of rounds: ${earned(rounds, 0, 1)} ` +
        `(a trick stays at 1.10× or more).`,
    );
  } finally {
    await staticRoutes.stop();
    await dynamicRoute.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(DYNAMIC_DIST_DIR, { recursive: true, force: true });
  }
}
