import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePrices, mergePriceSnapshots, type PriceRecord } from '@/lib/data/store';
import type { Db } from '@/lib/db/client';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';

// The sample loader folds its snapshots in memory (mergePriceSnapshots): it must store exactly what merging them
// one by one stores, current prices and history alike, over a row stored before, new rows, moved prices and lines,
// confirmations (a newer stamp at the same price), stale repeats and a key given twice in one snapshot.

const GAME = 'nfl-20261129-aaa-bbb';
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 12, minutes));
const quote = (book: string, outcome: string, americanOdds: number, minutes: number, point: number | null = null): PriceRecord => ({
  gameId: GAME,
  market: point === null ? 'h2h' : 'spreads',
  player: '',
  book,
  outcome,
  point,
  americanOdds,
  updatedAt: at(minutes),
});

const BEFORE = [quote('fanduel', 'AAA', -120, 0), quote('fanduel', 'BBB', 100, 0)];
const SNAPSHOTS: PriceRecord[][] = [
  [
    quote('fanduel', 'AAA', -120, 5),
    quote('draftkings', 'AAA', -118, 5),
    quote('draftkings', 'AAA', -119, 6),
    quote('betmgm', 'AAA', -3, 5, -2.5),
  ],
  [quote('fanduel', 'AAA', -125, 10), quote('draftkings', 'AAA', -119, 4), quote('betmgm', 'AAA', -110, 10, -3)],
  [quote('fanduel', 'BBB', 105, 15), quote('fanduel', 'AAA', -125, 20), quote('draftkings', 'AAA', -119, 20)],
];

async function stored(db: Db) {
  const prices = await db.price.findMany({ orderBy: [{ market: 'asc' }, { book: 'asc' }, { outcome: 'asc' }] });
  const history = await db.priceHistory.findMany({ orderBy: { id: 'asc' } });
  return {
    prices: prices.map(({ market, book, outcome, point, americanOdds, updatedAt }) => ({
      market,
      book,
      outcome,
      point,
      americanOdds,
      updatedAt,
    })),
    history: history.map(({ market, book, outcome, point, americanOdds, observedAt }) => ({
      market,
      book,
      outcome,
      point,
      americanOdds,
      observedAt,
    })),
  };
}

describe.each(PROVIDERS)('merging snapshots at once on %s', (provider) => {
  let one: TestDatabase;
  let folded: TestDatabase;
  beforeAll(async () => {
    [one, folded] = await Promise.all([testDatabase(provider), testDatabase(provider)]);
    for (const { db } of [one, folded]) {
      await addGame(db, { id: GAME, home: 'AAA', away: 'BBB', startsAt: at(24 * 60) });
      await mergePrices(db, BEFORE);
    }
  });
  afterAll(() => Promise.all([one?.close(), folded?.close()]));

  it('stores what merging them one by one stores, and counts the same changes', async () => {
    let changed = 0;
    let unchanged = 0;
    for (const snapshot of SNAPSHOTS) {
      const counts = await mergePrices(one.db, snapshot);
      changed += counts.changed;
      unchanged += counts.unchanged;
    }
    expect(await mergePriceSnapshots(folded.db, SNAPSHOTS)).toEqual({ changed, unchanged });
    const [expected, actual] = await Promise.all([stored(one.db), stored(folded.db)]);
    expect(actual).toEqual(expected);
    // The case list holds what it says: a confirmation moved a stamp without a history row, a line moved.
    expect(expected.prices).toContainEqual(expect.objectContaining({ book: 'draftkings', americanOdds: -119, updatedAt: at(20) }));
    expect(expected.history.filter((row) => row.book === 'betmgm').map((row) => row.point)).toEqual([-2.5, -3]);
    expect(await mergePriceSnapshots(folded.db, [])).toEqual({ changed: 0, unchanged: 0 });
  });
});
