import { describe, expect, it } from 'vitest';
import { oddsWorkload } from '../../../bench/workload';

// Each odds row of the bench prints what its answer covered, so a run shows the work it measured.

describe('an odds row’s workload', () => {
  it('counts the games of every page, and those on the first', () => {
    expect(oddsWorkload({ games: Array(8).fill({}), remaining: 8 }, 17_800)).toBe('16 games, 8 on the page, 17.8 KB');
    expect(oddsWorkload({ games: [{}] }, 3_179)).toBe('1 game, 1 on the page, 3.2 KB');
  });

  it('counts the games a value scan read, and its entries on every page', () => {
    expect(oddsWorkload({ gamesScanned: 16, value: [{}, {}, {}] }, 1_414)).toBe('16 games scanned, 3 value entries, 1.4 KB');
    expect(oddsWorkload({ gamesScanned: 16, value: Array(10).fill({}), remaining: 4 }, 5_000)).toBe(
      '16 games scanned, 14 value entries, 5.0 KB',
    );
  });
});
