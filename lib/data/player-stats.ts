// Averages over a player's recent box-score lines.

/**
 * Stats that are rates or bests within a game (yards per carry, longest reception, passer rating): a game
 * without one says nothing about it. Counts (yards, touchdowns, rebounds) are 0 in a game that lacks them:
 * a receiver with no carries ran for 0 yards.
 */
const PER_GAME_RATE = /^(yardsPer|long|average)|(Pct|Percentage|Rating|QBR|Average)$/i;

export function isRateStat(stat: string): boolean {
  return PER_GAME_RATE.test(stat);
}

/** Each stat's average over the lines, counts over every line, rates over the lines that have them; 2 decimals. */
export function averageStatLines(lines: readonly Record<string, number>[]): Record<string, number> {
  const totals = new Map<string, { sum: number; games: number }>();
  for (const line of lines) {
    for (const [stat, value] of Object.entries(line)) {
      const total = totals.get(stat) ?? { sum: 0, games: 0 };
      total.sum += value;
      total.games += 1;
      totals.set(stat, total);
    }
  }
  return Object.fromEntries(
    [...totals].map(([stat, { sum, games }]) => [stat, Math.round((sum / (isRateStat(stat) ? games : lines.length)) * 100) / 100]),
  );
}
