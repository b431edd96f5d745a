import type { Redis } from 'ioredis';
import { whenReady } from '@/lib/redis';
import { assertValidBudget } from './budget';
import type { Budget, LimitResult, SharedLimiter } from './types';

// Budgets shared through Redis: the in-process limiter's sliding window (lib/ratelimit/memory.ts, which is
// Upstash's `slidingWindow` arithmetic) run atomically in Redis by one script, so every instance counts
// against the same numbers and a budget means the same thing on one instance or on ten. One hash per budget
// and key, `<prefix><budget>:<key>` = { w: window number, c: count in it, p: count in the window before },
// expiring two windows after its last use. The clock is Redis's own (TIME), so instances with skewed clocks
// still agree on the window. ARGV[3] is 1 to spend a unit, 0 to only say what spending one would answer.
//
// No limiter package: rate-limiter-flexible's Redis limiters count fixed windows (a client could spend twice
// its budget across a window boundary), which is not the semantics of today's budgets.

const SLIDING_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local spend = ARGV[3] == '1'
local window = math.floor(now / windowMs)
local h = redis.call('HMGET', KEYS[1], 'w', 'c', 'p')
local w = tonumber(h[1])
local c = tonumber(h[2]) or 0
local p = tonumber(h[3]) or 0
if w == nil then
  c = 0
  p = 0
elseif w ~= window then
  if w == window - 1 then p = c else p = 0 end
  c = 0
end
local windowStart = window * windowMs
local used = math.floor(((windowStart + windowMs - now) * p) / windowMs) + c
local allowed = 0
local remaining = 0
local retryAfter = 0
if used >= limit then
  local retryAt
  if c < limit then
    retryAt = windowStart + windowMs - math.ceil(((limit - c) * windowMs) / p) + 1
  else
    retryAt = windowStart + 2 * windowMs - math.ceil((limit * windowMs) / c) + 1
  end
  retryAfter = math.ceil((retryAt - now) / 1000)
else
  if spend then c = c + 1 end
  allowed = 1
  remaining = limit - used - 1
end
if spend then
  redis.call('HSET', KEYS[1], 'w', window, 'c', c, 'p', p)
  redis.call('PEXPIRE', KEYS[1], 2 * windowMs)
end
return { allowed, remaining, retryAfter }
`;

/** Key prefix of every budget in Redis (after the caller's own `keyPrefix`, which tests use to keep runs apart). */
export const REDIS_BUDGET_PREFIX = 'jev:rl:';

type WithScript = Redis & {
  jevSlidingWindow(key: string, limit: number, windowMs: number, spend: 0 | 1): Promise<[number, number, number]>;
};

export function createRedisLimiter(opts: { client: Redis; keyPrefix?: string; readyTimeoutMs: number }): SharedLimiter {
  const client = opts.client as WithScript;
  // ioredis sends EVALSHA and falls back to EVAL (loading the script) when Redis does not know it yet.
  if (typeof client.jevSlidingWindow !== 'function') {
    client.defineCommand('jevSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW });
  }
  const prefix = `${opts.keyPrefix ?? ''}${REDIS_BUDGET_PREFIX}`;
  const checked = new Set<string>();

  async function run(budget: Budget, key: string, spend: 0 | 1): Promise<LimitResult> {
    if (!checked.has(budget.name)) {
      assertValidBudget(budget);
      checked.add(budget.name);
    }
    await whenReady(client, opts.readyTimeoutMs);
    const [allowed, remaining, retryAfterSeconds] = await client.jevSlidingWindow(
      `${prefix}${budget.name}:${key}`,
      budget.limit,
      budget.windowSeconds * 1000,
      spend,
    );
    return allowed === 1 ? { allowed: true, remaining, retryAfterSeconds: 0 } : { allowed: false, remaining: 0, retryAfterSeconds };
  }

  return {
    store: 'redis',
    consume: (budget, key) => run(budget, key, 1),
    peek: (budget, key) => run(budget, key, 0),
    async ping(): Promise<void> {
      await whenReady(client, opts.readyTimeoutMs);
      await client.ping();
    },
  };
}
