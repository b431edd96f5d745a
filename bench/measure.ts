import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

// What every table of `npm run bench` measures with: autocannon at a fixed number of connections for a fixed time,
// rounds and their medians, and a process's resident memory.

export const CONNECTIONS = 20;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export interface Row {
  name: string;
  requestsPerSecond: number;
  /** Requests answered in the row (2xx or not). */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** Where the machine's CPU went during the row (scale-out rows). */
  cpu?: string;
}

/** The round whose throughput is the median, with its latencies; errors summed over every round. */
export function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return { ...(sorted[Math.floor(sorted.length / 2)] as Row), errors: rows.reduce((sum, row) => sum + row.errors, 0) };
}

/** The middle of some values (of an even count, the upper of the two). */
export const middle = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Every target measured once per round, rounds one after another, so a slow spell of the machine lands on all rows
 * alike instead of on whichever row was being measured: the rounds, each a row per target in the targets' order.
 */
export async function measureRounds(targets: readonly { name: string; options: autocannon.Options }[]): Promise<Row[][]> {
  const rounds: Row[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const measured: Row[] = [];
    for (const target of targets) measured.push(await measure(`${target.name} (round ${round}/${ROUNDS})`, target.options));
    rounds.push(measured);
  }
  return rounds;
}

/**
 * What a trick earns, by throughput: each round's row with it (at `fast` in the round) over its twin on the plain
 * path (at `slow`), as "median× (lowest–highest)".
 */
export function earned(rounds: readonly Row[][], fast: number, slow: number): string {
  const ratios = rounds.map((round) => round[fast]!.requestsPerSecond / round[slow]!.requestsPerSecond);
  return `${middle(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
}

export async function measure(name: string, options: autocannon.Options): Promise<Row> {
  process.stderr.write(`measuring ${name} for ${DURATION_SECONDS} s …\n`);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  return {
    name,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A process's resident memory in MB, from /proc (0 where there is none). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}
