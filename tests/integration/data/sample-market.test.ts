import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { loadSample } from '@/lib/data/sample/load';
import { sampleFuturesAt } from '@/lib/data/sample/futures';
import { createRoot } from '@/lib/root';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsConcise } from '@/lib/tools/odds-schemas';
import { loadPinnedSample, SAMPLE_DATE, SAMPLE_LOADED } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// The sample slate's market moves while the app runs (ingestion's sample task, lib/data/ingest/tasks.ts): run
// three hours after loading the pinned slate, on a pinned clock (tests/helpers/clock.ts), it leaves every upcoming game's reference price fresh and the
// value question answering, and the same moment gives the same prices. With a provider key it does not run.

const LATER = new Date(SAMPLE_LOADED.getTime() + 3 * 3_600_000);

describe.each(PROVIDERS)('the sample market on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
  });
  afterAll(() => database?.close());

  const move = (now: Date, env: Record<string, string> = {}) =>
    createRoot({ config: parseConfig(env), db: database.db, now: () => now }).ingest({ mode: 'scheduled', only: 'sample', now: () => now });
  const valueAt = async (now: Date) =>
    (await getGameOdds.run(
      toolContext(database.db, { now: () => now, env: { ODDS_CACHE_SECONDS: '0' } }),
      getGameOdds.input.parse({ sport: 'nfl', minExpectedValue: 0.02 }),
    )) as GameOddsConcise;

  it('does not run with a provider key', async () => {
    const summary = await move(LATER, { ODDS_API_KEY: 'live-key' });
    expect(summary.skipped).toContain('sample nfl: ODDS_API_KEY is set (live prices, no sample)');
    expect(summary.prices).toBe(0);
  });

  it('three hours after loading the stored prices are stale, and one run leaves them fresh, the value question answering', async () => {
    const stale = await valueAt(LATER);
    expect(stale.value).toEqual([]);

    const summary = await move(LATER);
    expect(summary.failures).toEqual([]);
    expect(summary.prices).toBeGreaterThan(0);
    const reference = await database.db.price.findMany({
      where: { book: 'draftkings', player: '', game: { source: 'sample', startsAt: { gt: LATER } } },
    });
    expect(reference.length).toBeGreaterThan(0);
    for (const price of reference) expect(LATER.getTime() - price.updatedAt.getTime()).toBeLessThan(60 * 60_000); // ODDS_STALE_MINUTES

    const answer = await valueAt(LATER);
    expect(answer.value?.length).toBeGreaterThan(0);
    expect(answer.valueNote).not.toMatch(/stale/);
  });

  it('moves nothing again at the same moment, and gives the same prices and alternate lines for the same moment on a fresh load', async () => {
    expect((await move(LATER)).prices).toBe(0);
    const stored = await database.db.price.findMany({
      where: { player: '' },
      orderBy: [{ gameId: 'asc' }, { market: 'asc' }, { book: 'asc' }, { outcome: 'asc' }],
    });
    const alternates = () =>
      database.db.alternatePrice.findMany({
        orderBy: [{ gameId: 'asc' }, { market: 'asc' }, { book: 'asc' }, { outcome: 'asc' }, { point: 'asc' }],
      });
    // The alternate lines moved with the market: fresh at LATER, as a load at LATER gives them.
    const movedAlternates = await alternates();
    expect(movedAlternates.length).toBeGreaterThan(0);
    for (const row of movedAlternates) expect(LATER.getTime() - row.updatedAt.getTime()).toBeLessThan(60 * 60_000);
    await loadSample(database.db, SAMPLE_DATE, LATER);
    expect(await alternates()).toEqual(movedAlternates);
    const loaded = await database.db.price.findMany({
      where: { player: '' },
      orderBy: [{ gameId: 'asc' }, { market: 'asc' }, { book: 'asc' }, { outcome: 'asc' }],
    });
    const upcoming = (rows: typeof stored) =>
      rows
        .filter((row) => row.updatedAt > SAMPLE_LOADED)
        .map(({ gameId, market, book, outcome, point, americanOdds }) => ({ gameId, market, book, outcome, point, americanOdds }));
    expect(upcoming(stored)).toEqual(upcoming(loaded));
  }, 120_000);

  it("moves the sample's futures with it, as sampleFuturesAt gives them for the moment; live futures stop it", async () => {
    const later = new Date(SAMPLE_LOADED.getTime() + 9 * 3_600_000);
    await move(later);
    const stored = await database.db.futurePrice.findMany({ where: { sport: 'nba' } });
    const expected = sampleFuturesAt(SAMPLE_DATE, later, 'nba');
    const key = (row: { book: string; outcome: string }) => `${row.book}|${row.outcome}`;
    expect(new Map(stored.map((row) => [key(row), row.americanOdds]))).toEqual(
      new Map(expected.map((row) => [key(row), row.americanOdds])),
    );
    expect(
      stored.some(
        (row) => row.americanOdds !== sampleFuturesAt(SAMPLE_DATE, SAMPLE_LOADED, 'nba').find((e) => key(e) === key(row))!.americanOdds,
      ),
    ).toBe(true);
    // With live futures of the league stored, the sample task leaves that league's futures alone.
    await database.db.futurePrice.create({
      data: { sport: 'nba', market: 'champion', book: 'pinnacle', outcome: 'BOS', americanOdds: 400, updatedAt: later, source: 'live' },
    });
    await move(new Date(later.getTime() + 6 * 3_600_000));
    expect(
      new Map(
        (await database.db.futurePrice.findMany({ where: { sport: 'nba', source: 'sample' } })).map((row) => [key(row), row.americanOdds]),
      ),
    ).toEqual(new Map(expected.map((row) => [key(row), row.americanOdds])));
    await database.db.futurePrice.deleteMany({ where: { source: 'live' } });
  });
});
