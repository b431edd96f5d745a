import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { listRecommendations, saveRecommendation } from '@/lib/tools/recommendations';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addPricedGame } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// A pick is recorded at the book it was priced at, as a bet is (log_bet): the book named, else the reference book the
// odds tools priced it at (the user's, else DEFAULT_REFERENCE_BOOK), never null. A retry without a book is the same
// pick at the reference book it was saved under, whatever the user's reference book is by then; another book is
// another pick. A pick saved before books were kept keeps its null. On SQLite and PostgreSQL; before: book null.

const NOW = new Date('2026-11-04T18:00:00Z');

describe.each(PROVIDERS)("a pick's book on %s", (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
    await addPricedGame(database.db, { now: NOW.getTime() });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function caller(name: string, referenceBook?: string) {
    const email = `${name}-${provider}@example.com`;
    const userId = await database.user(email, referenceBook ? { balance: 1000, unit: 10, referenceBook } : undefined);
    const ctx = toolContext(database.db, {
      user: { id: userId, email },
      now: () => NOW,
      scope: 'write',
      env: { DEFAULT_REFERENCE_BOOK: 'betmgm' },
    });
    return {
      userId,
      save: async (args: Record<string, unknown>) => saveRecommendation.run(ctx, saveRecommendation.input.parse({ ...pick, ...args })),
      list: async () => listRecommendations.run(ctx, listRecommendations.input.parse({ detail: 'full' })),
    };
  }
  const pick = {
    sport: 'nfl',
    gameId: 'nfl-next',
    market: 'h2h',
    selection: 'DAL',
    americanOdds: 130,
    probability: 0.45,
    reasoning: 'r',
    risks: 'r',
  };

  it('no book named is the reference book it was priced at: the user’s, else the default (before: null)', async () => {
    const fan = await caller('fan', 'fanduel');
    expect((await fan.save({})).recommendation.book).toBe('fanduel');
    expect((await fan.save({ book: 'DK' })).recommendation.book).toBe('draftkings');
    const newcomer = await caller('newcomer');
    expect((await newcomer.save({})).recommendation.book).toBe('betmgm');
    // Listed as saved.
    const listed = (await fan.list()).recommendations.map((entry) => entry.book).sort();
    expect(listed).toEqual(['draftkings', 'fanduel']);
  });

  it('a retry without a book is the same pick after the reference book changed; another book is another pick', async () => {
    const user = await caller('switcher', 'fanduel');
    const first = await user.save({ clientRequestId: 'pick-1' });
    expect(first.recommendation.book).toBe('fanduel');
    await database.db.bankroll.update({ where: { userId: user.userId }, data: { referenceBook: 'betrivers' } });
    for (const book of [undefined, 'FanDuel']) {
      const again = await user.save({ clientRequestId: 'pick-1', ...(book ? { book } : {}) });
      expect(again, String(book)).toMatchObject({ duplicate: true, recommendation: { id: first.recommendation.id, book: 'fanduel' } });
    }
    const other = await user.save({ clientRequestId: 'pick-1', book: 'caesars' }).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(ToolError);
    expect((other as ToolError).message).toContain('book williamhill_us, not fanduel');
    // A new pick now takes the new reference book.
    expect((await user.save({})).recommendation.book).toBe('betrivers');
  });

  it('a pick saved before books were kept keeps book null, and its retry without a book is still it', async () => {
    const user = await caller('old-timer', 'fanduel');
    const { americanOdds, probability, reasoning, risks, ...wager } = pick;
    const old = await database.db.recommendation.create({
      data: { ...wager, userId: user.userId, americanOdds, probability, reasoning, risks, clientRequestId: 'old-1', createdAt: NOW },
    });
    const again = await user.save({ clientRequestId: 'old-1' });
    expect(again).toMatchObject({ duplicate: true, recommendation: { id: old.id, book: null } });
  });
});
