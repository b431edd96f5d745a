import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameResults } from '@/lib/tools/schedule';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { toolContext } from '../../helpers/tool-context';

// get_game_results without dates answers the last seven sports days, today's included: on a Sunday evening the
// afternoon's finals are the results an agent is asked about, and an answer without them reads as "not played".

const NOW = new Date('2026-11-29T23:35:00Z'); // Sunday, 18:35 in New York
const HOUR = 3_600_000;

describe.each(PROVIDERS)('the default results window on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
    const final = { status: 'final', homeScore: 24, awayScore: 17 };
    await addGame(database.db, {
      id: 'nfl-20261129-buf-kc',
      home: 'KC',
      away: 'BUF',
      startsAt: new Date(NOW.getTime() - 5 * HOUR),
      ...final,
    });
    await addGame(database.db, {
      id: 'nfl-20261123-mia-nyj',
      home: 'NYJ',
      away: 'MIA',
      startsAt: new Date('2026-11-23T18:00:00Z'),
      ...final,
    });
    await addGame(database.db, {
      id: 'nfl-20261122-den-lv',
      home: 'LV',
      away: 'DEN',
      startsAt: new Date('2026-11-22T21:00:00Z'),
      ...final,
    });
  });
  afterAll(() => database.close());

  it("holds today's finals and six days before, newest first", async () => {
    const ctx = toolContext(database.db, { now: () => NOW });
    const answer = (await getGameResults.run(ctx, getGameResults.input.parse({ sport: 'nfl' }))) as { results: { gameId: string }[] };
    expect(answer.results.map((result) => result.gameId)).toEqual(['nfl-20261129-buf-kc', 'nfl-20261123-mia-nyj']);
  });
});
