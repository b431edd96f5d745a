import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBankroll } from '@/lib/account/bankroll';
import { saveBankroll } from '@/lib/account/bankroll-save';
import type { BankrollSettings } from '@/lib/account/bankroll-settings';
import { COOLING_OFF_HOURS } from '@/lib/account/loss-limits';
import { createUser } from '@/lib/account/users';
import { getBankroll } from '@/lib/tools/bankroll';
import { logBet } from '@/lib/tools/bets';
import { calcKellyStake } from '@/lib/tools/calculators';
import { cookieHeader, signIn } from '../helpers/console-http';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { toolContext } from '../helpers/tool-context';

// A protective limit cannot be lifted at once: a lower limit applies at once, a higher one or a removal only
// COOLING_OFF_HOURS after the user asked, and until then the stricter one holds in the room, the Kelly cap, log_bet's
// warnings and the answers. A change of time zone cannot open loss-limit room either. Each test failed before the change.

const HOUR = 60 * 60 * 1000;
const COOLING_OFF = COOLING_OFF_HOURS * HOUR;
// Saturday 2026-12-05 14:05 UTC.
const ASKED = new Date('2026-12-05T14:05:00Z');
const at = (ms: number) => new Date(ASKED.getTime() + ms);
const BASE: BankrollSettings = { balance: 1000, unit: 10, maxStake: 50, dailyLossLimit: 100, weeklyLossLimit: 300, timeZone: 'UTC' };

describe.each(PROVIDERS)('limits cool off before they loosen on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
    await addGame(database.db, { id: 'nfl-cool', home: 'NYG', away: 'DAL', startsAt: new Date('2026-12-13T18:00:00Z') });
  });
  afterAll(async () => {
    await database?.close();
  });

  let users = 0;
  const newUser = () => database.user(`cool-${(users += 1)}-${provider}@example.com`, BASE);
  const save = (userId: string, change: Partial<BankrollSettings>, now: Date) =>
    saveBankroll(database.db, userId, { ...BASE, ...change }, now);
  const view = async (userId: string, now: Date) => (await readBankroll(database.db, userId, now))!;

  async function lose(userId: string, placedAt: Date, stakeCents: number) {
    await database.db.bet.create({
      data: {
        userId,
        sport: 'nfl',
        gameId: 'nfl-cool',
        market: 'h2h',
        selection: 'NYG',
        americanOdds: 100,
        stakeCents,
        status: 'lost',
        profitCents: -stakeCents,
        payoutCents: 0,
        placedAt,
        settledAt: placedAt,
      },
    });
  }

  it('a raise of the daily loss limit waits 24 hours: room, the Kelly cap, log_bet and get_bankroll keep the old limit until then', async () => {
    const userId = await newUser();
    await save(userId, { dailyLossLimit: 200 }, ASKED);
    await lose(userId, new Date('2026-12-06T09:00:00Z'), 10000); // the next day's limit used up before the raise is due

    const tools = (now: Date) => toolContext(database.db, { user: { id: userId, email: 'c@example.com' }, now: () => now, scope: 'write' });
    const kelly = (now: Date) => calcKellyStake.run(tools(now), calcKellyStake.input.parse({ probability: 0.6, americanOdds: 100 }));
    const justBefore = at(COOLING_OFF - 1);
    expect(await view(userId, justBefore)).toMatchObject({ dailyLossLimit: 100, dailyLossRoom: 0 });
    expect(await kelly(justBefore)).toMatchObject({ cappedStake: 0, limits: { dailyLossRoom: 0 } });
    const bankroll = await getBankroll.run(tools(justBefore), getBankroll.input.parse({}));
    expect(bankroll).toMatchObject({ dailyLossLimit: 100, dailyLossRoom: 0 });
    expect(bankroll.note).toContain(
      'Raising the daily loss limit to $200.00 takes effect on Dec 6, 2026, 2:05 PM (UTC); until then $100.00 applies.',
    );
    expect(bankroll).not.toHaveProperty('pendingLimits');
    const logged = await logBet.run(
      tools(justBefore),
      logBet.input.parse({ sport: 'nfl', gameId: 'nfl-cool', market: 'h2h', selection: 'NYG', americanOdds: 100, stake: 10 }),
    );
    expect(logged.warnings.join(' ')).toMatch(/over the room left under the daily loss limit \(0\)/);
    await database.db.bet.deleteMany({ where: { userId, status: 'open' } });

    // 24 hours after asking the new limit holds without anyone saving again.
    const due = at(COOLING_OFF);
    expect(await view(userId, due)).toMatchObject({ dailyLossLimit: 200, dailyLossRoom: 100, pendingLimits: [] });
    expect((await getBankroll.run(tools(due), getBankroll.input.parse({}))).note).not.toContain('Raising');
    // Saving later folds the change in: it stays.
    await save(userId, { dailyLossLimit: 200, balance: 900 }, at(COOLING_OFF + HOUR));
    expect(await view(userId, at(COOLING_OFF + HOUR))).toMatchObject({ dailyLossLimit: 200, pendingLimits: [] });
  });

  it('a lower limit, or one where there was none, applies at once', async () => {
    const userId = await newUser();
    await save(userId, { dailyLossLimit: 60, maxStake: 20 }, ASKED);
    expect(await view(userId, ASKED)).toMatchObject({ dailyLossLimit: 60, dailyLossRoom: 60, maxStake: 20, pendingLimits: [] });
    const unlimited = await database.user(`cool-none-${provider}@example.com`, { balance: 1000, unit: 10 });
    await saveBankroll(database.db, unlimited, { balance: 1000, unit: 10, weeklyLossLimit: 250 }, ASKED);
    expect(await view(unlimited, ASKED)).toMatchObject({ weeklyLossLimit: 250, weeklyLossRoom: 250, pendingLimits: [] });
  });

  it('clearing a limit waits too: the max stake still caps the Kelly stake until 24 hours later', async () => {
    const userId = await newUser();
    await save(userId, { maxStake: null, weeklyLossLimit: null }, ASKED);
    const kelly = (now: Date) =>
      calcKellyStake.run(
        toolContext(database.db, { user: { id: userId, email: 'c@example.com' }, now: () => now }),
        calcKellyStake.input.parse({ probability: 0.6, americanOdds: 100, bankroll: 1000 }),
      );
    expect(await view(userId, at(HOUR))).toMatchObject({
      maxStake: 50,
      weeklyLossLimit: 300,
      pendingLimits: [
        { limit: 'maxStake', to: null, from: at(COOLING_OFF) },
        { limit: 'weeklyLossLimit', to: null, from: at(COOLING_OFF) },
      ],
    });
    expect(await kelly(at(HOUR))).toMatchObject({ stake: 50, cappedStake: 50, limits: { maxStake: 50 } });
    const note = (
      await getBankroll.run(toolContext(database.db, { user: { id: userId, email: 'c@example.com' }, now: () => at(HOUR) }), {})
    ).note;
    expect(note).toContain('Removing the max stake takes effect on Dec 6, 2026, 2:05 PM (UTC); until then $50.00 applies.');
    expect(await view(userId, at(COOLING_OFF))).toMatchObject({ maxStake: null, weeklyLossLimit: null, weeklyLossRoom: null });
  });

  it('saving again never brings a raise forward: a smaller raise keeps its time, a larger one or a removal starts again, a lower limit drops it', async () => {
    const userId = await newUser();
    const daily = async (now: Date) => {
      const { dailyLossLimit, pendingLimits } = await view(userId, now);
      return { dailyLossLimit, pending: pendingLimits.find((pending) => pending.limit === 'dailyLossLimit') };
    };
    await save(userId, { dailyLossLimit: 200 }, ASKED);
    // The same raise saved again (the Bankroll page's fields show it), or a smaller one: the original time.
    await save(userId, { dailyLossLimit: 200 }, at(5 * HOUR));
    await save(userId, { dailyLossLimit: 150 }, at(6 * HOUR));
    expect(await daily(at(7 * HOUR))).toEqual({
      dailyLossLimit: 100,
      pending: { limit: 'dailyLossLimit', to: 150, from: at(COOLING_OFF) },
    });
    // More than is waiting: the whole raise waits from now.
    await save(userId, { dailyLossLimit: 250 }, at(8 * HOUR));
    expect(await daily(at(COOLING_OFF))).toEqual({
      dailyLossLimit: 100,
      pending: { limit: 'dailyLossLimit', to: 250, from: at(8 * HOUR + COOLING_OFF) },
    });
    await save(userId, { dailyLossLimit: null }, at(9 * HOUR));
    expect((await daily(at(9 * HOUR))).pending).toEqual({ limit: 'dailyLossLimit', to: null, from: at(9 * HOUR + COOLING_OFF) });
    // Raise, lower, raise: the lower limit applies at once and drops the raise; the next raise waits from when it was asked.
    await save(userId, { dailyLossLimit: 80 }, at(10 * HOUR));
    expect(await daily(at(10 * HOUR))).toEqual({ dailyLossLimit: 80, pending: undefined });
    await save(userId, { dailyLossLimit: 200 }, at(11 * HOUR));
    expect(await daily(at(11 * HOUR + COOLING_OFF - 1))).toMatchObject({ dailyLossLimit: 80 });
    expect(await daily(at(11 * HOUR + COOLING_OFF))).toEqual({ dailyLossLimit: 200, pending: undefined });
  });

  it('a limit left out (jev bankroll set without the option) keeps a waiting raise as it is', async () => {
    const userId = await newUser();
    await save(userId, { dailyLossLimit: 200 }, ASKED);
    await saveBankroll(database.db, userId, { balance: 800, unit: 8 }, at(HOUR));
    expect(await view(userId, at(HOUR))).toMatchObject({
      balance: 800,
      dailyLossLimit: 100,
      pendingLimits: [{ limit: 'dailyLossLimit', to: 200, from: at(COOLING_OFF) }],
    });
  });

  it('hopping to a time zone where it is already tomorrow opens no daily room, nor does a second hop', async () => {
    const userId = await newUser();
    await lose(userId, new Date('2026-12-05T09:00:00Z'), 10000); // the UTC day's limit used up
    // At 14:05 UTC it is 04:05 on 6 Dec in Kiritimati (UTC+14), whose day began at 10:00 UTC.
    await save(userId, { timeZone: 'Pacific/Kiritimati' }, ASKED);
    expect(await view(userId, ASKED)).toMatchObject({
      timeZone: 'Pacific/Kiritimati',
      lossToday: 100,
      dailyLossRoom: 0,
      // The UTC week in progress ends on Monday 7 Dec, later than 24 hours on.
      previousTimeZone: { zone: 'UTC', until: new Date('2026-12-07T00:00:00Z') },
    });
    // A second hop keeps the zone in force before the first one, and waits at least 24 hours from it.
    await save(userId, { timeZone: 'Pacific/Tongatapu' }, at(HOUR));
    expect(await view(userId, at(2 * HOUR))).toMatchObject({
      dailyLossRoom: 0,
      previousTimeZone: { zone: 'UTC', until: new Date('2026-12-07T00:00:00Z') },
    });
    const tool = await getBankroll.run(
      toolContext(database.db, { user: { id: userId, email: 'c@example.com' }, now: () => at(2 * HOUR) }),
      {},
    );
    expect(tool.note).toContain('each loss-limit day and week starts at the earlier of its starts in UTC and Pacific/Tongatapu');
    // Going back to the zone in force ends the cooling-off: it opens nothing.
    await save(userId, { timeZone: 'UTC' }, at(3 * HOUR));
    expect(await view(userId, at(3 * HOUR))).toMatchObject({ timeZone: 'UTC', dailyLossRoom: 0, previousTimeZone: null });
  });

  it("a time zone whose week starts later frees no weekly room: the old zone's week counts until it ends (before: 24 hours)", async () => {
    const userId = await newUser();
    // Monday 03:30 UTC: 250 lost against a weekly limit of 300. A minute later the zone moves 12 hours behind, where
    // it is still Sunday and the week that holds Monday's loss starts at 12:00 UTC.
    const monday = new Date('2026-11-30T03:30:00Z');
    await lose(userId, monday, 25000);
    await save(userId, { timeZone: 'Etc/GMT+12' }, new Date('2026-11-30T03:31:00Z'));
    const nextMonday = new Date('2026-12-07T00:00:00Z');
    for (const now of [new Date('2026-12-01T04:00:00Z'), new Date('2026-12-06T23:59:00Z')]) {
      expect(await view(userId, now), now.toISOString()).toMatchObject({
        lossThisWeek: 250,
        weeklyLossRoom: 50,
        previousTimeZone: { zone: 'UTC', until: nextMonday },
      });
    }
    // Once the UTC week is over, the loss has left every week it was in.
    expect(await view(userId, new Date('2026-12-07T00:01:00Z'))).toMatchObject({ lossThisWeek: 0, previousTimeZone: null });
  });

  it('the currency changes only while no limit is in force: a limit keeps its number, so ¥10,000 would become $10,000 at once', async () => {
    const userId = await database.user(`yen-${provider}@example.com`, { ...BASE, currency: 'JPY' });
    await expect(save(userId, { currency: 'JPY' }, ASKED)).resolves.toBeUndefined();
    await expect(save(userId, { currency: 'USD' }, at(HOUR))).rejects.toThrow(
      /currency stays JPY while the max stake, daily loss limit and weekly loss limit are in force.*Remove the limits first/,
    );
    expect(await view(userId, at(HOUR))).toMatchObject({ currency: 'JPY', maxStake: 50, dailyLossLimit: 100 });
    // Removed, the limits wait out the cooling-off; then the currency changes, and limits set in it apply at once.
    const none = { maxStake: null, dailyLossLimit: null, weeklyLossLimit: null };
    await save(userId, { currency: 'JPY', ...none }, at(HOUR));
    await expect(save(userId, { currency: 'USD', ...none }, at(2 * HOUR))).rejects.toThrow(/currency stays JPY/);
    await save(userId, { currency: 'USD', ...none }, at(HOUR + COOLING_OFF));
    await save(userId, { currency: 'USD', dailyLossLimit: 20 }, at(HOUR + COOLING_OFF));
    expect(await view(userId, at(HOUR + COOLING_OFF))).toMatchObject({ currency: 'USD', dailyLossLimit: 20 });
  });

  it('two saves at once, one lowering the daily limit and one raising it, never leave the lower one undone', async () => {
    for (let round = 0; round < 8; round++) {
      const userId = await newUser();
      await Promise.all([save(userId, { dailyLossLimit: 50 }, ASKED), save(userId, { dailyLossLimit: 200 }, ASKED)]);
      // Either order ends with 50 in force: lowered then a raise waiting, or raised (waiting) then lowered at once.
      expect((await view(userId, ASKED)).dailyLossLimit, `round ${round}`).toBe(50);
    }
  });
});

describe.each(PROVIDERS)('the Bankroll page shows a raise cooling off on %s', (provider) => {
  const PASSWORD = 'correct horse battery';
  const email = `page-${provider}@example.com`;
  // The server runs on the machine's clock: the raise is asked for now, so it waits while the test runs.
  const app = testApp(provider, {
    seed: async (database) => {
      const { id } = await createUser(database.db, { email, password: PASSWORD });
      await saveBankroll(database.db, id, { balance: 1000, unit: 10, dailyLossLimit: 100, timeZone: 'UTC' }, new Date());
      await saveBankroll(database.db, id, { balance: 1000, unit: 10, dailyLossLimit: 200 }, new Date());
    },
    env: { ODDS_API_KEY: '' },
  });

  it('the page says when the raise takes effect and that the old limit applies until then; the field keeps the raise', async () => {
    const { cookies } = await signIn(app.server.port, email, PASSWORD);
    const page = await raw(app.server.port, { method: 'GET', path: '/bankroll', headers: { cookie: cookieHeader(cookies) } });
    expect(page.status).toBe(200);
    const text = page.body.replace(/<!-- -->/g, '');
    expect(text).toMatch(
      /Raising the daily loss limit to \$200\.00 takes effect on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M \(UTC\); until then \$100\.00 applies\./,
    );
    expect(text).toMatch(/<dt>Limit<\/dt><dd>\$100\.00<\/dd>/);
    expect(text).toMatch(/id="dailyLossLimit"[^>]*value="200"/);
  });
});
