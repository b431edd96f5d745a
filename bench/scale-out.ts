import autocannon from 'autocannon';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase } from '../tests/helpers/db';
import type { RunningServer } from '../tests/helpers/server';
import { startBalancer, type Balancer } from './balancer';
import { cpuShare } from './cgroup';
import { serversClock, startBenchServer } from './clock';
import { cpuDuring, processSeconds } from './cpu';
import { measure, ROUNDS, rssMb, type Row } from './measure';
import { benchToken, BENCH_ENV, NO_VIG_BODY } from './slate';

// The scale-out rows of `npm run bench` (BENCH_ONLY=scale-out runs them alone): REST calc_no_vig_odds on two
// instances behind a loopback round-robin TCP balancer against one instance behind the same balancer, on one
// PostgreSQL database with Redis budgets, in alternating rounds. Each instance gets the same CPU share
// (BENCH_CPU_QUOTA of a core, 0.6 by default; 0 leaves them unconstrained), so on a machine whose cores the
// load generator, the balancer, PostgreSQL and Redis share, two instances are compared with one on equal terms.
// Each instance gets the same load too: PER_INSTANCE connections (10), so 10 for one instance and 20 for two (an
// instance serving 20 connections batches more work per turn of its event loop, and spends less CPU a request,
// than one serving 10). Each instance's CPU per request comes from /proc and its request count from its own
// /api/metrics.

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUOTA = Number(process.env.BENCH_CPU_QUOTA ?? 0.6);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const PER_INSTANCE = 10;
const COUNTED = /^jev_http_requests_total\{route="\/api\/v1\/tools\/:name",tool="calc_no_vig_odds",status="\d+"\} (\d+)$/gm;

/** The calc_no_vig_odds requests an instance has answered, from its metrics. */
async function answered(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.origin}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [...text.matchAll(COUNTED)].reduce((sum, match) => sum + Number(match[1]), 0);
}

interface InstanceUse {
  cpuSeconds: number;
  requests: number;
}

interface Run {
  row: Row;
  /** Per instance, during the row. */
  use: InstanceUse[];
}

interface ScaleOut {
  label: string;
  share: string;
  ones: Run[];
  twos: Run[];
  peakRssMb: number[];
  throttled: string;
}

const perRequestMicros = (use: InstanceUse) => (use.requests === 0 ? 0 : (use.cpuSeconds / use.requests) * 1e6);

export async function measureScaleOut(): Promise<ScaleOut> {
  const database = await freshDatabase('postgres');
  await migrate(database.url);
  const db = createDb(database.url);
  const token = await benchToken(db, serversClock().clock.now());
  await db.$disconnect();
  const env = { DATABASE_URL: database.url, ...BENCH_ENV, REDIS_URL, METRICS_TOKEN };
  const instances: RunningServer[] = [];
  const balancers: Balancer[] = [];
  const share = QUOTA > 0 ? cpuShare(QUOTA, 2) : undefined;
  try {
    // APP_URL is the balancer's public name (localhost); each instance's own port does not matter behind it.
    instances.push(...(await Promise.all([startBenchServer(env, { keepOutput: false }), startBenchServer(env, { keepOutput: false })])));
    const [a, b] = instances as [RunningServer, RunningServer];
    instances.forEach((server, i) => share?.place(server.pid, i));
    balancers.push(await startBalancer([a.port]), await startBalancer([a.port, b.port]));
    const [single, pair] = balancers as [Balancer, Balancer];
    const options = (port: number, instancesBehind: number): autocannon.Options => ({
      connections: PER_INSTANCE * instancesBehind,
      url: `http://localhost:${port}/api/v1/tools/calc_no_vig_odds`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: NO_VIG_BODY,
    });
    const run = async (name: string, port: number, instancesBehind: number): Promise<Run> => {
      const before = await Promise.all(
        instances.map(async (server) => ({ cpu: processSeconds(server.pid), requests: await answered(server) })),
      );
      const { result, cpu } = await cpuDuring({ 'instance 1': a.pid, 'instance 2': b.pid }, () =>
        measure(name, options(port, instancesBehind)),
      );
      const use = await Promise.all(
        instances.map(async (server, i) => ({
          cpuSeconds: processSeconds(server.pid) - (before[i] as { cpu: number }).cpu,
          requests: (await answered(server)) - (before[i] as { requests: number }).requests,
        })),
      );
      return { row: { ...result, cpu }, use };
    };
    await autocannon({ ...options(pair.port, 2), amount: 4000 });
    const peak = [0, 0];
    const sampler = setInterval(() => instances.forEach((server, i) => (peak[i] = Math.max(peak[i] as number, rssMb(server.pid)))), 250);
    const ones: Run[] = [];
    const twos: Run[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        ones.push(await run(`scale-out: one instance (round ${round}/${ROUNDS})`, single.port, 1));
        twos.push(await run(`scale-out: two instances (round ${round}/${ROUNDS})`, pair.port, 2));
      }
    } finally {
      clearInterval(sampler);
    }
    const throttled = instances
      .map((_, i) => share?.throttled(i))
      .map((t, i) => (t ? `instance ${i + 1} throttled in ${t.periods} periods (${t.seconds.toFixed(1)} s held back)` : ''))
      .filter(Boolean)
      .join('; ');
    return {
      label: `REST calc_no_vig_odds on PostgreSQL, Redis budgets (${REDIS_URL}), behind a loopback round-robin TCP balancer`,
      share: share?.describe ?? 'none (BENCH_CPU_QUOTA=0): the instances share the machine with everything else',
      ones,
      twos,
      peakRssMb: peak,
      throttled,
    };
  } finally {
    await Promise.all(balancers.map((balancer) => balancer.close()));
    await Promise.all(instances.map((server) => server.stop()));
    share?.release();
    await database.drop();
  }
}

/** The round whose throughput is the median, with the errors of every round. */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((x, y) => x.row.requestsPerSecond - y.row.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)] as Run;
  return { ...middle, row: { ...middle.row, errors: runs.reduce((sum, run) => sum + run.row.errors, 0) } };
}

export function printScaleOut(scale: ScaleOut): void {
  const ratios = scale.twos.map((two, i) => two.row.requestsPerSecond / (scale.ones[i] as Run).row.requestsPerSecond);
  const [one, two] = [medianRun(scale.ones), medianRun(scale.twos)];
  const ratio = two.row.requestsPerSecond / one.row.requestsPerSecond;
  console.log(`\nScale-out: ${scale.label} (${PER_INSTANCE} connections per instance, ${ROUNDS} alternating rounds, medians)`);
  console.log(`CPU share: ${scale.share}\n`);
  console.log(
    '| instances | req/s | p50 ms | p99 ms | errors | vs one instance | (per round) | CPU per request | machine CPU (median round) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---|');
  const micros = (run: Run, count: number) =>
    run.use
      .slice(0, count)
      .map(
        (use, i) => `instance ${i + 1} ${perRequestMicros(use).toFixed(0)} µs (${use.requests} requests, ${use.cpuSeconds.toFixed(1)} s)`,
      )
      .join(', ');
  console.log(
    `| one | ${one.row.requestsPerSecond.toFixed(0)} | ${one.row.p50} | ${one.row.p99} | ${one.row.errors} | 1.00 | | ${micros(one, 1)} | ${one.row.cpu ?? ''} |`,
  );
  console.log(
    `| two | ${two.row.requestsPerSecond.toFixed(0)} | ${two.row.p50} | ${two.row.p99} | ${two.row.errors} | ${ratio.toFixed(2)} | ` +
      `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} | ${micros(two, 2)} | ${two.row.cpu ?? ''} |`,
  );
  const alone = perRequestMicros(one.use[0] as InstanceUse);
  const spread = two.use.map((use) => Math.abs(perRequestMicros(use) / alone - 1));
  console.log(
    `\nPeak RSS per instance: ${scale.peakRssMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}. ${scale.throttled}.\n` +
      `Targets: two instances at least 1.8x one (${ratio.toFixed(2)}: ${ratio >= 1.8 ? 'met' : 'missed'}), no errors ` +
      `(${one.row.errors + two.row.errors}), an instance's CPU per request the same within 10% in both runs ` +
      `(largest difference ${(100 * Math.max(...spread)).toFixed(1)}%: ${Math.max(...spread) <= 0.1 ? 'met' : 'missed'}).`,
  );
}
