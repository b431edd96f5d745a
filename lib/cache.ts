// A small in-process cache of pending and settled answers, so identical requests inside the window pay
// for one computation (a model call, an odds answer), including requests that arrive while the first is still
// waiting for it. Failures are not kept: the next identical request tries again. Whoever builds one owns it.

interface Entry<Value> {
  expiresAt: number;
  value: Promise<Value>;
}

export interface ExpiringCache<Value> {
  /** The cached value for `key`, or `compute()`'s, kept for the window. */
  get(key: string, compute: () => Promise<Value>): Promise<Value>;
}

export function expiringCache<Value>(options: { ttlMs: number; maxEntries: number; now?: () => number }): ExpiringCache<Value> {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const entries = new Map<string, Entry<Value>>();

  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      entries.delete(key);
      const value = compute();
      entries.set(key, { expiresAt: now() + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      // Maps iterate in insertion order, so the first key is the oldest.
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}
