import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/unique';
import { countFetchFailure } from '@/lib/observe';
import { ProviderError } from './providers/http';
import type { Quota } from './providers/odds-api';

// The fetch claim: every provider fetch goes through `fetchUnderClaim`, which records it in ProviderFetch (shared by
// every process). Data fetched inside its freshness window is not fetched again (quota is never spent twice on
// it), and a failed or malformed fetch writes nothing, so what was stored stays as it was. A failure starts a
// back-off, shared by every process, during which the key is not fetched: a 429's lasts its Retry-After, any other
// failure's is `failureBackoffMs`, so during an outage callers answer from what is stored at once instead of
// each waiting PROVIDER_TIMEOUT_SECONDS. A fetch that succeeds ends it.
//
// A fetch is claimed in ProviderFetch before any quota is spent: one conditional update (the row is stale,
// not backing off and not claimed) decides the single winner across every process, on SQLite and PostgreSQL
// alike. The claim is a lease a little longer than a provider call may take, so a holder that crashed blocks
// no one for long; the holder ends it by recording how its fetch went. Freshness and back-off follow the
// caller's `now`; leases follow the wall clock, since a run's `now` may be minutes old by its last fetch.

/** 'busy': another caller, in this process or another, is fetching it until `until` at the latest. */
export type Gate =
  | { status: 'fresh' }
  | { status: 'busy'; until: Date }
  | { status: 'backoff'; until: Date; after: BackoffAfter }
  | { status: 'failed'; error: Error }
  | { status: 'done' };

/** What a back-off follows: a 429 (waiting its Retry-After) or any other failure. Stored as ProviderFetch.backoffAfter. */
export type BackoffAfter = 'rate limit' | 'failure';

type FetchRow = {
  fetchedAt: Date | null;
  attemptedAt: Date;
  backoffUntil: Date | null;
  claimedUntil: Date | null;
  lastError: string | null;
  backoffAfter: string | null;
};
type Outcome = {
  fetchedAt?: Date;
  backoffUntil?: Date | null;
  backoffAfter?: BackoffAfter | null;
  lastError: string | null;
} & Partial<Quota>;

const LEASE_MARGIN_MS = 5_000;
const POLL_MS = 150;
const FIRST_FAILURE_BACKOFF_MS = 30_000;
const LONGEST_FAILURE_BACKOFF_MS = 5 * 60_000;

/**
 * How long a key is not fetched after a failed fetch (not a 429, which waits its Retry-After): 30 s, doubled for
 * each failure in a row (`lastBackoffMs`: the back-off the previous fetch left, 0 when it did not fail), at most
 * 5 minutes and at most the key's freshness window, so a recovered provider is asked again before what is stored
 * would have been refreshed anyway (never under 30 s).
 */
export function failureBackoffMs(lastBackoffMs: number, freshnessMs: number): number {
  const longest = Math.max(FIRST_FAILURE_BACKOFF_MS, Math.min(LONGEST_FAILURE_BACKOFF_MS, freshnessMs));
  return Math.min(longest, Math.max(FIRST_FAILURE_BACKOFF_MS, 2 * lastBackoffMs));
}

/** The back-off the row's last fetch left, 0 when it did not fail (a failed fetch's back-off starts when it was tried). */
function lastBackoffMs(row: FetchRow | null): number {
  return row?.lastError != null && row.backoffUntil ? row.backoffUntil.getTime() - row.attemptedAt.getTime() : 0;
}

/** How claims are held: the lease's length and the wall clock leases follow (given by whoever builds them). */
export interface FetchClaims {
  leaseMs: number;
  wallClock: () => number;
}

/** A claim holds for a provider call's timeout (PROVIDER_TIMEOUT_SECONDS) and a moment to store its answer. */
export function fetchClaims(providerTimeoutMs: number, wallClock: () => number = Date.now): FetchClaims {
  return { leaseMs: providerTimeoutMs + LEASE_MARGIN_MS, wallClock };
}

/** Why `row` may not be fetched now, if it may not. The same rules as `claimable`, read from a row. */
function blockedBy(claims: FetchClaims, row: FetchRow, now: Date, freshnessMs: number): Gate | undefined {
  const wallNow = claims.wallClock();
  if (row.backoffUntil && row.backoffUntil > now) {
    return { status: 'backoff', until: row.backoffUntil, after: row.backoffAfter === 'rate limit' ? 'rate limit' : 'failure' };
  }
  if (row.fetchedAt && now.getTime() - row.fetchedAt.getTime() < freshnessMs) return { status: 'fresh' };
  if (row.claimedUntil && row.claimedUntil.getTime() > wallNow) {
    return { status: 'busy', until: new Date(Math.min(row.claimedUntil.getTime(), wallNow + claims.leaseMs)) };
  }
  return undefined;
}

/** The rows of `blockedBy` that block nothing, as a database condition. */
function claimable(now: Date, freshnessMs: number, wallNow: number) {
  return {
    AND: [
      { OR: [{ backoffUntil: null }, { backoffUntil: { lte: now } }] },
      { OR: [{ fetchedAt: null }, { fetchedAt: { lte: new Date(now.getTime() - freshnessMs) } }] },
      { OR: [{ claimedUntil: null }, { claimedUntil: { lte: new Date(wallNow) } }] },
    ],
  };
}

type Claim = { lease: Date; lastBackoffMs: number };

/** Claims `key` for this caller: its lease, or why someone else's fetch (or none) stands. */
async function claimFetch(db: Db, claims: FetchClaims, key: string, freshnessMs: number, now: Date): Promise<Claim | Gate> {
  const row = await db.providerFetch.findUnique({ where: { key } });
  const blocked = row && blockedBy(claims, row, now, freshnessMs);
  if (blocked) return blocked;
  const wallNow = claims.wallClock();
  const lease = new Date(wallNow + claims.leaseMs);
  const won = row
    ? (
        await db.providerFetch.updateMany({
          where: { key, ...claimable(now, freshnessMs, wallNow) },
          data: { claimedUntil: lease, attemptedAt: now },
        })
      ).count === 1
    : await createClaimed(db, key, now, lease);
  // Lost the race since the row was read: another caller is fetching it, or just has.
  return won ? { lease, lastBackoffMs: lastBackoffMs(row) } : { status: 'busy', until: lease };
}

/** The first fetch of `key` inserts its row already claimed; false when another caller inserted it first. */
async function createClaimed(db: Db, key: string, now: Date, lease: Date): Promise<boolean> {
  try {
    await db.providerFetch.create({ data: { key, attemptedAt: now, claimedUntil: lease } });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Ends the claim with how the fetch went, unless the lease lapsed and another caller has taken it over. */
async function release(db: Db, key: string, lease: Date, outcome: Outcome): Promise<void> {
  await db.providerFetch.updateMany({ where: { key, claimedUntil: lease }, data: { ...outcome, claimedUntil: null } });
}

/**
 * Runs `fetchAndStore` under the key's claim, unless the key is fresh, backing off or claimed by another caller (the
 * Gate says which), and records how it went: done, or failed with the back-off it starts.
 */
export async function fetchUnderClaim(
  db: Db,
  claims: FetchClaims,
  key: string,
  freshnessMs: number,
  now: Date,
  fetchAndStore: () => Promise<Quota | void>,
): Promise<Gate> {
  const claim = await claimFetch(db, claims, key, freshnessMs, now);
  if (!('lease' in claim)) return claim;
  try {
    const quota = await fetchAndStore();
    await release(db, key, claim.lease, { fetchedAt: now, backoffUntil: null, backoffAfter: null, lastError: null, ...(quota ?? {}) });
    return { status: 'done' };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    countFetchFailure(error instanceof ProviderError ? error.provider : 'other');
    const quota = 'quota' in error ? (error.quota as Quota) : {};
    const rateLimited = error instanceof ProviderError && error.rateLimited;
    const backoffMs = rateLimited ? (error.options.retryAfterSeconds ?? 60) * 1000 : failureBackoffMs(claim.lastBackoffMs, freshnessMs);
    await release(db, key, claim.lease, {
      lastError: error.message.slice(0, 500),
      backoffUntil: new Date(now.getTime() + backoffMs),
      backoffAfter: rateLimited ? 'rate limit' : 'failure',
      ...quota,
    });
    return { status: 'failed', error };
  }
}

/** Waits for the holder of a 'busy' gate to record how its fetch went, polling its row, at most until `until`. */
export async function awaitHolder(db: Db, claims: FetchClaims, key: string, until: Date): Promise<Gate> {
  for (;;) {
    const row = await db.providerFetch.findUnique({ where: { key } });
    if (row && row.claimedUntil === null)
      return row.lastError === null ? { status: 'done' } : { status: 'failed', error: new Error(row.lastError) };
    if (claims.wallClock() >= until.getTime())
      return { status: 'failed', error: new Error('the fetch another caller started did not finish in time') };
    await sleep(POLL_MS);
  }
}

/** The latest quota The Odds API reported, from any of its fetches. */
export async function latestQuota(db: Db): Promise<Quota | null> {
  const last = await db.providerFetch.findFirst({ where: { requestsRemaining: { not: null } }, orderBy: { attemptedAt: 'desc' } });
  return last ? { requestsRemaining: last.requestsRemaining, requestsUsed: last.requestsUsed } : null;
}
