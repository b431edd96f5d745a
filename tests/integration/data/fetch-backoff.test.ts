import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClaims, type Gate } from '@/lib/data/ingest';
import { failureBackoffMs, fetchUnderClaim } from '@/lib/data/fetch-claim';
import { ProviderError, RATE_LIMITED } from '@/lib/data/providers/http';
import { createDb, type Db } from '@/lib/db/client';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';

// The back-off after a failed provider fetch, on SQLite and PostgreSQL, on a pinned clock: the key is not fetched
// again for a short while (30 s, doubling with each failure in a row up to the freshness window or 5 minutes),
// by any process sharing the database; a fetch that succeeds ends it; a 429 still waits its Retry-After. What a
// back-off follows (a 429 or another failure) is stored with it (ProviderFetch.backoffAfter), not read from a message.

const SECOND = 1_000;
const NOW = new Date('2026-11-22T18:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * SECOND);
const FRESH_MS = 600 * SECOND;
const claims = fetchClaims(4 * SECOND);
const down = () => {
  throw new ProviderError('The Odds API', 'HTTP 500: down', { status: 500 });
};

describe('failureBackoffMs', () => {
  it('is 30 s, doubled for each failure in a row, at most 5 minutes and the freshness window, never under 30 s', () => {
    const ladder = [0];
    for (let i = 0; i < 6; i++) ladder.push(failureBackoffMs(ladder.at(-1)!, FRESH_MS));
    expect(ladder.slice(1).map((ms) => ms / SECOND)).toEqual([30, 60, 120, 240, 300, 300]);
    expect(failureBackoffMs(30 * SECOND, 45 * SECOND)).toBe(45 * SECOND);
    expect(failureBackoffMs(0, 0)).toBe(30 * SECOND);
    expect(failureBackoffMs(2 * SECOND, FRESH_MS)).toBe(30 * SECOND); // after a 1-second Retry-After
  });
});

describe.each(PROVIDERS)('the back-off after a failed fetch on %s', (provider) => {
  let database: TestDatabase;
  let processes: [Db, Db];
  let calls = 0;
  /** One process's fetch of `key` at `seconds` after NOW, with what the provider does. */
  const fetchAt = (db: Db, key: string, seconds: number, provider: () => void = () => {}): Promise<Gate> =>
    fetchUnderClaim(db, claims, key, FRESH_MS, at(seconds), async () => {
      calls++;
      provider();
    });
  const row = (key: string) => database.db.providerFetch.findUniqueOrThrow({ where: { key } });

  beforeAll(async () => {
    database = await testDatabase(provider);
    processes = [createDb(database.url), createDb(database.url)];
  });
  afterAll(async () => {
    await Promise.all((processes ?? []).map((db) => db.$disconnect()));
    await database?.close();
  });

  it('a failure holds off every process for 30 s, then the next caller fetches; each failure in a row doubles it', async () => {
    const [first, second] = processes;
    expect(await fetchAt(first, 'props:g1', 0, down)).toMatchObject({ status: 'failed' });
    expect(await row('props:g1')).toMatchObject({ backoffUntil: at(30), lastError: 'The Odds API: HTTP 500: down', claimedUntil: null });
    calls = 0;
    expect(await fetchAt(second, 'props:g1', 1)).toEqual({ status: 'backoff', until: at(30), after: 'failure' });
    expect(await fetchAt(first, 'props:g1', 29.999)).toEqual({ status: 'backoff', until: at(30), after: 'failure' });
    expect(calls).toBe(0);

    expect(await fetchAt(second, 'props:g1', 30, down)).toMatchObject({ status: 'failed' });
    expect(calls).toBe(1);
    expect((await row('props:g1')).backoffUntil).toEqual(at(90));
    expect(await fetchAt(first, 'props:g1', 89)).toMatchObject({ status: 'backoff', until: at(90) });
    expect(await fetchAt(first, 'props:g1', 90, down)).toMatchObject({ status: 'failed' });
    expect((await row('props:g1')).backoffUntil).toEqual(at(210));
    expect(calls).toBe(2);
  });

  it('a fetch that succeeds ends the back-off: the next failure starts again at 30 s', async () => {
    const [first, second] = processes;
    await fetchAt(first, 'props:g2', 0, down);
    await fetchAt(first, 'props:g2', 30, down);
    expect((await row('props:g2')).backoffUntil).toEqual(at(90));
    expect(await fetchAt(second, 'props:g2', 90)).toEqual({ status: 'done' });
    expect(await row('props:g2')).toMatchObject({ backoffUntil: null, lastError: null, fetchedAt: at(90) });
    expect(await fetchAt(first, 'props:g2', 90 + 600, down)).toMatchObject({ status: 'failed' });
    expect((await row('props:g2')).backoffUntil).toEqual(at(690 + 30));
  });

  it('a 429 still waits its Retry-After and reads as a rate limit, not as a failure', async () => {
    const [first, second] = processes;
    const limited = () => {
      throw new ProviderError('The Odds API', RATE_LIMITED, { status: 429, retryAfterSeconds: 120 });
    };
    expect(await fetchAt(first, 'odds:nfl', 0, limited)).toMatchObject({ status: 'failed' });
    calls = 0;
    expect(await fetchAt(second, 'odds:nfl', 100)).toEqual({ status: 'backoff', until: at(120), after: 'rate limit' });
    expect(calls).toBe(0);
    expect(await fetchAt(second, 'odds:nfl', 120)).toEqual({ status: 'done' });
    expect(calls).toBe(1);
  });

  it('what a back-off follows is stored, not read from the message: a failure worded like a 429 is still a failure', async () => {
    const [first, second] = processes;
    const lookalike = () => {
      throw new ProviderError('The Odds API', `HTTP 502: upstream said ${RATE_LIMITED}`, { status: 502 });
    };
    expect(await fetchAt(first, 'odds:nba', 0, lookalike)).toMatchObject({ status: 'failed' });
    expect(await row('odds:nba')).toMatchObject({ backoffUntil: at(30), backoffAfter: 'failure' });
    expect(await fetchAt(second, 'odds:nba', 10)).toEqual({ status: 'backoff', until: at(30), after: 'failure' });

    const limitedQuietly = () => {
      throw new ProviderError('The Odds API', 'slow down', { status: 429, retryAfterSeconds: 90 });
    };
    expect(await fetchAt(first, 'odds:nhl', 0, limitedQuietly)).toMatchObject({ status: 'failed' });
    expect(await row('odds:nhl')).toMatchObject({ backoffUntil: at(90), backoffAfter: 'rate limit' });
    expect(await fetchAt(second, 'odds:nhl', 10)).toEqual({ status: 'backoff', until: at(90), after: 'rate limit' });
    expect(await fetchAt(second, 'odds:nhl', 90)).toEqual({ status: 'done' });
    expect(await row('odds:nhl')).toMatchObject({ backoffUntil: null, backoffAfter: null, lastError: null });
  });
});
