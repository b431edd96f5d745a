import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leagueDay } from '@/lib/data/sports';
import { config } from '@/lib/config';
import { fetchClaims, refreshGameProps, type IngestSummary, type IngestTask } from '@/lib/data/ingest';
import { freshProps } from '@/lib/data/props';
import { createProviders } from '@/lib/data/providers';
import type { OddsApi } from '@/lib/data/providers/odds-api';
import { createDb, type Db } from '@/lib/db/client';
import { createRoot } from '@/lib/root';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { oddsEvent, propsEvent, QUOTA, startFakeProviders, type FakeProviders, type Reply } from './fake-providers';

// Quota is never spent twice for the same data, however many processes ask at once: a fetch is claimed in
// ProviderFetch first, on SQLite and PostgreSQL. The races run in separate processes sharing one database
// and one loopback Odds API (SQLite's busy wait would stall a single process holding several connections);
// the rest uses a Prisma client per "process" (its own SQLite connection or PostgreSQL pool) in this one.

const HOUR = 3_600_000;
const PROPS_TTL_MS = 600_000;
const ODDS_PATH = '/v4/sports/americanfootball_nfl/odds';
const PROPS_PATH = '/v4/sports/americanfootball_nfl/events/ev1/odds';
/** Long enough for every caller to ask while the first one's fetch is still on its way. */
const SLOW_MS = 1_000;
const TSX_CLI = path.resolve('node_modules/tsx/dist/cli.mjs');
const INSTANCE = path.resolve('tests/integration/data/fixtures/ingest-instance.ts');
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
  // Read once by config() on first use, so set before anything asks for it. Leases last 4 s + 5 s.
  Object.assign(process.env, { ODDS_API_KEY: 'fake-key', ODDS_API_BASE_URL: fake.baseUrl, PROVIDER_TIMEOUT_SECONDS: '4' });
});
afterAll(() => fake?.close());

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs one ingestion task in `count` processes (tests/integration/data/fixtures/ingest-instance.ts) at the same moment. */
async function raceInstances(databaseUrl: string, task: IngestTask, count: number): Promise<IngestSummary[]> {
  const instances = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, [TSX_CLI, INSTANCE, databaseUrl, task], { stdio: ['pipe', 'pipe', 'pipe'] });
    const output = { stdout: '', stderr: '' };
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => ((output.stdout += chunk.toString()), output.stdout.startsWith('ready\n') && resolve()));
      void exited.then(() => reject(new Error(`instance ended before it was ready:\n${output.stderr}`)));
    });
    return { child, output, exited, ready };
  });
  try {
    await Promise.all(instances.map((instance) => instance.ready));
  } catch (error) {
    for (const { child } of instances) child.kill();
    throw error;
  }
  for (const { child } of instances) child.stdin.end('go\n');
  return Promise.all(
    instances.map(async ({ exited, output }) => {
      if ((await exited) !== 0) throw new Error(`instance failed:\n${output.stderr}`);
      return JSON.parse(output.stdout.trim().split('\n').at(-1) as string) as IngestSummary;
    }),
  );
}

/** One instance fetched `what`; every other one found it being fetched (or, when late, already fresh). */
function expectOneFetched(summaries: IngestSummary[], what: string): void {
  const skipped = summaries.map((summary) => summary.skipped.join('; ')).sort();
  expect(skipped[0]).toBe('');
  for (const line of skipped.slice(1)) expect([`${what}: already being fetched by another caller`, `${what}: still fresh`]).toContain(line);
  expect(skipped).toContain(`${what}: already being fetched by another caller`);
}

describe.each(PROVIDERS)('fetch claims on %s', (provider) => {
  let database: TestDatabase;
  let processes: [Db, Db, Db, Db];
  const kickoff = new Date(Date.now() + 30 * HOUR);
  kickoff.setUTCMinutes(0, 0, 0);
  const gameId = `nfl-${leagueDay('nfl', kickoff)}-buf-kc`;
  const propsKey = `props:${gameId}`;
  const odds = () => createProviders(config()).odds as OddsApi;
  /** Claims as every process here holds them: PROVIDER_TIMEOUT_SECONDS and a moment, on the wall clock. */
  const claims = () => fetchClaims(config().PROVIDER_TIMEOUT_SECONDS * 1000);
  const game = () => database.db.game.findUniqueOrThrow({ where: { id: gameId } });
  const serveOdds = (extra: Partial<Exclude<Reply, 'hang'>> = {}) =>
    fake.routes.set(ODDS_PATH, () => ({
      headers: QUOTA,
      body: [oddsEvent('ev1', kickoff.toISOString(), 'Kansas City Chiefs', 'Buffalo Bills', new Date().toISOString())],
      ...extra,
    }));
  const serveProps = (extra: Partial<Exclude<Reply, 'hang'>> = {}) =>
    fake.routes.set(PROPS_PATH, () => ({
      headers: QUOTA,
      body: propsEvent('ev1', kickoff.toISOString(), 'Kansas City Chiefs', 'Buffalo Bills', new Date().toISOString()),
      ...extra,
    }));
  const propsRow = () => database.db.providerFetch.findUniqueOrThrow({ where: { key: propsKey } });

  beforeAll(async () => {
    database = await testDatabase(provider);
    processes = [createDb(database.url), createDb(database.url), createDb(database.url), createDb(database.url)];
    await Promise.all(processes.map((db) => db.providerFetch.count())); // connected before the races start
    serveOdds();
    await createRoot({ config: config(), db: database.db }).ingest({
      sports: ['nfl'],
      only: 'odds',
      mode: 'manual',
      now: () => new Date(),
    });
  });
  afterAll(async () => {
    await Promise.all((processes ?? []).map((db) => db.$disconnect()));
    await database?.close();
  });
  beforeEach(async () => {
    fake.routes.clear();
    serveOdds();
    serveProps();
    await database.db.providerFetch.deleteMany({ where: { key: propsKey } });
  });

  it('four instances refreshing the same stale props spend quota once: one fetches, the others see it being fetched', async () => {
    serveProps({ delayMs: SLOW_MS });
    const before = fake.count(PROPS_PATH);
    const summaries = await raceInstances(database.url, 'props', 4);
    expect(fake.count(PROPS_PATH)).toBe(before + 1);
    expect(summaries.flatMap((summary) => summary.failures)).toEqual([]);
    expectOneFetched(summaries, `props ${gameId}`);
    expect(await propsRow()).toMatchObject({ claimedUntil: null, lastError: null, requestsRemaining: 480 });
    expect(await database.db.price.count({ where: { gameId, player: { not: '' } } })).toBe(6);
  }, 60_000);

  it('four instances ingesting stale odds at once spend quota once', async () => {
    await database.db.providerFetch.update({ where: { key: 'odds:nfl' }, data: { fetchedAt: new Date(Date.now() - HOUR) } });
    serveOdds({ delayMs: SLOW_MS });
    const before = fake.count(ODDS_PATH);
    const summaries = await raceInstances(database.url, 'odds', 4);
    expect(fake.count(ODDS_PATH)).toBe(before + 1);
    expect(summaries.map((summary) => summary.games).sort()).toEqual([0, 0, 0, 1]);
    expectOneFetched(summaries, 'odds nfl');
  }, 60_000);

  it('get_player_props in another process waits for the fetch in flight and gets its props', async () => {
    serveProps({ delayMs: SLOW_MS });
    const before = fake.count(PROPS_PATH);
    const holder = refreshGameProps(processes[0], claims(), odds(), await game(), new Date(), PROPS_TTL_MS);
    await until(() => fake.count(PROPS_PATH) === before + 1);
    const waiter = await freshProps(processes[1], { inFlight: new Map(), claims: claims() }, await game(), new Date(), {
      odds: odds(),
      ttlMs: PROPS_TTL_MS,
    });
    expect(waiter).toEqual({});
    expect((await holder).status).toBe('done');
    expect(fake.count(PROPS_PATH)).toBe(before + 1);
  });

  it('a holder that crashed blocks others only until its lease lapses; then the next caller takes it over', async () => {
    await database.db.providerFetch.create({
      data: { key: propsKey, attemptedAt: new Date(), claimedUntil: new Date(Date.now() + 1_000) },
    });
    const before = fake.count(PROPS_PATH);
    expect((await refreshGameProps(processes[0], claims(), odds(), await game(), new Date(), PROPS_TTL_MS)).status).toBe('busy');
    const started = Date.now();
    const waited = await freshProps(processes[1], { inFlight: new Map(), claims: claims() }, await game(), new Date(), {
      odds: odds(),
      ttlMs: PROPS_TTL_MS,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(waited.note).toContain('did not finish in time');
    expect(waited.note).toContain('stored props');
    expect(fake.count(PROPS_PATH)).toBe(before);
    expect((await refreshGameProps(processes[2], claims(), odds(), await game(), new Date(), PROPS_TTL_MS)).status).toBe('done');
    expect(fake.count(PROPS_PATH)).toBe(before + 1);
    expect(await propsRow()).toMatchObject({ claimedUntil: null, lastError: null });
  });

  it('a failed fetch releases its claim: waiters get the error; every process then backs off (no provider call) until the back-off ends', async () => {
    // The back-off follows the callers' clock: pinned here, from `failedAt`.
    const failedAt = new Date(Date.now() + HOUR);
    const later = (seconds: number) => new Date(failedAt.getTime() + seconds * 1000);
    serveProps({ status: 500, body: { message: 'down' }, delayMs: SLOW_MS });
    const before = fake.count(PROPS_PATH);
    const holder = refreshGameProps(processes[0], claims(), odds(), await game(), failedAt, PROPS_TTL_MS);
    await until(() => fake.count(PROPS_PATH) === before + 1);
    const waiter = await freshProps(processes[1], { inFlight: new Map(), claims: claims() }, await game(), failedAt, {
      odds: odds(),
      ttlMs: PROPS_TTL_MS,
    });
    expect(waiter.note).toContain('HTTP 500');
    expect((await holder).status).toBe('failed');
    expect(await propsRow()).toMatchObject({ claimedUntil: null, lastError: expect.stringContaining('HTTP 500'), backoffUntil: later(30) });

    // Inside the back-off no process asks the provider, though it would answer now.
    serveProps();
    expect(await refreshGameProps(processes[2], claims(), odds(), await game(), later(29), PROPS_TTL_MS)).toMatchObject({
      status: 'backoff',
      until: later(30),
      after: 'failure',
    });
    const inside = await freshProps(processes[3], { inFlight: new Map(), claims: claims() }, await game(), later(10), {
      odds: odds(),
      ttlMs: PROPS_TTL_MS,
    });
    expect(inside.note).toBe(
      'The odds provider failed recently; next try in about 20 s; these are the stored props, as old as their updatedAgo says.',
    );
    expect(fake.count(PROPS_PATH)).toBe(before + 1);
    expect((await refreshGameProps(processes[2], claims(), odds(), await game(), later(30), PROPS_TTL_MS)).status).toBe('done');
    expect(fake.count(PROPS_PATH)).toBe(before + 2);
    expect(await propsRow()).toMatchObject({ lastError: null, backoffUntil: null });

    // A 429 keeps its own rule: its Retry-After.
    const stale = later(30 + PROPS_TTL_MS / 1000);
    const at = (seconds: number) => new Date(stale.getTime() + seconds * 1000);
    serveProps({ status: 429, headers: { ...QUOTA, 'retry-after': '120' }, body: { message: 'quota' } });
    expect((await refreshGameProps(processes[0], claims(), odds(), await game(), stale, PROPS_TTL_MS)).status).toBe('failed');
    serveProps();
    expect(await refreshGameProps(processes[1], claims(), odds(), await game(), at(119), PROPS_TTL_MS)).toMatchObject({
      status: 'backoff',
      after: 'rate limit',
    });
    expect(fake.count(PROPS_PATH)).toBe(before + 3);
    expect((await refreshGameProps(processes[3], claims(), odds(), await game(), at(120), PROPS_TTL_MS)).status).toBe('done');
    expect(fake.count(PROPS_PATH)).toBe(before + 4);
  });
});
