import { describe, expect, it } from 'vitest';
import { gradeSelection, settlement, winningsCents } from '@/lib/betting';

const score = (homeScore: number, awayScore: number) => ({ homeTeam: 'KC', awayTeam: 'BUF', homeScore, awayScore });

describe('gradeSelection', () => {
  it('grades moneylines, including a level two-way game as a push and a soccer draw', () => {
    expect(gradeSelection({ market: 'h2h', selection: 'KC', point: null }, score(27, 24))).toBe('won');
    expect(gradeSelection({ market: 'h2h', selection: 'buf', point: null }, score(27, 24))).toBe('lost');
    expect(gradeSelection({ market: 'h2h', selection: 'KC', point: null }, score(20, 20))).toBe('push');
    expect(gradeSelection({ market: 'h2h', selection: 'draw', point: null }, score(1, 1))).toBe('won');
    expect(gradeSelection({ market: 'h2h', selection: 'draw', point: null }, score(2, 1))).toBe('lost');
  });
  it('grades spreads from the selected side, with a push on a whole-number line', () => {
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -3 }, score(27, 24))).toBe('push');
    expect(gradeSelection({ market: 'spreads', selection: 'BUF', point: 3 }, score(27, 24))).toBe('push');
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -3.5 }, score(27, 24))).toBe('lost');
    expect(gradeSelection({ market: 'spreads', selection: 'BUF', point: 3.5 }, score(27, 24))).toBe('won');
    expect(gradeSelection({ market: 'spreads', selection: 'BUF', point: -1.5 }, score(20, 24))).toBe('won');
  });
  it('grades totals, with a push on the number', () => {
    expect(gradeSelection({ market: 'totals', selection: 'over', point: 50.5 }, score(27, 24))).toBe('won');
    expect(gradeSelection({ market: 'totals', selection: 'under', point: 50.5 }, score(27, 24))).toBe('lost');
    expect(gradeSelection({ market: 'totals', selection: 'over', point: 51 }, score(27, 24))).toBe('push');
    expect(gradeSelection({ market: 'totals', selection: 'under', point: 51 }, score(27, 24))).toBe('push');
  });
  it('refuses a selection that is not part of the game', () => {
    expect(() => gradeSelection({ market: 'h2h', selection: 'NYJ', point: null }, score(1, 0))).toThrow(RangeError);
    expect(() => gradeSelection({ market: 'totals', selection: 'KC', point: 40 }, score(1, 0))).toThrow(RangeError);
  });
});

describe('settlement', () => {
  it('pays winnings at American odds, to the cent', () => {
    expect(winningsCents(10000, 150)).toBe(15000);
    expect(winningsCents(11000, -110)).toBe(10000);
    expect(winningsCents(1000, -110)).toBe(909);
    expect(settlement(10000, -110, 'won')).toEqual({ payoutCents: 19091, profitCents: 9091 });
  });
  it('handles losses, pushes, voids and cashouts', () => {
    expect(settlement(5000, 200, 'lost')).toEqual({ payoutCents: 0, profitCents: -5000 });
    expect(settlement(5000, 200, 'push')).toEqual({ payoutCents: 5000, profitCents: 0 });
    expect(settlement(5000, 200, 'void')).toEqual({ payoutCents: 5000, profitCents: 0 });
    expect(settlement(5000, 200, 'cashout', 3200)).toEqual({ payoutCents: 3200, profitCents: -1800 });
    expect(() => settlement(5000, 200, 'cashout')).toThrow(RangeError);
  });
});
