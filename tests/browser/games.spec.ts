import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { expectAccessible, origin, screenshot, seed } from './helpers';

// The console's charts end to end: the Games page on the sample slate (fair and best prices, value marked at
// the user's threshold), a game's line-movement charts, injuries and weather, and the Bets page's bankroll
// chart once bets are settled; axe on each, and screenshots in artifacts/screenshots/.

test.describe.configure({ mode: 'serial' });

const EMAIL = 'charts@example.com';
const PASSWORD = 'correct horse battery staple';

/** Runs `jev` against the browser tests' database (the sample slate, a token); returns what it printed. */
function jev(...args: string[]): string {
  return execFileSync(process.execPath, ['bin/jev.mjs', ...args], {
    env: { ...process.env, DATABASE_URL: process.env.JEV_BROWSER_DATABASE_URL },
    encoding: 'utf8',
  });
}

let page: Page;
let gamePath: string;

test.beforeAll(async ({ browser }) => {
  jev('data', 'load-sample');
  page = await (await browser.newContext({ baseURL: origin() })).newPage();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/connect$/);
});

test('Games: the sample slate with fair and best prices, value marked at the default 2% threshold', async ({ request }) => {
  await page.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
  await expect(page.locator('.callout')).toContainText('Sample data');

  const games = page.locator('section.game');
  expect(await games.count()).toBeGreaterThan(0);
  const firstRow = games.first().locator('tbody tr').first();
  await expect(firstRow.locator('td[data-fair]')).toHaveText(/^\d+\.\d% \([+-]\d+\)$/);
  await expect(firstRow.locator('td[data-best]')).toHaveText(/^[+-]\d+ [a-z_]+$/);

  // The threshold is the tool's: every marked row's EV is at least 2%, and some row is marked.
  const valueRows = page.locator('tr[data-value]');
  expect(await valueRows.count()).toBeGreaterThan(0);
  for (const text of await valueRows.locator('td[data-ev]').allTextContents()) {
    expect(text).toMatch(/Value$/);
    expect(parseFloat(text)).toBeGreaterThanOrEqual(2);
  }
  // The summary above the games lists the week's value outcomes (this page's marked rows among them), best first,
  // ten at most.
  const best = page.getByRole('table', { name: 'Best prices with at least 2% expected value, best first' }).locator('tbody tr');
  await expect(best.first()).toBeVisible();
  expect(await best.count()).toBeGreaterThanOrEqual(Math.min(10, await valueRows.count()));
  expect(await best.count()).toBeLessThanOrEqual(10);
  const bestEvs = (await best.locator('td:nth-child(5)').allTextContents()).map(parseFloat);
  expect(bestEvs).toEqual([...bestEvs].sort((a, b) => b - a));
  await expect(page.locator('[data-mark="steam"]').first()).toBeVisible();

  // The page shows what an agent is told: the same value list, arbitrage, middles and steam as get_game_odds over the API
  // (in full, as the page asks: the concise value question answers with the value list alone).
  const token = jev('token', 'create', '--email', EMAIL, '--scope', 'read').trim();
  const answer = await request.post(`${origin()}/api/v1/tools/get_game_odds`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport: 'nfl', minExpectedValue: 0.02, detail: 'full', limit: 100 },
  });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as {
    data: { value: unknown[]; games: { markets: { arbitrage: unknown; middle?: { window: string } | null; steam: unknown }[] }[] };
  };
  const markets = data.games.flatMap((game) => game.markets);
  await expect(valueRows).toHaveCount(data.value.length);
  await expect(page.locator('[data-mark="arbitrage"]')).toHaveCount(markets.filter((market) => market.arbitrage).length);
  await expect(page.locator('[data-mark="steam"]')).toHaveCount(markets.filter((market) => market.steam).length);
  const middles = markets.filter((market) => market.middle);
  await expect(page.locator('[data-mark="middle"]')).toHaveCount(middles.length);
  if (middles[0]) await expect(page.locator('[data-mark="middle"]').first()).toContainText(middles[0].middle!.window);
  await expect(games).toHaveCount(data.games.length);

  await expectAccessible(page);
  await screenshot(page, 'games');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await screenshot(page, 'games-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A game with value, opened later at the same threshold.
  const href = (await games.filter({ has: valueRows }).first().getByRole('link').getAttribute('href')) as string;
  expect(href).toMatch(/^\/games\/nfl-[^?]+\?min=2$/);
  gamePath = href;

  // A threshold no price reaches marks nothing; the form keeps the sport and threshold chosen.
  await page.getByLabel('Highlight EV from (%)').fill('90');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/games\?sport=nfl&min=90$/);
  await expect(page.locator('section.game').first()).toBeVisible();
  await expect(page.locator('tr[data-value]')).toHaveCount(0);
});

test('a game: its markets, a line-movement chart per market with points, injuries and weather', async () => {
  await page.goto(gamePath);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(' at ');
  expect(await page.locator('tr[data-value]').count()).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Line movement' })).toBeVisible();
  const charts = page.locator('figure.chart');
  await expect(charts).toHaveCount(3);
  let lines = 0;
  for (const chart of await charts.all()) {
    const points = await chart.locator('tbody tr').count();
    expect(points).toBeGreaterThan(0);
    // A dot per point of each line (a price and a fair line per outcome), and the lines themselves where there
    // are two points or more: the date-driven sample slate leaves some markets one recorded change.
    await expect(chart.locator('circle[data-line]').nth(points * 2 - 1)).toBeAttached();
    if (points > 1) {
      await expect(chart.locator('.series path').first()).toHaveAttribute('d', /^M[\d.]+ [\d.]+L/);
      lines += 1;
    }
    // The same points for screen readers.
    await expect(chart.locator('table tbody tr')).toHaveCount(points);
    await expect(chart.locator('figcaption')).toContainText('recorded change');
  }
  expect(lines).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Injuries' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weather at kickoff' })).toBeVisible();
  await expect(page.getByText('The injury report is updated about twice a day')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'game');

  // At phone width the chart fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const box = await charts.first().locator('svg').boundingBox();
  expect(box!.width).toBeGreaterThan(250);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshot(page, 'game-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('Bets: the bankroll chart after bets are settled, following the filters', async () => {
  await page.goto('/bankroll');
  await page.getByLabel('Balance', { exact: true }).fill('1000');
  await page.getByLabel('Unit size', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Save bankroll' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // Two bets on a game that then ends 27–24 to KC: bets are graded won or lost only once their game is final.
  const gameId = 'nfl-chart-final';
  seed({
    games: [{ id: gameId, home: 'KC', away: 'BUF', startsAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), status: 'in_progress' }],
    bets: [
      { email: EMAIL, gameId, market: 'h2h', selection: 'KC', americanOdds: 150, stakeCents: 2000 },
      { email: EMAIL, gameId, market: 'h2h', selection: 'BUF', americanOdds: -110, stakeCents: 1000 },
    ],
    finals: [{ id: gameId, homeScore: 27, awayScore: 24 }],
  });
  await page.goto('/bets');
  await expect(page.getByText('No settled bets in this selection yet')).toBeVisible();
  for (const [selection, result] of [
    ['KC', 'won'],
    ['BUF', 'lost'],
  ] as const) {
    const row = page.locator('tbody tr').filter({ hasText: `Moneyline ${selection}` });
    await row.getByLabel(/^Result/).selectOption(result);
    await row.getByRole('button', { name: /Settle…/ }).click();
    await row.getByRole('button', { name: 'Yes, settle' }).click();
    await expect(row.getByRole('cell', { name: result, exact: true })).toBeVisible();
  }

  await page.goto('/bets');
  const chart = page.locator('[data-chart="bankroll"]');
  const summary = chart.locator('[data-summary]');
  // 1000 + 30 after the win, then - 10 after the loss; cumulative profit 20.
  await expect(summary).toContainText('2 settled bets');
  await expect(summary).toContainText('balance $1,000.00 before the first, $1,030.00 after it, $1,020.00 after the last');
  await expect(summary).toContainText('cumulative profit $20.00');
  await expect(chart.locator('.series path')).toHaveCount(2);
  // A balance chart and a profit chart, each from the point before the first bet: three dots apiece.
  await expect(chart.locator('circle[data-line]')).toHaveCount(6);
  await expect(page.locator('th', { hasText: 'CLV' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'bets-bankroll');

  // The chart follows the Status filter: only the win, with the balance it left.
  await page.getByLabel('Status').selectOption('won');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(summary).toContainText('1 settled bet,');
  await expect(summary).toContainText('balance $1,000.00 before the first, $1,030.00 after it, $1,030.00 after the last');
  await expect(chart.locator('circle[data-line]')).toHaveCount(4);
});
