import { expiringCache, type ExpiringCache } from '@/lib/cache';
import type { ToolCaches, ToolIdentity } from './types';

/**
 * The tools' answers kept for ODDS_CACHE_SECONDS, per tool and key (get_game_odds is the one that asks: a full NFL
 * week is ~1,000 price rows and ~50 consensus calculations, so its updatedAgo may lag by that much; prices only change
 * at ingestion, minutes apart), and the users' preferences those answers depend on. Built once per process by the
 * root (per test by the tests); failures are not kept; 0 seconds keeps nothing.
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
