import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameOdds } from '@/lib/tools/odds';
import { getPlayerProps } from '@/lib/tools/player-props';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame, addPrices, type TestQuote } from '../../helpers/games';
import { toolContext } from '../../helpers/tool-context';

// The lists of bets to make (get_game_odds' arbitrages, middles and low-hold markets, get_player_props' arbitrages and
// low-hold props) scan only the games still offered: a date's answer holds its finished games with their last prices,
// a gameId may name a final game, and a final game's "arbitrage" is no bet anyone can make. Two games of one Sunday
// priced alike, one final and one to come: only the one to come is listed.

const NOW = new Date('2026-11-29T20:00:00Z'); // Sunday, 15:00 in New York
const HOUR = 3_600_000;
const FINAL = 'nfl-20261129-buf-kc';
const COMING = 'nfl-20261129-bufx-kcx';

/** An arbitrage on the moneyline and a middle on the spread (KC -2.5 at one book, BUF +3.5 at the other). */
const markets = (): [string, TestQuote[]][] => [
  [
    'h2h',
    [
      { book: 'draftkings', outcome: 'KC', americanOdds: 110 },
      { book: 'draftkings', outcome: 'BUF', americanOdds: -130 },
      { book: 'fanduel', outcome: 'KC', americanOdds: -130 },
      { book: 'fanduel', outcome: 'BUF', americanOdds: 110 },
    ],
  ],
  [
    'spreads',
    [
      { book: 'draftkings', outcome: 'KC', point: -2.5, americanOdds: -110 },
      { book: 'draftkings', outcome: 'BUF', point: 2.5, americanOdds: -110 },
      { book: 'fanduel', outcome: 'KC', point: -3.5, americanOdds: -110 },
      { book: 'fanduel', outcome: 'BUF', point: 3.5, americanOdds: -110 },
    ],
  ],
];

/** Over 30.5 +110 at one book and under 30.5 +105 at the other: an arbitrage on a player's prop. */
const PROP_QUOTES = [
  ['draftkings', 'over', 110],
  ['draftkings', 'under', -140],
  ['fanduel', 'over', -150],
  ['fanduel', 'under', 105],
] as const;

describe.each(PROVIDERS)('the lists of bets to make on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
    const { db } = database;
    const games = [
      { id: FINAL, startsAt: new Date(NOW.getTime() - 5 * HOUR), status: 'final', homeScore: 27, awayScore: 24 },
      { id: COMING, startsAt: new Date(NOW.getTime() + 2 * HOUR), status: 'scheduled' },
    ];
    for (const [index, game] of games.entries()) {
      const [home, away] = index === 0 ? ['KC', 'BUF'] : ['KCX', 'BUFX'];
      await addGame(db, { ...game, home, away });
      for (const [market, quotes] of markets()) {
        const named = quotes.map((quote) => ({ ...quote, outcome: quote.outcome === 'KC' ? home : away }));
        await addPrices(db, game.id, market, named, new Date(Math.min(game.startsAt.getTime(), NOW.getTime()) - 10 * 60_000));
      }
      for (const [book, outcome, americanOdds] of PROP_QUOTES) {
        const updatedAt = new Date(Math.min(game.startsAt.getTime(), NOW.getTime()) - 10 * 60_000);
        const prop = { gameId: game.id, market: 'player_rush_yds', player: 'Josh Allen', book, outcome, point: 30.5, americanOdds };
        await db.price.create({ data: { ...prop, updatedAt } });
      }
    }
  });
  afterAll(() => database.close());

  const odds = async (args: Record<string, unknown>) => {
    const ctx = toolContext(database.db, { now: () => NOW, env: { ODDS_CACHE_SECONDS: '0' } });
    return (await getGameOdds.run(ctx, getGameOdds.input.parse({ sport: 'nfl', date: '2026-11-29', ...args }))) as Record<string, unknown>;
  };
  const props = async (args: Record<string, unknown>) => {
    const ctx = toolContext(database.db, { now: () => NOW });
    return (await getPlayerProps.run(ctx, getPlayerProps.input.parse({ sport: 'nfl', arbitrage: true, ...args }))) as Record<
      string,
      unknown
    >;
  };
  const gameIds = (entries: unknown) => [...new Set((entries as { gameId: string }[]).map((entry) => entry.gameId))];

  it("the date's answer holds both games, the final one with its last prices", async () => {
    const answer = await odds({});
    expect(gameIds(answer.games)).toEqual([FINAL, COMING]);
  });

  it('arbitrages, middles and low-hold markets come from the game to come alone', async () => {
    const arbitrages = await odds({ arbitrage: true });
    expect(gameIds(arbitrages.arbitrages)).toEqual([COMING]);
    expect(arbitrages.gamesScanned).toBe(1);
    const middles = await odds({ middles: true });
    expect(gameIds(middles.middles)).toEqual([COMING]);
    expect(middles.gamesScanned).toBe(1);
    const lowHold = await odds({ arbitrage: true, maxHold: 0.05 });
    expect(gameIds(lowHold.lowHold)).toEqual([COMING]);
    expect(lowHold.gamesScanned).toBe(1);
  });

  it('the value list points to the arbitrage list only when a game it would list holds one', async () => {
    const pointer = 'get_game_odds with arbitrage: true lists them';
    expect((await odds({ gameId: FINAL, minExpectedValue: 0 })).valueNote).not.toContain(pointer);
    expect((await odds({ gameId: COMING, minExpectedValue: 0 })).valueNote).toContain(pointer);
  });

  it('get_player_props lists no arbitrage or low-hold prop of a final game its gameId names', async () => {
    for (const lowHold of [{}, { maxHold: 0.05 }]) {
      const final = await props({ gameId: FINAL, ...lowHold });
      expect(final.arbitrages ?? final.lowHold).toEqual([]);
      expect(final.gamesScanned).toBe(0);
      const coming = await props({ gameId: COMING, ...lowHold });
      expect(gameIds(coming.arbitrages ?? coming.lowHold)).toEqual([COMING]);
      expect(coming.gamesScanned).toBe(1);
    }
  });
});
