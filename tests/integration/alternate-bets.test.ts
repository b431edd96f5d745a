import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { logBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import { saveRecommendation } from '@/lib/tools/recommendations';
import type { ToolDefinition } from '@/lib/tools/types';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addPrices, addPricedGame } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// A bet (or a pick) on an alternate spread or total, as get_game_odds' alternates answer shows the line, is priced as
// that answer prices it: its fairProbabilityAtPlacement is the answer's fairProbability of the side (the consensus of
// the books quoting both sides at that point), its price is checked against the books' alternate prices, and it is
// stored in the main market it is a point of, under either name. Before, every such bet was warned "No book JEV reads
// has a stored price" and got no fair probability, though the alternates answer priced it. On SQLite and PostgreSQL.

const NOW = new Date('2026-11-04T18:00:00Z');
const HOUR = 3_600_000;
const GAME = 'nfl-next'; // NYG (home) v DAL, two days ahead

describe.each(PROVIDERS)('bets on alternate lines on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
    const { db } = database;
    await addPricedGame(db, { now: NOW.getTime(), books: ['draftkings', 'fanduel'] });
    const at = new Date(NOW.getTime() - HOUR);
    // The main lines: DAL -3.5, total 44.5, at both books.
    await addPrices(
      db,
      GAME,
      'spreads',
      [
        { book: 'draftkings', outcome: 'DAL', point: -3.5, americanOdds: -110 },
        { book: 'draftkings', outcome: 'NYG', point: 3.5, americanOdds: -110 },
        { book: 'fanduel', outcome: 'DAL', point: -3.5, americanOdds: -105 },
        { book: 'fanduel', outcome: 'NYG', point: 3.5, americanOdds: -115 },
      ],
      at,
    );
    await addPrices(
      db,
      GAME,
      'totals',
      [
        { book: 'draftkings', outcome: 'over', point: 44.5, americanOdds: -110 },
        { book: 'draftkings', outcome: 'under', point: 44.5, americanOdds: -110 },
      ],
      at,
    );
    // The ladders: DAL -6.5 at both books, DAL -9.5 at FanDuel alone and one-sided, over 40.5 at DraftKings.
    const ladder = [
      ['alternate_spreads', 'draftkings', 'DAL', -6.5, 150],
      ['alternate_spreads', 'draftkings', 'NYG', 6.5, -180],
      ['alternate_spreads', 'fanduel', 'DAL', -6.5, 160],
      ['alternate_spreads', 'fanduel', 'NYG', 6.5, -190],
      ['alternate_spreads', 'fanduel', 'DAL', -9.5, 240],
      ['alternate_totals', 'draftkings', 'over', 40.5, -160],
      ['alternate_totals', 'draftkings', 'under', 40.5, 135],
    ] as const;
    await db.alternatePrice.createMany({
      data: ladder.map(([market, book, outcome, point, americanOdds]) => ({
        gameId: GAME,
        market,
        book,
        outcome,
        point,
        americanOdds,
        updatedAt: at,
      })),
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function caller(name: string) {
    const email = `${name}-${provider}@example.com`;
    const userId = await database.user(email, { balance: 1000, unit: 10, referenceBook: 'draftkings' });
    const ctx = toolContext(database.db, { user: { id: userId, email }, now: () => NOW, scope: 'write' });
    return <Input extends z.ZodType, Output extends z.ZodType>(tool: ToolDefinition<Input, Output>, args: z.input<Input>) =>
      tool.run(ctx, tool.input.parse(args)) as Promise<z.output<Output>>;
  }

  /** The alternates answer's side, as an agent reads it before logging the bet. */
  let reader: Awaited<ReturnType<typeof caller>> | undefined;
  async function shown(market: string, outcome: string, point: number) {
    reader ??= await caller('reader');
    const as = reader;
    const answer = (await as(getGameOdds, { sport: 'nfl', gameId: GAME, alternates: true })) as {
      alternates: { market: string; outcomes: { outcome: string; point: number; fairProbability?: number }[] }[];
    };
    const side = answer.alternates.filter((line) => line.market === market).flatMap((line) => line.outcomes);
    return side.find((entry) => entry.outcome === outcome && entry.point === point)!;
  }

  const bet = { sport: 'nfl', gameId: GAME, stake: 10 } as const;

  it('a bet on an alternate line gets the fair probability the alternates answer shows, with no warning (before: unpriced, none)', async () => {
    const as = await caller('alt-bettor');
    const spread = await shown('alternate_spreads', 'DAL', -6.5);
    expect(spread.fairProbability).toEqual(expect.any(Number));
    // As the agent may name it: the main market at the point, or the alternates answer's market.
    for (const market of ['spreads', 'alternate_spreads']) {
      const logged = await as(logBet, { ...bet, market, selection: 'DAL', point: -6.5, americanOdds: 150 });
      expect(logged.warnings, market).toEqual([]);
      expect(logged.bet, market).toMatchObject({
        market: 'spreads',
        selection: 'DAL',
        point: -6.5,
        book: 'draftkings',
        fairProbabilityAtPlacement: spread.fairProbability,
      });
    }
    const total = await shown('alternate_totals', 'over', 40.5);
    const over = await as(logBet, { ...bet, market: 'alternate_totals', selection: 'Over', point: 40.5, americanOdds: -160 });
    expect(over.warnings).toEqual([]);
    expect(over.bet).toMatchObject({ market: 'totals', selection: 'over', fairProbabilityAtPlacement: total.fairProbability });
  });

  it("its price is checked against the books' alternate prices: a book without one, a price above them all", async () => {
    const as = await caller('alt-checked');
    const spread = await shown('alternate_spreads', 'DAL', -6.5);
    const atMgm = await as(logBet, { ...bet, market: 'spreads', selection: 'DAL', point: -6.5, americanOdds: 150, book: 'BetMGM' });
    expect(atMgm.bet.fairProbabilityAtPlacement).toBe(spread.fairProbability);
    expect(atMgm.warnings).toEqual([
      'betmgm has no stored price of DAL -6.5 (spreads); the fair probability is the consensus of the books quoting both ' +
        'sides of that alternate line. Books with one: draftkings, fanduel. If the bet was at one of them, settle it void ' +
        '(settle_bet, before kick-off) and log it again with that book.',
    ]);
    const typo = await as(logBet, { ...bet, market: 'spreads', selection: 'DAL', point: -6.5, americanOdds: 1500 });
    expect(typo.warnings).toEqual([
      expect.stringMatching(/^\+1500 pays more than any book JEV has a price from for this pick \(the best: \+160 at fanduel/),
    ]);
  });

  it('a line only one side of which is quoted has no fair probability, as in the answer; a point no book offers names the ladder', async () => {
    const as = await caller('alt-edges');
    expect((await shown('alternate_spreads', 'DAL', -9.5)).fairProbability).toBeUndefined();
    const oneSided = await as(logBet, {
      ...bet,
      market: 'alternate_spreads',
      selection: 'DAL',
      point: -9.5,
      americanOdds: 240,
      book: 'fanduel',
    });
    expect(oneSided.bet.fairProbabilityAtPlacement).toBeNull();
    expect(oneSided.warnings).toEqual([]);
    const nowhere = await as(logBet, { ...bet, market: 'spreads', selection: 'DAL', point: -12.5, americanOdds: 400 });
    expect(nowhere.bet.fairProbabilityAtPlacement).toBeNull();
    expect(nowhere.warnings).toEqual([expect.stringContaining('books price DAL (spreads) here at -9.5, -6.5 and -3.5 only')]);
  });

  it('a retry names the line under either market; a pick on an alternate line is stored in its main market too', async () => {
    const as = await caller('alt-retry');
    const args = { ...bet, selection: 'DAL', point: -6.5, americanOdds: 150, clientRequestId: 'alt-1' };
    const first = await as(logBet, { ...args, market: 'alternate_spreads' });
    const again = await as(logBet, { ...args, market: 'spreads' });
    expect(again).toMatchObject({ duplicate: true, bet: { id: first.bet.id } });
    const { stake: _stake, ...wager } = args;
    const { recommendation } = await as(saveRecommendation, {
      ...wager,
      market: 'alternate_spreads',
      probability: 0.36,
      reasoning: 'r',
      risks: 'r',
    });
    expect(recommendation).toMatchObject({ market: 'spreads', selection: 'DAL', point: -6.5 });
  });
});
