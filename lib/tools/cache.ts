import { expiringCache, type ExpiringCache } from '@/lib/cache';
import type { ToolCaches, ToolIdentity } from './types';

/**
 * get_game_odds is the hot path: a full NFL week is ~1,000 price rows and ~50 consensus calculations. Answers
 * (and the users' preferences they depend on) are reused for ODDS_CACHE_SECONDS, so their updatedAgo may
 * lag by that much; prices only change at ingestion, minutes apart. One set per context builder (per process
 * in the server); failures are not kept.
 */
const CACHE_ENTRIES = 500;

export function createToolCaches(ttlSeconds: number): ToolCaches {
  const ttlMs = ttlSeconds * 1000;
  const cache = () => expiringCache<unknown>({ ttlMs, maxEntries: CACHE_ENTRIES });
  const answers = new Map<ToolIdentity, ExpiringCache<unknown>>();
  const preferences = cache();
  return {
    answer<T>(tool: ToolIdentity, key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return compute();
      let kept = answers.get(tool);
      if (!kept) answers.set(tool, (kept = cache()));
      return kept.get(key, compute) as Promise<T>;
    },
    preferences<T>(userId: string, read: () => Promise<T>): Promise<T> {
      return ttlMs === 0 ? read() : (preferences.get(userId, read) as Promise<T>);
    },
  };
}
