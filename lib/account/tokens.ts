import type { Awaitable } from '@/lib/awaitable';
import type { Db } from '@/lib/db/client';
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

export async function createAccessToken(
  db: Db,
  input: { userId: string; name: string; scope: TokenScope; expiresInDays?: number; now: Date },
): Promise<CreatedToken> {
  const token = mintToken();
  const expiresAt = input.expiresInDays ? new Date(input.now.getTime() + input.expiresInDays * DAY_MS) : null;
  const row = await db.accessToken.create({
    data: {
      userId: input.userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      ...tokenDisplayParts(token),
      createdAt: input.now,
      expiresAt,
    },
  });
  return { id: row.id, token, name: row.name, scope: input.scope, expiresAt };
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
 * Revoking here clears it at once; a revocation made by another process is seen within `maxAgeMs`.
 * One map per process, on globalThis: Next builds route handlers and server actions (the Connect page's
 * revoke) as separate module graphs, and a revocation must clear the very map the API reads.
 */
const recentLookups: Lookups = ((globalThis as { jevTokenLookups?: Lookups }).jevTokenLookups ??= new Map() as Lookups);
const MAX_REMEMBERED = 10_000;

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
  return readToken(db, tokenHash).then((stored) => {
    if (maxAgeMs > 0) {
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
  recentLookups.clear();
  if (count > 0) return true;
  return (await db.accessToken.count({ where: { id: tokenId, userId } })) > 0;
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
    .catch((error: unknown) => console.warn('[jev] could not record token use', error));
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
    .catch((error: unknown) => console.warn('[jev] could not record the client of a token', error));
}

/**
 * Revokes every live access token issued under an OAuth grant (a Connect-page disconnect, a replayed code, a
 * reused refresh token), and forgets recent look-ups so this process refuses them at once.
 */
export async function revokeGrantAccessTokens(db: Db, grantId: string, now: Date): Promise<number> {
  const { count } = await db.accessToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
  recentLookups.clear();
  return count;
}

/** Revokes one access token issued under an OAuth grant (RFC 7009), refused at once by this process. */
export async function revokeGrantAccessToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.accessToken.updateMany({ where: { id: tokenId, grantId: { not: null }, revokedAt: null }, data: { revokedAt: now } });
  recentLookups.clear();
}

/** Creates an access token issued under an OAuth grant: the ordinary `jev_` format, a life in seconds. */
export async function createGrantAccessToken(
  db: Db,
  input: { userId: string; grantId: string; name: string; scope: TokenScope; lifetimeSeconds: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = mintToken();
  const expiresAt = new Date(input.now.getTime() + input.lifetimeSeconds * 1000);
  await db.accessToken.create({
    data: {
      userId: input.userId,
      grantId: input.grantId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      ...tokenDisplayParts(token),
      createdAt: input.now,
      expiresAt,
    },
  });
  return { token, expiresAt };
}
