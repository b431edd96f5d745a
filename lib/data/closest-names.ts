import { normaliseName } from './sports';

// "Did you mean": the closest known names to what a caller typed, for 400 messages. Never used to pick a
// team or player on the caller's behalf.

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** Up to `limit` display names whose spellings (name and aliases) come closest to `typed`. */
export function closestNames(typed: string, candidates: readonly { name: string; spellings: readonly string[] }[], limit = 3): string[] {
  const wanted = normaliseName(typed);
  const score = (spelling: string) => {
    const known = normaliseName(spelling);
    // A prefix or substring match ("chief" → Chiefs) beats any spelling mistake.
    if (wanted && (known.startsWith(wanted) || known.includes(wanted))) return -1;
    return editDistance(wanted, known) / Math.max(wanted.length, known.length, 1);
  };
  return candidates
    .map((candidate) => ({ name: candidate.name, score: Math.min(...candidate.spellings.map(score), score(candidate.name)) }))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((candidate) => candidate.name);
}
