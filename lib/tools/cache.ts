import { expiringCache, type ExpiringCache } from '@/lib/cache';
import type { ToolCaches, ToolIdentity } from './types';

/**
 * The tools' answers kept for ODDS_CACHE_SECONDS, per tool and key (get_game_odds is the one that asks: a full NFL
 * week is ~1,000 price rows and ~50 consensus calculations, so its updatedAgo may lag by that much; prices only change
 * at ingestion, minutes apart). The users' preferences those answers depend on are kept as long by the ledger
 * (recentPreferences). Built once per process by the root (per test by the tests); failures are not kept; 0 seconds
 * keeps nothing.
 */
const CACHE_ENTRIES = 500;

export function createToolCaches(ttlSeconds: number): ToolCaches {
  const ttlMs = ttlSeconds * 1000;
  const answers = new Map<ToolIdentity, ExpiringCache<unknown>>();
  return {
    answer<T>(tool: ToolIdentity, key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return compute();
      let kept = answers.get(tool);
      if (!kept) answers.set(tool, (kept = expiringCache<unknown>({ ttlMs, maxEntries: CACHE_ENTRIES })));
      return kept.get(key, compute) as Promise<T>;
    },
  };
}
