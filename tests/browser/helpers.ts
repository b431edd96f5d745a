import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';

// Steps the browser specs share: axe, screenshots, and data written straight to their database.

/** The browser tests' server origin, set by global-setup.ts. */
export const origin = () => process.env.JEV_BROWSER_ORIGIN as string;

/**
 * No serious or critical axe violations on the page once it has settled. A server action's refresh streams the
 * page's metadata after its body, so for a moment after "Saved." the document can be without its <title>: axe
 * runs once the title is back (a page that never has one still fails, here).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`)).toEqual([]);
}

/** A full-page screenshot in artifacts/screenshots/ (kept by CI). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
}

/** Games and bets written straight to the database (see seed.ts). */
export function seed(data: { games?: object[]; bets?: object[]; kickoffs?: object[]; finals?: object[] }): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/browser/seed.ts', JSON.stringify(data)], {
    env: { ...process.env, DATABASE_URL: process.env.JEV_BROWSER_DATABASE_URL },
  });
}
