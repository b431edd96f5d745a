import { describe, expect, it } from 'vitest';
import { americanOdds, betInWords, money, outcomeName, percent, thresholdPercent } from '@/lib/present/format';

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

  it('amounts in the user’s currency, whole units on a chart’s axis; missing figures are a dash', () => {
    expect([money(1234.5, 'USD'), money(-20, 'EUR'), money(1234.5, 'USD', 0), money(null, 'USD'), percent(null)]).toEqual([
      '$1,234.50',
      '-€20.00',
      '$1,235',
      '–',
      '–',
    ]);
  });

  it('a bet, pick or value entry reads as market, the player of a prop, and the outcome at its line', () => {
    expect(betInWords({ market: 'h2h', outcome: 'NYG', point: null })).toBe('Moneyline NYG');
    expect(betInWords({ market: 'spreads', outcome: 'dal', point: 3.5, player: null })).toBe('Spread DAL +3.5');
    expect(betInWords({ market: 'player_pass_tds', outcome: 'over', point: 1.5, player: 'Josh Allen' })).toBe(
      'player_pass_tds Josh Allen over 1.5',
    );
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
