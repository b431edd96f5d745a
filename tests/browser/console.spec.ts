import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { raw } from '../helpers/http';
import { expectAccessible, origin, screenshot, seed } from './helpers';

// The console end to end in a real browser: accounts, tokens and what the API then does with them, the
// bankroll form, owner checks against a forged request, accessibility, and a screenshot of every page
// (artifacts/screenshots/, kept by CI).

test.describe.configure({ mode: 'serial' });

const port = () => Number(process.env.JEV_BROWSER_PORT);
const PASSWORD = 'correct horse battery staple';
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const CLIENT_NAME = 'Playwright Made-Up Agent 7';

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: origin(), permissions: ['clipboard-read', 'clipboard-write'] });
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/connect$/);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function createToken(page: Page, name: string, access: 'Read-only' | 'Write', expiry: string): Promise<string> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: new RegExp(`^${access}:`) }).check();
  await page.getByLabel('Expires after').selectOption({ label: expiry });
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`New .* token “${name}”`) })).toBeVisible();
  return (await page.getByTestId('new-token').textContent())!.trim();
}

function tokenRow(page: Page, name: string) {
  return page.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

function callEv(request: APIRequestContext, token: string) {
  return request.post(`${origin()}/api/v1/tools/calc_ev`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { probability: 0.55, americanOdds: 100 },
  });
}

let alice: Page;
let readToken: string;
let writeToken: string;

test.beforeAll(async ({ browser }) => {
  alice = await (await newContext(browser)).newPage();
});

test('public pages: landing, sign-in and sign-up are accessible', async ({ page }) => {
  await page.goto(origin());
  await expect(page.getByRole('heading', { name: 'JEV', level: 1 })).toBeVisible();
  await expect(page.getByText('1-800-522-4700')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'landing');
  for (const path of ['/signin', '/signup']) {
    await page.goto(origin() + path);
    await expectAccessible(page);
    await screenshot(page, path.slice(1));
  }
  // The privacy policy, terms and support pages, reached from the footer signed out.
  for (const name of ['Privacy', 'Terms', 'Support']) {
    await page.getByRole('navigation', { name: 'About JEV' }).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${name.toLowerCase()}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name === 'Terms' ? 'Terms of use' : name);
    await expectAccessible(page);
    await screenshot(page, name.toLowerCase());
  }
});

test('sign-up whose request fails (the service not answering) says so and can be sent again', async ({ page }) => {
  await page.goto(`${origin()}/signup`);
  // The form's server action answers 503, as it does while the database is not answering.
  let refused = 0;
  await page.route('**/signup', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    refused += 1;
    return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
  });
  await page.getByLabel('Email').fill('carol@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.form-error')).toContainText('could not be created');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  expect(refused).toBe(1);
  await expectAccessible(page);
});

test('signed-out visitors of a console page are sent to sign in; the console answers only at its hostname', async ({ page }) => {
  await page.goto(`${origin()}/connect`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fconnect$/);
  const foreignHost = await raw(port(), { method: 'GET', path: '/signin', headers: { host: 'evil.example' } });
  expect(foreignHost.status).toBe(403);
  const foreignOrigin = await raw(port(), {
    path: '/connect',
    headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    body: 'x',
  });
  expect(foreignOrigin.status).toBe(403);
});

test('sign up, sign out, a wrong password gets the generic error, sign in', async () => {
  await signUp(alice, ALICE);
  await expect(alice.getByText('No tokens yet.')).toBeVisible();
  await alice.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(alice).toHaveURL(/\/signin/);

  await signIn(alice, ALICE, 'not the right password');
  await expect(alice.getByText('The email or password is not right.')).toBeVisible();
  // An unknown email gets the very same answer.
  await signIn(alice, 'nobody@example.com', PASSWORD);
  await expect(alice.getByText('The email or password is not right.')).toBeVisible();

  await signIn(alice, ALICE, PASSWORD);
  await expect(alice).toHaveURL(/\/connect$/);
  await expectAccessible(alice);
  await screenshot(alice, 'connect-empty');
});

test('create a read token and a write token; copy from the page; both call calc_ev', async ({ request }) => {
  await alice.getByRole('button', { name: 'Copy the MCP server URL' }).click();
  expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(`${origin()}/api/mcp`);

  readToken = await createToken(alice, 'laptop reader', 'Read-only', '30 days');
  expect(readToken).toMatch(/^jev_[0-9A-Za-z]{38}$/);
  await expect(alice.getByText('it will not be shown again')).toBeVisible();
  await alice.getByRole('button', { name: 'Copy the new token' }).click();
  expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(readToken);
  // The snippets carry the token while it is shown.
  await expect(
    alice.getByText(`claude mcp add --transport http jev ${origin()}/api/mcp --header "Authorization: Bearer ${readToken}"`),
  ).toBeVisible();
  await expectAccessible(alice);
  await screenshot(alice, 'connect-new-token');

  writeToken = await createToken(alice, 'desktop writer', 'Write', 'Never');
  // The list shows prefix and last four only.
  await expect(tokenRow(alice, 'laptop reader')).toContainText(`${readToken.slice(0, 8)}…${readToken.slice(-4)}`);
  await expect(alice.locator('tbody')).not.toContainText(readToken);
  await expect(tokenRow(alice, 'desktop writer')).toContainText('Write');

  for (const token of [readToken, writeToken]) {
    const response = await callEv(request, token);
    expect(response.status()).toBe(200);
    expect((await response.json()).data.expectedValue).toBeCloseTo(10);
  }
});

test('a write tool is refused for the read token with the Connect-page message', async ({ request }) => {
  const list = await request.get(`${origin()}/api/v1/tools`, { headers: { Authorization: `Bearer ${readToken}` } });
  const writeTool = ((await list.json()).tools as { name: string; scope: string }[]).find((tool) => tool.scope === 'write');
  expect(writeTool, 'the catalogue lists a write tool (log_bet, settle_bet, save_recommendation)').toBeDefined();
  const response = await request.post(`${origin()}/api/v1/tools/${writeTool!.name}`, {
    headers: { Authorization: `Bearer ${readToken}` },
    data: {},
  });
  expect(response.status()).toBe(403);
  const { error } = await response.json();
  expect(error.code).toBe('insufficient_scope');
  expect(error.message).toContain('Connect page');
});

test('an MCP client names itself and the Connect page shows it', async ({ request }) => {
  const response = await request.post(`${origin()}/api/mcp`, {
    headers: { Authorization: `Bearer ${writeToken}`, Accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: CLIENT_NAME, version: '1.0.0' } },
    },
  });
  expect(response.status()).toBe(200);
  // The name is stored without making the request wait.
  await expect(async () => {
    await alice.reload();
    await expect(tokenRow(alice, 'desktop writer')).toContainText(CLIENT_NAME, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
});

test('revoke after confirming: the token gets 401 at once', async ({ request }) => {
  const row = tokenRow(alice, 'laptop reader');
  await row.getByRole('button', { name: /Revoke…/ }).click();
  await expect(row.getByText('Agents using it are refused at once')).toBeVisible();
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(row.getByRole('cell', { name: 'revoked' })).toBeVisible();
  expect((await callEv(request, readToken)).status()).toBe(401);
  expect((await callEv(request, writeToken)).status()).toBe(200);
  await screenshot(alice, 'connect-tokens');
});

test('bankroll: messages next to each bad field, then saved with the room left under each limit', async () => {
  await alice.goto('/bankroll');
  await expect(alice.getByText('No bankroll yet.')).toBeVisible();
  await expectAccessible(alice);
  await screenshot(alice, 'bankroll-empty');

  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await alice.getByLabel(label, { exact: true }).fill(value);
    await alice.getByRole('button', { name: 'Save bankroll' }).click();
  };
  await fill({ Balance: 'lots', 'Unit size': '-5', 'Kelly fraction': '2', 'Daily loss limit': '0', 'Time zone': 'Mars/Olympus' });
  const errorOf = (label: string) => alice.locator(`#${label}-error`);
  await expect(errorOf('balance')).toHaveText('Enter an amount such as 250 or 12.50 (digits, at most 2 decimals).');
  await expect(errorOf('unit')).toHaveText('Enter an amount of at least 0.01.');
  await expect(errorOf('kellyFraction')).toHaveText('Enter at most 1 (full Kelly).');
  await expect(errorOf('dailyLossLimit')).toHaveText('Enter an amount of at least 0.01.');
  await expect(errorOf('timeZone')).toContainText('Choose a time zone');
  await expect(alice.getByLabel('Balance', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(alice.getByLabel('Balance', { exact: true })).toHaveValue('lots');
  await expectAccessible(alice);
  await screenshot(alice, 'bankroll-invalid');

  await fill({
    Balance: '1000',
    'Unit size': '10',
    'Kelly fraction': '0.25',
    'Max stake': '50',
    'Daily loss limit': '100',
    'Weekly loss limit': '300',
    'Reference sportsbook': 'draftkings',
    'Time zone': 'Europe/Berlin',
  });
  await expect(alice.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(alice.getByRole('heading', { name: 'Room left' })).toBeVisible();
  await expect(alice.locator('.card').filter({ hasText: 'Today' })).toContainText('$100.00');
  await expect(alice.locator('.card').filter({ hasText: 'This week' })).toContainText('$300.00');
  await expectAccessible(alice);
  await screenshot(alice, 'bankroll');

  // Times on the Connect page now follow the bankroll's time zone (before it, the default one).
  await alice.goto('/connect');
  await expect(alice.getByText('Times are in Europe/Berlin')).toBeVisible();
});

test("another user's token id in a forged revoke is refused", async ({ browser, request }) => {
  const aliceWriteId = await tokenRow(alice, 'desktop writer').getAttribute('data-token-id');
  expect(aliceWriteId).toBeTruthy();

  const bob = await (await newContext(browser)).newPage();
  await signUp(bob, BOB);
  await createToken(bob, 'bob token', 'Read-only', '90 days');
  await expect(bob.locator('tbody')).not.toContainText('desktop writer');
  const row = tokenRow(bob, 'bob token');
  await row.getByRole('button', { name: /Revoke…/ }).click();
  // Forge the request: Bob's real session and form, Alice's token id.
  await row.locator('input[name="tokenId"]').evaluate((input, id) => ((input as HTMLInputElement).value = id!), aliceWriteId);
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(row.getByText('You have no such token.')).toBeVisible();

  expect((await callEv(request, writeToken)).status()).toBe(200);
  await alice.reload();
  await expect(tokenRow(alice, 'desktop writer').getByRole('cell', { name: 'live' })).toBeVisible();
  await bob.context().close();
});

test('bets and picks: logged by an agent, shown with its label, settled from the page after confirming', async ({ browser, request }) => {
  const hour = 3_600_000;
  seed({
    games: [
      // To start in three hours: the bet and the pick on it are made before kick-off (no pick is saved in play).
      { id: 'nfl-browser-final', home: 'KC', away: 'BUF', startsAt: new Date(Date.now() + 3 * hour) },
      { id: 'nfl-browser-next', home: 'NYG', away: 'DAL', startsAt: new Date(Date.now() + 48 * hour) },
    ],
  });
  const tool = (name: string, data: object) =>
    request.post(`${origin()}/api/v1/tools/${name}`, {
      headers: { Authorization: `Bearer ${writeToken}`, 'User-Agent': 'Playwright Agent/1.0' },
      data,
    });
  const won = await tool('log_bet', {
    sport: 'nfl',
    gameId: 'nfl-browser-final',
    market: 'h2h',
    selection: 'KC',
    americanOdds: -120,
    stake: 30,
  });
  expect(won.status()).toBe(200);
  const open = await tool('log_bet', {
    sport: 'nfl',
    gameId: 'nfl-browser-next',
    market: 'h2h',
    selection: 'NYG',
    americanOdds: 120,
    stake: 10,
  });
  const openBetId = (await open.json()).data.bet.id as string;
  const pick = await tool('save_recommendation', {
    sport: 'nfl',
    gameId: 'nfl-browser-final',
    market: 'spreads',
    selection: 'BUF',
    point: 3.5,
    americanOdds: -110,
    probability: 0.56,
    stakeUnits: 1,
    reasoning: 'Short rest for the favourite.',
    risks: 'Late injury news.',
  });
  expect(pick.status()).toBe(200);
  // The game the agent logged the bet and the pick on kicks off (just after both were saved: a pick saved after
  // kick-off is left out of the record) and ends: now the bet can be graded.
  seed({
    kickoffs: [{ id: 'nfl-browser-final', startsAt: new Date(Date.now() + 1) }],
    finals: [{ id: 'nfl-browser-final', homeScore: 27, awayScore: 24 }],
  });

  await alice.goto('/bets');
  const wonRow = alice.locator('tbody tr').filter({ hasText: 'nfl-browser-final' });
  await expect(wonRow).toContainText('Playwright Agent/1.0');
  await expect(wonRow).toContainText('open');
  await expectAccessible(alice);
  await screenshot(alice, 'bets');

  await wonRow.getByLabel(/^Result/).selectOption('auto');
  await wonRow.getByRole('button', { name: /Settle…/ }).click();
  await expect(wonRow.getByText('This moves the balance; only a deliberate correction changes it later.')).toBeVisible();
  await wonRow.getByRole('button', { name: 'Yes, settle' }).click();
  // The page re-renders with the bet settled: no settle form any more, its profit shown.
  await expect(wonRow.getByRole('cell', { name: 'won', exact: true })).toBeVisible();
  await expect(wonRow).toContainText('$25.00');
  await expect(wonRow.getByRole('button', { name: /Settle…/ })).toHaveCount(0);
  await alice.goto('/bankroll');
  await expect(alice.getByLabel('Balance', { exact: true })).toHaveValue('1025');

  // Bob forges a settle: his own session and form, Alice's open bet id. Refused like a missing bet.
  seed({ bets: [{ email: BOB, gameId: 'nfl-browser-next', market: 'h2h', selection: 'DAL', americanOdds: -140, stakeCents: 500 }] });
  const bob = await (await newContext(browser)).newPage();
  await signIn(bob, BOB, PASSWORD);
  await expect(bob).toHaveURL(/\/connect$/);
  await bob.goto('/bets');
  const bobRow = bob.locator('tbody tr').filter({ hasText: 'nfl-browser-next' });
  await expect(bob.locator('tbody')).not.toContainText('nfl-browser-final');
  await bobRow.getByLabel(/^Result/).selectOption('won');
  await bobRow.getByRole('button', { name: /Settle…/ }).click();
  // After the last re-render, so React does not put the real id back before the form is sent.
  await bobRow.locator('input[name="betId"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), openBetId);
  await bobRow.getByRole('button', { name: 'Yes, settle' }).click();
  await expect(bobRow.getByText(`No bet with id ${openBetId} in this account.`)).toBeVisible();
  await bob.context().close();
  const stillOpen = await tool('list_bets', { status: 'open' });
  expect((await stillOpen.json()).data.bets.map((bet: { id: string }) => bet.id)).toContain(openBetId);

  await alice.goto('/picks');
  const pickRow = alice.locator('tbody tr').filter({ hasText: 'nfl-browser-final' });
  await expect(pickRow).toContainText('won');
  await expect(pickRow).not.toContainText('not counted');
  await expect(pickRow).toContainText('Playwright Agent/1.0');
  await expectAccessible(alice);
  await screenshot(alice, 'picks');
});

/**
 * The page does not scroll sideways, and no table, nor anything in one, reaches past the screen's sides (visually
 * hidden text aside: a caption, or a button's name after its visible word, is clipped to 1 px). The connection
 * snippets' <pre> scroll within themselves, as code does.
 */
async function expectTablesFit(page: Page): Promise<void> {
  const outside = await page.locator('html').evaluate((html) => {
    const width = html.clientWidth;
    const out = [...document.querySelectorAll('table, table *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && (box.right > width + 0.5 || box.left < -0.5) && !element.closest('.visually-hidden');
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)} > ${width}`,
      );
    return html.scrollWidth > width ? [`document ${html.scrollWidth} > ${width}`, ...out] : out;
  });
  expect(outside).toEqual([]);
}

test('readable on a phone: the tables stack into cards, nothing wider than the screen', async () => {
  await alice.setViewportSize({ width: 390, height: 844 });
  await alice.goto('/connect');
  // A token's row is a card whose cells name their column; its row header and revoke button are still there.
  const row = tokenRow(alice, 'desktop writer');
  await expect(row.getByRole('cell', { name: 'live' })).toHaveCSS('display', 'block');
  await expect(row.getByRole('button', { name: /Revoke…/ })).toBeVisible();
  await expectTablesFit(alice);
  await expectAccessible(alice);
  await screenshot(alice, 'connect-phone');
  await alice.goto('/picks');
  await expect(alice.getByRole('table', { name: 'Your picks' }).getByRole('rowheader').first()).toBeVisible();
  await expectTablesFit(alice);
  await expectAccessible(alice);
  await screenshot(alice, 'picks-phone');
});

test('delete an account from the Account page: a wrong email deletes nothing; then its token is refused and the session ends', async ({
  browser,
  request,
}) => {
  const dora = await (await newContext(browser)).newPage();
  await signUp(dora, 'dora@example.com');
  const token = await createToken(dora, 'doomed laptop', 'Read-only', '30 days');
  expect((await callEv(request, token)).status()).toBe(200);

  await dora.getByRole('link', { name: /Your account: dora@example\.com/ }).click();
  await expect(dora.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(dora.getByText('1 access token, 0 connected apps, 0 bets (with their grades) and 0 picks').first()).toBeVisible();
  await expectAccessible(dora);
  await screenshot(dora, 'account');

  await dora.getByLabel('Type your email to confirm').fill('someone@example.com');
  await dora.getByLabel('Your password').fill(PASSWORD);
  await dora.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dora.getByText('Type your email, dora@example.com, to confirm.')).toBeVisible();
  await expectAccessible(dora);
  expect((await callEv(request, token)).status()).toBe(200);

  // What was typed stays; the password is asked again.
  await expect(dora.getByLabel('Type your email to confirm')).toHaveValue('someone@example.com');
  await expect(dora.getByLabel('Your password')).toHaveValue('');
  await dora.getByLabel('Type your email to confirm').fill('dora@example.com');
  await dora.getByLabel('Your password').fill(PASSWORD);
  await dora.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dora).toHaveURL(/\/account\/deleted$/);
  await expect(dora.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  await expectAccessible(dora);
  await screenshot(dora, 'account-deleted');
  expect((await callEv(request, token)).status()).toBe(401);
  await dora.goto('/connect');
  await expect(dora).toHaveURL(/\/signin/);
  await signIn(dora, 'dora@example.com', PASSWORD);
  await expect(dora.getByText('The email or password is not right.')).toBeVisible();
  await dora.context().close();
});
