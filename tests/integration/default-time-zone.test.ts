import { describe, expect, it } from 'vitest';
import { readBankroll } from '@/lib/account/bankroll';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { userTimeZone } from '@/lib/account/preferences';
import { DEFAULT_TIME_ZONE } from '@/lib/time';
import { listGames } from '@/lib/tools/schedule';
import { PROVIDERS, testDatabase } from '../helpers/fixtures';
import { toolContext } from '../helpers/tool-context';

// A user who has not chosen a time zone reads one zone everywhere: the tools' calendar days, the console's times
// and, once a bankroll is saved without a zone, its loss-limit windows. (Before: the tools read US Eastern, the
// console and a bankroll saved without a zone UTC, so an agent's "today" and the console's differed.)

describe.each(PROVIDERS)('the default time zone (%s)', (provider) => {
  it('is the same for the tools and the console, before a bankroll and after one saved without a zone', async () => {
    const database = await testDatabase(provider);
    try {
      const email = 'zone@example.com';
      const userId = await database.user(email);
      // A fresh context per question: the tools keep a user's preferences for a while.
      const toolsZone = async () => {
        const ctx = toolContext(database.db, { user: { id: userId, email } });
        return (await listGames.run(ctx, listGames.input.parse({ sport: 'nfl' }))).timeZone;
      };
      expect(await toolsZone()).toBe(DEFAULT_TIME_ZONE);
      expect(await userTimeZone(database.db, userId)).toBe(DEFAULT_TIME_ZONE);

      const now = new Date();
      await saveBankroll(database.db, userId, { balance: 1000, unit: 10, dailyLossLimit: 100 }, now);
      expect((await readBankroll(database.db, userId, now))?.timeZone).toBe(DEFAULT_TIME_ZONE);
      expect(await toolsZone()).toBe(DEFAULT_TIME_ZONE);
      expect(await userTimeZone(database.db, userId)).toBe(DEFAULT_TIME_ZONE);
    } finally {
      await database.close();
    }
  });
});
