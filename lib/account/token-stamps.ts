import type { Db } from '@/lib/db/client';
import { logWarning } from '@/lib/observe';

// When a token was last used and from which client, for the Connect page: stamped at most once a minute per
// token and process (or when the client's name changes), without making the request wait, since a database
// write on every call would cost more than the whole tool call. The stamps remembered are the token
// service's (lib/account/tokens.ts).

const RESOLUTION_MS = 60_000;

export interface UsageStamps {
  tokenUsed(db: Db, tokenId: string, now: Date): void;
  clientSeen(db: Db, tokenId: string, clientName: string, now: Date): void;
}

export function createUsageStamps(): UsageStamps {
  const lastStamped = new Map<string, number>();
  const lastClient = new Map<string, { name: string; at: number }>();
  return {
    tokenUsed(db, tokenId, now) {
      const previous = lastStamped.get(tokenId);
      if (previous !== undefined && now.getTime() - previous < RESOLUTION_MS) return;
      lastStamped.set(tokenId, now.getTime());
      db.accessToken
        .update({ where: { id: tokenId }, data: { lastUsedAt: now } })
        .catch((error: unknown) => logWarning('could not record token use', { err: error }));
    },
    clientSeen(db, tokenId, clientName, now) {
      const previous = lastClient.get(tokenId);
      if (previous?.name === clientName && now.getTime() - previous.at < RESOLUTION_MS) return;
      lastClient.set(tokenId, { name: clientName, at: now.getTime() });
      db.accessToken
        .update({ where: { id: tokenId }, data: { lastClientName: clientName, lastClientSeenAt: now } })
        .catch((error: unknown) => logWarning('could not record the client of a token', { err: error }));
    },
  };
}
