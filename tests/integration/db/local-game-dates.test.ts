import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { gameIdFor, leagueDay, type Sport } from '@/lib/data/sports';
import { createDb, type Db } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase, type FreshDatabase } from '../../helpers/db';
import { PROVIDERS } from '../../helpers/fixtures';

// Migration 0004_local_game_dates on both providers: games stored with the old UTC-dated ids, with prices,
// history, weather, stats, bets, picks and fetch keys, are re-dated to the league's local date, and every
// reference follows. The expected ids come from Intl (gameIdFor), independently of the SQL.

/**
 * A game as the database held it at 0003, written with the columns it had then (Prisma's create names every
 * column of today's schema).
 */
async function insertGame(
  db: Db,
  game: { id: string; sport: string; startsAt: Date; home: string; away: string; source: string },
): Promise<void> {
  await db.$executeRaw`INSERT INTO "Game" ("id", "sport", "season", "startsAt", "homeTeamId", "awayTeamId", "source", "updatedAt")
    VALUES (${game.id}, ${game.sport}, 2026, ${game.startsAt}, ${`${game.sport}:${game.home}`}, ${`${game.sport}:${game.away}`}, ${game.source}, ${new Date()})`;
}

const ROOT = path.resolve(__dirname, '../../..');
const MIGRATION = '0004_local_game_dates';

/** The id as stored before the migration: the UTC date. */
const oldIdFor = (sport: Sport, startsAt: Date, away: string, home: string) =>
  `${sport}-${startsAt.toISOString().slice(0, 10).replaceAll('-', '')}-${away.toLowerCase()}-${home.toLowerCase()}`;

interface Case {
  sport: Sport;
  startsAt: string;
  expectedDay?: string;
}

// Hand-checked instants around midnight and both daylight-saving changes of each zone in 2026.
const CASES: Case[] = [
  { sport: 'nfl', startsAt: '2026-11-24T01:15:00Z', expectedDay: '20261123' }, // Monday Night Football, 20:15 EST
  { sport: 'nfl', startsAt: '2026-09-15T00:15:00Z', expectedDay: '20260914' }, // Monday 20:15 EDT
  { sport: 'nba', startsAt: '2026-11-24T04:59:00Z', expectedDay: '20261123' }, // 23:59 EST
  { sport: 'nba', startsAt: '2026-11-24T05:00:00Z', expectedDay: '20261124' }, // 00:00 EST
  { sport: 'nhl', startsAt: '2026-03-08T06:59:00Z', expectedDay: '20260308' }, // 01:59 EST, just before the spring change
  { sport: 'nhl', startsAt: '2026-03-09T03:59:00Z', expectedDay: '20260308' }, // 23:59 EDT
  { sport: 'mlb', startsAt: '2026-03-08T04:30:00Z', expectedDay: '20260307' }, // 23:30 EST on the Saturday
  { sport: 'mlb', startsAt: '2026-11-01T04:30:00Z', expectedDay: '20261101' }, // 00:30 EDT on the Sunday of the fall change
  { sport: 'ncaab', startsAt: '2026-11-02T04:30:00Z', expectedDay: '20261101' }, // 23:30 EST after the fall change
  { sport: 'ncaaf', startsAt: '2026-11-22T00:30:00Z', expectedDay: '20261121' }, // Saturday 19:30 EST
  { sport: 'epl', startsAt: '2026-08-22T23:30:00Z', expectedDay: '20260823' }, // 00:30 BST: a day later than UTC
  { sport: 'epl', startsAt: '2026-03-29T00:59:00Z', expectedDay: '20260329' }, // 00:59 GMT
  { sport: 'epl', startsAt: '2026-03-28T23:30:00Z', expectedDay: '20260328' }, // 23:30 GMT on the Saturday
  { sport: 'epl', startsAt: '2026-10-24T23:30:00Z', expectedDay: '20261025' }, // 00:30 BST on the Sunday of the change
  { sport: 'epl', startsAt: '2026-10-25T23:30:00Z', expectedDay: '20261025' }, // 23:30 GMT after it
  { sport: 'epl', startsAt: '2026-12-26T15:00:00Z', expectedDay: '20261226' },
];

/** Team abbreviations unique per case, so no two cases share an id. */
const teamsOf = (index: number) => ({ away: `A${index}`, home: `H${index}` });

describe('leagueDay and gameIdFor', () => {
  it('date ids by the league local date (hand-checked instants)', () => {
    for (const { sport, startsAt, expectedDay } of CASES) {
      expect(leagueDay(sport, new Date(startsAt)), `${sport} ${startsAt}`).toBe(expectedDay);
    }
    expect(gameIdFor('nfl', new Date('2026-11-24T01:15:00Z'), 'BAL', 'PIT')).toBe('nfl-20261123-bal-pit');
  });
});

describe.each(PROVIDERS)('migration 0004 on %s', (provider) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function databaseBefore(): Promise<FreshDatabase> {
    const database = await freshDatabase(provider);
    cleanups.push(database.drop);
    const before = mkdtempSync(path.join(os.tmpdir(), 'jev-migrations-'));
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    for (const name of ['0001_init', '0002_sports_data', '0003_provider_fetch_claims']) {
      cpSync(path.join(ROOT, 'prisma/migrations', provider, name), path.join(before, provider, name), { recursive: true });
    }
    await migrate(database.url, { migrationsDir: before });
    return database;
  }

  it(`re-dates stored games and moves every reference (${MIGRATION})`, async () => {
    // Random instants across 2025–2028 beside the hand-checked ones, checked against Intl.
    const random = fc.sample(
      fc.record({
        sport: fc.constantFrom<Sport>('nfl', 'nba', 'mlb', 'nhl', 'ncaaf', 'ncaab', 'epl'),
        at: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) }),
      }),
      { numRuns: 150, seed: 16 },
    );
    const cases: Case[] = [...CASES, ...random.map(({ sport, at }) => ({ sport, startsAt: new Date(at).toISOString() }))];

    const database = await databaseBefore();
    const db = createDb(database.url);
    cleanups.push(() => db.$disconnect());
    // `select`: this client knows columns later migrations add, and the database is still at 0003.
    const user = await db.user.create({ data: { email: `migrate-${provider}@example.com` }, select: { id: true } });
    const games = cases.map((c, index) => {
      const startsAt = new Date(c.startsAt);
      const { away, home } = teamsOf(index);
      return {
        ...c,
        index,
        startsAt,
        away,
        home,
        oldId: oldIdFor(c.sport, startsAt, away, home),
        newId: gameIdFor(c.sport, startsAt, away, home),
      };
    });
    for (const game of games) {
      for (const team of [game.away, game.home]) {
        await db.team.create({ data: { id: `${game.sport}:${team}`, sport: game.sport, abbreviation: team, name: team } });
      }
      await insertGame(db, {
        id: game.oldId,
        sport: game.sport,
        startsAt: game.startsAt,
        home: game.home,
        away: game.away,
        source: 'live',
      });
    }
    // References to the Monday night game (index 0) in every table that holds a game id.
    const monday = games[0]!;
    const at = new Date('2026-11-23T12:00:00Z');
    const quote = { market: 'h2h', book: 'draftkings', outcome: 'A0', americanOdds: -120 };
    await db.price.create({ data: { gameId: monday.oldId, ...quote, updatedAt: at } });
    await db.priceHistory.create({ data: { gameId: monday.oldId, ...quote, observedAt: at }, select: { id: true } });
    await db.weather.create({
      data: {
        gameId: monday.oldId,
        forecastFor: monday.startsAt,
        temperatureF: 40,
        windMph: 5,
        conditions: 'Clear',
        updatedAt: at,
        source: 'live',
      },
    });
    await db.playerStat.create({
      data: { sport: 'nfl', player: 'P', teamId: 'nfl:A0', gameId: monday.oldId, playedAt: monday.startsAt, stats: '{}', source: 'live' },
    });
    const wager = { userId: user.id, sport: 'nfl', gameId: monday.oldId, market: 'h2h', selection: 'A0', americanOdds: -120 };
    // Only the id back: the client knows columns later migrations add.
    const bet = await db.bet.create({ data: { ...wager, stakeCents: 1000, placedAt: at }, select: { id: true } });
    const pick = await db.recommendation.create({ data: { ...wager, probability: 0.6, reasoning: 'r', risks: 'r' }, select: { id: true } });
    for (const key of [`props:${monday.oldId}`, `stats:${monday.oldId}`, 'odds:nfl']) {
      // Only the key back: later migrations add columns (0014 backoffAfter) this schema has not got yet.
      await db.providerFetch.create({ data: { key, attemptedAt: at, fetchedAt: at }, select: { key: true } });
    }
    // Ids the migration must leave alone: not of the generated shape, or already local-dated.
    await insertGame(db, { id: 'nfl-final', sport: 'nfl', startsAt: monday.startsAt, home: 'H0', away: 'A0', source: 'sample' });
    await db.bet.create({ data: { ...wager, gameId: 'nfl-final', stakeCents: 500, placedAt: at }, select: { id: true } });

    const { applied } = await migrate(database.url);
    expect(applied[0]).toBe(MIGRATION); // later migrations follow it

    const stored = new Map((await db.game.findMany({ select: { id: true, startsAt: true } })).map((g) => [g.id, g.startsAt]));
    for (const game of games) {
      expect(stored.has(game.newId), `${game.sport} ${game.startsAt.toISOString()}: ${game.newId}`).toBe(true);
      if (game.expectedDay) expect(game.newId.split('-')[1]).toBe(game.expectedDay);
    }
    expect(stored.size).toBe(games.length + 1);
    expect(stored.has('nfl-final')).toBe(true);
    expect(monday.newId).toBe('nfl-20261123-a0-h0');

    const newId = monday.newId;
    expect(await db.price.count({ where: { gameId: newId } })).toBe(1);
    expect(await db.priceHistory.count({ where: { gameId: newId } })).toBe(1);
    expect(await db.weather.count({ where: { gameId: newId } })).toBe(1);
    expect(await db.playerStat.count({ where: { gameId: newId } })).toBe(1);
    expect((await db.bet.findUniqueOrThrow({ where: { id: bet.id } })).gameId).toBe(newId);
    expect((await db.recommendation.findUniqueOrThrow({ where: { id: pick.id } })).gameId).toBe(newId);
    expect((await db.bet.findMany({ where: { gameId: 'nfl-final' } })).length).toBe(1);
    const keys = (await db.providerFetch.findMany({ select: { key: true } })).map((row) => row.key).sort();
    expect(keys).toEqual([`props:${newId}`, `stats:${newId}`, 'odds:nfl'].sort());
    // Nothing still points at an old id.
    for (const table of [db.price, db.priceHistory, db.weather, db.playerStat] as const) {
      expect(await (table as typeof db.price).count({ where: { gameId: monday.oldId } })).toBe(0);
    }
  }, 120_000);
});
