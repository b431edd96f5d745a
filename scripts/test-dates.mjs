// `npm run test:dates -- [--at=name,…] [--playwright] [test arguments]`: Vitest (with --playwright, the browser
// tests) with the system clock at set moments. `npm test` runs at `pinned`, so every run sees the same date and
// hour; CI adds the others, so a test that depends on the date or hour fails there rather than on the day it
// happens to run. Each moment runs the given tests once under libfaketime (Debian's faketime package), its clock
// set off from the real one by the same number of seconds in every process the tests start (the servers), so
// they agree on the time (faketime's "@start" form would start each process's clock anew). PostgreSQL, already running, keeps the real
// clock, as a database server on another machine would, and so does the tests' own Redis
// (tests/helpers/redis-server.ts). Without --at, every moment but `pinned`.
// Needs faketime: installed with apt-get when missing and this runs as root (as scripts/browser.cjs does for
// Chromium), else the run stops saying how to install it. docs/development.md, "Tests on other dates".
import { spawnSync } from 'node:child_process';
import { faketimeEnv, INSTALL_FAKETIME, libfaketime } from './faketime.mjs';

/** Where each run's clock starts, and the machine's zone: each crosses what a date bug trips on in a run's first minutes. */
const MOMENTS = {
  pinned: {
    zone: 'UTC',
    at: '2027-01-13T17:00:00Z',
    about: "npm test's: a Wednesday afternoon, UTC, the NFL's whole week and the EPL's matchday ahead",
  },
  'new-york-dst': {
    zone: 'America/New_York',
    at: '2027-03-14T06:58:00Z',
    about: 'winter, New York at 01:58, two minutes before clocks spring forward',
  },
  'utc-midnight': {
    zone: 'UTC',
    at: '2027-07-18T23:56:00Z',
    about:
      "summer, UTC, a Sunday night four minutes before the date changes: the EPL's matchday played, the NFL's week down to its last two games",
  },
  'london-dst': {
    zone: 'Europe/London',
    at: '2027-10-31T00:58:00Z',
    about: 'autumn, London at 01:58 BST, two minutes before clocks fall back',
  },
};

const args = process.argv.slice(2);
const atArg = args.find((arg) => arg.startsWith('--at='));
const playwright = args.includes('--playwright');
const testArgs = args.filter((arg) => arg !== atArg && arg !== '--playwright');
const names = atArg ? atArg.slice('--at='.length).split(',') : Object.keys(MOMENTS).filter((name) => name !== 'pinned');
const runner = playwright ? ['node_modules/@playwright/test/cli.js', 'test'] : ['node_modules/vitest/vitest.mjs', 'run'];
const unknown = names.filter((name) => !(name in MOMENTS));
if (unknown.length > 0) {
  console.error(`test-dates: no moment named ${unknown.join(', ')} (known: ${Object.keys(MOMENTS).join(', ')})`);
  process.exit(1);
}

const library = libfaketime();
if (!library) {
  console.error(`test-dates: libfaketime is not installed. Install it (${INSTALL_FAKETIME}) and run again.`);
  process.exit(1);
}
for (const name of names) {
  const { zone, at, about } = MOMENTS[name];
  console.log(`\ntest-dates: ${name} (${about}): the clock starts at ${at}, TZ=${zone}`);
  const offsetSeconds = Math.round((Date.parse(at) - Date.now()) / 1000);
  const run = spawnSync(process.execPath, [...runner, ...testArgs], {
    stdio: 'inherit',
    env: { ...process.env, TZ: zone, ...faketimeEnv(library, offsetSeconds) },
  });
  if (run.status !== 0) {
    console.error(`test-dates: failed with the clock started at ${at}, TZ=${zone} (${name})`);
    process.exit(run.status ?? 1);
  }
}
