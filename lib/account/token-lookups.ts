import type { Db } from '@/lib/db/client';
import { hashToken } from './token-format';
import { liveAt, readToken, type LiveToken, type StoredToken } from './token-store';

// Recent token look-ups by hash (misses included), so a busy client costs one database read per `maxAgeMs`
// instead of one per request: through Prisma a read costs more than the rest of a tool call. A revocation
// made here drops them at once; one made by another process (another instance, the CLI) reaches this one
// through the revocation bus when REDIS_URL is set, else within `maxAgeMs`. One set per process, owned by the
// token service the composition root builds (lib/root), which route handlers and server actions share.

const MAX_REMEMBERED = 10_000;

export interface TokenLookups {
  /** The token's owner when it is known, not revoked and not expired; otherwise null. */
  find(db: Db, token: string, now: Date, maxAgeMs: number): Promise<LiveToken | null>;
  /** Drops the look-ups of these tokens (all look-ups when no ids are given). */
  forget(tokenIds?: readonly string[]): void;
}

export function createTokenLookups(): TokenLookups {
  const recent = new Map<string, { stored: StoredToken | null; readAt: number }>();
  /** Bumped whenever look-ups are dropped, so a read that started before a revocation is not remembered after it. */
  let epoch = 0;
  return {
    async find(db, token, now, maxAgeMs) {
      const tokenHash = hashToken(token);
      const lookup = recent.get(tokenHash);
      if (lookup && now.getTime() - lookup.readAt < maxAgeMs) return liveAt(lookup.stored, now);
      const startedIn = epoch;
      const stored = await readToken(db, tokenHash);
      if (maxAgeMs > 0 && startedIn === epoch) {
        if (recent.size >= MAX_REMEMBERED) recent.clear();
        recent.set(tokenHash, { stored, readAt: now.getTime() });
      }
      return liveAt(stored, now);
    },
    forget(tokenIds) {
      epoch++;
      if (tokenIds === undefined) return recent.clear();
      const ids = new Set(tokenIds);
      for (const [hash, lookup] of recent) {
        if (lookup.stored && ids.has(lookup.stored.live.id)) recent.delete(hash);
      }
    },
  };
}
