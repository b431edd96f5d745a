import { afterEach, describe, expect, it } from 'vitest';
import { loadSample } from '@/lib/data/sample/load';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { getGameOdds } from '@/lib/tools/odds';
import { freshDatabase, type FreshDatabase } from '../../helpers/db';
import { toolContext } from '../../helpers/tool-context';

// The sample slate shows one small NFL arbitrage in every two-hour window (lib/data/sample/prices.ts, softLines),
// whenever in the window it is loaded: the arbitrage tests of a server on the machine's clock rely on it. Worked out
// at the window's start, it had vanished late in a window where another book moved meanwhile (2026-12-06 from
// 11:4x UTC: a clean-clone CI run's arbitrage and low-hold tests found none).

const MINUTE = 60_000;

describe('the sample slate at any moment', () => {
  let database: FreshDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  const moments = [
    '2026-12-06T11:45:00Z',
    '2026-12-06T11:59:00Z',
    // Through a day, at steps that fall early and late in the windows.
    ...Array.from({ length: 8 }, (_, i) => new Date(Date.parse('2026-12-08T00:10:00Z') + i * 175 * MINUTE).toISOString()),
  ];

  it.each(moments)('holds one NFL arbitrage in the coming week, loaded at %s', async (at) => {
    database = await freshDatabase('sqlite');
    await migrate(database.url);
    const db = createDb(database.url);
    try {
      const now = new Date(at);
      await loadSample(db, at.slice(0, 10), now);
      const ctx = toolContext(db, { now: () => now, env: { ODDS_CACHE_SECONDS: '0' } });
      const answer = await getGameOdds.run(ctx, getGameOdds.input.parse({ sport: 'nfl', arbitrage: true, limit: 100 }));
      expect((answer as { arbitrages: unknown[] }).arbitrages).toHaveLength(1);
    } finally {
      await db.$disconnect();
    }
  });
});
