import { defineConfig } from '@playwright/test';
import { browserPath } from './scripts/browser.cjs';

// Browser tests of the console: an installed Chromium or Chrome (never a downloaded browser; see
// scripts/browser.cjs, which `npm test` runs first and which installs Debian's Chromium when it can) against
// the real production server, which tests/browser/global-setup.ts starts on a fresh SQLite database.

export default defineConfig({
  testDir: 'tests/browser',
  globalSetup: './tests/browser/global-setup.ts',
  // One flow through shared accounts, in order; the machine has two cores and the server takes one.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'artifacts/test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: browserPath(),
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
  },
});
