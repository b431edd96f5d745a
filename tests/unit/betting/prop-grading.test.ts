import { describe, expect, it } from 'vitest';
import { gradeProp, PROP_STATS } from '@/lib/betting';
import { SPORT_INFO, SPORTS } from '@/lib/data/sports';

const qb = { passingYards: 262, passingTouchdowns: 2, rushingYards: 28, rushingTouchdowns: 0 };
const rb = { rushingYards: 81, rushingTouchdowns: 1, receptions: 2, receivingYards: -3 };

describe('gradeProp', () => {
  it('grades over and under against the stat the market names, with a push on the number', () => {
    expect(gradeProp('nfl', { market: 'player_pass_yds', selection: 'over', point: 249.5 }, qb)).toBe('won');
    expect(gradeProp('nfl', { market: 'player_pass_yds', selection: 'under', point: 249.5 }, qb)).toBe('lost');
    expect(gradeProp('nfl', { market: 'player_rush_yds', selection: 'under', point: 28 }, qb)).toBe('push');
    expect(gradeProp('nfl', { market: 'player_reception_yds', selection: 'under', point: 9.5 }, rb)).toBe('won');
    expect(gradeProp('nba', { market: 'player_rebounds', selection: 'over', point: 9.5 }, { points: 20, rebounds: 10 })).toBe('won');
  });

  it('grades yes/no markets by whether the stat happened, counting every way it can', () => {
    expect(gradeProp('nfl', { market: 'player_anytime_td', selection: 'yes', point: null }, rb)).toBe('won');
    expect(gradeProp('nfl', { market: 'player_anytime_td', selection: 'no', point: null }, rb)).toBe('lost');
    // A passing touchdown is not the passer's own.
    expect(gradeProp('nfl', { market: 'player_anytime_td', selection: 'yes', point: null }, qb)).toBe('lost');
    expect(gradeProp('epl', { market: 'player_goal_scorer_anytime', selection: 'yes', point: null }, { goals: 0, shots: 3 })).toBe('lost');
    expect(gradeProp('nhl', { market: 'player_points', selection: 'over', point: 0.5 }, { goals: 0, assists: 1 })).toBe('won');
  });

  it('leaves to the user what the line does not tell: no stat of the market, or a market without one', () => {
    expect(gradeProp('nfl', { market: 'player_pass_yds', selection: 'over', point: 0.5 }, rb)).toBeNull();
    expect(gradeProp('nfl', { market: 'player_anytime_td', selection: 'yes', point: null }, { passingYards: 200 })).toBeNull();
    expect(gradeProp('nfl', { market: 'player_longest_reception', selection: 'over', point: 20.5 }, rb)).toBeNull();
  });

  it('has a stat for every prop market a sport stores', () => {
    for (const sport of SPORTS) {
      for (const market of SPORT_INFO[sport].propMarkets) expect(PROP_STATS[sport]?.[market], `${sport} ${market}`).toBeDefined();
    }
  });
});
