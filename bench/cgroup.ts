import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The same CPU share for every instance of the scale-out rows, so two instances can be compared with one where
// the cores are shared: the cgroup v1 `cpu` controller (writable as root) caps each instance at `cores` of a
// core (cfs_quota_us over a period of 100 ms); the load generator, the balancer, PostgreSQL and Redis keep the
// rest. Each instance's group, and one for the bench process itself (load generator and balancer), also gets a
// high weight (cpu.shares), so on a machine other programs also use, the instances still get their quota and
// the load generator keeps up. Without the controller, each instance is pinned to a core of its own with
// taskset (whole cores only).

const CGROUP_ROOT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
/** cpu.shares of the bench's groups: eight times a default group's 1024. */
const WEIGHT = 8192;

export interface CpuShare {
  /** How the instances are held, for the table. */
  describe: string;
  /** Puts a process (all its threads) under the share. */
  place(pid: number, index: number): void;
  /** Throttling the controller reported for an instance so far (periods throttled, seconds held back). */
  throttled(index: number): { periods: number; seconds: number } | undefined;
  /** Undoes it all (the processes must have exited, or they are moved back to the root group). */
  release(): void;
}

function cgroupShare(cores: number, instances: number): CpuShare {
  const groups = Array.from({ length: instances }, (_, i) => path.join(CGROUP_ROOT, `jev-bench-${process.pid}-${i}`));
  const own = path.join(CGROUP_ROOT, `jev-bench-${process.pid}-load`);
  for (const group of [...groups, own]) {
    mkdirSync(group, { recursive: true });
    writeFileSync(path.join(group, 'cpu.shares'), String(WEIGHT));
  }
  for (const group of groups) {
    writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
  }
  writeFileSync(path.join(own, 'cgroup.procs'), String(process.pid));
  return {
    describe:
      `cgroup v1 cpu controller: each instance capped at ${cores} of a core (cfs_quota_us ${Math.round(cores * PERIOD_US)} / ` +
      `cfs_period_us ${PERIOD_US}), the instances and the bench process weighted cpu.shares ${WEIGHT}`,
    place(pid, index) {
      writeFileSync(path.join(groups[index] as string, 'cgroup.procs'), String(pid));
    },
    throttled(index) {
      const stat = readFileSync(path.join(groups[index] as string, 'cpu.stat'), 'utf8');
      const field = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(stat)?.[1] ?? 0);
      return { periods: field('nr_throttled'), seconds: field('throttled_time') / 1e9 };
    },
    release() {
      for (const group of [...groups, own]) {
        const left = readFileSync(path.join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
        for (const pid of left) writeFileSync(path.join(CGROUP_ROOT, 'cgroup.procs'), pid);
        rmdirSync(group);
      }
    },
  };
}

function tasksetShare(): CpuShare {
  const cpus = os.cpus().length;
  return {
    describe: `taskset (no writable cgroup cpu controller): instance i pinned to core i of ${cpus}, whole cores only`,
    place(pid, index) {
      execFileSync('taskset', ['-a', '-cp', String(index % cpus), String(pid)], { stdio: 'ignore' });
    },
    throttled: () => undefined,
    release: () => undefined,
  };
}

/** A CPU share for `instances` instances of `cores` of a core each: cgroups when writable, else taskset. */
export function cpuShare(cores: number, instances: number): CpuShare {
  try {
    if (existsSync(path.join(CGROUP_ROOT, 'cpu.cfs_quota_us'))) return cgroupShare(cores, instances);
  } catch (error) {
    process.stderr.write(`cgroup cpu controller not writable (${error instanceof Error ? error.message : String(error)}); using taskset\n`);
  }
  return tasksetShare();
}
