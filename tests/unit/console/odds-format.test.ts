import { describe, expect, it } from 'vitest';
import { americanOdds, outcomeName, percent, thresholdPercent } from '@/lib/console/odds-format';

describe('how the console writes prices', () => {
  it('American odds carry their sign; missing prices are a dash', () => {
    expect([americanOdds(150), americanOdds(-110), americanOdds(null), americanOdds(undefined)]).toEqual(['+150', '-110', '–', '–']);
  });

  it('outcomes read as bettors write them: teams in capitals with a signed line, totals with the bare line', () => {
    expect(outcomeName('dal', -3.5)).toBe('DAL -3.5');
    expect(outcomeName('nyg', 3.5)).toBe('NYG +3.5');
    expect(outcomeName('over', 47.5)).toBe('over 47.5');
    expect(outcomeName('draw', null)).toBe('draw');
    expect(percent(0.02134)).toBe('2.1%');
  });

  it('the Games threshold is the address’s percentage, else 2% (also for what the tool would refuse)', () => {
    expect(thresholdPercent('3.5')).toBe(3.5);
    expect(thresholdPercent('-1')).toBe(-1);
    expect(thresholdPercent(undefined)).toBe(2);
    expect(thresholdPercent('')).toBe(2);
    expect(thresholdPercent('lots')).toBe(2);
    expect(thresholdPercent('5000')).toBe(2);
    expect(thresholdPercent(['1', '2'])).toBe(2);
  });
});
