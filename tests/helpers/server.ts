import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Starts the real production server (server.mjs → Next's built app) on a free port, as `npm start` would.
// The build must exist: `npm test` runs `next build` first.

export interface RunningServer {
  origin: string;
  port: number;
  /** The server process's id (for its memory in the bench). */
  pid: number;
  stop(): Promise<void>;
  output(): string;
}

/** Budgets no test reaches, for servers whose tests are not about rate limits. */
export const GENEROUS_BUDGETS = {
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
  RATE_LIMIT_USER_PER_MINUTE: '100000',
};

/** Node's flags from `npm start` (the heap limit), so tests and the bench run the server exactly as it runs. */
const START_FLAGS = (() => {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)server\.mjs/.exec(start)?.[1];
  if (flags === undefined) throw new Error(`package.json's start script no longer runs "node [flags] server.mjs": ${start}`);
  return flags.split(' ').filter(Boolean);
})();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `keepOutput: false` drops the output once the server is up (the bench: its access log would pile up in memory);
 * `script` runs another entry point than server.mjs (the bench's baseline without request ids, log and metrics);
 * `hostname` is APP_URL's (and `origin`'s), with the server's port; `node` another Node binary than this process's
 * (the bench's runtime comparison).
 */
export async function startServer(
  env: Record<string, string>,
  { keepOutput = true, script = 'server.mjs', hostname = 'localhost', node = process.execPath } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://${hostname}:${port}`;
  const child: ChildProcess = spawn(node, [...START_FLAGS, path.resolve(script)], {
    // CHECK_ANSWERS: every answer a test receives has been checked against its tool's output schema. The sample's
    // market holds still (SAMPLE_MOVE_SECONDS 0) unless a test asks: its tests compare answers with what they loaded.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_URL: origin,
      PORT: String(port),
      CHECK_ANSWERS: '1',
      SAMPLE_MOVE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${log}`)), 60_000);
    let running = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (running && !keepOutput) return;
      log += chunk.toString();
      if (!running && log.includes('JEV is running')) {
        running = true;
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  await ready;
  return {
    origin,
    port,
    pid: child.pid as number,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
