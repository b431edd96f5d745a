// Access tokens as stored: minted, kept as a hash with display parts, listed and revoked. Nothing here is
// remembered between calls; the look-ups, the revocation bus and the use stamps are lib/account/tokens.ts's.

import type { Db, DbTransaction } from '@/lib/db/client';
import { cleanLabel, NAME_MAX_CODE_POINTS } from '@/lib/text';
import { DAY_MS } from '@/lib/time';
import { hashToken, mintToken, tokenDisplayParts, type TokenScope } from './token-format';

export interface LiveToken {
  id: string;
  scope: TokenScope;
  user: { id: string; email: string };
  /** The OAuth grant it was issued under (the client's connection, through every refresh); null when made by hand. */
  grantId: string | null;
}

export interface CreatedToken {
  id: string;
  /** The whole token: shown once, never stored. */
  token: string;
  name: string;
  scope: TokenScope;
  expiresAt: Date | null;
}

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
async function storeToken(db: DbTransaction, { now, name, ...fields }: NewToken): Promise<{ id: string; token: string; name: string }> {
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

export interface StoredToken {
  live: LiveToken;
  revoked: boolean;
  expiresAt: Date | null;
}

/** The token with this hash as stored, revoked or expired ones included; null when there is none. */
export async function readToken(db: Db, tokenHash: string): Promise<StoredToken | null> {
  const row = await db.accessToken.findUnique({
    where: { tokenHash },
    select: { id: true, scope: true, revokedAt: true, expiresAt: true, grantId: true, user: { select: { id: true, email: true } } },
  });
  // The owner is read by a second query, outside any transaction: an account deleted between the two leaves the
  // token without one (the type does not say so). Such a token is gone with its owner.
  const owner = row?.user ?? null;
  if (!row || !owner) return null;
  return {
    live: { id: row.id, scope: row.scope as TokenScope, user: owner, grantId: row.grantId },
    revoked: row.revokedAt !== null,
    expiresAt: row.expiresAt,
  };
}

/**
 * The name a client with this User-Agent (as a label; null for none) last gave with this token, or with any token of
 * its OAuth grant (a refreshed token is the same connection); null when none did. Only the caller's own tokens count.
 */
export async function recallClientName(db: Db, caller: LiveToken, agent: string | null): Promise<string | null> {
  const row = await db.accessToken.findFirst({
    where: {
      userId: caller.user.id,
      ...(caller.grantId === null ? { id: caller.id } : { grantId: caller.grantId }),
      lastClientAgent: agent,
      lastClientName: { not: null },
    },
    orderBy: { lastClientSeenAt: 'desc' },
    select: { lastClientName: true },
  });
  return row?.lastClientName ?? null;
}

/** A stored token is live at `now` when it is not revoked and not expired. */
const isLiveAt = (revoked: boolean, expiresAt: Date | null, now: Date) => !revoked && (expiresAt === null || expiresAt > now);

/** Whether the token is stored and live at `now`, read afresh (no look-up remembered). */
export async function isTokenLive(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const row = await db.accessToken.findUnique({ where: { id: tokenId }, select: { revokedAt: true, expiresAt: true } });
  return row !== null && isLiveAt(row.revokedAt !== null, row.expiresAt, now);
}

/** The token's owner when the stored token is live at `now`; otherwise null. */
export function liveAt(stored: StoredToken | null, now: Date): LiveToken | null {
  if (!stored || !isLiveAt(stored.revoked, stored.expiresAt, now)) return null;
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

/**
 * Marks the token revoked if it is the user's and live: its name, and whether this call revoked it; null when
 * the user has no such token.
 */
export async function markAccessTokenRevoked(
  db: Db,
  userId: string,
  tokenId: string,
  now: Date,
): Promise<{ name: string; revoked: boolean } | null> {
  const token = await db.accessToken.findFirst({ where: { id: tokenId, userId }, select: { name: true } });
  if (!token) return null;
  const { count } = await db.accessToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: now } });
  return { name: token.name, revoked: count > 0 };
}

/** Marks every live access token issued under an OAuth grant revoked; the ids it marked. */
export async function markGrantAccessTokensRevoked(db: Db, grantId: string, now: Date): Promise<string[]> {
  const live = await db.accessToken.findMany({ where: { grantId, revokedAt: null }, select: { id: true } });
  await db.accessToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
  return live.map((token) => token.id);
}

/** Marks one access token issued under an OAuth grant revoked (RFC 7009). */
export async function markGrantAccessTokenRevoked(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.accessToken.updateMany({ where: { id: tokenId, grantId: { not: null }, revokedAt: null }, data: { revokedAt: now } });
}

/** Creates an access token issued under an OAuth grant: the ordinary `jev_` format, a life in seconds. */
export async function createGrantAccessToken(
  db: DbTransaction,
  input: { userId: string; grantId: string; name: string; scope: TokenScope; lifetimeSeconds: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + input.lifetimeSeconds * 1000);
  const { lifetimeSeconds: _lifetime, ...fields } = input;
  const { token } = await storeToken(db, { ...fields, expiresAt });
  return { token, expiresAt };
}
