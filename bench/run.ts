// `npm run bench`: throughput and latency of the service's routes beside two baselines measured in
// the same run: a trivial route of the same Next build (the framework's floor) and a bare node:http
// server doing the same work (the single-instance part); then the same build on the app's Node against an older
// one (bench/runtime.ts), the scale-out rows (bench/scale-out.ts)
// and the soak row (bench/soak.ts); last, the targets with what this run measured (bench/targets.ts).
// Every part runs at the same moment of the sample's week, whatever the day (bench/clock.ts).
// BENCH_ONLY=single, runtime, scale-out or soak (or several, comma-separated) runs those parts alone. Figures
// are reported as ratios and per-minute tables; nothing here asserts a time.
import { spawn } from 'node:child_process';
import { rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parseConfig } from '@/lib/config';
import { createEspn } from '@/lib/data/providers/espn';
import { createOddsApi } from '@/lib/data/providers/odds-api';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { createRoot } from '@/lib/root';
import { freePort } from '../tests/helpers/server';
import { answerSizes, printAnswerSizes } from './answer-sizes';
import { inProcessClock, serversClock, startBenchServer } from './clock';
import { DURATION_SECONDS, CONNECTIONS, earned, measureRounds, median, ROUNDS, type Row } from './measure';
import { startOddsApiSlate } from './odds-api-slate';
import { compareRuntimes, medianRatio, printRuntimes } from './runtime';
import { measureScaleOut, printScaleOut } from './scale-out';
import { printServerCpu, serverCpu } from './server-cpu';
import { runSoak } from './soak';
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
import { printTargets, type Measured, type TargetKey } from './targets';
import { fetchOddsWorkload } from './workload';

const PARTS = ['single', 'runtime', 'scale-out', 'soak'] as const;
const chosen = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const unknown = chosen?.filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown?.length) throw new Error(`BENCH_ONLY names ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}.`);
const runs = (part: (typeof PARTS)[number]) => !chosen || chosen.includes(part);

/** BENCH_PLAIN=1 adds the REST and MCP rows on bench/plain-server.mjs (no request ids, log or metrics): their cost. */
const PLAIN = process.env.BENCH_PLAIN === '1';
/** get_game_odds for the NFL week in full: its first page, 4 games (PAGE_SIZES.oddsGamesFull) with every book's prices. */
const GAME_ODDS_FULL_BODY = JSON.stringify({ sport: 'nfl', detail: 'full' });
/** The value scan over the NFL week (the bench slate's league with line history), 2% or better at 3+ books. */
const VALUE_SCAN_BODY = JSON.stringify({ sport: 'nfl', minExpectedValue: 0.02, minBooks: 3 });

interface Target {
  name: string;
  options: autocannon.Options;
  /** The target this row's ratio to the trivial route answers. */
  target?: TargetKey;
}

async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port), ...serversClock().clock.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/**
 * Time and peak memory of ingesting a full slate (NFL week, NBA night, EPL matchday at ten books) from a loopback
 * Odds API, in process at the bench's moment.
 */
async function measureIngestion(dir: string): Promise<string> {
  const clock = inProcessClock();
  const now = clock.now();
  const fake = await startOddsApiSlate(now.toISOString().slice(0, 10), now);
  const databaseUrl = `file:${path.join(dir, 'ingest.db')}`;
  await migrate(databaseUrl);
  const db = createDb(databaseUrl);
  const timeoutMs = 10_000;
  const providers = {
    odds: createOddsApi({ apiKey: 'bench', baseUrl: fake.baseUrl, regions: 'us', timeoutMs }),
    espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs }),
    weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs }),
    sample: undefined, // a provider key is set
  };
  try {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const { ingest } = createRoot({ config: parseConfig({ DATABASE_URL: databaseUrl }), db, providers });
    const summary = await ingest({ only: 'odds', mode: 'manual', force: true, now: clock.now });
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    return `ingest a full slate (${summary.games} games, ${summary.prices} prices, SQLite): ${elapsed.toFixed(0)} ms, peak RSS ${mb(peak)} MB (+${mb(peak - before)} MB)`;
  } finally {
    await db.$disconnect();
    fake.server.close();
  }
}

/** The single-instance tables; returns the ratios the targets ask for. */
async function singleInstance(): Promise<Measured> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jev-bench-'));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  await migrate(databaseUrl);
  const db = createDb(databaseUrl);
  const { clock } = serversClock();
  const token = await benchToken(db, clock.now());
  process.stderr.write('loading the sample slate and the college week at ten books with line history …\n');
  await seedSlate(db, clock.now());
  await db.$disconnect();

  // Measured first, in a quiet process, so the peak memory is ingestion's own.
  const ingestion = await measureIngestion(dir);
  const server = await startBenchServer({ DATABASE_URL: databaseUrl, ...BENCH_ENV }, { keepOutput: false });
  // The same build and database with the answer cache off: get_game_odds answered afresh on every call (each
  // game's priced markets are reused while its price version, read from the database on every call, is unchanged).
  const fresh = await startBenchServer({ DATABASE_URL: databaseUrl, ODDS_CACHE_SECONDS: '0', ...BENCH_ENV }, { keepOutput: false });
  // The same again with the hot raw reads on the plain path (Prisma's $queryRaw; lib/db/select.ts): what the
  // adapter path earns.
  const prismaReads = await startBenchServer(
    { DATABASE_URL: databaseUrl, ODDS_CACHE_SECONDS: '0', DB_PRISMA_READS: 'true', ...BENCH_ENV },
    { keepOutput: false },
  );
  // The same build with every request reading its token from the database (TOKEN_CACHE_SECONDS=0, the plain path):
  // what the token look-up cache earns.
  const tokenEveryCall = await startBenchServer(
    { DATABASE_URL: databaseUrl, TOKEN_CACHE_SECONDS: '0', ...BENCH_ENV },
    { keepOutput: false },
  );
  const plain = PLAIN
    ? await startBenchServer({ DATABASE_URL: databaseUrl, ...BENCH_ENV }, { script: 'bench/plain-server.mjs' })
    : undefined;
  const bare = await startBareServer();
  const post = { method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  const mcpModern = { ...post, headers: { ...post.headers, ...MCP_MODERN_HEADERS }, body: MCP_MODERN_BODY };
  const mcpLegacy = { ...post, headers: { ...post.headers, ...MCP_LEGACY_HEADERS }, body: MCP_LEGACY_BODY };
  try {
    // Warm up both servers so JIT and caches are not part of the first measurement.
    await autocannon({ url: `${server.origin}/api/health`, connections: 10, amount: 2000 });
    await autocannon({ url: `${server.origin}/api/v1/tools/calc_no_vig_odds`, connections: 10, amount: 2000, ...post, body: NO_VIG_BODY });
    await autocannon({ url: `${server.origin}/api/mcp`, connections: 10, amount: 2000, ...mcpModern });
    await autocannon({ url: `${server.origin}/api/mcp`, connections: 10, amount: 2000, ...mcpLegacy });
    await autocannon({ url: `${server.origin}/api/v1/tools/get_game_odds`, connections: 10, amount: 500, ...post, body: NFL_WEEK_BODY });
    await autocannon({ url: `${fresh.origin}/api/health`, connections: 10, amount: 2000 });
    await autocannon({ url: `${fresh.origin}/api/v1/tools/get_game_odds`, connections: 10, amount: 300, ...post, body: NFL_WEEK_BODY });
    await autocannon({ url: `${fresh.origin}/api/v1/tools/get_game_odds`, connections: 10, amount: 300, ...post, body: VALUE_SCAN_BODY });
    await autocannon({ url: `${fresh.origin}/api/v1/tools/get_game_odds`, connections: 10, amount: 300, ...post, body: COLLEGE_WEEK_BODY });
    await autocannon({
      url: `${fresh.origin}/api/v1/tools/get_game_odds`,
      connections: 10,
      amount: 300,
      ...post,
      body: GAME_ODDS_FULL_BODY,
    });
    for (const body of [NFL_WEEK_BODY, COLLEGE_WEEK_BODY])
      await autocannon({ url: `${prismaReads.origin}/api/v1/tools/get_game_odds`, connections: 10, amount: 300, ...post, body });
    await autocannon({
      url: `${tokenEveryCall.origin}/api/v1/tools/calc_no_vig_odds`,
      connections: 10,
      amount: 2000,
      ...post,
      body: NO_VIG_BODY,
    });
    await autocannon({ url: `${tokenEveryCall.origin}/api/mcp`, connections: 10, amount: 2000, ...mcpModern });
    if (plain) {
      await autocannon({ url: `${plain.origin}/api/v1/tools/calc_no_vig_odds`, connections: 10, amount: 2000, ...post, body: NO_VIG_BODY });
      await autocannon({ url: `${plain.origin}/api/mcp`, connections: 10, amount: 2000, ...mcpModern });
    }

    const nflAfresh: Target = {
      name: 'REST get_game_odds, NFL week, computed afresh (ODDS_CACHE_SECONDS=0; priced markets kept per price version)',
      options: { url: `${fresh.origin}/api/v1/tools/get_game_odds`, ...post, body: NFL_WEEK_BODY },
      target: 'nflAfresh',
    };
    const collegeAfresh: Target = {
      name: 'REST get_game_odds, college week (60 NCAAF games × 10 books × 3 markets, with history; first page of 8), computed afresh (same)',
      options: { url: `${fresh.origin}/api/v1/tools/get_game_odds`, ...post, body: COLLEGE_WEEK_BODY },
      target: 'collegeAfresh',
    };
    const nflPrismaReads: Target = {
      name: "REST get_game_odds, NFL week, computed afresh, raw reads through Prisma's $queryRaw (DB_PRISMA_READS=true)",
      options: { url: `${prismaReads.origin}/api/v1/tools/get_game_odds`, ...post, body: NFL_WEEK_BODY },
    };
    const collegePrismaReads: Target = {
      name: "REST get_game_odds, college week, computed afresh, raw reads through Prisma's $queryRaw (same)",
      options: { url: `${prismaReads.origin}/api/v1/tools/get_game_odds`, ...post, body: COLLEGE_WEEK_BODY },
    };
    const rest: Target = {
      name: 'REST calc_no_vig_odds',
      options: { url: `${server.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY },
      target: 'rest',
    };
    const mcpModernRow: Target = {
      name: 'MCP calc_no_vig_odds, 2026-07-28 (JSON)',
      options: { url: `${server.origin}/api/mcp`, ...mcpModern },
      target: 'mcpModern',
    };
    const restTokenEveryCall: Target = {
      name: 'REST calc_no_vig_odds, the token read from the database on every call (TOKEN_CACHE_SECONDS=0)',
      options: { url: `${tokenEveryCall.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY },
    };
    const mcpTokenEveryCall: Target = {
      name: 'MCP calc_no_vig_odds, 2026-07-28, the token read on every call (same)',
      options: { url: `${tokenEveryCall.origin}/api/mcp`, ...mcpModern },
    };
    const targets: Target[] = [
      { name: 'trivial route (GET /api/health)', options: { url: `${server.origin}/api/health` } },
      {
        name: 'trivial route reading a body (POST /api/health)',
        options: { url: `${server.origin}/api/health`, ...post, body: NO_VIG_BODY },
      },
      rest,
      mcpModernRow,
      {
        name: 'MCP calc_no_vig_odds, 2025-11-25 (event stream)',
        options: { url: `${server.origin}/api/mcp`, ...mcpLegacy },
        target: 'mcpLegacy',
      },
      {
        name: 'REST get_game_odds, NFL week (16 games × 10 books × 3 markets, with history; concise, first page of 8)',
        options: { url: `${server.origin}/api/v1/tools/get_game_odds`, ...post, body: NFL_WEEK_BODY },
      },
      nflAfresh,
      collegeAfresh,
      {
        name: 'REST get_game_odds, NFL week, detail: "full" (first page of 4 games), computed afresh (same)',
        options: { url: `${fresh.origin}/api/v1/tools/get_game_odds`, ...post, body: GAME_ODDS_FULL_BODY },
      },
      {
        name: 'REST get_game_odds value scan (minExpectedValue 0.02), NFL week, computed afresh (same)',
        options: { url: `${fresh.origin}/api/v1/tools/get_game_odds`, ...post, body: VALUE_SCAN_BODY },
      },
      nflPrismaReads,
      collegePrismaReads,
      restTokenEveryCall,
      mcpTokenEveryCall,
      ...(plain
        ? [
            {
              name: 'REST calc_no_vig_odds, without ids, log and metrics (bench/plain-server.mjs)',
              options: { url: `${plain.origin}/api/v1/tools/calc_no_vig_odds`, ...post, body: NO_VIG_BODY },
            },
            {
              name: 'MCP calc_no_vig_odds, 2026-07-28, without ids, log and metrics',
              options: { url: `${plain.origin}/api/mcp`, ...mcpModern },
            },
          ]
        : []),
      { name: 'bare node:http, same math', options: { url: bare.url, method: 'POST', body: NO_VIG_BODY } },
    ];
    // Each odds row says what it asked of the server: the games its answer covers, and its size.
    for (const target of targets)
      if (target.options.url.endsWith('/get_game_odds')) target.name += `; answer: ${await fetchOddsWorkload(target.options)}`;
    // Each row reports its median round.
    const rounds = await measureRounds(targets);
    const rows = targets.map((target, index) => ({ ...median(rounds.map((round) => round[index] as Row)), name: target.name }));
    const [trivial, trivialPost] = rows as [Row, Row];
    const bareRow = rows.at(-1) as Row;
    const ratioRange = (index: number) => {
      const ratios = rounds.map((round) => (round[index] as Row).requestsPerSecond / (round[0] as Row).requestsPerSecond);
      return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    };
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s per row, medians, ${os.cpus().length} cores, Node ${process.version}\n`,
    );
    console.log('| route | req/s | p50 ms | p99 ms | errors | vs trivial GET | (per round) | vs trivial POST | vs bare node:http |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    rows.forEach((row, index) => {
      console.log(
        `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ` +
          `${(row.requestsPerSecond / trivial.requestsPerSecond).toFixed(2)} | ${ratioRange(index)} | ` +
          `${(row.requestsPerSecond / trivialPost.requestsPerSecond).toFixed(2)} | ` +
          `${(row.requestsPerSecond / bareRow.requestsPerSecond).toFixed(3)} |`,
      );
    });
    const earnedOver = (fast: Target, slow: Target) => earned(rounds, targets.indexOf(fast), targets.indexOf(slow));
    console.log(
      `\nRaw reads through the driver adapter (lib/db/select.ts) over Prisma's $queryRaw, by throughput, median of rounds: ` +
        `NFL week afresh ${earnedOver(nflAfresh, nflPrismaReads)}, ` +
        `college week ${earnedOver(collegeAfresh, collegePrismaReads)} (a trick stays at 1.10× or more).`,
    );
    console.log(
      `Token look-ups reused for TOKEN_CACHE_SECONDS over a database read on every call, by throughput, median of rounds: ` +
        `REST ${earnedOver(rest, restTokenEveryCall)}, MCP ${earnedOver(mcpModernRow, mcpTokenEveryCall)}.`,
    );
    // Server CPU per request beside the same trivial route, on the server answering get_game_odds afresh.
    printServerCpu(await serverCpu(fresh, token), 'the same build, ODDS_CACHE_SECONDS=0');
    console.log(`\n${ingestion}`);
    const sizesDb = createDb(databaseUrl);
    try {
      printAnswerSizes(await answerSizes(fresh.origin, token, sizesDb));
    } finally {
      await sizesDb.$disconnect();
    }

    const measured: Measured = {};
    targets.forEach(({ target }, index) => {
      if (target) measured[target] = (rows[index] as Row).requestsPerSecond / trivial.requestsPerSecond;
    });
    return measured;
  } finally {
    bare.stop();
    await fresh.stop();
    await prismaReads.stop();
    await tokenEveryCall.stop();
    await plain?.stop();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const measured: Measured = {};
  // What clock this run's slate and servers were on: pinned, the NFL rows are the whole week whatever the day.
  console.log(serversClock().note);
  // Each part starts its own servers and stops them before the next.
  if (runs('single')) Object.assign(measured, await singleInstance());
  if (runs('runtime')) {
    const comparison = await compareRuntimes();
    printRuntimes(comparison);
    if ('skipped' in comparison) measured.runtimeRest = measured.runtimeNfl = `skipped: ${comparison.skipped}`;
    else for (const row of comparison.rows) if (row.target) measured[row.target] = medianRatio(row);
  }
  if (runs('scale-out')) printScaleOut(await measureScaleOut());
  if (runs('soak')) await runSoak();
  printTargets(measured);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
