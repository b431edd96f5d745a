import type { Db } from '@/lib/db/client';
import { hashToken, mintToken, tokenDisplayParts, type TokenScope } from '@/lib/auth/tokens';

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

/** The token's owner when the token is known, not revoked and not expired; otherwise null. */
export async function findLiveToken(db: Db, token: string, now: Date): Promise<LiveToken | null> {
  const row = await db.accessToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, scope: true, revokedAt: true, expiresAt: true, user: { select: { id: true, email: true } } },
  });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  return { id: row.id, scope: row.scope as TokenScope, user: row.user };
}

export async function listAccessTokens(db: Db, userId: string) {
  return db.accessToken.findMany({
    where: { userId },
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
