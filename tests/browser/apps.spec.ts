import AxeBuilder from '@axe-core/playwright';
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { coolingOffNotesIn } from '@/lib/account/cooling-off-notes';
import { VIEW_CALLABLE_TOOLS } from '@/lib/apps/catalogue';
import { INLINE_MAX_HEIGHT } from '@/lib/apps/env';
import { DEFAULT_MIN_PERCENT } from '@/lib/present/format';
import { SAMPLE_NOTE, SAMPLE_NOTE_SHORT } from '@/lib/data/sample/note';
import { HELPLINE_LINK, RESPONSIBLE_GAMBLING_LINE } from '@/lib/responsible-gambling';
import type { ShowView } from './apps-host';
import { origin } from './helpers';

// JEV's MCP Apps views in a real browser, hosted by the extension's own host bridge (AppBridge and its
// PostMessageTransport, tests/browser/apps-host.ts) on a test page: each view is read from the real server with
// the SDK's MCP client (resources/read of the URI tools/list names), served on a sandbox origin with the CSP its
// metadata asks for, and handed a real tools/call result on the sample slate. The tool calls a view makes go
// back through the bridge to the same client. Each view is checked as Anthropic's directory asks: inline at most
// 500 pixels tall (less when the host's container says so) with nothing scrolling inside, full screen through
// the host's display modes, nothing wider than the frame at 360 and 1,000 pixels, 44-pixel targets, axe without
// a single violation in both themes, links through the host. The listing's screenshots land in docs/images/.

test.describe.configure({ mode: 'serial' });

const EMAIL = 'apps@example.com';
const HOST = 'http://host.test';
const SANDBOX = 'http://sandbox.test';
const SLOW = { timeout: 30_000 };
const LONG_CLIENT = `jev-integration-${'x'.repeat(40)}-agent/1.0 (an agent framework with a very long self-description, ${'y'.repeat(60)})`;

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
/** Every error the host page or a view wrote to its console, or threw, in order. */
const consoleErrors: string[] = [];
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
  {
    width = 1000,
    theme = 'light',
    maxHeight,
    displayModes = ['inline', 'fullscreen'],
    refuseLinks,
  }: Partial<Omit<ShowView, 'src' | 'args' | 'result'>> = {},
) {
  const shown: ShowView = { src, args, result, width, theme, maxHeight, displayModes, refuseLinks };
  await page.evaluate((v) => window.showView(v), shown);
}

/** Lets the view paint what it last drew (it paints in its own process). */
const painted = () =>
  view.locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The view inline as the directories ask: the host's frame as tall as the view says it is (its honest size
 * report), at most `limit` pixels, and nothing scrolling inside it.
 */
async function expectInline(limit = INLINE_MAX_HEIGHT) {
  await expect(view.locator('html')).toHaveAttribute('data-display', 'inline');
  const measure = async () => {
    await painted();
    const frame = await page.locator('iframe').evaluate((element) => element.clientHeight);
    const inside = await view.locator('html').evaluate((html) => ({
      content: Math.ceil(html.getBoundingClientRect().height),
      scroll: html.scrollHeight,
      client: html.clientHeight,
    }));
    return { frame, ...inside };
  };
  // The size report travels through the bridge: wait for the frame to follow it.
  await expect
    .poll(async () => {
      const m = await measure();
      return m.frame === m.content;
    }, SLOW)
    .toBe(true);
  const { frame, scroll, client } = await measure();
  expect(frame).toBeLessThanOrEqual(limit);
  expect(scroll).toBeLessThanOrEqual(client);
  expect(await view.locator('html').evaluate((html) => html.style.maxHeight)).toBe('');
}

/** Nothing in the view reaches past the frame's sides (the visually hidden captions aside: they are 1 px). */
async function expectFits() {
  const outside = await view.locator('html').evaluate((html) => {
    const width = html.clientWidth;
    const out = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)} > ${width}`,
      );
    return html.scrollWidth > width ? [`document ${html.scrollWidth} > ${width}`, ...out] : out;
  });
  expect(outside).toEqual([]);
}

/** Every control the user can reach is at least 44 by 44 CSS pixels. */
async function expectTargets() {
  const small = await view.locator('body').evaluate((body) =>
    [...body.querySelectorAll('button, a[href], summary, input, select, textarea')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 44 || box.height < 44))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${element.textContent}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
  expect(small).toEqual([]);
}

/** axe on the host page and the view in it: no violation of any impact. */
async function expectAxeClean() {
  await painted();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** Everything the directories ask of a view as it is drawn now. */
async function expectDirectoryReady() {
  await expectFits();
  await expectTargets();
  await expectAxeClean();
}

/**
 * A screenshot for the directories' listing, at least 1,000 pixels wide: into docs/images/ when
 * LISTING_SCREENSHOTS=1 (the sample's times move, so every run would change the committed ones), else beside the
 * console's in artifacts/screenshots/.
 */
async function listing(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await view.locator('html').evaluate(() => window.scrollTo(0, 0));
  await painted();
  const box = (await page.locator('iframe').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(1000);
  const folder = process.env.LISTING_SCREENSHOTS === '1' ? 'docs/images' : 'artifacts/screenshots';
  await page.screenshot({ path: `${folder}/${name}.png`, clip: box });
}

async function fullscreen(viewport = { width: 1000, height: 760 }) {
  await page.setViewportSize(viewport);
  await view.locator('[data-focus="fullscreen"]').click();
  await expect(view.locator('html')).toHaveAttribute('data-display', 'fullscreen');
  expect(await page.evaluate(() => window.hostLog.displayModes)).toEqual(['fullscreen']);
  await expect(view.locator('[data-focus="exit-fullscreen"]')).toBeFocused();
}

async function backInline() {
  await view.locator('[data-focus="exit-fullscreen"]').click();
  await expect(view.locator('html')).toHaveAttribute('data-display', 'inline');
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
  // One more through REST from a client whose label (its User-Agent) is long and unbroken: the bets table must
  // still fit the frame.
  const rest = await fetch(new URL('/api/v1/tools/log_bet', origin()), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': LONG_CLIENT },
    body: JSON.stringify({
      sport: 'nfl',
      gameId: game.gameId,
      market: 'h2h',
      selection: away.outcome,
      americanOdds: away.americanOdds,
      stake: 5,
    }),
  });
  expect(rest.status).toBe(200);

  const script = await build({
    entryPoints: [path.join(__dirname, 'apps-host.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
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

/**
 * The league the value board and the game view show: the NBA, whose night lists ten games to come at any hour, where
 * an NFL Monday lists one (two value entries, no second page, no second game; CI's clock may fall on any hour).
 */
const BOARD_SPORT = 'nba';

test('value board inline: get_game_odds names its view; a summary and the top value entries in 500 pixels, paged in place', async () => {
  const args = { sport: BOARD_SPORT, minExpectedValue: -0.02 };
  const result = await call('get_game_odds', args);
  boardScan = result;
  await show(await linkedView('get_game_odds'), args, result);

  const entries = data(result).value;
  const rows = view.locator('[data-list="value"] li .item');
  await expect(rows.first()).toBeVisible(SLOW);
  await expect(view.locator('[data-figure="games"]')).not.toHaveText('…', SLOW);
  await expectInline();
  // The top entries as the tool ordered them, every number its own; as many as fit, five at most.
  const shown = await rows.count();
  expect(shown).toBeGreaterThanOrEqual(3);
  expect(shown).toBeLessThanOrEqual(5);
  for (const index of [0, shown - 1]) {
    const entry = entries[index];
    expect(await numbers(rows.nth(index))).toEqual([entry.americanOdds, entry.expectedValue, entry.fairProbability]);
    await expect(rows.nth(index)).toHaveAttribute('data-game', entry.gameId);
  }
  // The games the view asked for, with the model's arguments less the scan: their count in the summary.
  const slate = calls.find((c) => c.name === 'get_game_odds' && c.arguments.minExpectedValue === undefined)!;
  expect(slate.arguments).toEqual({ sport: BOARD_SPORT });
  await expect(view.locator('[data-figure="games"]')).toHaveText(
    String(data(slate.result).games.length + (data(slate.result).remaining ?? 0)),
  );
  await expect(view.locator('[data-sample]')).toHaveText(SAMPLE_NOTE_SHORT);
  await expect(view.locator('.footer')).toHaveText(RESPONSIBLE_GAMBLING_LINE);

  // The next page in place, from the keyboard, the frame no taller; on to the last page, where the focus moves to
  // the previous page's control (the next one disabled), and back from there.
  const next = view.locator('[data-focus="page-next"]');
  const previous = view.locator('[data-focus="page-previous"]');
  const range = view.locator('.pager .range');
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(rows.first()).toHaveAttribute('data-outcome', entries[shown].outcome);
  await expectInline();
  for (let pages = 2; await next.isEnabled(); pages++) {
    expect(pages).toBeLessThan(entries.length);
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(range).toHaveText(/–(\d+) of \1$/);
  while (await previous.isEnabled()) {
    await expect(previous).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(rows.first()).toHaveAttribute('data-outcome', entries[0].outcome);
  await expect(next).toBeFocused();
  await expectInline();

  await expectDirectoryReady();
  await listing('app-board-inline');
});

test('value board inline: the games a tab away, and the theme the host gives, both within the limit and clean', async () => {
  await view.locator('[data-focus="tab-games"]').click();
  await expect(view.locator('[data-focus="tab-games"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(view.locator('[data-list="games"] li').first()).toBeVisible();
  await expectInline();
  await page.evaluate(() => window.setTheme('dark'));
  await expect(view.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await view.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(23, 23, 23)');
  await expectInline();
  await expectDirectoryReady();
  await page.evaluate(() => window.setTheme('light'));
  expect(await view.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await view.locator('[data-focus="tab-value"]').click();
});

/** The model's value scan the board was opened with (the first board test). */
let boardScan: CallToolResult | undefined;

/**
 * An entry's age as the view was given it, newest answer first: the view writes the answers it holds (the pages it
 * asked for, the model's scan), and a call made later by the test may be a minute on.
 */
function ageShown(entry: { gameId: string; market: string; outcome: string; point?: number | null }): string {
  const held = [
    ...calls
      .filter((c) => c.name === 'get_game_odds' && c.arguments.minExpectedValue !== undefined)
      .map((c) => c.result)
      .reverse(),
    boardScan,
  ];
  for (const answer of held) {
    const found =
      answer &&
      data(answer).value?.find(
        (v: any) =>
          v.gameId === entry.gameId &&
          v.market === entry.market &&
          v.outcome === entry.outcome &&
          (v.point ?? null) === (entry.point ?? null),
      );
    if (found) return found.updatedAgo;
  }
  throw new Error(`the view was given no value entry for ${entry.gameId} ${entry.market} ${entry.outcome}`);
}

test('value board full screen: asked of the host, it shows every entry and every game, fitting 1,000 pixels', async () => {
  await fullscreen();
  const entries = data(await call('get_game_odds', { sport: BOARD_SPORT, minExpectedValue: -0.02 })).value;
  const valueRows = view.locator('#value tbody tr');
  // The best ten first, as on the console's Games page; the rest on request.
  await expect(valueRows).toHaveCount(Math.min(10, entries.length));
  if (entries.length > 10) await view.getByRole('button', { name: /^Show all / }).click();
  await expect(valueRows).toHaveCount(entries.length);
  for (const index of [0, entries.length - 1]) {
    const entry = entries[index];
    expect(await numbers(valueRows.nth(index))).toEqual([entry.americanOdds, entry.fairProbability, entry.expectedValue]);
    await expect(valueRows.nth(index)).toContainText(ageShown(entry));
  }
  const slate = calls.find((c) => c.name === 'get_game_odds' && c.arguments.minExpectedValue === undefined)!;
  const first = data(slate.result).games[0];
  const outcome = first.markets[0].outcomes[0];
  const row = view.locator(
    `#games tbody tr[data-game="${first.gameId}"][data-market="${first.markets[0].market}"][data-outcome="${outcome.outcome}"]`,
  );
  expect((await numbers(row)).slice(0, 2)).toEqual([outcome.americanOdds, outcome.fairProbability]);
  await expect(row).toContainText(first.markets[0].updatedAgo);
  // Steam and arbitrage marked on each outcome row of the markets the slate's page says hold them, counted against
  // the answer (the page may hold none: the Games page's browser test sees the sample's steam).
  const markets = data(slate.result).games.flatMap((game: any) => game.markets);
  await expect(view.locator('#games [data-mark="steam"]')).toHaveCount(markets.filter((market: any) => market.steam).length);
  await expect(view.locator('#games [data-mark="arbitrage"]')).toHaveCount(
    markets.filter((market: any) => market.arbitrage).reduce((count: number, market: any) => count + market.outcomes.length, 0),
  );
  // A middle likewise, with its window.
  const middles = markets.filter((market: any) => market.middle);
  await expect(view.locator('#games [data-mark="middle"]')).toHaveCount(
    middles.reduce((count: number, market: any) => count + market.outcomes.length, 0),
  );
  if (middles[0]) await expect(view.locator('#games [data-mark="middle"]').first()).toContainText(middles[0].middle.window);
  await expect(view.locator('[data-sample]')).toHaveText(SAMPLE_NOTE);
  await expectDirectoryReady();
  await page.evaluate(() => window.setTheme('dark'));
  await expect(view.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAxeClean();
  await listing('app-board-fullscreen-dark');
  await page.evaluate(() => window.setTheme('light'));
});

test('value board full screen: sortable from the keyboard, the focus staying on the header', async () => {
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

test('value board full screen at 360 pixels: the tables stack into cards, nothing wider than the phone', async () => {
  await page.setViewportSize({ width: 360, height: 760 });
  await expect.poll(() => view.locator('html').evaluate((html) => html.clientWidth)).toBe(360);
  await expect(view.locator('#games tbody tr').first()).toBeVisible();
  expect(
    await view
      .locator('#games tbody tr')
      .first()
      .evaluate((row) => getComputedStyle(row).display),
  ).toBe('block');
  await expectDirectoryReady();
  await page.setViewportSize({ width: 1000, height: 760 });
});

test('value board: a game opens through a tool call the view makes, its charts drawn from the history the tool returned', async () => {
  const open = view.locator('#games [data-open]').first();
  const gameId = await open.getAttribute('data-open');
  await open.click();
  await expect.poll(() => calls.find((c) => c.name === 'get_game_odds' && c.arguments.gameId === gameId)?.result, SLOW).toBeDefined();
  const full = calls.find((c) => c.name === 'get_game_odds' && c.arguments.gameId === gameId)!;
  expect(full.arguments).toEqual({ sport: BOARD_SPORT, gameId, detail: 'full', history: true });
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
  await expectDirectoryReady();
  await listing('app-game-fullscreen');

  await view.locator('[data-focus="back"]').click();
  await expect(view.locator('h1')).toHaveText('Value board');
  await expect(view.locator(`[data-open="${gameId}"]`).first()).toBeFocused();
});

test('value board: back to the chat, inline again within the limit; a game opened there stays compact', async () => {
  await backInline();
  await expectInline();
  const open = view.locator('[data-list="value"] [data-open]').first();
  const gameId = await open.getAttribute('data-open');
  await open.click();
  await expect(view.locator('[data-list="prices"] li').first()).toBeVisible(SLOW);
  await expect(view.locator('[data-chart]')).toHaveCount(0);
  await expectInline();
  await expectDirectoryReady();
  await view.locator('[data-focus="back"]').click();
  await expect(view.locator(`[data-open="${gameId}"]`).first()).toBeFocused();
});

test('the helpline is a link the host opens (ui/open-link), and the view says so when the host will not', async () => {
  const helpline = view.locator('[data-link="helpline"]');
  await helpline.click();
  await expect.poll(() => page.evaluate(() => window.hostLog.links)).toEqual([HELPLINE_LINK]);
  // The sandboxed view did not navigate: it is still the board.
  await expect(view.locator('h1')).toHaveText('Value board');
  await expect(view.locator('.refused')).toHaveCount(0);

  const args = { sport: 'nfl' };
  await show(`${SANDBOX}/board`, args, await call('get_game_odds', args), { refuseLinks: true });
  await expect(view.locator('[data-list="value"] li').first()).toBeVisible(SLOW);
  await view.locator('[data-link="helpline"]').click();
  await expect(view.locator('.refused')).toContainText(HELPLINE_LINK);
  await expectInline();
});

test('value board inline under a container of 400 pixels, and at phone width: smaller still, nothing scrolling inside', async () => {
  const args = { sport: 'nfl', minExpectedValue: -0.02 };
  const result = await call('get_game_odds', args);
  await show(`${SANDBOX}/board`, args, result, { maxHeight: 400 });
  await expect(view.locator('[data-list="value"] li').first()).toBeVisible(SLOW);
  await expectInline(400);
  await expectDirectoryReady();

  await show(`${SANDBOX}/board`, args, result, { width: 360 });
  await expect(view.locator('[data-list="value"] li').first()).toBeVisible(SLOW);
  await expectInline();
  await expectDirectoryReady();
  await fullscreen({ width: 360, height: 760 });
  await expect(view.locator('#value tbody tr').first()).toBeVisible();
  await expectDirectoryReady();
  await backInline();
});

test('value board in a host without full screen: no button for it, and every entry a page at a time inline', async () => {
  const args = { sport: 'nfl', minExpectedValue: -0.02 };
  const result = await call('get_game_odds', args);
  await show(`${SANDBOX}/board`, args, result, { displayModes: ['inline'] });
  await expect(view.locator('[data-list="value"] li').first()).toBeVisible(SLOW);
  await expect(view.locator('[data-focus="fullscreen"]')).toHaveCount(0);
  await expect(view.locator('.inline-only')).toBeVisible();
  const seen: string[] = [];
  for (;;) {
    await expectInline();
    seen.push(
      ...(await view.locator('[data-list="value"] .item').evaluateAll((items) => items.map((item) => item.getAttribute('data-outcome')!))),
    );
    const next = view.locator('[data-focus="page-next"]');
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  expect(seen).toEqual(data(result).value.map((entry: any) => entry.outcome));
  await expectDirectoryReady();
});

/** The answers that are not a slate: each is drawn with the slate asked afresh, its list counted above it. */
const LIST_ANSWERS = [
  { args: { arbitrage: true }, entries: 'arbitrages', label: 'Arbitrages listed' },
  { args: { arbitrage: true, maxHold: 0.03 }, entries: 'lowHold', label: 'Arbitrage or low hold' },
  { args: { middles: true }, entries: 'middles', label: 'Middles listed' },
] as const;

test('value board drawn for an arbitrage, low-hold or middles answer: the slate asked afresh, its marks shown, the list counted, no error', async () => {
  const errorsBefore = consoleErrors.length;
  for (const list of LIST_ANSWERS) {
    const args = { sport: 'nfl', ...list.args };
    const result = await call('get_game_odds', args);
    const answer = data(result);
    const since = callsFrom(calls.length);
    await show(await linkedView('get_game_odds'), args, result);
    // The games tab first: the slate the list came from, asked with the list's arguments removed.
    const games = view.locator('[data-list="games"] .item');
    await expect(games.first()).toBeVisible(SLOW);
    await expect(view.locator('[data-figure="value"]')).not.toHaveText('…', SLOW);
    await expect(view.locator('[role="alert"]')).toHaveCount(0);
    expect(since().map((c) => c.arguments)).toEqual(
      expect.arrayContaining([{ sport: 'nfl' }, { sport: 'nfl', minExpectedValue: DEFAULT_MIN_PERCENT / 100 }]),
    );
    expect(since()).toHaveLength(2);
    const slate = data(since().find((c) => c.arguments.minExpectedValue === undefined)!.result);
    await expect(view.locator('[data-figure="games"]')).toHaveText(String(slate.games.length + (slate.remaining ?? 0)));
    // The model's own list, counted as the tool gave it.
    await expect(view.locator('[data-figure="listed"]')).toHaveText(String(answer[list.entries].length + (answer.remaining ?? 0)));
    await expect(view.locator('[data-figure-label="listed"]')).toHaveText(list.label);
    // Each game of the list carries its mark on the slate, every page of the games tab read in place.
    const mark = list.entries === 'middles' ? 'middle' : 'arbitrage';
    const listedGames = new Set(
      (answer[list.entries] as any[]).filter((entry) => list.entries !== 'lowHold' || entry.arbitrage).map((entry) => entry.gameId),
    );
    const seen: { game: string; marked: boolean }[] = [];
    for (;;) {
      seen.push(
        ...(await games.evaluateAll(
          (items, markName) =>
            items.map((item) => ({ game: item.getAttribute('data-game')!, marked: !!item.querySelector(`[data-mark="${markName}"]`) })),
          mark,
        )),
      );
      const next = view.locator('[data-focus="page-next"]');
      if ((await next.count()) === 0 || (await next.isDisabled())) break;
      await next.click();
    }
    expect(seen.map((item) => item.game)).toEqual(slate.games.map((game: any) => game.gameId));
    expect(seen.filter((item) => listedGames.has(item.game)).every((item) => item.marked)).toBe(true);
    await expectInline();
    await expectDirectoryReady();
  }
  // Full screen, the list's sentence above the games, whose arbitrage marks are in the table.
  await fullscreen();
  await expect(view.locator('[data-listed]')).toContainText('middle');
  await expect(view.locator('#games tbody tr').first()).toBeVisible();
  await expectDirectoryReady();
  await backInline();
  expect(consoleErrors.slice(errorsBefore)).toEqual([]);
});

test("value board drawn for a futures answer: each market a table of the answer's teams, paged in place, both themes clean", async () => {
  const errorsBefore = consoleErrors.length;
  const args = { sport: 'nfl', futures: true, limit: 12 };
  const result = await call('get_game_odds', args);
  const answer = data(result);
  expect(answer.nextCursor).toBeDefined();
  const [market] = answer.futures;
  const src = await linkedView('get_game_odds');
  const since = callsFrom(calls.length);
  await show(src, args, result);
  // Inline: the answer's teams, a page at a time, from the answer itself (no call).
  const items = view.locator('[data-list="futures"] .item');
  await expect(items.first()).toBeVisible(SLOW);
  expect(since()).toEqual([]);
  await expect(view.locator('[role="alert"]')).toHaveCount(0);
  const teamFigures = (team: any) =>
    [team.americanOdds, team.fairProbability, team.fairAmericanOdds, team.best.americanOdds, team.best.expectedValue].filter(
      (figure) => figure !== undefined,
    );
  await expect(items.first()).toHaveAttribute('data-team', market.teams[0].team);
  expect(await numbers(items.first())).toEqual(teamFigures(market.teams[0]));
  await expect(items.first()).toContainText(market.teams[0].best.book);
  await expect(view.locator('[data-figure="teams"]')).toHaveText(String(market.teams.length + answer.remaining));
  await expectInline();
  await view.locator('[data-focus="tab-notes"]').click();
  await expect(view.locator('[data-list="notes"]')).toContainText(answer.futuresNote.slice(0, 60));
  await expectInline();
  await expectDirectoryReady();

  // Full screen: the table, sortable, every figure the answer's; more teams through the answer's cursor.
  await fullscreen();
  const rows = view.locator(`#futures-${market.market} tbody tr`);
  await expect(rows).toHaveCount(market.teams.length);
  for (const index of [0, market.teams.length - 1]) {
    const team = market.teams[index];
    await expect(rows.nth(index)).toHaveAttribute('data-team', team.team);
    expect(await numbers(rows.nth(index))).toEqual(teamFigures(team));
    await expect(rows.nth(index)).toContainText(team.best.book);
  }
  await expect(view.locator('.notes')).toContainText(answer.futuresNote);
  await view.locator('[data-focus="more-futures"]').click();
  await expect.poll(() => since().length === 1 && since()[0]!.result !== undefined).toBe(true);
  expect(since()[0]!.arguments).toEqual({ ...args, cursor: answer.nextCursor });
  const next = data(since()[0]!.result).futures.find((m: any) => m.market === market.market);
  await expect(rows).toHaveCount(market.teams.length + next.teams.length);
  expect(await numbers(rows.nth(market.teams.length))).toEqual(teamFigures(next.teams[0]));
  // Sorted by expected value at the best price, largest first.
  await view.locator(`[data-focus="futures-${market.market}-sort-ev"]`).click();
  const evs = [...market.teams, ...next.teams].map((team: any) => team.best.expectedValue ?? -Infinity).sort((a, b) => b - a);
  expect((await numbers(rows.first())).at(-1)).toBe(evs[0]);
  await expectDirectoryReady();
  await page.evaluate(() => window.setTheme('dark'));
  await expect(view.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectDirectoryReady();
  await page.evaluate(() => window.setTheme('light'));
  await page.setViewportSize({ width: 360, height: 760 });
  await expectFits();
  await backInline();
  await expectInline();
  expect(consoleErrors.slice(errorsBefore)).toEqual([]);
});

test('game view on its own: read by its URI, compact inline for get_game_odds about one game, in full on request', async () => {
  const { games } = data(await call('get_game_odds', { sport: BOARD_SPORT }));
  const args = { sport: BOARD_SPORT, gameId: games[1].gameId };
  await show(await serveView('ui://jev/game'), args, await call('get_game_odds', args), { theme: 'dark' });
  await expect(view.locator('[data-list="prices"] li').first()).toBeVisible(SLOW);
  await expectInline();
  await expectDirectoryReady();
  await fullscreen();
  await expect(view.locator('[data-chart^="movement-"]').first()).toBeVisible(SLOW);
  await expect(view.locator('[data-sample]')).toHaveText(SAMPLE_NOTE);
  await expect(view.locator('.footer')).toHaveText(RESPONSIBLE_GAMBLING_LINE);
  await expectDirectoryReady();
  await backInline();
});

/** The calls the views made from here on. */
const callsFrom = (index: number) => () => calls.slice(index);

test('bankroll view inline: get_bankroll names it; the balance, the room under each limit and the bets, from one list_bets call', async () => {
  const result = await call('get_bankroll', {});
  const bankroll = data(result);
  const since = callsFrom(calls.length);
  await show(await linkedView('get_bankroll'), {}, result, { theme: 'dark' });
  await expect(view.locator('[data-figure="balance"] [data-number]')).toHaveAttribute('data-number', String(bankroll.balance));
  await expect(view.locator('[data-figure="exposure"] [data-number]')).toHaveAttribute('data-number', String(bankroll.openExposure));
  await expect(view.locator('[data-limit="daily"] [data-number]')).toHaveAttribute('data-number', String(bankroll.dailyLossRoom));
  await expect(view.locator('[data-limit="weekly"] [data-number]')).toHaveAttribute('data-number', String(bankroll.weeklyLossRoom));
  await expect(view.locator('[data-list="bets"] li').first()).toBeVisible(SLOW);
  await expect.poll(() => since().every((c) => c.result !== undefined), SLOW).toBe(true);
  // The bets and every settled one the charts need come from the same pages: one call for a user with few bets.
  expect(since().map((c) => [c.name, c.arguments])).toEqual([['list_bets', { limit: 100 }]]);
  const bets = data(since()[0]!.result).bets;
  const first = await view.locator('[data-list="bets"] .item').first().getAttribute('data-bet');
  expect(first).toBe(bets[0].id);
  await expectInline();
  await expectDirectoryReady();
  await listing('app-bankroll-inline-dark');
});

test('bankroll view full screen: the bets and both charts as the tools gave them, the long client label within the frame', async () => {
  await page.evaluate(() => window.setTheme('light'));
  await fullscreen();
  const list = data(calls.findLast((c) => c.name === 'list_bets')!.result);
  const bankroll = data(await call('get_bankroll', {}));
  await expect(view.locator('#bets tbody tr')).toHaveCount(list.bets.length, SLOW);
  // In the charts' order (lib/account/bankroll-history.ts): settled time, then id, since instants are to the second.
  const settled = list.bets
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
  // The long label is cut on screen, all of it in the page.
  const label = view.locator('#bets .clip', { hasText: 'jev-integration' });
  await expect(label).toHaveAttribute('title', (await label.textContent())!);
  await expectDirectoryReady();
  await listing('app-bankroll-fullscreen');
  await page.setViewportSize({ width: 360, height: 760 });
  await expect.poll(() => view.locator('html').evaluate((html) => html.clientWidth)).toBe(360);
  await expectDirectoryReady();
  await backInline();
});

test('bankroll view drawn for list_bets, which names it too: it fetches the bankroll, and no bets the answer already holds', async () => {
  const result = await call('list_bets', {});
  const since = callsFrom(calls.length);
  await show(await linkedView('list_bets'), {}, result);
  await expect(view.locator('[data-figure="balance"] [data-number]')).toBeVisible(SLOW);
  await expect(view.locator('[data-list="bets"] .item')).toHaveCount(Math.min(5, data(result).bets.length));
  expect(since().map((c) => c.name)).toEqual(data(result).nextCursor === undefined ? ['get_bankroll'] : ['get_bankroll', 'list_bets']);
  await expectInline();
});

test('bankroll view with a raise still cooling off: inline and full screen say when it applies, the stricter limit meanwhile', async () => {
  const before = data(await call('get_bankroll', {}));
  // The raise through the real path (the command the Bankroll page's rules check), the balance as it stands.
  jev('bankroll', 'set', '--email', EMAIL, '--balance', String(before.balance), '--unit', '10', '--daily-loss-limit', '200');
  const result = await call('get_bankroll', {});
  const bankroll = data(result);
  expect(bankroll).toMatchObject({ dailyLossLimit: 100, dailyLossRoom: before.dailyLossRoom });
  // The structured answer has no field for it (the catalogue's budget): the note says it, and the view shows it.
  const [noted] = bankroll.note.match(
    /Raising the daily loss limit to \$200\.00 takes effect on [^;]+ \(America\/New_York\); until then \$100\.00 applies\./,
  )!;
  // The view's times are in the bankroll's zone (its lead says so): the sentence does not name it again.
  const sentence = noted.replace(' (America/New_York)', '');
  const waiting = view.locator('[data-waiting]');

  await show(await linkedView('get_bankroll'), {}, result, { width: 360 });
  await expect(waiting).toHaveText(sentence, SLOW);
  await expect(view.locator('[data-limit="daily"]')).toContainText('of $100.00');
  await expectInline();
  await expectFits();
  await expect(view.locator('[data-list="bets"] li').first()).toBeVisible(SLOW);

  await show(await linkedView('get_bankroll'), {}, result);
  await expect(waiting).toHaveText(sentence, SLOW);
  await expectInline();
  await expectDirectoryReady();
  await fullscreen();
  await expect(waiting).toHaveText(sentence);
  await expect(view.locator('#heading-bankroll + dl [data-limit="daily"]')).toContainText('of $100.00');
  await expectDirectoryReady();
  await backInline();
});

test('bankroll view with several changes cooling off and long zone names: inline counts them within 500 px at 360, full screen says each', async () => {
  const before = data(await call('get_bankroll', {}));
  const zone = 'America/Argentina/ComodRivadavia';
  jev(
    'bankroll',
    'set',
    '--email',
    EMAIL,
    '--balance',
    String(before.balance),
    '--unit',
    '10',
    '--daily-loss-limit',
    '200',
    '--time-zone',
    zone,
  );
  const result = await call('get_bankroll', {});
  const waitingSentences = coolingOffNotesIn(data(result).note);
  expect(waitingSentences).toHaveLength(2);
  const waiting = view.locator('[data-waiting]');

  await show(await linkedView('get_bankroll'), {}, result, { width: 360 });
  await expect(waiting).toHaveText(
    '2 changes to your limits or time zone are cooling off: the limits shown hold until they apply. Full screen says when.',
    SLOW,
  );
  await expectInline();
  await expectFits();

  await show(await linkedView('get_bankroll'), {}, result);
  await fullscreen();
  // The host's zone is not the bankroll's: each sentence names it.
  await expect(waiting).toHaveText(waitingSentences.join(' '), SLOW);
  await expect(waiting).toContainText(`(${zone})`);
  await expectDirectoryReady();
  await backInline();
});

test('the views call read tools alone, and the browser fetched nothing but the host page and the views', () => {
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((c) => !(VIEW_CALLABLE_TOOLS as readonly string[]).includes(c.name))).toEqual([]);
  expect(requests.filter((url) => !url.startsWith(`${HOST}/`) && !url.startsWith(`${SANDBOX}/`))).toEqual([]);
});
