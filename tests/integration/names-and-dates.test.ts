import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { logBetTool } from '@/lib/tools/account';
import { listGames } from '@/lib/tools/schedule';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addGame } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// A pro team's nickname is accepted wherever a team is (a bet's selection as well as the team argument);
// college keeps its stricter rule; list_games echoes from/to as given.

const NOW = new Date('2026-11-23T15:00:00Z');

describe.each(PROVIDERS)('team nicknames and list_games dates on %s', (provider) => {
  let database: TestDatabase;
  let ctx: ReturnType<typeof toolContext>;

  beforeAll(async () => {
    database = await testDatabase(provider);
    const userId = await database.user(`names-${provider}@example.com`);
    ctx = toolContext(database.db, { user: { id: userId, email: 'n@example.com' }, now: () => NOW, scope: 'write' });
    // Monday Night Football, 20:15 Eastern = 01:15 UTC on Tuesday: dated Monday.
    await addGame(database.db, { id: 'nfl-20261123-gb-det', home: 'DET', away: 'GB', startsAt: new Date('2026-11-24T01:15:00Z') });
    await addGame(database.db, {
      id: 'ncaaf-20261128-aub-lsu',
      sport: 'ncaaf',
      home: 'LSU',
      away: 'AUB',
      startsAt: new Date('2026-11-28T20:00:00Z'),
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  const bet = (gameId: string, sport: string, selection: string) =>
    logBetTool.run(ctx, logBetTool.input.parse({ sport, gameId, market: 'h2h', selection, americanOdds: -120, stake: 10 }));

  it('log_bet takes a pro nickname ("Lions") as the selection and stores the abbreviation', async () => {
    expect((await bet('nfl-20261123-gb-det', 'nfl', 'Lions')).bet.selection).toBe('DET');
    expect((await bet('nfl-20261123-gb-det', 'nfl', 'packers')).bet.selection).toBe('GB');
    expect((await bet('nfl-20261123-gb-det', 'nfl', 'Detroit Lions')).bet.selection).toBe('DET');
  });

  it('college keeps the stricter rule: a nickname alone is refused, the school name works', async () => {
    const refused = await bet('ncaaf-20261128-aub-lsu', 'ncaaf', 'Tigers').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).code).toBe('invalid_input');
    expect((await bet('ncaaf-20261128-aub-lsu', 'ncaaf', 'LSU')).bet.selection).toBe('LSU');
  });

  it('list_games echoes from and to as given, takes a nickname, and the Monday night game is Monday', async () => {
    const given = await listGames.run(
      ctx,
      listGames.input.parse({ sport: 'nfl', from: '2026-11-23', to: '2026-11-23', team: 'Lions', detail: 'full' }),
    );
    expect(given).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-23',
      timeZone: 'America/New_York',
      startsFrom: '2026-11-23T05:00:00.000Z',
      startsBefore: '2026-11-24T05:00:00.000Z',
    });
    expect(given.games.map((g) => g.gameId)).toEqual(['nfl-20261123-gb-det']);

    const defaults = await listGames.run(ctx, listGames.input.parse({ sport: 'nfl' }));
    expect(defaults.from).toBe('2026-11-23');
    expect(defaults.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
