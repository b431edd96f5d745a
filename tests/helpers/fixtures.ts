import { saveBankroll } from '@/lib/account/bankroll-save';
import type { BankrollSettings } from '@/lib/account/bankroll-settings';
import type { TokenScope } from '@/lib/account/token-format';
import { createAccessToken } from '@/lib/account/token-store';
import { createUser } from '@/lib/account/users';
import { createDb, type Db, type DbOptions } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase } from './db';

// A migrated, empty database of either provider, with helpers to add users and tokens directly.

export interface TestDatabase {
  url: string;
  db: Db;
  user(email: string, bankroll?: BankrollSettings): Promise<string>;
  token(userId: string, scope: TokenScope, options?: { expiresInDays?: number; now?: Date }): Promise<{ id: string; token: string }>;
  close(): Promise<void>;
}

export const PROVIDERS = ['sqlite', 'postgres'] as const;

export async function testDatabase(provider: (typeof PROVIDERS)[number], options?: DbOptions): Promise<TestDatabase> {
  const fresh = await freshDatabase(provider);
  await migrate(fresh.url);
  const db = createDb(fresh.url, options);
  return {
    url: fresh.url,
    db,
    async user(email, bankroll) {
      const user = await createUser(db, { email });
      if (bankroll) await saveBankroll(db, user.id, bankroll, new Date()); // a first bankroll: the clock does not matter
      return user.id;
    },
    async token(userId, scope, options = {}) {
      return createAccessToken(db, {
        userId,
        name: `${scope} token`,
        scope,
        expiresInDays: options.expiresInDays,
        now: options.now ?? new Date(),
      });
    },
    async close() {
      await db.$disconnect();
      await fresh.drop();
    },
  };
}
