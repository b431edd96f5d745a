// libfaketime (Debian's faketime package), which runs a process on a clock set off from the machine's:
// scripts/test-dates.mjs runs the tests under it, and bench/clock.ts the bench's servers. Installed with apt-get
// when missing and this runs as root (as scripts/browser.cjs does for Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIBRARIES = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'];
const findLibrary = () => LIBRARIES.find((file) => existsSync(file));

/** How to install it by hand, for the message of a run that could not. */
export const INSTALL_FAKETIME = 'Debian: sudo apt-get install -y faketime';

/** The library's path, installed first when missing and possible; undefined when it is not there. */
export function libfaketime() {
  const found = findLibrary();
  if (found) return found;
  if (process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0) {
    process.stderr.write('installing faketime (apt-get install -y faketime)\n');
    spawnSync('sh', ['-c', 'apt-get install -y faketime || (apt-get update && apt-get install -y faketime)'], {
      stdio: ['ignore', 2, 2], // to stderr: the bench's stdout is its report
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  return findLibrary();
}

/**
 * A process's environment for running `offsetSeconds` off the machine's clock through `library`: an offset, not a
 * start ("@…" would start each process's clock anew), so every process given it agrees on the time.
 */
export function faketimeEnv(library, offsetSeconds) {
  return { LD_PRELOAD: library, FAKETIME: `${offsetSeconds < 0 ? '-' : '+'}${Math.abs(offsetSeconds)}` };
}
