import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import { getPlayerProps } from '@/lib/tools/player-props';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { PINNED_NOW, loadPinnedSample } from '../../helpers/clock';
import { toolContext } from '../../helpers/tool-context';

// Games, props and bets are priced by one service (lib/pricing) through one consensus at the reference book: a
// bet logged at a line the odds tools show records the fair probability they show for it, and at any other line
// none; a prop is priced as a game market is. On SQLite and PostgreSQL, the sample slate at a fixed time.

const NOW = PINNED_NOW;

describe.each(PROVIDERS)('one pricing on %s', (provider) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
    userId = await database.user('pat@example.com', { balance: 1000, unit: 10 });
  });
  afterAll(() => database?.close());

  const ctx = () => toolContext(database.db, { now: () => NOW, user: { id: userId, email: 'pat@example.com' }, scope: 'write' });

  it('records for a bet the fair probability get_game_odds shows for its outcome, and none at a line no book offers', async () => {
    const odds = (await getGameOdds.run(ctx(), getGameOdds.input.parse({ sport: 'nfl', detail: 'full', limit: 100 }))) as GameOddsFull;
    const game = odds.games.find((g) => g.status === 'scheduled' && g.markets.length === 3)!;
    let checked = 0;
    for (const market of game.markets) {
      for (const outcome of market.outcomes) {
        if (outcome.americanOdds === null) continue;
        const wager = { sport: 'nfl', gameId: game.gameId, market: market.market, americanOdds: outcome.americanOdds, stake: 1 };
        const selection = outcome.outcome.toLowerCase();
        const logged = await logBet.run(
          ctx(),
          logBet.input.parse({ ...wager, selection, ...(outcome.point !== null ? { point: outcome.point } : {}) }),
        );
        expect(logged.bet.fairProbabilityAtPlacement, `${market.market} ${outcome.outcome}`).toBe(outcome.fairProbability);
        if (outcome.point !== null) {
          // Far past every alternate line (a point or two away is priced from the alternates: alternate-bets.test.ts).
          const elsewhere = await logBet.run(ctx(), logBet.input.parse({ ...wager, selection, point: outcome.point + 40 }));
          expect(elsewhere.bet.fairProbabilityAtPlacement).toBeNull();
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('prices a prop as it prices a game market: reference outcomes in order, consensus, best price and ages', async () => {
    const game = await database.db.price.findFirstOrThrow({
      where: { player: { not: '' }, game: { sport: 'nfl' } },
      select: { gameId: true },
    });
    const props = await getPlayerProps.run(ctx(), getPlayerProps.input.parse({ sport: 'nfl', gameId: game.gameId, detail: 'full' }));
    if (!('props' in props)) throw new Error('get_player_props answered without its props list');
    expect(props.props.length).toBeGreaterThan(0);
    for (const prop of props.props) {
      const names = prop.outcomes.map((outcome) => outcome.outcome);
      expect(names, `${prop.market} ${prop.player}`).toEqual([...names].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
      if (prop.consensusBooks > 0) expect(prop.outcomes.every((outcome) => outcome.fairProbability !== null)).toBe(true);
      for (const outcome of prop.outcomes) if (outcome.best) expect(outcome.best.updatedAgo).toMatch(/ago$/);
    }
  });
});

const ORDER = ['over', 'yes', 'under', 'no'];
