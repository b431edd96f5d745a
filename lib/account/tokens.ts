import type { Awaitable } from '@/lib/awaitable';
import type { Db } from '@/lib/db/client';
import { logWarning } from '@/lib/observe';
import { redisConnection, redisSubscriber, whenReady } from '@/lib/redis';
import { cleanLabel, NAME_MAX_CODE_POINTS } from '@/lib/text';
import { hashToken, mintToken, tokenDisplayParts, type TokenScope } from './token-format';

export interface LiveToken {
  id: string;
  scope: TokenScope;
  user: { id: string; email: string };
}

export interface CreatedToken {
  id: string;
  /** The whole token: shown once, never stored. */
  token: string;
  name: string;
  scope: TokenScope;
  expiresAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface NewToken {
  userId: string;
  name: string;
  scope: TokenScope;
  now: Date;
  expiresAt: Date | null;
  /** The OAuth grant it is issued under; none for a token made by hand. */
  grantId?: string;
}

/** Mints a token and stores only its hash and display parts; its name as one visible line (lib/text.ts). */
async function storeToken(db: Db, { now, name, ...fields }: NewToken): Promise<{ id: string; token: string; name: string }> {
  const token = mintToken();
  const row = await db.accessToken.create({
    data: {
      ...fields,
      name: cleanLabel(name, NAME_MAX_CODE_POINTS) || 'Unnamed token',
      tokenHash: hashToken(token),
      ...tokenDisplayParts(token),
      createdAt: now,
    },
    select: { id: true, name: true },
  });
  return { id: row.id, token, name: row.name };
}

export async function createAccessToken(
  db: Db,
  input: { userId: string; name: string; scope: TokenScope; expiresInDays?: number; now: Date },
): Promise<CreatedToken> {
  const expiresAt = input.expiresInDays ? new Date(input.now.getTime() + input.expiresInDays * DAY_MS) : null;
  const { id, token, name } = await storeToken(db, {
    userId: input.userId,
    name: input.name,
    scope: input.scope,
    now: input.now,
    expiresAt,
  });
  return { id, token, name, scope: input.scope, expiresAt };
}

interface StoredToken {
  live: LiveToken;
  revoked: boolean;
  expiresAt: Date | null;
}

type Lookups = Map<string, { stored: StoredToken | null; readAt: number }>;

/**
 * Recent look-ups by token hash (misses included), so a busy client costs one database read per
 * `maxAgeMs` instead of one per request: through Prisma a read costs more than the rest of a tool call.
 * Revoking here clears it at once. A revocation made by another process (another instance, the CLI) reaches
 * this one through Redis when REDIS_URL is set (see listenForRevocations), else within `maxAgeMs`.
 * One map per process, on globalThis: Next builds route handlers and server actions (the Connect page's
 * revoke) as separate module graphs, and a revocation must clear the very map the API reads.
 */
const recentLookups: Lookups = ((globalThis as { jevTokenLookups?: Lookups }).jevTokenLookups ??= new Map() as Lookups);
const MAX_REMEMBERED = 10_000;
/** Bumped whenever look-ups are dropped, so a read that started before a revocation is not remembered after it. */
const lookupEpoch: { value: number } = ((globalThis as { jevTokenLookupEpoch?: { value: number } }).jevTokenLookupEpoch ??= { value: 0 });

async function readToken(db: Db, tokenHash: string): Promise<StoredToken | null> {
  const row = await db.accessToken.findUnique({
    where: { tokenHash },
    select: { id: true, scope: true, revokedAt: true, expiresAt: true, user: { select: { id: true, email: true } } },
  });
  if (!row) return null;
  return {
    live: { id: row.id, scope: row.scope as TokenScope, user: row.user },
    revoked: row.revokedAt !== null,
    expiresAt: row.expiresAt,
  };
}

/** The token's owner when the token is known, not revoked and not expired; otherwise null. */
export function findLiveToken(db: Db, token: string, now: Date, maxAgeMs = 0): Awaitable<LiveToken | null> {
  const tokenHash = hashToken(token);
  const lookup = recentLookups.get(tokenHash);
  if (lookup && now.getTime() - lookup.readAt < maxAgeMs) return liveAt(lookup.stored, now); // at once, no promise
  const epoch = lookupEpoch.value;
  return readToken(db, tokenHash).then((stored) => {
    if (maxAgeMs > 0 && epoch === lookupEpoch.value) {
      if (recentLookups.size >= MAX_REMEMBERED) recentLookups.clear();
      recentLookups.set(tokenHash, { stored, readAt: now.getTime() });
    }
    return liveAt(stored, now);
  });
}

function liveAt(stored: StoredToken | null, now: Date): LiveToken | null {
  if (!stored || stored.revoked || (stored.expiresAt && stored.expiresAt <= now)) return null;
  return stored.live;
}

/** The tokens made by hand (Connect page, `jev token create`); those issued by OAuth are listed with their app. */
export async function listAccessTokens(db: Db, userId: string) {
  return db.accessToken.findMany({
    where: { userId, grantId: null },
    orderBy: { createdAt: 'desc' },
    select: {
      id: true,
      name: true,
      scope: true,
      displayPrefix: true,
      last4: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      revokedAt: true,
      lastClientName: true,
      lastClientSeenAt: true,
    },
  });
}

/** Revokes the token if it belongs to the user; false when there is no such token of theirs. */
export async function revokeAccessToken(db: Db, userId: string, tokenId: string, now: Date): Promise<boolean> {
  const { count } = await db.accessToken.updateMany({
    where: { id: tokenId, userId, revokedAt: null },
    data: { revokedAt: now },
  });
  forgetTokenLookups();
  if (count > 0) {
    await announceRevocation([tokenId]);
    return true;
  }
  return (await db.accessToken.count({ where: { id: tokenId, userId } })) > 0;
}

// --- Revocation everywhere at once --------------------------------------------------------------------
// With Redis, a revocation is published on one channel (the token ids, never a token or its hash) and every
// instance subscribed to it drops those tokens from its recent look-ups, so the next request reads the
// database and is refused: milliseconds instead of TOKEN_CACHE_SECONDS. Without Redis, or while it is down,
// the look-ups' age limit is the backstop. The state is on globalThis, like the look-ups themselves.

/** The channel every instance listens on; a message is a JSON array of revoked token ids. */
export const REVOCATION_CHANNEL = 'jev:tokens:revoked';
/** A revocation waits at most this long for Redis; the database change is already made either way. */
const ANNOUNCE_TIMEOUT_MS = 1000;

interface RevocationBus {
  redisUrl?: string;
  listening?: boolean;
}
const bus: RevocationBus = ((globalThis as { jevRevocationBus?: RevocationBus }).jevRevocationBus ??= {});

/** Drops the look-ups of these tokens (all look-ups when no ids are given), in this process. */
export function forgetTokenLookups(tokenIds?: readonly string[]): void {
  lookupEpoch.value++;
  if (tokenIds === undefined) return recentLookups.clear();
  const ids = new Set(tokenIds);
  for (const [hash, lookup] of recentLookups) {
    if (lookup.stored && ids.has(lookup.stored.live.id)) recentLookups.delete(hash);
  }
}

/** Publishes revocations through this Redis from now on (the CLI, and every instance through listenForRevocations). */
export function announceRevocationsThrough(redisUrl: string | undefined): void {
  bus.redisUrl = redisUrl;
}

/**
 * Tells every instance that these tokens are revoked (after the database says so). Never throws: when Redis
 * is not configured or does not answer within a second, other instances see it within their cache's age.
 */
export async function announceRevocation(tokenIds: readonly string[]): Promise<void> {
  const url = bus.redisUrl;
  if (!url || tokenIds.length === 0) return;
  const client = redisConnection(url);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      whenReady(client, ANNOUNCE_TIMEOUT_MS).then(() => client.publish(REVOCATION_CHANNEL, JSON.stringify(tokenIds))),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ANNOUNCE_TIMEOUT_MS} ms`)), ANNOUNCE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.warn(
      `[jev] could not announce a token revocation through Redis (${error instanceof Error ? error.message : String(error)}); ` +
        'other instances refuse the token once their token cache lapses',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Subscribes this process to revocations made anywhere (once per process; the server calls it at start-up
 * when REDIS_URL is set), and publishes its own through the same Redis. After a lost connection every
 * look-up is dropped, since revocations may have been missed meanwhile.
 */
export function listenForRevocations(redisUrl: string): void {
  announceRevocationsThrough(redisUrl);
  if (bus.listening) return;
  bus.listening = true;
  const subscriber = redisSubscriber(redisUrl);
  // On every (re)connection: a subscription sent while the connection was down was refused, not queued.
  const subscribe = () =>
    subscriber.subscribe(REVOCATION_CHANNEL).catch((error: unknown) => {
      console.warn(`[jev] could not subscribe to token revocations: ${error instanceof Error ? error.message : String(error)}`);
    });
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) forgetTokenLookups();
    connectedBefore = true;
    void subscribe();
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== REVOCATION_CHANNEL) return;
    try {
      const ids: unknown = JSON.parse(message);
      forgetTokenLookups(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : undefined);
    } catch {
      forgetTokenLookups();
    }
  });
  if (subscriber.status === 'ready') {
    connectedBefore = true;
    void subscribe();
  }
}

const LAST_USED_RESOLUTION_MS = 60_000;
const lastStamped = new Map<string, number>();

/**
 * Records that a token was used, at most once a minute per token and process, without making the
 * request wait: a database write on every call would cost more than the whole tool call.
 */
export function noteTokenUsed(db: Db, tokenId: string, now: Date): void {
  const previous = lastStamped.get(tokenId);
  if (previous !== undefined && now.getTime() - previous < LAST_USED_RESOLUTION_MS) return;
  lastStamped.set(tokenId, now.getTime());
  db.accessToken
    .update({ where: { id: tokenId }, data: { lastUsedAt: now } })
    .catch((error: unknown) => logWarning('could not record token use', { err: error }));
}

const lastClient = new Map<string, { name: string; at: number }>();

/**
 * Records the name of the client a token was last used from and when, like noteTokenUsed: only when the
 * name changes or the stamp is a minute old, and without making the request wait.
 */
export function noteClientSeen(db: Db, tokenId: string, clientName: string, now: Date): void {
  const previous = lastClient.get(tokenId);
  if (previous?.name === clientName && now.getTime() - previous.at < LAST_USED_RESOLUTION_MS) return;
  lastClient.set(tokenId, { name: clientName, at: now.getTime() });
  db.accessToken
    .update({ where: { id: tokenId }, data: { lastClientName: clientName, lastClientSeenAt: now } })
    .catch((error: unknown) => logWarning('could not record the client of a token', { err: error }));
}

/**
 * Revokes every live access token issued under an OAuth grant (a Connect-page disconnect, a replayed code, a
 * reused refresh token): refused at once by this process, and by every instance when Redis carries revocations.
 */
export async function revokeGrantAccessTokens(db: Db, grantId: string, now: Date): Promise<number> {
  const live = await db.accessToken.findMany({ where: { grantId, revokedAt: null }, select: { id: true } });
  const ids = live.map((token) => token.id);
  const { count } = await db.accessToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
  forgetTokenLookups();
  await announceRevocation(ids);
  return count;
}

/** Revokes one access token issued under an OAuth grant (RFC 7009), refused at once by this process. */
export async function revokeGrantAccessToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.accessToken.updateMany({ where: { id: tokenId, grantId: { not: null }, revokedAt: null }, data: { revokedAt: now } });
  forgetTokenLookups();
  await announceRevocation([tokenId]);
}

/** Creates an access token issued under an OAuth grant: the ordinary `jev_` format, a life in seconds. */
export async function createGrantAccessToken(
  db: Db,
  input: { userId: string; grantId: string; name: string; scope: TokenScope; lifetimeSeconds: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + input.lifetimeSeconds * 1000);
  const { lifetimeSeconds: _lifetime, ...fields } = input;
  const { token } = await storeToken(db, { ...fields, expiresAt });
  return { token, expiresAt };
}
