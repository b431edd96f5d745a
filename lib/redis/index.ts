import { Redis } from 'ioredis';

// Connections to the Redis named by REDIS_URL (any Redis-protocol server: Redis, Valkey, a managed Redis),
// for the shared budgets (lib/ratelimit) and the token revocation channel (lib/account/tokens.ts). A neutral
// module: it imports nothing of ours, so both can use it.
//
// The connections fail fast instead of queueing: a command sent while the connection is down is refused at
// once (no offline queue, no retries of a command), and the callers fall back (budgets count in-process,
// revocations rely on the token cache's TTL). Reconnection runs in the background, at most a second apart,
// so the store is used again within about a second of coming back.

/** Longest pause between reconnection attempts. */
const MAX_RECONNECT_DELAY_MS = 1000;
/** TCP connect (and TLS) to Redis; a command never waits for this (see the budget store's timeout). */
const CONNECT_TIMEOUT_MS = 2000;

type Connections = Map<string, Redis>;

/**
 * One command connection and one subscriber connection per URL and process, shared by every module graph: on
 * globalThis for the reason lib/root/process.ts gives, in a holder of its own rather than processWide's, since this
 * module is used below the root (lib/ratelimit, lib/account) and by the CLI and tests without it.
 */
const connections: Connections = ((globalThis as { jevRedisConnections?: Connections }).jevRedisConnections ??= new Map() as Connections);

function open(url: string, role: 'commands' | 'subscriber'): Redis {
  const client = new Redis(url, {
    connectionName: `jev-${role}`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    // A subscriber comes back with its channels; a command connection needs nothing replayed.
    autoResubscribe: role === 'subscriber',
  });
  // ioredis reports every failed reconnection as an 'error' event (and prints unhandled ones). The users of
  // these connections log an outage once when it starts and once when it ends instead.
  client.on('error', () => {});
  return client;
}

/** The process's connection for commands to the Redis at `url`. */
export function redisConnection(url: string): Redis {
  let client = connections.get(`commands ${url}`);
  if (client === undefined) {
    client = open(url, 'commands');
    connections.set(`commands ${url}`, client);
  }
  return client;
}

/** The process's subscriber connection to the Redis at `url` (a connection in subscriber mode sends no other command). */
export function redisSubscriber(url: string): Redis {
  let client = connections.get(`subscriber ${url}`);
  if (client === undefined) {
    client = open(url, 'subscriber');
    connections.set(`subscriber ${url}`, client);
  }
  return client;
}

/**
 * Resolves once the connection can take commands, or rejects after `timeoutMs`. A connection still making
 * its first connection (or reconnecting and already connecting) is waited for; one that is down is refused
 * at once, so an outage costs no wait.
 */
export function whenReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  if (client.status !== 'wait' && client.status !== 'connecting' && client.status !== 'connect') {
    return Promise.reject(new Error(`Redis connection is ${client.status}`));
  }
  if (client.status === 'wait') void client.connect().catch(() => {});
  return new Promise<void>((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`Redis not ready within ${timeoutMs} ms (${client.status})`));
    }, timeoutMs);
    client.once('ready', onReady);
  });
}

/** Closes every connection this process opened (CLI commands, tests), so nothing keeps the process alive. */
export async function closeRedisConnections(): Promise<void> {
  const all = [...connections.values()];
  connections.clear();
  await Promise.all(all.map((client) => client.quit().catch(() => client.disconnect())));
}
