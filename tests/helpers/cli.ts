import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Runs the jev command as a user would, in its own process, and reports how it ended instead of throwing.

const run = promisify(execFile);

export interface JevResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runJev(args: string[], env: NodeJS.ProcessEnv): Promise<JevResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.resolve('bin/jev.mjs'), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as JevResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Runs `jev` in this process: main() with the given environment variables set for the call and its output
 * captured. No process start (about 1.5 s each under tsx, far more on a loaded machine), so a test may run
 * many commands; keep a process start (runJev) where the test is about the command as a process.
 */
export async function runJevHere(args: string[], env: Record<string, string>): Promise<JevResult> {
  const { main } = await import('@/cli/main');
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back as they were
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const result: JevResult = { code: -1, stdout: '', stderr: '' };
  const capture = (stream: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      result[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      return true;
    }) as typeof process.stdout.write;
  Object.assign(process.env, env);
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  try {
    result.code = await main(args);
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return result;
}
