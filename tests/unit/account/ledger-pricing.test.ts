import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '@/lib/account/ledger';
import type { PriceReads } from '@/lib/data/repositories';
import { createPricing } from '@/lib/pricing';
import { priceSelection } from '@/lib/pricing/selection';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { TEST_CURSORS } from '../../helpers/tool-context';

// The ledger prices a bet through the pricing service it is given, which reads the prices it prices: the database
// here holds the game and no price at all, so every price below comes from the service's reads.

const NOW = new Date('2026-11-24T12:00:00.000Z');
const AFTER_KICK_OFF = new Date('2026-11-24T14:00:00.000Z');

/** A book's two sides of a market: NYG's and DAL's, at NYG's line (none for a moneyline). */
const quotes = (book: string, [nyg, dal]: [number, number], point: number | null = null) => [
  { book, outcome: 'NYG', point, americanOdds: nyg, updatedAt: NOW },
  { book, outcome: 'DAL', point: point === null ? null : -point, americanOdds: dal, updatedAt: NOW },
];

/** Current moneylines at two books, spreads at two lines, closing moneylines at DraftKings; counting what is read. */
const CURRENT = {
  h2h: [...quotes('draftkings', [-150, 130]), ...quotes('fanduel', [-120, 100])],
  spreads: [...quotes('draftkings', [-110, -110], -3.5), ...quotes('fanduel', [-105, -115], -2.5)],
};
const CLOSING = quotes('draftkings', [-200, 170]);

function fakeReads() {
  const asked = { current: [] as unknown[], closing: [] as unknown[] };
  const reads = {
    marketQuotes: async (market: { market: 'h2h' | 'spreads' }) => {
      asked.current.push(market);
      return CURRENT[market.market];
    },
    closingQuotes: async (markets: readonly unknown[]) => {
      asked.closing.push(...markets);
      return markets.map(() => CLOSING);
    },
  } as unknown as PriceReads;
  return { reads, asked };
}

/** The selection's fair probability among these prices, as ./selection.ts gives it. */
const fairOf = (rows: typeof CLOSING, selected: { selection: string; point: number | null }, referenceBook: string) =>
  priceSelection(rows, selected, { book: referenceBook, referenceBook }).fairProbability;

describe('the ledger prices bets through its pricing service', () => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await testDatabase('sqlite');
    userId = await database.user('ann@example.com', { balance: 1000, unit: 10 });
    // Starting an hour after the bets are logged: listed once it has started, a bet has a closing line.
    await addGame(database.db, { id: 'nfl-live', home: 'NYG', away: 'DAL', startsAt: new Date(NOW.getTime() + 3_600_000) });
  });
  afterAll(() => database.close());

  const wager = { sport: 'nfl', gameId: 'nfl-live', market: 'h2h', selection: 'NYG', americanOdds: -140, stake: 10 } as const;

  it("prices a logged bet and its closing line from the service's reads", async () => {
    const { reads, asked } = fakeReads();
    const ledger = createLedger(database.db, { pricing: createPricing(reads, { staleMinutes: 30 }), preferencesKeptSeconds: 0 });

    const { bet } = await ledger.recordBet({ userId, clientLabel: 'test', now: NOW, defaultBook: 'draftkings', bet: wager });
    expect(asked.current).toEqual([{ gameId: 'nfl-live', market: 'h2h', player: null }]);
    const placed = fairOf(CURRENT.h2h, { selection: 'NYG', point: null }, 'draftkings');
    expect(placed).not.toBeNull();
    expect(bet.fairProbabilityAtPlacement).toBe(placed);

    const listed = await ledger.listBetRecords({
      userId,
      filter: {},
      page: { limit: 20, fingerprint: 'test', now: AFTER_KICK_OFF, signer: TEST_CURSORS },
      defaultBook: 'draftkings',
    });
    expect(asked.closing).toMatchObject([{ gameId: 'nfl-live', market: 'h2h', selection: 'NYG', player: null }]);
    const closing = fairOf(CLOSING, { selection: 'NYG', point: null }, 'draftkings')!;
    expect(listed.bets[0]!.closingFairProbability).toBe(Number(closing.toFixed(6)));
    expect(listed.summary.betsWithClosingLine).toBe(1);
  });

  it('keeps preferences for the odds answers, and prices a bet at the reference book as stored now', async () => {
    const { reads } = fakeReads();
    const ledger = createLedger(database.db, { pricing: createPricing(reads, { staleMinutes: 30 }), preferencesKeptSeconds: 60 });
    expect((await ledger.recentPreferences(userId)).referenceBook).toBeNull();
    await database.db.bankroll.update({ where: { userId }, data: { referenceBook: 'fanduel' } });

    expect((await ledger.recentPreferences(userId)).referenceBook).toBeNull();
    expect((await ledger.userPreferences(userId)).referenceBook).toBe('fanduel');
    // Only FanDuel offers NYG -2.5: at the reference book kept (the default, DraftKings) the bet would have no price.
    const spread = { ...wager, market: 'spreads', point: -2.5 };
    const { bet } = await ledger.recordBet({ userId, clientLabel: 'test', now: NOW, defaultBook: 'draftkings', bet: spread });
    const placed = fairOf(CURRENT.spreads, { selection: 'NYG', point: -2.5 }, 'fanduel');
    expect(placed).not.toBeNull();
    expect(bet.fairProbabilityAtPlacement).toBe(placed);
  });
});
