import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences } from '@/lib/account/preferences';
import { findGames, GAME_INCLUDE, requireGameRow } from '@/lib/data/repositories/schedule';
import { priceVersions } from '@/lib/data/repositories/price-version';
import { createDb } from '@/lib/db/client';
import { sql } from '@/lib/db/sql';
import { selectRows } from '@/lib/db/select';
import { isDatabaseUnavailable } from '@/lib/errors';
import { DEFAULT_TIME_ZONE } from '@/lib/time';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { startFaultProxy } from '../../helpers/fault-proxy';

// The raw reads of lib/db/select.ts (the odds tools' hot reads, the finals tally) run through the driver adapter
// (createDb's default) or through Prisma's $queryRaw (adapterReads: false). On both paths they must read what
// Prisma's client reads, typed the same, follow the client across $disconnect, and fail as Prisma's reads fail.

const KICKOFF = new Date('2026-11-29T18:00:00.000Z');

const PATHS = PROVIDERS.flatMap((provider) => [
  { provider, adapterReads: true },
  { provider, adapterReads: false },
]);

describe.each(PATHS)('selectRows on $provider, adapterReads $adapterReads', ({ provider, adapterReads }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider, { adapterReads });
    const { db } = database;
    await addGame(db, { id: 'nfl-20261129-buf-kc', home: 'KC', away: 'BUF', startsAt: KICKOFF });
    await addGame(db, {
      id: 'nfl-20261129-den-lv',
      home: 'LV',
      away: 'DEN',
      startsAt: KICKOFF,
      status: 'final',
      homeScore: 17,
      awayScore: 24,
    });
    await db.venue.create({ data: { id: 'arrowhead', name: 'Arrowhead', city: null, roof: 'open' } });
    await db.game.update({ where: { id: 'nfl-20261129-buf-kc' }, data: { venueId: 'arrowhead', priceWrites: 3 } });
  });
  afterAll(() => database.close());

  it('reads the games as Prisma reads them, every value of the same type', async () => {
    const { db } = database;
    const window = { sport: 'nfl' as const, from: new Date(KICKOFF.getTime() - 1), to: new Date(KICKOFF.getTime() + 1) };
    const read = await findGames(db, { ...window, priceVersion: true });
    const expected = await db.game.findMany({ include: GAME_INCLUDE, orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] });
    expect(read.map(({ priceVersion: _, ...game }) => game)).toStrictEqual(
      expected.map(({ homeTeam, awayTeam, venue, ...game }) => ({ ...game, homeTeam, awayTeam, venue })),
    );
    const [kc, lv] = read;
    expect(kc!.startsAt).toBeInstanceOf(Date);
    expect(kc!.season).toBe(2026);
    expect(kc!.priceWrites).toBe(3);
    expect(kc!.venue).toEqual({ name: 'Arrowhead', city: null, roof: 'open' });
    expect(lv).toMatchObject({ homeScore: 17, awayScore: 24, venue: null, venueId: null });
    // The version read with the games is the one read on its own.
    const versions = await priceVersions(db, [kc!.id, lv!.id]);
    expect(versions.get(kc!.id)).toBe(kc!.priceVersion);
    expect(kc!.priceVersion).toMatch(/^3:/);
    expect((await requireGameRow(db, lv!.id)).awayScore).toBe(24);
  });

  it("reads a user's preferences, the defaults when none are stored", async () => {
    const userId = await database.user(`prefs-${provider}-${adapterReads}@example.com`, {
      balance: 1000,
      unit: 10,
      timeZone: 'Europe/Paris',
    });
    expect(await userPreferences(database.db, userId)).toStrictEqual({ referenceBook: null, timeZone: 'Europe/Paris', saved: true });
    expect(await userPreferences(database.db, 'nobody')).toStrictEqual({ referenceBook: null, timeZone: DEFAULT_TIME_ZONE, saved: false });
  });

  it('connects again after $disconnect, as Prisma does', async () => {
    const { db } = database;
    await db.$disconnect();
    const [row] = await selectRows(db, sql`SELECT COUNT(*) AS "games" FROM "Game"`, { games: 'int' });
    expect(row).toStrictEqual({ games: 2 });
    await db.$disconnect();
    expect(await db.game.count()).toBe(2);
    expect(await selectRows(db, sql`SELECT "id" FROM "Game" WHERE "id" = ${'none'}`, { id: 'text' })).toEqual([]);
  });

  it('says clearly when a column is missing or null against its kind', async () => {
    const { db } = database;
    await expect(selectRows(db, sql`SELECT "id" FROM "Game"`, { name: 'text' })).rejects.toThrow('the query has no column name');
    await expect(selectRows(db, sql`SELECT "venueId" FROM "Game" ORDER BY "id"`, { venueId: 'text' })).rejects.toThrow(
      'column venueId is null where text was expected',
    );
  });
});

describe.each([true, false])('selectRows against a stalled PostgreSQL, adapterReads %s', (adapterReads) => {
  it('fails within the query timeout with an error read as the database being unavailable, and recovers', async () => {
    const database = await testDatabase('postgres');
    const target = new URL(database.url);
    const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(database.url);
    proxied.port = String(proxy.port);
    const db = createDb(proxied.toString(), { timeouts: { connectSeconds: 1, querySeconds: 1, idleSeconds: 30 }, adapterReads });
    const count = () => selectRows(db, sql`SELECT COUNT(*) AS "games" FROM "Game"`, { games: 'int' });
    try {
      expect(await count()).toEqual([{ games: 0 }]);
      proxy.stall();
      const started = Date.now();
      const error = await count().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      proxy.forward();
      expect(await count()).toEqual([{ games: 0 }]);
    } finally {
      await db.$disconnect();
      await proxy.close();
      await database.close();
    }
  });
});
