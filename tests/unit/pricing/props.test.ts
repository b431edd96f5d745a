import { describe, expect, it } from 'vitest';
import type { PriceReads } from '@/lib/data/repositories';
import { createPricing } from '@/lib/pricing';

// Pricing's player props: a league's coming week of props (get_player_props' value list without gameId) is read
// in one query for all its games, and each game's props are priced as one game's alone would be.

const NOW = new Date('2026-11-24T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);

const games = ['g1', 'g2', 'g3'].map((id) => ({ id, homeTeam: { abbreviation: 'KC' }, awayTeam: { abbreviation: 'LV' } }));

/** Two books' over/under on two players' passing yards in each game, the first game's books at other odds. */
const rows = games.flatMap((game, index) =>
  ['A. Passer', 'B. Thrower'].flatMap((player) =>
    ['draftkings', 'fanduel'].flatMap((book) =>
      (['over', 'under'] as const).map((outcome) => ({
        gameId: game.id,
        market: 'player_pass_yds',
        player,
        book,
        outcome,
        point: 250.5,
        americanOdds: -110 - (book === 'fanduel' ? 5 : 0) - (index === 0 && outcome === 'over' ? 10 : 0),
        updatedAt: at(5),
      })),
    ),
  ),
);

function reads() {
  const calls: string[][] = [];
  const fake = {
    propPrices: async (gameIds: readonly string[], markets?: readonly string[]) => {
      calls.push([...gameIds]);
      return rows.filter((row) => gameIds.includes(row.gameId) && (!markets || markets.includes(row.market)));
    },
    historyVersion: async () => 0,
    recordedPrices: async () => [],
  } as unknown as PriceReads;
  return { fake, calls };
}

const request = { referenceBook: 'draftkings', series: false } as const;

describe('pricing: player props', () => {
  it("reads a league's props in one query for all its games", async () => {
    const { fake, calls } = reads();
    const byGame = await createPricing(fake, { staleMinutes: 30 }).gamesProps(games, request);
    expect(calls).toEqual([['g1', 'g2', 'g3']]);
    expect([...byGame.keys()]).toEqual(['g1', 'g2', 'g3']);
  });

  it("prices each game's props as the game alone would be priced", async () => {
    const { fake } = reads();
    const pricing = createPricing(fake, { staleMinutes: 30 });
    const byGame = await pricing.gamesProps(games, request);
    for (const game of games) {
      const alone = await pricing.props(game, request);
      const together = byGame.get(game.id)!;
      expect(together.map((prop) => [prop.market, prop.player])).toEqual(alone.map((prop) => [prop.market, prop.player]));
      expect(together.map((prop) => prop.price(NOW))).toEqual(alone.map((prop) => prop.price(NOW)));
    }
    expect(byGame.get('g1')![0]!.price(NOW)).not.toEqual(byGame.get('g2')![0]!.price(NOW));
  });

  it('reads nothing for no games', async () => {
    const { fake, calls } = reads();
    expect((await createPricing(fake, { staleMinutes: 30 }).gamesProps([], request)).size).toBe(0);
    expect(calls).toEqual([]);
  });
});
