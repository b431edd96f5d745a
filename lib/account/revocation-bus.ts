import { redisConnection, redisSubscriber, whenReady } from '@/lib/redis';

// Revocation everywhere at once. With Redis, a revocation is published on one channel (the token ids, never a
// token or its hash) and every instance subscribed to it drops those tokens from its recent look-ups, so the
// next request reads the database and is refused: milliseconds instead of TOKEN_CACHE_SECONDS. Without Redis,
// or while it is down, the look-ups' age limit is the backstop.

/** The channel every instance listens on; a message is a JSON array of revoked token ids. */
export const REVOCATION_CHANNEL = 'jev:tokens:revoked';
/** A revocation waits at most this long for Redis; the database change is already made either way. */
const ANNOUNCE_TIMEOUT_MS = 1000;

export interface RevocationBus {
  /**
   * Tells every instance that these tokens are revoked (after the database says so). Never throws: when Redis
   * is not configured or does not answer within a second, other instances see it within their cache's age.
   */
  announce(tokenIds: readonly string[]): Promise<void>;
  /**
   * Subscribes this process to revocations made anywhere (the server, at start-up, when REDIS_URL is set),
   * calling `forget` with the ids; after a lost connection `forget` with none, since some may have been missed.
   */
  listen(): void;
}

/** The bus over this Redis (none: announcing and listening do nothing), handing what it hears to `forget`. */
export function createRevocationBus(redisUrl: string | undefined, forget: (tokenIds?: readonly string[]) => void): RevocationBus {
  let listening = false;
  return {
    async announce(tokenIds) {
      if (!redisUrl || tokenIds.length === 0) return;
      const client = redisConnection(redisUrl);
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
    },
    listen() {
      if (!redisUrl || listening) return;
      listening = true;
      const subscriber = redisSubscriber(redisUrl);
      // On every (re)connection: a subscription sent while the connection was down was refused, not queued.
      const subscribe = () =>
        subscriber.subscribe(REVOCATION_CHANNEL).catch((error: unknown) => {
          console.warn(`[jev] could not subscribe to token revocations: ${error instanceof Error ? error.message : String(error)}`);
        });
      let connectedBefore = false;
      subscriber.on('ready', () => {
        if (connectedBefore) forget();
        connectedBefore = true;
        void subscribe();
      });
      subscriber.on('message', (channel: string, message: string) => {
        if (channel !== REVOCATION_CHANNEL) return;
        try {
          const ids: unknown = JSON.parse(message);
          forget(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : undefined);
        } catch {
          forget();
        }
      });
      if (subscriber.status === 'ready') {
        connectedBefore = true;
        void subscribe();
      }
    },
  };
}
