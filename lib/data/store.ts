import type { Db } from '@/lib/db/client';
import { join, raw, sql } from '@/lib/db/sql';
import { CATALOGUE } from './teams';

// Writes shared by the sample loader and ingestion. Each is one transaction: a failure half-way leaves the
// stored data as it was, and writing the same data twice stores nothing twice.

/** 'espn': box-score lines from ESPN's summaries (their games are 'live'). */
export type DataSource = 'sample' | 'live' | 'espn';

export interface GameRecord {
  id: string;
  sport: string;
  season: number;
  startsAt: Date;
  homeTeamId: string;
  awayTeamId: string;
  venueId: string | null;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  oddsEventId: string | null;
  source: DataSource;
}

export interface PriceRecord {
  gameId: string;
  market: string;
  /** '' for game markets. */
  player: string;
  book: string;
  outcome: string;
  point: number | null;
  americanOdds: number;
  updatedAt: Date;
}

/** One outcome of one alternate line at one book (AlternatePrice): the point is part of what it is. */
export interface AlternateRecord {
  gameId: string;
  /** 'alternate_spreads' | 'alternate_totals' */
  market: string;
  book: string;
  outcome: string;
  point: number;
  americanOdds: number;
  updatedAt: Date;
}

export interface InjuryRecord {
  sport: string;
  teamId: string;
  player: string;
  position: string | null;
  status: string;
  detail: string | null;
  reportedAt: Date;
}

export interface WeatherRecord {
  gameId: string;
  forecastFor: Date;
  temperatureF: number;
  windMph: number;
  precipitationProbability: number | null;
  conditions: string;
}

export interface PlayerStatRecord {
  sport: string;
  player: string;
  teamId: string;
  gameId: string;
  playedAt: Date;
  stats: Record<string, number>;
}

/**
 * Teams, aliases and venues from lib/data/teams.ts that the database lacks; cheap to repeat. Venues are checked
 * for every team, known or not: a game names its venue, and a team stored without one (by hand or by an older
 * catalogue) must not make its games unstorable.
 */
export async function syncCatalogue(db: Db): Promise<void> {
  const [teams, storedVenues] = await Promise.all([
    db.team.findMany({ select: { id: true } }),
    db.venue.findMany({ select: { id: true } }),
  ]);
  const known = new Set(teams.map((team) => team.id));
  const knownVenues = new Set(storedVenues.map((venue) => venue.id));
  const missing = CATALOGUE.filter((team) => !known.has(team.id));
  const venues = new Map(CATALOGUE.filter((team) => !knownVenues.has(team.venue.id)).map((team) => [team.venue.id, team.venue]));
  if (missing.length === 0 && venues.size === 0) return;
  await db.$transaction([
    db.venue.createMany({ data: [...venues.values()] }),
    db.team.createMany({
      data: missing.map(({ id, sport, abbreviation, name, venue }) => ({ id, sport, abbreviation, name, venueId: venue.id })),
    }),
    db.teamAlias.createMany({
      data: missing.flatMap((team) => team.aliases.map((alias) => ({ sport: team.sport, alias, teamId: team.id }))),
    }),
  ]);
}

/** Games are keyed by our own id; a final score is never replaced by a later "scheduled". */
export async function upsertGames(db: Db, reported: readonly GameRecord[]): Promise<void> {
  const games = [...new Map(reported.map((game) => [game.id, game])).values()];
  if (games.length === 0) return;
  const stored = new Map(
    (await db.game.findMany({ where: { id: { in: games.map((g) => g.id) } }, select: { id: true, status: true } })).map((g) => [
      g.id,
      g.status,
    ]),
  );
  const known = games.filter((game) => stored.has(game.id));
  await db.$transaction([
    db.game.createMany({ data: games.filter((game) => !stored.has(game.id)) }),
    ...known.map(({ id, ...game }) =>
      db.game.update({
        where: { id },
        data: stored.get(id) === 'final' && game.status !== 'final' ? { oddsEventId: game.oddsEventId ?? undefined } : game,
      }),
    ),
  ]);
}

const PRICE_COLUMNS = ['gameId', 'market', 'player', 'book', 'outcome', 'point', 'americanOdds', 'updatedAt'] as const;
const HISTORY_COLUMN_NAMES: Partial<Record<string, string>> = { updatedAt: 'observedAt' };
/** Bound parameters per statement, under SQLite's limit of 32766 (PostgreSQL allows 65535). */
const MAX_PARAMETERS = 30_000;

/**
 * Multi-row INSERTs for the price tables. Prisma's createMany costs about 0.3 ms a row here, which made a full
 * slate take seconds; one parameterised statement per few thousand rows takes milliseconds. Dates are bound as
 * Date objects, so each adapter stores them exactly as Prisma itself does.
 */
function bulkInsert(db: Db, table: 'Price' | 'PriceHistory', rows: readonly PriceRecord[]) {
  const columns = PRICE_COLUMNS;
  const names = columns.map((column) => `"${(table === 'PriceHistory' && HISTORY_COLUMN_NAMES[column]) || column}"`).join(', ');
  const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows.slice(start, start + perStatement).map((row) => sql`(${join(columns.map((column) => row[column]))})`);
    statements.push(db.$executeRaw`INSERT INTO ${raw(`"${table}" (${names})`)} VALUES ${join(values)}`);
  }
  return statements;
}

const priceKey = (p: { gameId: string; market: string; player: string; book: string; outcome: string }) =>
  `${p.gameId}|${p.market}|${p.player}|${p.book}|${p.outcome}`;

/**
 * Makes these the current prices and appends each change of price or line to the history. A book or outcome
 * absent from `prices` keeps its stored row (its age shows it is old). Returns how many prices changed.
 */
export async function mergePrices(db: Db, prices: readonly PriceRecord[]): Promise<{ changed: number; unchanged: number }> {
  return mergePriceSnapshots(db, [prices]);
}

/**
 * What merging each snapshot in turn with mergePrices would store, in one read and one transaction: the prices
 * are folded in memory, so a slate's recorded movement (the sample's two days of re-pricing) costs no more round
 * trips than its last snapshot. Returns how many prices changed, over all snapshots.
 */
export async function mergePriceSnapshots(
  db: Db,
  snapshots: readonly (readonly PriceRecord[])[],
): Promise<{ changed: number; unchanged: number }> {
  const all = snapshots.flat();
  if (all.length === 0) return { changed: 0, unchanged: 0 };
  const gameIds = [...new Set(all.map((p) => p.gameId))];
  const markets = [...new Set(all.map((p) => p.market))];
  const stored = new Set<string>();
  const latest = new Map<string, Pick<PriceRecord, 'americanOdds' | 'point' | 'updatedAt'>>();
  for (const price of await db.price.findMany({ where: { gameId: { in: gameIds }, market: { in: markets } } })) {
    stored.add(priceKey(price));
    latest.set(priceKey(price), price);
  }
  const written = new Map<string, PriceRecord>();
  const changes: PriceRecord[] = [];
  for (const prices of snapshots) {
    const created: PriceRecord[] = [];
    const moved: PriceRecord[] = [];
    for (const [key, price] of new Map(prices.map((p) => [priceKey(p), p]))) {
      const before = latest.get(key);
      if (!before) created.push(price);
      else if (before.americanOdds !== price.americanOdds || before.point !== price.point) moved.push(price);
      else if (!(price.updatedAt > before.updatedAt)) continue; // confirmed (a newer stamp) or nothing new
      latest.set(key, price);
      written.set(key, price);
    }
    changes.push(...created, ...moved);
  }
  // Replaced rows are deleted and re-created per game and market: far fewer statements than one update each.
  const replaced = new Map<string, PriceRecord[]>();
  for (const [key, price] of written) {
    if (!stored.has(key)) continue;
    const group = `${price.gameId}|${price.market}`;
    replaced.set(group, [...(replaced.get(group) ?? []), price]);
  }
  await db.$transaction([
    ...[...replaced.values()].map((group) =>
      db.price.deleteMany({
        where: {
          gameId: group[0]!.gameId,
          market: group[0]!.market,
          OR: group.map(({ player, book, outcome }) => ({ player, book, outcome })),
        },
      }),
    ),
    ...bulkInsert(db, 'Price', [...written.values()]),
    ...bulkInsert(db, 'PriceHistory', changes),
  ]);
  return { changed: changes.length, unchanged: all.length - changes.length };
}

/**
 * The stored alternate lines of these games become exactly `rows` (a line a book no longer offers is gone), in one
 * transaction. Alternates keep no history: they are read for the current best price and fair line only. A row twice
 * (same game, market, book, outcome and point) is stored once, the later one. Returns how many rows are stored.
 */
export async function replaceAlternates(db: Db, gameIds: readonly string[], rows: readonly AlternateRecord[]): Promise<number> {
  const unique = new Map(rows.map((row) => [`${row.gameId}|${row.market}|${row.book}|${row.outcome}|${row.point}`, row]));
  await db.$transaction([
    db.alternatePrice.deleteMany({ where: { gameId: { in: [...gameIds] } } }),
    db.alternatePrice.createMany({ data: [...unique.values()] }),
  ]);
  return unique.size;
}

/** The report for these teams becomes exactly `injuries` (a player no longer listed has recovered). */
export async function replaceInjuries(
  db: Db,
  teamIds: readonly string[],
  injuries: readonly InjuryRecord[],
  source: DataSource,
  now: Date,
): Promise<void> {
  await db.$transaction([
    db.injury.deleteMany({ where: { teamId: { in: [...teamIds] } } }),
    db.injury.createMany({
      data: [...new Map(injuries.map((i) => [`${i.teamId}|${i.player}`, i])).values()].map((i) => ({ ...i, updatedAt: now, source })),
    }),
  ]);
}

export async function upsertWeather(db: Db, forecasts: readonly WeatherRecord[], source: DataSource, now: Date): Promise<void> {
  await db.$transaction(
    forecasts.map(({ gameId, ...forecast }) =>
      db.weather.upsert({
        where: { gameId },
        create: { gameId, ...forecast, updatedAt: now, source },
        update: { ...forecast, updatedAt: now, source },
      }),
    ),
  );
}

/** Each game's box score is replaced as a whole. */
export async function replacePlayerStats(db: Db, lines: readonly PlayerStatRecord[], source: DataSource): Promise<void> {
  await db.$transaction([
    db.playerStat.deleteMany({ where: { gameId: { in: [...new Set(lines.map((line) => line.gameId))] } } }),
    db.playerStat.createMany({ data: lines.map(({ stats, ...line }) => ({ ...line, stats: JSON.stringify(stats), source })) }),
  ]);
}

/** Every game, price, future, injury, forecast, stat line and fetch record (or only the sample's); the team catalogue stays. */
export async function clearSportsData(db: Db, source?: DataSource): Promise<void> {
  const where = source ? { source } : {};
  const gameIds = source ? (await db.game.findMany({ where, select: { id: true } })).map((g) => g.id) : undefined;
  await db.$transaction([
    db.priceHistory.deleteMany({ where: gameIds ? { gameId: { in: gameIds } } : {} }),
    db.game.deleteMany({ where }), // prices, weather and stat lines go with their games
    db.injury.deleteMany({ where }),
    db.futurePrice.deleteMany({ where }),
    ...(source ? [] : [db.providerFetch.deleteMany({})]),
  ]);
}
