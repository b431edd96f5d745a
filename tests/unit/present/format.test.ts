import { describe, expect, it } from 'vitest';
import { americanOdds, money, outcomeName, percent, selectionLabel, thresholdPercent } from '@/lib/present/format';

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

  it('a bet or pick reads as sport, game, the player of a prop, market, selection and line', () => {
    const bet = { sport: 'nfl', gameId: 'nfl-next', player: null, market: 'h2h', selection: 'NYG', point: null };
    expect(selectionLabel(bet)).toBe('NFL nfl-next: h2h NYG');
    expect(selectionLabel({ ...bet, player: 'Josh Allen', market: 'player_pass_tds', selection: 'over', point: 1.5 })).toBe(
      'NFL nfl-next: Josh Allen player_pass_tds over 1.5',
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
