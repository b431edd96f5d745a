import type { Db } from '@/lib/db/client';
import { logWarning } from '@/lib/observe';

// When a token was last used and from which client, for the Connect page and for the label of what a 2025-era
// MCP client saves later (lib/mcp/http.ts): stamped at most once a minute per token and process (or when the
// client's name or User-Agent changes), since a database write on every call would cost more than the whole
// tool call. A use is stamped without making the request wait; a client's name is stored before its request
// is answered, so the client's next request, on any instance, finds it. The stamps remembered are the token
// service's (lib/account/tokens.ts).

const RESOLUTION_MS = 60_000;

/** A client as a request names it: its clientInfo name, and its User-Agent as a label (null for none). */
export interface SeenClient {
  name: string;
  agent: string | null;
}

export interface UsageStamps {
  tokenUsed(db: Db, tokenId: string, now: Date): void;
  clientSeen(db: Db, tokenId: string, client: SeenClient, now: Date): Promise<void>;
}

export function createUsageStamps(): UsageStamps {
  const lastStamped = new Map<string, number>();
  const lastClient = new Map<string, SeenClient & { at: number }>();
  return {
    tokenUsed(db, tokenId, now) {
      const previous = lastStamped.get(tokenId);
      if (previous !== undefined && now.getTime() - previous < RESOLUTION_MS) return;
      lastStamped.set(tokenId, now.getTime());
      db.accessToken
        .update({ where: { id: tokenId }, data: { lastUsedAt: now } })
        .catch((error: unknown) => logWarning('could not record token use', { err: error }));
    },
    async clientSeen(db, tokenId, { name, agent }, now) {
      const previous = lastClient.get(tokenId);
      if (previous?.name === name && previous.agent === agent && now.getTime() - previous.at < RESOLUTION_MS) return;
      lastClient.set(tokenId, { name, agent, at: now.getTime() });
      try {
        await db.accessToken.update({
          where: { id: tokenId },
          data: { lastClientName: name, lastClientAgent: agent, lastClientSeenAt: now },
        });
      } catch (error) {
        logWarning('could not record the client of a token', { err: error });
      }
    },
  };
}
