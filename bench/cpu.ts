import { readFileSync } from 'node:fs';
import os from 'node:os';

// Where the machine's CPU went while a bench row ran, from Linux's /proc: the servers' processes, the bench's own
// (load generator and balancer) and the rest (PostgreSQL, Redis, the kernel's loopback work). It tells whether a
// row was limited by the server or by the machine.

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

/** Seconds of CPU (user + system) a process has used so far; 0 once it is gone. */
export function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is field 3, utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Seconds the whole machine's CPUs were busy (all but idle and I/O wait), from /proc/stat's first line. */
function machineBusySeconds(): number {
  try {
    const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.slice(0, 8).reduce((sum, t) => sum + t, 0) - idle) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

const selfSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** Runs `work` and describes the CPU each named process, the bench and the rest used meanwhile, in % of one core. */
export async function cpuDuring<T>(servers: Record<string, number>, work: () => Promise<T>): Promise<{ result: T; cpu: string }> {
  const start = { wall: performance.now(), self: selfSeconds(), machine: machineBusySeconds() };
  const serverStart = Object.values(servers).map(processSeconds);
  const result = await work();
  const wall = (performance.now() - start.wall) / 1000;
  const percent = (seconds: number) => `${Math.round((100 * seconds) / wall)}%`;
  const serverUsed = Object.values(servers).map((pid, i) => processSeconds(pid) - (serverStart[i] as number));
  const self = selfSeconds() - start.self;
  const machine = machineBusySeconds() - start.machine;
  const rest = machine - self - serverUsed.reduce((sum, s) => sum + s, 0);
  const named = Object.keys(servers).map((name, i) => `${name} ${percent(serverUsed[i] as number)}`);
  const cpu = `${named.join(', ')}, bench (load + balancer) ${percent(self)}, everything else (PostgreSQL, Redis, kernel, other programs) ${percent(Math.max(0, rest))}; machine ${percent(machine)} of ${os.cpus().length * 100}%`;
  return { result, cpu };
}
