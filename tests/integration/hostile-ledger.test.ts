import { beforeAll, describe, expect, it } from 'vitest';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { createUser } from '@/lib/account/users';
import { cookieHeader, postForm, signIn, type Cookies } from '../helpers/console-http';
import { PROVIDERS } from '../helpers/fixtures';
import { addGame } from '../helpers/games';
import { raw } from '../helpers/http';
import { htmlForms } from '../helpers/html-forms';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';

// What reaches the user's ledger from agents and forms, attacked through the real server (the production build) on
// both databases: client names and labels (an emoji across the cut, NUL, bidi controls) as bets, picks, token
// names and the console show them, and amounts of money below a cent or typed in hexadecimal. Each test failed
// before its fix. The rest of the console's hostile requests are in hostile-console.test.ts.

const PASSWORD = 'correct horse battery';

describe.each(PROVIDERS)('labels and names on %s', (provider) => {
  let session: Cookies;
  let token: string;
  let userId: string;
  const app = testApp(provider, {
    seed: async (database) => {
      userId = (await createUser(database.db, { email: 'lee@example.com', password: PASSWORD })).id;
      ({ token } = await database.token(userId, 'write'));
      await addGame(database.db, { id: 'nfl-label-next', home: 'NYG', away: 'DAL', startsAt: new Date(Date.now() + 86_400_000) });
    },
  });

  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'lee@example.com', PASSWORD));
  });

  const wager = { sport: 'nfl', gameId: 'nfl-label-next', market: 'h2h', selection: 'NYG', americanOdds: -150 };
  const logBet = (clientName: string) =>
    modern(app.server.port, token, 'tools/call', { name: 'log_bet', arguments: { ...wager, stake: 10 } }, { clientName });
  const savePick = (clientName: string) =>
    modern(
      app.server.port,
      token,
      'tools/call',
      { name: 'save_recommendation', arguments: { ...wager, probability: 0.62, reasoning: 'r', risks: 'k' } },
      { clientName },
    );
  const page = (path: string) => raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });

  it('an MCP client name with an emoji across its 200th character, NUL or bidi controls still saves bets and picks', async () => {
    const names = [`${'a'.repeat(199)}\u{1f3c8}tail`, 'Agent\u0000 \u202eX\u200b'];
    for (const name of names) {
      for (const answer of [await logBet(name), await savePick(name)]) {
        const { result } = answer.json();
        expect(result.isError, answer.body.slice(0, 300)).toBeUndefined();
      }
    }
    const labels = (await app.database.db.bet.findMany({ orderBy: { placedAt: 'asc' }, select: { clientLabel: true } })).map(
      (b) => b.clientLabel,
    );
    expect(labels).toEqual([`${'a'.repeat(199)}\u{1f3c8}`, 'Agent X']);
    const picks = await app.database.db.recommendation.findMany({ orderBy: { createdAt: 'asc' }, select: { clientLabel: true } });
    expect(picks.map((p) => p.clientLabel)).toEqual(labels);
    const connect = await page('/connect');
    expect(connect.body).toContain('<bdi>Agent X</bdi>');
    expect(connect.body).not.toMatch(/[\u202e\u200b]/);
  });

  it('names that render blank (fillers, the blank Braille pattern, joiners, selectors, private use) are never stored as labels or names', async () => {
    const blanks = ['\u3164', '\u115f\u1160 \u2800', '\u034f\ufe0f\ue000', '\u{f0000}\u0301'];
    const before = await app.database.db.bet.count();
    for (const name of blanks) expect((await logBet(name)).json().result.isError).toBeUndefined();
    expect((await logBet('Bot\u3164\u2800\ue000 One')).json().result.isError).toBeUndefined();
    const labels = (await app.database.db.bet.findMany({ orderBy: { placedAt: 'asc' }, skip: before, select: { clientLabel: true } })).map(
      (b) => b.clientLabel,
    );
    expect(labels).toEqual([null, null, null, null, 'Bot One']);
    // A token named only with such characters is refused with the form's message; one with a visible name keeps it alone.
    const connect = await page('/connect');
    const form = htmlForms(connect.body).find((candidate) => candidate.inputs.has('name') && candidate.inputs.has('expiry'));
    for (const [typed, stored] of [
      ['\u3164\u2800', null],
      ['Desk\u115f\ufe0f top', 'Desk top'],
    ] as const) {
      const fields = form!.defaults.map(([name, value]): [string, string] => [name, name === 'name' ? typed : value]);
      const created = await postForm(app.server, session, '/connect', fields);
      expect(created.status, created.body.slice(0, 200)).toBe(200);
      if (stored) expect(await app.database.db.accessToken.findFirst({ where: { userId, name: stored } })).not.toBeNull();
    }
    expect(await app.database.db.accessToken.count({ where: { userId, name: { in: ['', '\u3164\u2800', '\u3164'] } } })).toBe(0);
  });

  it('a book named with a bidi override is stored as the sportsbook key it reads as, never with the override', async () => {
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/log_bet',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...wager, stake: 5, book: '\u202edraftkings' }),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data.bet.book).toBe('draftkings');
    expect(await app.database.db.bet.count({ where: { book: { contains: '\u202e' } } })).toBe(0);
    const unknown = await raw(app.server.port, {
      path: '/api/v1/tools/log_bet',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...wager, stake: 5, book: '\u202eexampleboo\u3164k' }),
    });
    expect(unknown.status, unknown.body).toBe(400);
  });

  it('a REST User-Agent is stored as one line of at most 200 characters and isolated on the Bets page', async () => {
    const userAgent = `Bot/1.0 ${'x'.repeat(8000)}\u0085`;
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/log_bet',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ ...wager, stake: 5 }),
    });
    expect(res.status, res.body).toBe(200);
    const label = res.json().data.bet.clientLabel as string;
    expect([...label]).toHaveLength(200);
    expect(label.startsWith('Bot/1.0 xxx')).toBe(true);
    const bets = await page('/bets');
    // Isolated in its own <bdi>, which carries the whole label as its title too.
    expect(bets.body).toMatch(new RegExp(`<bdi[^>]*>${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}</bdi>`));
    expect(bets.body).not.toContain('x'.repeat(201));
  });

  it('ids and OAuth parameters holding NUL are refused, not a 500 (PostgreSQL fails such a query)', async () => {
    const connect = await page('/connect');
    const revoke = htmlForms(connect.body).find((form) => form.hidden.some(([name]) => name === 'tokenId'));
    const fields = revoke!.defaults.map(([name, value]): [string, string] => [name, name === 'tokenId' ? 'tok\u0000en' : value]);
    const revoked = await postForm(app.server, session, '/connect', fields);
    expect(revoked.status, revoked.body.slice(0, 200)).toBe(200);
    const query = new URLSearchParams({ client_id: 'jevc_a\u0000b', redirect_uri: 'https://app.example/cb', response_type: 'code' });
    const authorize = await page(`/oauth/authorize?${query}`);
    expect(authorize.status).toBe(200);
    expect(authorize.body).toContain('client_id is not text');
  });

  it('a token named on the Connect page is stored without invisible characters', async () => {
    const connect = await page('/connect');
    const form = htmlForms(connect.body).find((candidate) => candidate.inputs.has('name') && candidate.inputs.has('expiry'));
    const fields = form!.defaults.map(([name, value]): [string, string] => [
      name,
      name === 'name' ? 'Mine \u202e\u200b\u0000 laptop' : value,
    ]);
    const created = await postForm(app.server, session, '/connect', fields);
    expect(created.status, created.body.slice(0, 200)).toBe(200);
    expect(await app.database.db.accessToken.findFirst({ where: { userId, name: 'Mine laptop' } })).not.toBeNull();
  });
});

describe.each(PROVIDERS)('amounts of money on %s', (provider) => {
  let session: Cookies;
  let token: string;
  let userId: string;
  const app = testApp(provider, {
    seed: async (database) => {
      userId = (await createUser(database.db, { email: 'max@example.com', password: PASSWORD })).id;
      await saveBankroll(database.db, userId, { balance: 1000, unit: 10 }, new Date());
      ({ token } = await database.token(userId, 'write'));
      await addGame(database.db, { id: 'nfl-money-next', home: 'NYG', away: 'DAL', startsAt: new Date(Date.now() + 86_400_000) });
    },
  });

  beforeAll(async () => {
    ({ cookies: session } = await signIn(app.server.port, 'max@example.com', PASSWORD));
  });

  const wager = { sport: 'nfl', gameId: 'nfl-money-next', market: 'h2h', selection: 'NYG', americanOdds: -150 };
  const rest = (tool: string, args: Record<string, unknown>) =>
    raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const page = (path: string) => raw(app.server.port, { method: 'GET', path, headers: { cookie: cookieHeader(session) } });
  /** Submits the page's form that has `field`, with `values` over what it shows, as a browser without JavaScript does. */
  async function submit(path: string, field: string, values: Record<string, string>) {
    const form = htmlForms((await page(path)).body).find(
      (candidate) => candidate.inputs.has(field) || candidate.hidden.some(([n]) => n === field),
    );
    const fields = form!.defaults.filter(([name]) => !(name in values)).concat(Object.entries(values));
    return postForm(app.server, session, path, fields);
  }
  const bankroll = () => app.database.db.bankroll.findUniqueOrThrow({ where: { userId } });

  it('a stake, payout or bankroll below a cent, or not a whole number of cents, is 400 and nothing is stored', async () => {
    for (const stake of [0.004, 10.005]) {
      const res = await rest('log_bet', { ...wager, stake });
      expect(res.status, res.body).toBe(400);
      expect(res.json().error.issues.map((issue: { path: string }) => issue.path)).toContain('stake');
    }
    expect(await app.database.db.bet.count()).toBe(0);
    expect((await rest('calc_kelly_stake', { probability: 0.6, americanOdds: 100, bankroll: 0.004 })).status).toBe(400);
    const logged = await rest('log_bet', { ...wager, stake: 10 });
    expect(logged.status).toBe(200);
    const settled = await rest('settle_bet', { betId: logged.json().data.bet.id, result: 'cashout', payout: 0.004 });
    expect(settled.status).toBe(400);
  });

  it('the Bankroll page refuses hexadecimal, binary and sub-cent amounts, and saves a balance of 0', async () => {
    for (const [field, value] of [
      ['balance', '0x3E8'],
      ['unit', '0b11'],
      ['unit', '0.004'],
      ['dailyLossLimit', '0.004'],
    ]) {
      const res = await submit('/bankroll', 'balance', { balance: '1000', unit: '10', [field as string]: value as string });
      expect(res.status).toBe(200);
      expect(res.body, `${field}=${value}`).toContain('Enter an amount such as 250 or 12.50');
    }
    expect(await bankroll()).toMatchObject({ balanceCents: 100_000, unitCents: 1000, dailyLossLimitCents: null });
    const zero = await submit('/bankroll', 'balance', { balance: '0', unit: '10' });
    expect(zero.status).toBe(200);
    expect(await bankroll()).toMatchObject({ balanceCents: 0, unitCents: 1000 });
  });

  it('the Bets page refuses a hexadecimal cash-out payout and leaves the bet open', async () => {
    const bet = await app.database.db.bet.findFirstOrThrow({ where: { userId, status: 'open' } });
    const res = await submit('/bets', 'betId', { betId: bet.id, result: 'cashout', payout: '0x10' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Enter the amount the book paid out');
    expect((await app.database.db.bet.findUniqueOrThrow({ where: { id: bet.id } })).status).toBe('open');
  });
});
