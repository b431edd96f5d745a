import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerLedger, type OwnerLedger } from '@/lib/account/ledger';
import { createTokens, type Tokens } from '@/lib/account/tokens';
import { saveBankrollFromForm } from '@/lib/console/bankroll';
import { createTokenFromForm, listTokenRows, revokeTokenFromForm } from '@/lib/console/tokens';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolServices } from '../../helpers/tool-context';

// The console's owner rule: whatever ids a browser sends, a user sees and changes only their own tokens
// and bankroll.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const ORIGIN = 'http://localhost:3000';
const now = new Date('2026-03-02T12:00:00Z');

describe('owner checks', () => {
  let tokens: Tokens;
  let ledger: OwnerLedger;
  let database: TestDatabase;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    database = await testDatabase('sqlite');
    alice = await database.user('alice@example.com');
    bob = await database.user('bob@example.com');
    tokens = createTokens(database.db, { lookupMaxAgeMs: 0, redisUrl: undefined });
    ledger = createOwnerLedger(toolServices(database.db).ledger, database.db);
  });
  afterAll(() => database.close());

  async function aliceToken() {
    const created = await createTokenFromForm(
      tokens,
      { userId: alice, appOrigin: ORIGIN, now },
      form({ name: 'laptop', scope: 'write', expiry: '30' }),
    );
    if (created.status !== 'created') throw new Error('token not created');
    const [row] = await listTokenRows(tokens, alice, now);
    return { token: created.token, id: row!.id };
  }

  it("refuses to revoke another user's token as if it did not exist, and leaves it live", async () => {
    const { token, id } = await aliceToken();
    expect(await revokeTokenFromForm(tokens, bob, form({ tokenId: id }), now)).toEqual({ status: 'not_found' });
    expect(await revokeTokenFromForm(tokens, bob, form({ tokenId: 'no-such-id' }), now)).toEqual({ status: 'not_found' });
    expect(await tokens.find(token, now)).toMatchObject({ id, user: { id: alice } });
    expect(await listTokenRows(tokens, bob, now)).toEqual([]);

    expect(await revokeTokenFromForm(tokens, alice, form({ tokenId: id }), now)).toEqual({ status: 'revoked', name: 'laptop' });
    expect(await tokens.find(token, now)).toBeNull();
  });

  it('creates tokens for the signed-in user only, with the chosen scope and expiry, and the snippets filled in', async () => {
    const created = await createTokenFromForm(
      tokens,
      { userId: bob, appOrigin: ORIGIN, now },
      form({ name: 'cli', scope: 'read', expiry: 'never' }),
    );
    expect(created).toMatchObject({ status: 'created', scope: 'read', expiresAt: null });
    if (created.status !== 'created') return;
    expect(created.snippets.find((snippet) => snippet.id === 'claude-code')?.code).toContain(`Bearer ${created.token}`);
    const rows = await listTokenRows(tokens, bob, now);
    expect(rows.map((row) => [row.name, row.scope, row.status])).toEqual([['cli', 'read', 'live']]);
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const invalid = await createTokenFromForm(
      tokens,
      { userId: bob, appOrigin: ORIGIN, now },
      form({ name: ' ', scope: 'admin', expiry: '7' }),
    );
    expect(invalid).toMatchObject({
      status: 'invalid',
      errors: { name: expect.any(String), scope: expect.any(String), expiry: expect.any(String) },
    });
  });

  it('saves the bankroll of the signed-in user only, and explains each bad field', async () => {
    const good = {
      balance: '1000',
      unit: '10',
      kellyFraction: '0.25',
      maxStake: '',
      dailyLossLimit: '100',
      weeklyLossLimit: '300',
      referenceBook: 'fanduel',
      timeZone: 'Europe/London',
    };
    expect(await saveBankrollFromForm(ledger, alice, form(good), now)).toEqual({ status: 'saved' });
    expect(await saveBankrollFromForm(ledger, bob, form({ ...good, balance: '5', unit: '1' }), now)).toEqual({ status: 'saved' });
    expect(await ledger.readBankroll(alice, now)).toMatchObject({
      balance: 1000,
      maxStake: null,
      dailyLossRoom: 100,
      timeZone: 'Europe/London',
    });

    const bad = await saveBankrollFromForm(
      ledger,
      alice,
      form({ ...good, balance: '-1', kellyFraction: '0', weeklyLossLimit: '50', timeZone: 'Nowhere/Land' }),
      now,
    );
    expect(bad).toMatchObject({
      status: 'invalid',
      errors: {
        balance: 'Enter an amount of 0 or more.',
        kellyFraction: 'Enter a fraction above 0.',
        timeZone: expect.stringContaining('time zone'),
      },
      values: { balance: '-1' },
    });
    const crossField = await saveBankrollFromForm(ledger, alice, form({ ...good, weeklyLossLimit: '50', unit: '2000' }), now);
    expect(crossField).toMatchObject({
      errors: { weeklyLossLimit: 'Set at least the daily loss limit.', unit: 'A unit cannot be more than the balance.' },
    });
    expect(await ledger.readBankroll(alice, now)).toMatchObject({ balance: 1000, weeklyLossLimit: 300 });
  });
});
