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
const HISTORY_COLUMNS = [...PRICE_COLUMNS, 'confirmedUntil'] as const;
const HISTORY_COLUMN_NAMES: Partial<Record<string, string>> = { updatedAt: 'observedAt' };
/** Bound parameters per statement, under SQLite's limit of 32766 (PostgreSQL allows 65535). */
const MAX_PARAMETERS = 30_000;

/** A recorded change: the price, observed at `updatedAt`, and (once it is no longer the book's price) its last confirmation. */
type HistoryRecord = PriceRecord & { confirmedUntil: Date | null };

/**
 * Multi-row INSERTs for the price tables. Prisma's createMany costs about 0.3 ms a row here, which made a full
 * slate take seconds; one parameterised statement per few thousand rows takes milliseconds. Dates are bound as
 * Date objects, so each adapter stores them exactly as Prisma itself does.
 */
function bulkInsert(db: Db, table: 'Price' | 'PriceHistory', rows: readonly PriceRecord[] | readonly HistoryRecord[]) {
  // A price row is asked only for the price columns; a recorded change has one more.
  const columns: readonly (keyof HistoryRecord)[] = table === 'PriceHistory' ? HISTORY_COLUMNS : PRICE_COLUMNS;
  const names = columns.map((column) => `"${(table === 'PriceHistory' && HISTORY_COLUMN_NAMES[column]) || column}"`).join(', ');
  const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows
      .slice(start, start + perStatement)
      .map((row) => sql`(${join(columns.map((column) => (row as HistoryRecord)[column]))})`);
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
  const changes: HistoryRecord[] = [];
  // A change ends the price before it, whose record then says until when the book confirmed it (the closing line's
  // age, lib/data/repositories/odds.ts): set here on a change of this merge, by confirmedUntilWrites on a stored one.
  const recordedHere = new Map<string, HistoryRecord>();
  const endedStored = new Map<string, { price: PriceRecord; confirmedUntil: Date }>();
  for (const prices of snapshots) {
    const created: HistoryRecord[] = [];
    const moved: HistoryRecord[] = [];
    for (const [key, price] of new Map(prices.map((p) => [priceKey(p), p]))) {
      const before = latest.get(key);
      if (before && before.americanOdds === price.americanOdds && before.point === price.point) {
        if (!(price.updatedAt > before.updatedAt)) continue; // confirmed (a newer stamp) or nothing new
      } else {
        const change: HistoryRecord = { ...price, confirmedUntil: null };
        (before ? moved : created).push(change);
        const ended = recordedHere.get(key);
        if (ended) ended.confirmedUntil = before!.updatedAt;
        else if (before) endedStored.set(key, { price, confirmedUntil: before.updatedAt });
        recordedHere.set(key, change);
      }
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
  const confirmations = await confirmedUntilWrites(db, [...endedStored.values()]);
  await db.$transaction([
    ...confirmations,
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

/** Record ids bound per statement, with the time: under MAX_PARAMETERS. */
const IDS_PER_STATEMENT = MAX_PARAMETERS - 1;

/**
 * The writes that close the records of stored prices a change or a take-down ends: each price's latest recorded
 * change gets `confirmedUntil`, when the book last confirmed it. To run in the transaction that ends them, before any
 * new change of theirs is recorded. The records still open (confirmedUntil null) are read first, one query.
 */
async function confirmedUntilWrites(
  db: Db,
  ended: readonly { price: Omit<PriceRecord, 'point' | 'americanOdds' | 'updatedAt'>; confirmedUntil: Date }[],
) {
  if (ended.length === 0) return [];
  const open = await db.priceHistory.findMany({
    where: {
      gameId: { in: [...new Set(ended.map(({ price }) => price.gameId))] },
      market: { in: [...new Set(ended.map(({ price }) => price.market))] },
      confirmedUntil: null,
    },
    select: { id: true, gameId: true, market: true, player: true, book: true, outcome: true },
  });
  const latestRecord = new Map<string, number>();
  for (const record of open) {
    const key = priceKey(record);
    if (record.id > (latestRecord.get(key) ?? -1)) latestRecord.set(key, record.id);
  }
  // One statement per confirmation time: a book confirms its prices together, so there are few.
  const idsByTime = new Map<number, number[]>();
  for (const { price, confirmedUntil } of ended) {
    const id = latestRecord.get(priceKey(price));
    if (id === undefined) continue;
    const ids = idsByTime.get(confirmedUntil.getTime()) ?? [];
    ids.push(id);
    idsByTime.set(confirmedUntil.getTime(), ids);
  }
  // Raw, as bulkInsert: Prisma's updateMany binds each id apart and refuses past SQLite's 999 parameters.
  return [...idsByTime].flatMap(([time, ids]) =>
    Array.from({ length: Math.ceil(ids.length / IDS_PER_STATEMENT) }, (_, chunk) => {
      const some = ids.slice(chunk * IDS_PER_STATEMENT, (chunk + 1) * IDS_PER_STATEMENT);
      return db.$executeRaw`UPDATE "PriceHistory" SET "confirmedUntil" = ${new Date(time)} WHERE "id" IN (${join(some)})`;
    }),
  );
}

/**
 * Takes these stored prices down (a book pulls a market): each price's record says until when the book confirmed it,
 * so a bet's closing line keeps its age (lib/data/repositories/odds.ts). One transaction.
 */
export async function takeDownPrices(db: Db, where: NonNullable<Parameters<Db['price']['deleteMany']>[0]>['where']): Promise<void> {
  const down = await db.price.findMany({
    where,
    select: { gameId: true, market: true, player: true, book: true, outcome: true, updatedAt: true },
  });
  const confirmations = await confirmedUntilWrites(
    db,
    down.map(({ updatedAt, ...price }) => ({ price, confirmedUntil: updatedAt })),
  );
  await db.$transaction([...confirmations, db.price.deleteMany({ where })]);
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
