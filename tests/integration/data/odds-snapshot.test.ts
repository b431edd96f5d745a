import { instant } from '@/lib/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePrices } from '@/lib/data/store';
import { createDb, type Db } from '@/lib/db/client';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { loadPinnedSample, pinnedClock } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// get_game_odds computed afresh keeps each game's priced markets per process while the game's prices are
// unchanged (lib/pricing/game-cores.ts). A price merged by another instance, moved or only
// confirmed, must show on the very next call, on SQLite and PostgreSQL (the pinned slate and clock: tests/helpers/clock.ts).

describe.each(PROVIDERS)('get_game_odds after new prices are merged on %s', (provider) => {
  let database: TestDatabase;
  let otherInstance: Db;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
    otherInstance = createDb(database.url);
  });
  afterAll(async () => {
    await otherInstance?.$disconnect();
    await database?.close();
  });

  const odds = async (gameId: string) => {
    const args = getGameOdds.input.parse({ sport: 'nfl', gameId, markets: ['h2h'], book: 'draftkings', detail: 'full' });
    const answer = (await getGameOdds.run(
      toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, now: pinnedClock }),
      args,
    )) as GameOddsFull;
    return answer.games[0]!.markets[0]!;
  };

  it('shows a moved price and a confirmed price on the next call', async () => {
    const stored = await database.db.price.findMany({
      where: { game: { sport: 'nfl', status: 'scheduled' }, market: 'h2h', player: '', book: { in: ['draftkings', 'fanduel'] } },
      orderBy: [{ gameId: 'asc' }, { book: 'asc' }, { outcome: 'asc' }],
    });
    const gameId = stored.find(
      (price) => price.book === 'fanduel' && stored.some((other) => other.gameId === price.gameId && other.book === 'draftkings'),
    )!.gameId;
    const prices = stored.filter((price) => price.gameId === gameId);
    const before = await odds(gameId);
    expect(await odds(gameId)).toEqual(before);

    // Another instance moves draftkings' price on the first outcome it lists.
    const outcome = before.outcomes[0]!;
    const reference = prices.find((price) => price.book === 'draftkings' && price.outcome === outcome.outcome)!;
    const movedAt = new Date(Date.parse(outcome.updatedAt!) + 1000);
    // Seven away from even money, so the moved price is a price (+104 → +111, -110 → -117).
    const movedOdds = reference.americanOdds + (reference.americanOdds > 0 ? 7 : -7);
    await mergePrices(otherInstance, [{ ...reference, americanOdds: movedOdds, updatedAt: movedAt }]);
    const moved = await odds(gameId);
    expect(moved.outcomes[0]!.americanOdds).toBe(movedOdds);
    expect(moved.outcomes[0]!.updatedAt).toBe(instant(movedAt));
    expect(moved.outcomes[0]!.fairProbability).not.toBe(outcome.fairProbability);

    // Then it only confirms fanduel's unchanged price a second later: no recorded change, a newer update time.
    const fanduel = prices.find((price) => price.book === 'fanduel' && price.outcome === outcome.outcome)!;
    const confirmedAt = new Date(fanduel.updatedAt.getTime() + 1000);
    expect((await mergePrices(otherInstance, [{ ...fanduel, updatedAt: confirmedAt }])).changed).toBe(0);
    const confirmed = await odds(gameId);
    const best = confirmed.outcomes[0]!.best!;
    if (best.book === 'fanduel') expect(best.updatedAt).toBe(instant(confirmedAt));
    const stamps = await database.db.price.findMany({ where: { gameId, market: 'h2h', player: '' }, select: { updatedAt: true } });
    expect(stamps.map((row) => row.updatedAt.getTime())).toContain(confirmedAt.getTime());
    // The answer is the one a process that never saw the game before would give.
    const fresh = createDb(database.url);
    try {
      const args = getGameOdds.input.parse({ sport: 'nfl', gameId, markets: ['h2h'], book: 'fanduel', detail: 'full' });
      const seenBefore = (
        (await getGameOdds.run(toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, now: pinnedClock }), args)) as GameOddsFull
      ).games[0]!.markets[0]!;
      await mergePrices(otherInstance, [{ ...fanduel, updatedAt: new Date(confirmedAt.getTime() + 1000) }]);
      const [again, unseen] = await Promise.all(
        [database.db, fresh].map(
          async (db) =>
            ((await getGameOdds.run(toolContext(db, { env: { ODDS_CACHE_SECONDS: '0' }, now: pinnedClock }), args)) as GameOddsFull)
              .games[0]!.markets[0]!,
        ),
      );
      expect(again).toEqual(unseen);
      expect(again!.outcomes.find((o) => o.outcome === outcome.outcome)!.updatedAt).toBe(instant(confirmedAt.getTime() + 1000));
      expect(seenBefore.outcomes.find((o) => o.outcome === outcome.outcome)!.updatedAt).toBe(instant(confirmedAt));
    } finally {
      await fresh.$disconnect();
    }
  });

  it('shows a price corrected in place by any writer, its update time and the history untouched', async () => {
    const price = await database.db.price.findFirstOrThrow({
      where: { game: { sport: 'nfl', status: 'scheduled' }, market: 'h2h', player: '', book: 'draftkings' },
    });
    const before = await odds(price.gameId);
    const listed = before.outcomes.find((outcome) => outcome.outcome === price.outcome)!;
    expect(listed.americanOdds).toBe(price.americanOdds);
    // A fix made by hand (or by any tool but the store): only the database's own counter sees it.
    const { gameId, market, player, book, outcome } = price;
    await otherInstance.price.update({
      where: { gameId_market_player_book_outcome: { gameId, market, player, book, outcome } },
      data: { americanOdds: price.americanOdds - 13 },
    });
    const after = await odds(price.gameId);
    expect(after.outcomes.find((outcome) => outcome.outcome === price.outcome)!.americanOdds).toBe(price.americanOdds - 13);
  });
});
