import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { browserPath } from '../../scripts/browser.cjs';

// The user's side of an OAuth flow: Chromium (the browser the Playwright tests use) signs in to the console and answers the consent page, and a
// loopback listener stands for the client's redirect URI (as a native client's would, RFC 8252).

export const PASSWORD = 'correct horse battery staple';

export interface OAuthBrowser {
  browser: Browser;
  /** The client's redirect URI. */
  callback: string;
  /** A browser context signed in to the console at `origin` as `email` (password PASSWORD). */
  signedIn(origin: string, email: string): Promise<BrowserContext>;
  /**
   * Opens an authorization URL as the user and answers the consent page if asked. `landed` is the redirect URI
   * it came back to (if it did); `text` is what the page said before any answer (consent or error).
   */
  authorize(
    context: BrowserContext,
    url: string,
    answer?: { decision: 'Allow' | 'Deny'; access?: 'read' | 'write' },
  ): Promise<{ landed: URL | undefined; text: string }>;
  close(): Promise<void>;
}

export async function launchOAuthBrowser(): Promise<OAuthBrowser> {
  const listener: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('back in the app'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const callback = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  const browser = await chromium.launch({ executablePath: browserPath() });
  const landedAt = (href: string) => (href.startsWith(callback) ? new URL(href) : undefined);
  return {
    browser,
    callback,
    async signedIn(origin, email) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin}/signin`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
      await page.close();
      return context;
    },
    async authorize(context, url, answer) {
      const page = await context.newPage();
      await page.goto(url);
      const text = landedAt(page.url()) ? '' : await page.locator('main').innerText();
      if (answer) {
        if (answer.access) await page.locator(`input[name="access"][value="${answer.access}"]`).check();
        await page.getByRole('button', { name: answer.decision, exact: true }).click();
        await page.waitForURL((u) => u.href.startsWith(callback));
      }
      const landed = landedAt(page.url());
      await page.close();
      return { landed, text };
    },
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
