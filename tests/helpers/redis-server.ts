import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { freePort } from './server';

// A redis-server of the test's own, on a free port, without persistence: never the machine's shared 6379,
// so a test may stop and restart it (an outage) without disturbing anyone else.

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: an outage, not a clean shutdown). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /**
   * Redis's clock (TIME) in epoch milliseconds, which its rate-limit windows count by: under `npm run test:dates`
   * it is the real clock, not this process's (see realClock).
   */
  now: () => number;
}

function waitForPing(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        if (data.toString().startsWith('+PONG')) resolve();
        else retry(new Error(`redis-server answered ${data.toString()}`));
      });
      socket.once('error', retry);
    };
    const retry = (error: Error) => {
      if (Date.now() > deadline) reject(new Error(`redis-server on port ${port} did not start: ${error.message}`));
      else setTimeout(attempt, 50);
    };
    attempt();
  });
}

/**
 * The environment without libfaketime (`npm run test:dates` preloads it): redis-server cannot start under it (its
 * allocator recurses into the faked clock), so it keeps the real clock, as PostgreSQL and the shared 6379 do. The
 * app reads Redis's clock only through Redis itself (rate-limit windows use TIME), so nothing compares the two.
 */
function realClock(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, LD_PRELOAD: undefined }; // spawn leaves out variables set to undefined
}

/** How far Redis's clock is ahead of this process's, in milliseconds. */
async function clockOffset(url: string): Promise<number> {
  const client = new Redis(url);
  try {
    const [seconds, microseconds] = await client.time();
    return Number(seconds) * 1000 + Math.floor(Number(microseconds) / 1000) - Date.now();
  } finally {
    client.disconnect();
  }
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
      env: realClock(process.env),
    });
    child = proc;
    const exited = new Promise<never>((_, reject) => proc.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`))));
    exited.catch(() => {});
    await Promise.race([waitForPing(port, Date.now() + 10_000), exited]);
  }

  async function stop(): Promise<void> {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }

  await start();
  const url = `redis://127.0.0.1:${port}`;
  const offsetMs = await clockOffset(url);
  return { url, port, stop, start, now: () => Date.now() + offsetMs };
}
