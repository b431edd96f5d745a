// The browser the Playwright tests drive: Playwright's own download cannot work on these machines, so the
// test run finds one itself. `npm test` runs this first (its `pretest` step), before the build and the unit
// tests, so a machine without a browser gets one, or a one-line instruction, at once; playwright.config.ts
// then asks findBrowser() for the same path.
//
// Order: CHROMIUM_PATH when set (and it must then be an executable: a wrong setting is an error, never
// skipped), then Debian's Chromium, then an installed Chrome or Chromium elsewhere. None: Debian's Chromium
// is installed when apt-get is there and this runs as root; otherwise the run stops with INSTRUCTION.
// CommonJS, so that Playwright's config loader, Vitest and plain node all load it as it is.
const { spawnSync } = require('node:child_process');
const { accessSync, constants, statSync } = require('node:fs');

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const CANDIDATES = [
  DEBIAN_CHROMIUM,
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const INSTRUCTION =
  'No Chromium or Chrome for the browser tests: install one (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH to its executable.';

class BrowserMissingError extends Error {
  name = 'BrowserMissingError';
}

/** A regular file this process may execute. */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const system = {
  env: process.env,
  isExecutable,
  isRoot: () => process.getuid?.() === 0,
  // Debian's Chromium, as .ci/run used to install it; apt's own output goes to the terminal.
  installChromium: () =>
    spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0,
  log: (line) => console.log(line),
};

/** The browser to use, without installing anything: CHROMIUM_PATH, else the first candidate present, else undefined. */
function findBrowser(sys = {}) {
  const { env, isExecutable: executable } = { ...system, ...sys };
  const chosen = env.CHROMIUM_PATH?.trim();
  if (chosen) {
    if (!executable(chosen)) throw new BrowserMissingError(`CHROMIUM_PATH is ${chosen}, which is not an executable file.`);
    return chosen;
  }
  return CANDIDATES.find((file) => executable(file));
}

/** findBrowser(), installing Debian's Chromium when none is found and that is possible; else BrowserMissingError. */
function ensureBrowser(sys = {}) {
  const all = { ...system, ...sys };
  const found = findBrowser(all);
  if (found) return found;
  if (!all.isExecutable('/usr/bin/apt-get') || !all.isRoot()) throw new BrowserMissingError(INSTRUCTION);
  all.log("No Chromium or Chrome found: installing Debian's chromium (apt-get install -y chromium).");
  if (!all.installChromium() || !all.isExecutable(DEBIAN_CHROMIUM)) {
    throw new BrowserMissingError(`Installing Debian's chromium failed (see apt-get's output above). ${INSTRUCTION}`);
  }
  return DEBIAN_CHROMIUM;
}

/** The path for playwright.config.ts: found, or a BrowserMissingError with the one-line instruction. */
function browserPath(sys = {}) {
  const found = findBrowser(sys);
  if (!found) throw new BrowserMissingError(INSTRUCTION);
  return found;
}

module.exports = { DEBIAN_CHROMIUM, CANDIDATES, INSTRUCTION, BrowserMissingError, isExecutable, findBrowser, ensureBrowser, browserPath };

if (require.main === module) {
  try {
    ensureBrowser();
  } catch (error) {
    if (!(error instanceof BrowserMissingError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
