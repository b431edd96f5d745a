import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
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

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
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
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
