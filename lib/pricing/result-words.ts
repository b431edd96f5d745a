import type { LineKind, ResultReturn } from '@/lib/betting/arbitrage';

// An arbitrage's or a middle's results in words, as the odds tools say them: which margins or totals return what.

/** A range of results in words: "ARS by 2 or more", "draw", "CHE by 1"; "total 2 or less", "total 3". */
export function resultInWords({ from, to }: { from: number | null; to: number | null }, kind: LineKind, [side, other]: readonly string[]) {
  const span = (low: number | null, high: number | null) =>
    low === high ? `${low}` : low === null ? `${high} or less` : high === null ? `${low} or more` : `${low} to ${high}`;
  if (kind === 'total') return `total ${span(from, to)}`;
  if (from === 0 && to === 0) return 'draw';
  if (from !== null && from >= 1) return `${side} by ${span(from, to)}`;
  if (to !== null && to <= -1) return `${other} by ${span(-to, from === null ? null : -from)}`;
  return `${side}'s margin ${span(from, to)}`;
}

/** Each range of results in words, with its return. */
export function inWords(returns: readonly ResultReturn[], kind: LineKind, outcomes: readonly string[]) {
  return returns.map((entry) => ({ result: resultInWords(entry, kind, outcomes), returnFraction: entry.returnFraction }));
}
