import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// A Node older than the one JEV asks for (package.json "engines"), as a machine may have beside the one npm ci
// installs into node_modules/.bin: the runtime test starts `jev` on it, the bench compares it with the app's.

/** The major version package.json's "engines" asks for. */
export const MINIMUM_NODE = Number(
  /\d+/.exec((JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node)?.[0],
);

/** A binary's Node version (like "20.20.0"), or undefined when it is no Node. */
export function nodeVersion(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** The first `node` on PATH, outside node_modules, older than the minimum (the system's), if the machine has one. */
export function olderSystemNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const binary = path.join(dir, 'node');
    const version = nodeVersion(binary);
    if (version && Number(version.split('.')[0]) < MINIMUM_NODE) return binary;
  }
  return undefined;
}
