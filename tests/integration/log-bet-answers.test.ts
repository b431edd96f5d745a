import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calcKellyStake } from '@/lib/tools/calculators';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { toolContext } from '../helpers/tool-context';

// What log_bet and calc_kelly_stake answer an agent, played through the tools as an agent calls them: why a capped stake is 0.

const NOW = new Date('2026-11-04T18:00:00Z');

describe.each(PROVIDERS)('log_bet and calc_kelly_stake answers on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a what-if stake capped to 0 by a stored balance at or below 0 says that balance is why (before: only "(0)")', async () => {
    const userId = await database.user(`broke-${provider}@example.com`, { balance: 0, unit: 10 });
    await database.db.bankroll.update({ where: { userId }, data: { balanceCents: -49_500_00 } });
    const ctx = toolContext(database.db, { user: { id: userId, email: 'b@example.com' }, now: () => NOW });
    const kelly = (extra: Record<string, number>) =>
      calcKellyStake.run(ctx, calcKellyStake.input.parse({ probability: 0.6, americanOdds: 100, ...extra }));
    // Full Kelly 0.2: a quarter of it on 1000 is 50, on the stored -49500 nothing.
    const whatIfs: Record<string, number>[] = [{ bankroll: 1000 }, { bankroll: 1000, kellyFraction: 0.25 }];
    for (const overrides of whatIfs) {
      expect(await kelly(overrides)).toMatchObject({
        stake: 50,
        cappedStake: 0,
        reason:
          "Kelly stakes 50, capped to 0 by the Kelly stake on the user's own balance and Kelly fraction (0): no stake now. " +
          "The user's balance (-49500) is not positive, so Kelly stakes nothing on it. If the balance is out of date, the user " +
          'sets it on the Bankroll page.',
      });
    }
    // A Kelly fraction alone sizes on the stored balance: nothing, and a bankroll passed would lift no cap.
    expect(await kelly({ kellyFraction: 0.5 })).toMatchObject({
      stake: 0,
      cappedStake: 0,
      reason:
        'The balance (-49500) is not positive, so Kelly stakes nothing: it sizes a stake as a share of the money the bankroll ' +
        'holds. If the balance is out of date, the user sets it on the Bankroll page.',
    });
  });
});
