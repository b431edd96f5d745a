// Shared helper for the scripts/db-*.mjs scripts: runs the project's own
// Prisma CLI (node_modules/prisma) with telemetry/update checks disabled, so
// nothing tries to reach the network.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export function prismaCliPath() {
  return require.resolve('prisma/build/index.js', { paths: [ROOT] });
}

/**
 * Runs `prisma <args>` from the repository root.
 * @param {string[]} args
 * @param {{ capture?: boolean, env?: Record<string, string | undefined>, allowExitCodes?: number[] }} [opts]
 * @returns {{ status: number, stdout: string, stderr: string }}
 */
export function runPrisma(args, opts = {}) {
  const res = spawnSync(process.execPath, [prismaCliPath(), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: {
      ...process.env,
      CHECKPOINT_DISABLE: '1',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      ...opts.env,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.error) throw res.error;
  const status = res.status ?? 1;
  const allowed = opts.allowExitCodes ?? [0];
  if (!allowed.includes(status)) {
    const detail = opts.capture ? `\n${res.stderr}\n${res.stdout}` : '';
    throw new Error(`prisma ${args.join(' ')} exited with ${status}${detail}`);
  }
  return { status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
}
