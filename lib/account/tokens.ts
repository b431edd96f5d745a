import type { Db, DbTransaction } from '@/lib/db/client';
import { createRevocationBus, type RevocationBus } from './revocation-bus';
import { createTokenLookups, type TokenLookups } from './token-lookups';
import { createUsageStamps, type SeenClient } from './token-stamps';
import {
  createAccessToken,
  createGrantAccessToken,
  isTokenLive,
  listAccessTokens,
  markAccessTokenRevoked,
  markGrantAccessTokenRevoked,
  markGrantAccessTokensRevoked,
  recallClientName,
  type LiveToken,
} from './token-store';

export type { SeenClient } from './token-stamps';
export type { CreatedToken, LiveToken } from './token-store';

// The access tokens of one database as the front ends use them: storage (./token-store.ts), the recent
// look-ups (./token-lookups.ts), revocation reaching every instance (./revocation-bus.ts) and the use stamps
// (./token-stamps.ts). The composition root (lib/root) hands every service of a process the same look-ups
// and bus, so the API, the console's server actions and the OAuth endpoints share them: a revocation anywhere
// clears what the API reads.

export interface TokenSettings {
  /** How long a look-up is trusted (TOKEN_CACHE_SECONDS, in ms); 0 reads the database every time. */
  lookupMaxAgeMs: number;
  /** Revocations reach other instances through this Redis (REDIS_URL); without it, within lookupMaxAgeMs. */
  redisUrl: string | undefined;
}

/** The look-ups and the revocation bus a process shares (./token-lookups.ts, ./revocation-bus.ts). */
export interface TokenMemory {
  lookups: TokenLookups;
  bus: RevocationBus;
}

export function createTokenMemory(redisUrl: string | undefined): TokenMemory {
  const lookups = createTokenLookups();
  return { lookups, bus: createRevocationBus(redisUrl, (ids) => lookups.forget(ids)) };
}

export function createTokens(db: Db, { lookupMaxAgeMs, redisUrl }: TokenSettings, memory: TokenMemory = createTokenMemory(redisUrl)) {
  const { lookups, bus } = memory;
  const stamps = createUsageStamps();

  /** After the database says so: refused at once here, and by every instance when Redis carries revocations. */
  async function revoked(tokenIds: readonly string[]): Promise<void> {
    lookups.forget();
    await bus.announce(tokenIds);
  }

  return {
    create: (input: Parameters<typeof createAccessToken>[1]) => createAccessToken(db, input),
    /** `client`: a transaction to write the token in (the code exchange's), else the database. */
    createForGrant: (input: Parameters<typeof createGrantAccessToken>[1], client: DbTransaction = db) =>
      createGrantAccessToken(client, input),
    /** The tokens made by hand (Connect page, `jev token create`); those issued by OAuth are listed with their app. */
    list: (userId: string) => listAccessTokens(db, userId),
    /** The token's owner when the token is known, not revoked and not expired; otherwise null. */
    find: (token: string, now: Date): Promise<LiveToken | null> => lookups.find(db, token, now, lookupMaxAgeMs),
    /** Whether the token is still live in the database, whatever this process remembers (a call that failed midway). */
    isLive: (tokenId: string, now: Date): Promise<boolean> => isTokenLive(db, tokenId, now),
    /** Revokes the token if it belongs to the user: its name, or null when there is no such token of theirs. */
    async revoke(userId: string, tokenId: string, now: Date): Promise<{ name: string } | null> {
      const marked = await markAccessTokenRevoked(db, userId, tokenId, now);
      await revoked(marked?.revoked ? [tokenId] : []);
      return marked && { name: marked.name };
    },
    /** Revokes every live access token issued under an OAuth grant (a disconnect, a replayed code, a reused refresh token). */
    async revokeGrant(grantId: string, now: Date): Promise<void> {
      await revoked(await markGrantAccessTokensRevoked(db, grantId, now));
    },
    /** Revokes one access token issued under an OAuth grant (RFC 7009). */
    async revokeGrantToken(tokenId: string, now: Date): Promise<void> {
      await markGrantAccessTokenRevoked(db, tokenId, now);
      await revoked([tokenId]);
    },
    /** After tokens were deleted with their user (./deletion.ts): refused at once, like a revocation. */
    forgetDeleted: (tokenIds: readonly string[]): Promise<void> => revoked(tokenIds),
    /** Stamps the token's last use, at most once a minute, without making the request wait. */
    noteUsed: (tokenId: string, now: Date) => stamps.tokenUsed(db, tokenId, now),
    /** Stamps the client the token was last used from, at most once a minute; resolves once it is stored. */
    noteClient: (tokenId: string, client: SeenClient, now: Date) => stamps.clientSeen(db, tokenId, client, now),
    /** The name a client with this User-Agent last gave with the caller's token or its grant (recallClientName). */
    recallClient: (caller: LiveToken, agent: string | null) => recallClientName(db, caller, agent),
  };
}

export type Tokens = ReturnType<typeof createTokens>;
