import { describe, expect, it } from 'vitest';
import { roundTo } from '@/lib/betting/odds';
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

  it('a percentage is the fraction the default answers quote, rounded the same way: never a half case the other way, never -0', () => {
    // The console shows full answers' six-place EVs; an agent quotes the default answer's four places of the same.
    const disagree: string[] = [];
    for (let millionths = -100_000; millionths <= 100_000; millionths += 1) {
      const value = millionths / 1e6;
      const quoted = `${(roundTo(value, 4) * 100).toFixed(2)}%`;
      if (percent(value, 2) !== quoted) disagree.push(`${value}: ${percent(value, 2)} vs ${quoted}`);
    }
    expect(disagree.slice(0, 5)).toEqual([]);
    expect(percent(-0.09975, 2)).toBe('-9.97%');
    expect([percent(-0.0004), percent(-0.00004, 2)]).toEqual(['0.0%', '0.00%']);
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
