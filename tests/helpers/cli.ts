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
