import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { VIEW_TOOLS } from '@/lib/apps/catalogue';
import { SAMPLE_NOTE } from '@/lib/data/sample-note';
import { RESPONSIBLE_GAMBLING_LINE } from '@/lib/rules';
import type { ShowView } from './apps-host';
import { expectAccessible, origin } from './helpers';

// JEV's MCP Apps views in a real browser, hosted by the extension's own host bridge (AppBridge and its
// PostMessageTransport, tests/browser/apps-host.ts) on a test page: each view is read from the real server with
// the SDK's MCP client (resources/read of the URI tools/list names), served on a sandbox origin with the CSP its
// metadata asks for, and handed a real tools/call result on the sample slate. The tool calls a view makes go
// back through the bridge to the same client. Screenshots land in artifacts/screenshots/.

test.describe.configure({ mode: 'serial' });

const EMAIL = 'apps@example.com';
const HOST = 'http://host.test';
const SANDBOX = 'http://sandbox.test';
const SLOW = { timeout: 30_000 };

function jev(...args: string[]): string {
  return execFileSync(process.execPath, ['bin/jev.mjs', ...args], {
    env: { ...process.env, DATABASE_URL: process.env.JEV_BROWSER_DATABASE_URL },
    encoding: 'utf8',
  });
}

/** The CSP a web host builds from a view's metadata (the extension's spec, "Content Security Policy Enforcement"). */
function hostCsp(meta: any): string {
  const csp = meta?.ui?.csp ?? {};
  const resources = (csp.resourceDomains ?? []).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `connect-src 'self' ${(csp.connectDomains ?? []).join(' ')}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `frame-src ${(csp.frameDomains ?? []).join(' ') || "'none'"}`,
    "object-src 'none'",
    `base-uri ${(csp.baseUriDomains ?? []).join(' ') || "'self'"}`,
  ].join('; ');
}

let client: Client;
let page: Page;
let view: FrameLocator;
/** Every call a view made through the bridge, as it was made; its result once it came. */
const calls: { name: string; arguments: Record<string, unknown>; result?: CallToolResult }[] = [];
const requests: string[] = [];
const documents = new Map<string, { html: string; csp: string }>();

const call = (name: string, args: Record<string, unknown>): Promise<CallToolResult> => client.callTool({ name, arguments: args });
const data = (result: CallToolResult | undefined) => result!.structuredContent as any;

/** Reads the view a tool links in tools/list (or a view by URI) from the server, as a host does, and serves it. */
async function serveView(uri: string): Promise<string> {
  const { contents } = await client.readResource({ uri });
  const [content] = contents as any[];
  expect(content.mimeType).toBe('text/html;profile=mcp-app');
  const key = uri.replace('ui://jev/', '');
  documents.set(`/${key}`, { html: content.text, csp: hostCsp(content._meta) });
  return `${SANDBOX}/${key}`;
}

async function linkedView(tool: string): Promise<string> {
  const { tools } = await client.listTools();
  return serveView((tools.find((t) => t.name === tool)!._meta as any).ui.resourceUri);
}

async function show(
  src: string,
  args: Record<string, unknown>,
  result: CallToolResult,
  { width = 960, theme = 'light' }: Partial<Pick<ShowView, 'width' | 'theme'>> = {},
) {
  const shown: ShowView = { src, args, result, width, theme };
  await page.evaluate((v) => window.showView(v), shown);
}

/** The view as it is drawn now (its top 1,600 pixels) in artifacts/screenshots/. */
async function snap(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.locator('iframe').boundingBox())!;
  const height = Math.min(box.height, 1600);
  // The view paints in its own process, and only what the window shows: make the window tall enough, let it paint.
  await page.setViewportSize({ width: 1280, height: Math.ceil(box.y + height) });
  await view.locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, clip: { ...box, height } });
  await page.setViewportSize({ width: 1280, height: 720 });
}

const numbers = (locator: ReturnType<FrameLocator['locator']>) =>
  locator.locator('[data-number]').evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-number'))));

test.beforeAll(async ({ browser }) => {
  jev('data', 'load-sample');
  jev('user', 'create', '--email', EMAIL);
  const token = jev('token', 'create', '--email', EMAIL, '--scope', 'write').trim();
  jev(
    'bankroll',
    'set',
    '--email',
    EMAIL,
    '--balance',
    '1000',
    '--unit',
    '10',
    '--max-stake',
    '50',
    '--daily-loss-limit',
    '100',
    '--weekly-loss-limit',
    '300',
  );
  client = new Client({ name: 'jev-apps-test-host', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', origin()), { authProvider: { token: async () => token } }));

  // Three bets on the first game through the real write tools, two of them cashed out before kick-off (a game
  // still to be played grades no bet won or lost): the bankroll view's data.
  const [game] = data(await call('get_game_odds', { sport: 'nfl' })).games;
  const [home, away] = game.markets.find((m: any) => m.market === 'h2h').outcomes;
  /** What a cash-out paid: a share of what the bet would pay back as a win (never more, the ledger's rule). */
  const cashedOut = (americanOdds: number, stake: number, share: number) =>
    Math.floor(stake * (americanOdds > 0 ? 1 + americanOdds / 100 : 1 + 100 / -americanOdds) * share * 100) / 100;
  for (const [outcome, stake, payout] of [
    [home, 40, cashedOut(home.americanOdds, 40, 0.85)],
    [away, 25, cashedOut(away.americanOdds, 25, 0.2)],
    [home, 30, null],
  ] as const) {
    const logged = data(
      await call('log_bet', {
        sport: 'nfl',
        gameId: game.gameId,
        market: 'h2h',
        selection: outcome.outcome,
        americanOdds: outcome.americanOdds,
        stake,
      }),
    );
    if (payout !== null) expect(data(await call('settle_bet', { betId: logged.bet.id, result: 'cashout', payout })).status).toBe('cashout');
  }

  const script = await build({
    entryPoints: [path.join(__dirname, 'apps-host.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  page = await (await browser.newContext()).newPage();
  page.on('request', (request) => requests.push(request.url()));
  await page.exposeFunction('jevCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
    const made: (typeof calls)[number] = { name: params.name, arguments: params.arguments ?? {} };
    calls.push(made);
    made.result = await call(params.name, made.arguments);
    return made.result;
  });
  await page.route(`${HOST}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title></head><body><main><h1>MCP Apps test host</h1><div id="views"></div></main><script>${script.outputFiles[0]!.text}</script></body></html>`,
    }),
  );
  await page.route(`${SANDBOX}/**`, (route) => {
    const served = documents.get(new URL(route.request().url()).pathname);
    return served
      ? route.fulfill({ contentType: 'text/html', body: served.html, headers: { 'content-security-policy': served.csp } })
      : route.fulfill({ status: 404 });
  });
  await page.goto(`${HOST}/`);
  view = page.frameLocator('iframe[title="JEV view"]');
});

test.afterAll(async () => {
  await client?.close();
});

test('value board: get_game_odds names its view; drawn from a value scan, with the games the view asks for and every number as the tool gave it', async () => {
  const args = { sport: 'nfl', minExpectedValue: 0.02 };
  const result = await call('get_game_odds', args);
  await show(await linkedView('get_game_odds'), args, result);

  const entries = data(result).value;
  const valueRows = view.locator('#value tbody tr');
  // The best ten first, as on the console's Games page; the rest on request (a calibrated slate often has fewer
  // than ten at 2%: then all at once, and no button).
  expect(entries.length).toBeGreaterThan(0);
  await expect(valueRows).toHaveCount(Math.min(10, entries.length), SLOW);
  const showAll = view.getByRole('button', { name: /^Show all / });
  if (entries.length > 10) await showAll.click();
  else await expect(showAll).toHaveCount(0);
  await expect(valueRows).toHaveCount(entries.length);
  for (const index of [0, entries.length - 1]) {
    const entry = entries[index];
    expect(await numbers(valueRows.nth(index))).toEqual([entry.americanOdds, entry.fairProbability, entry.expectedValue]);
    await expect(valueRows.nth(index)).toContainText(entry.updatedAgo);
  }
  // The games: fetched by the view through the host, with the model's arguments less the scan.
  await expect(view.locator('#games tbody tr').first()).toBeVisible(SLOW);
  const slate = calls.find((c) => c.name === 'get_game_odds' && c.arguments.minExpectedValue === undefined)!;
  expect(slate.arguments).toEqual({ sport: 'nfl' });
  const first = data(slate.result).games[0];
  const outcome = first.markets[0].outcomes[0];
  const row = view.locator(
    `#games tbody tr[data-game="${first.gameId}"][data-market="${first.markets[0].market}"][data-outcome="${outcome.outcome}"]`,
  );
  expect((await numbers(row)).slice(0, 2)).toEqual([outcome.americanOdds, outcome.fairProbability]);
  await expect(row).toContainText(first.markets[0].updatedAgo);
  // Steam and arbitrage marked on each outcome row of the markets the slate's page says hold them (the slate's one
  // NFL arbitrage may be on a later page; loading records a steam move on the first NFL game).
  const shown = data(slate.result).games.flatMap((game: any) => game.markets);
  expect(shown.some((market: any) => market.steam)).toBe(true);
  await expect(view.locator('#games [data-mark="steam"]')).toHaveCount(shown.filter((market: any) => market.steam).length);
  await expect(view.locator('#games [data-mark="arbitrage"]')).toHaveCount(
    shown.filter((market: any) => market.arbitrage).reduce((rows: number, market: any) => rows + market.outcomes.length, 0),
  );

  await expect(view.locator('[data-sample]')).toHaveText(SAMPLE_NOTE);
  await expect(view.locator('.footer')).toHaveText(RESPONSIBLE_GAMBLING_LINE);
  await snap('app-board');
  await expectAccessible(page);
});

test('value board: sortable from the keyboard, the focus staying on the header', async () => {
  const sort = view.locator('#games th', { hasText: 'EV at best' }).locator('button');
  await sort.focus();
  await page.keyboard.press('Enter');
  await expect(view.locator('#games th', { hasText: 'EV at best' })).toHaveAttribute('aria-sort', 'descending');
  await expect(view.locator('#games th', { hasText: 'EV at best' }).locator('button')).toBeFocused();
  const evs = await view
    .locator('#games tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Number(row.querySelectorAll('[data-number]')[3]?.getAttribute('data-number') ?? Number.NEGATIVE_INFINITY)),
    );
  expect(evs).toEqual([...evs].sort((a, b) => b - a));
});

test('value board: a game opens through a tool call the view makes, its charts drawn from the history the tool returned', async () => {
  const open = view.locator('#games [data-open]').first();
  const gameId = await open.getAttribute('data-open');
  await open.click();
  await expect.poll(() => calls.find((c) => c.name === 'get_game_odds' && c.arguments.gameId === gameId)?.result, SLOW).toBeDefined();
  const full = calls.find((c) => c.name === 'get_game_odds' && c.arguments.gameId === gameId)!;
  expect(full.arguments).toEqual({ sport: 'nfl', gameId, detail: 'full', history: true });
  expect(calls.some((c) => c.name === 'get_injury_report' && c.arguments.gameId === gameId)).toBe(true);
  expect(calls.some((c) => c.name === 'get_weather' && c.arguments.gameId === gameId)).toBe(true);

  const game = data(full.result).games[0];
  await expect(view.locator('h1')).toHaveText(`${game.awayTeam.name} at ${game.homeTeam.name}`);
  for (const market of game.markets) {
    const chart = view.locator(`[data-chart="movement-${market.market}"]`);
    await expect(chart).toBeVisible(SLOW);
    // The fair lines, one per outcome in the series' order: their points are the series' fair probabilities.
    const fairLines = await chart
      .locator('g.dashed')
      .evaluateAll((lines) => lines.map((line) => [...line.querySelectorAll('circle')].map((c) => Number(c.getAttribute('data-value')))));
    expect(fairLines).toEqual(
      market.history.outcomes.map((_: string, i: number) =>
        market.history.series.map((point: any) => point.fairProbability?.[i]).filter((value: unknown) => value != null),
      ),
    );
  }
  await expect(view.locator('section.weather h2')).toHaveText('Weather at kickoff');
  await expect(view.locator('section.injuries h2')).toHaveText('Injuries');
  await expect(view.locator('section.injuries .status')).toHaveCount(0, SLOW);
  await snap('app-game');
  await expectAccessible(page);

  await view.locator('[data-focus="back"]').click();
  await expect(view.locator('h1')).toHaveText('Value board');
  await expect(view.locator(`[data-open="${gameId}"]`).first()).toBeFocused();
});

test('value board: follows the host into the dark theme, and stays readable there', async () => {
  await page.evaluate(() => window.setTheme('dark'));
  await expect(view.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await view.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(23, 23, 23)');
  await snap('app-board-dark');
  await expectAccessible(page);
  await page.evaluate(() => window.setTheme('light'));
  expect(await view.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
});

test('value board at phone width: drawn from a slate, nothing wider than the phone but the tables, which scroll', async () => {
  const args = { sport: 'nfl' };
  await show(`${SANDBOX}/board`, args, await call('get_game_odds', args), { width: 360 });
  await expect(view.locator('#value tbody tr').first()).toBeVisible(SLOW);
  const widths = await view.locator('html').evaluate((html) => ({ page: html.scrollWidth, view: html.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  const table = view.locator('.table-wrap[aria-label^="Games"]');
  expect(await table.evaluate((wrap) => wrap.scrollWidth > wrap.clientWidth && getComputedStyle(wrap).overflowX === 'auto')).toBe(true);
  await snap('app-board-phone');
  await expectAccessible(page);
});

test('game view on its own: read by its URI and drawn for get_game_odds about one game', async () => {
  const { games } = data(await call('get_game_odds', { sport: 'nfl' }));
  const args = { sport: 'nfl', gameId: games[1].gameId };
  await show(await serveView('ui://jev/game'), args, await call('get_game_odds', args));
  await expect(view.locator('[data-chart^="movement-"]').first()).toBeVisible(SLOW);
  await expect(view.locator('[data-sample]')).toHaveText(SAMPLE_NOTE);
  await expect(view.locator('.footer')).toHaveText(RESPONSIBLE_GAMBLING_LINE);
  await expectAccessible(page);
});

test('bankroll view: get_bankroll names it; the room under each limit, open exposure, the bets and both charts as the tools gave them', async () => {
  const result = await call('get_bankroll', {});
  const bankroll = data(result);
  await show(await linkedView('get_bankroll'), {}, result);
  await expect(view.locator('[data-figure="balance"] [data-number]')).toHaveAttribute('data-number', String(bankroll.balance));
  await expect(view.locator('[data-figure="exposure"] [data-number]')).toHaveAttribute('data-number', String(bankroll.openExposure));
  await expect(view.locator('[data-limit="daily"] [data-number]')).toHaveAttribute('data-number', String(bankroll.dailyLossRoom));
  await expect(view.locator('[data-limit="weekly"] [data-number]')).toHaveAttribute('data-number', String(bankroll.weeklyLossRoom));

  // The view asks for the bets itself, through the host: wait for that call (a loaded machine may be slow to make it).
  const betsCall = () => calls.findLast((c) => c.name === 'list_bets' && c.arguments.limit === undefined && c.result !== undefined);
  await expect.poll(betsCall, SLOW).toBeDefined();
  const bets = data(betsCall()!.result);
  await expect(view.locator('#bets tbody tr')).toHaveCount(bets.bets.length, SLOW);
  // In the charts' order (lib/console/bankroll-history.ts): settled time, then id, since instants are to the second.
  const settled = bets.bets
    .filter((bet: any) => bet.settledAt)
    .sort((a: any, b: any) => a.settledAt.localeCompare(b.settledAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const profit = await view
    .locator('[data-chart="profit"] circle')
    .evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('data-value'))));
  expect(profit).toEqual([
    0,
    ...settled.map(
      (_: unknown, i: number) => Math.round(settled.slice(0, i + 1).reduce((sum: number, bet: any) => sum + bet.profit, 0) * 100) / 100,
    ),
  ]);
  const balance = await view
    .locator('[data-chart="balance"] circle')
    .evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('data-value'))));
  expect(balance.at(-1)).toBe(bankroll.balance);
  await expect(view.locator('.footer')).toHaveText(RESPONSIBLE_GAMBLING_LINE);
  await snap('app-bankroll');
  await expectAccessible(page);
});

test('bankroll view drawn for list_bets, which names it too, fetching the bankroll', async () => {
  const result = await call('list_bets', {});
  await show(await linkedView('list_bets'), {}, result, { theme: 'dark' });
  await expect(view.locator('#bets tbody tr')).toHaveCount(data(result).bets.length, SLOW);
  await expect(view.locator('[data-figure="balance"]')).toBeVisible(SLOW);
  await expect(view.locator('[data-chart="balance"]')).toBeVisible(SLOW);
  await snap('app-bankroll-dark');
  await expectAccessible(page);
});

test('the views call read tools alone, and the browser fetched nothing but the host page and the views', () => {
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((c) => !(VIEW_TOOLS as readonly string[]).includes(c.name))).toEqual([]);
  expect(requests.filter((url) => !url.startsWith(`${HOST}/`) && !url.startsWith(`${SANDBOX}/`))).toEqual([]);
});
