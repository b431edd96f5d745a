import { describe, expect, it } from 'vitest';
import { POLICY_PAGES } from '@/lib/console/policies';
import { HELPLINE } from '@/lib/responsible-gambling';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// What a directory listing points at, over HTTP against the built server, signed out: the privacy policy, terms
// and support pages with the operator's facts from the configuration, linked from every page's footer; the page a
// deleted account lands on; OpenAI's domain-verification token at its well-known path (a JSON 404 while unset);
// and the site's icons. Each answers only at APP_URL's hostname, and odd requests get 4xx, never 500.

const OPERATOR = 'Acme Analytics LLC';
const SUPPORT = 'help@acme.example';
const CHALLENGE = 'oai-Zx81_kd.Q-challenge';
const CHALLENGE_PATH = '/.well-known/openai-apps-challenge';

describe('listing pages, configured', () => {
  const app = testApp('sqlite', {
    env: { OPERATOR_NAME: OPERATOR, SUPPORT_EMAIL: SUPPORT, LOG_RETENTION_DAYS: '14', OPENAI_APPS_CHALLENGE: CHALLENGE },
  });
  const get = (path: string, headers: Record<string, string> = {}) => raw(app.server.port, { method: 'GET', path, headers });

  it.each(POLICY_PAGES.map((page) => page.href))('%s is public and names the operator and the support address', async (path) => {
    const res = await get(path);
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`href="mailto:${SUPPORT}"`);
    expect(res.body).toContain(HELPLINE);
    expect(res.body).toContain(OPERATOR);
    expect(res.body).toContain('href="/account"');
    // Junk in the query changes nothing.
    expect((await get(`${path}?x=%00&y[]=1&y=2`)).status).toBe(200);
    expect((await get(path, { host: 'evil.example' })).status).toBe(403);
  });

  it('the privacy policy states what is kept and for how long, from the configuration', async () => {
    // React separates text from the values within it with empty comments.
    const body = (await get('/privacy')).body.replace(/<!-- -->/g, '');
    for (const fact of [
      'bcrypt',
      'Kept 14 days',
      'forgotten after 30 days',
      'at most 30 days',
      'lapses after 90 days',
      'jev user delete',
    ]) {
      expect(body).toContain(fact);
    }
    // No classifier key here: the page says the news tool sends nothing anywhere.
    expect(body).toContain('it is not set up');
  });

  it('every page links the three from its footer, the sign-in and sign-up pages included', async () => {
    for (const path of ['/', '/signin', '/signup', '/privacy']) {
      const { body } = await get(path);
      for (const page of POLICY_PAGES) expect(body, `${path} → ${page.href}`).toContain(`href="${page.href}"`);
    }
  });

  it('the page a deleted account lands on is public', async () => {
    const res = await get('/account/deleted');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Your account is deleted');
    expect(res.body).toContain(`mailto:${SUPPORT}`);
  });

  it("OpenAI's domain-verification token is served as plain text, exactly, at its hostname only", async () => {
    const res = await get(CHALLENGE_PATH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(CHALLENGE);
    expect((await raw(app.server.port, { method: 'HEAD', path: CHALLENGE_PATH })).status).toBe(200);
    const foreign = await get(CHALLENGE_PATH, { host: 'evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json().error).toBe('forbidden');
  });

  it('serves a real favicon.ico and icon.svg to signed-out browsers', async () => {
    const ico = await fetch(`${app.server.origin}/favicon.ico`, { redirect: 'manual' });
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    // An ICO header: reserved 0, type 1 (icon), then at least one image.
    const bytes = Buffer.from(await ico.arrayBuffer());
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
    const svg = await get('/icon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
    // Pages name the icons for browsers that look.
    expect((await get('/signin')).body).toMatch(/<link rel="icon" href="\/favicon\.ico/);
  });
});

describe('listing pages, nothing configured', () => {
  const app = testApp('sqlite');

  it("the support address defaults to APP_URL's hostname, and the challenge path is a JSON 404", async () => {
    const support = await raw(app.server.port, { method: 'GET', path: '/support' });
    expect(support.body).toContain('mailto:support@localhost');
    const res = await raw(app.server.port, { method: 'GET', path: CHALLENGE_PATH });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: 'not_found', error_description: expect.stringContaining('OPENAI_APPS_CHALLENGE') });
  });
});
