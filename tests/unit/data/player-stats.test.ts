import { describe, expect, it } from 'vitest';
import { averageStatLines, isRateStat } from '@/lib/data/player-stats';

describe('averageStatLines', () => {
  it('averages counts over every game, a missing count being 0', () => {
    // A receiver who carried the ball in one game of three.
    const lines: Record<string, number>[] = [{ receivingYards: 80, rushingYards: 12 }, { receivingYards: 40 }, { receivingYards: 60 }];
    expect(averageStatLines(lines)).toEqual({ receivingYards: 60, rushingYards: 4 });
  });

  it('averages rates and bests over the games that have them', () => {
    const lines: Record<string, number>[] = [{ rushingYards: 30, yardsPerRushAttempt: 6, longRushing: 12 }, { receptions: 2 }];
    expect(averageStatLines(lines)).toEqual({ rushingYards: 15, yardsPerRushAttempt: 6, longRushing: 12, receptions: 1 });
  });

  it('rounds to two decimals and is empty for no lines', () => {
    expect(averageStatLines([{ points: 1 }, { points: 0 }, { points: 0 }])).toEqual({ points: 0.33 });
    expect(averageStatLines([])).toEqual({});
  });

  it('tells rates from counts by ESPN-style names', () => {
    for (const rate of [
      'yardsPerPassAttempt',
      'yardsPerReception',
      'longReception',
      'QBRating',
      'adjQBR',
      'completionPct',
      'fieldGoalPct',
    ]) {
      expect(isRateStat(rate), rate).toBe(true);
    }
    for (const count of ['passingYards', 'rushingTouchdowns', 'receptions', 'points', 'rebounds', 'fieldGoalsMade', 'goals', 'minutes']) {
      expect(isRateStat(count), count).toBe(false);
    }
  });
});
