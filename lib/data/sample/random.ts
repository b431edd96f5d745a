// The sample's random numbers and the small sums its prices are made of: the same on every platform.

/** mulberry32 seeded by a string: small, fast and the same on every platform. */
export function random(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    int: (low: number, high: number) => low + Math.floor((high - low + 1) * next()),
    normal: (sd: number) => sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
export type Random = ReturnType<typeof random>;

export const logistic = (x: number) => 1 / (1 + Math.exp(-x));
export const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
export const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Whole American price from an implied probability, as books quote it. */
export function american(implied: number): number {
  const q = clamp(implied, 0.01, 0.99);
  return q >= 0.5 ? -Math.round((100 * q) / (1 - q)) : Math.round((100 * (1 - q)) / q);
}
