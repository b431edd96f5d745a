import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { loadTodaysSample } from '../../helpers/clock';

// The sample slate loads over teams stored without their venue (written by hand, as the browser tests do, or
// by an older catalogue): its games name the venues, so the catalogue's venues must be there too.

describe.each(PROVIDERS)('the sample slate over teams stored without a venue on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("loads its games, the hand-written team's included", async () => {
    await addGame(database.db, { id: 'nfl-by-hand', home: 'NYG', away: 'DAL', startsAt: new Date(Date.now() + 86_400_000) });
    await loadTodaysSample(database.db);
    const giants = await database.db.game.count({ where: { OR: [{ homeTeamId: 'nfl:NYG' }, { awayTeamId: 'nfl:NYG' }] } });
    expect(giants).toBeGreaterThan(0);
    expect(await database.db.venue.count()).toBeGreaterThan(0);
  });
});
