import { describe, expect, it } from 'vitest';
import { actionStakeCents, gradeSelection, settlement, winningsCents } from '@/lib/betting';

const score = (homeScore: number, awayScore: number, threeWay = false) => ({
  homeTeam: 'KC',
  awayTeam: 'BUF',
  homeScore,
  awayScore,
  threeWay,
});

describe('gradeSelection', () => {
  it('grades moneylines, including a level two-way game as a push and a soccer draw', () => {
    expect(gradeSelection({ market: 'h2h', selection: 'KC', point: null }, score(27, 24))).toBe('won');
    expect(gradeSelection({ market: 'h2h', selection: 'buf', point: null }, score(27, 24))).toBe('lost');
    expect(gradeSelection({ market: 'h2h', selection: 'KC', point: null }, score(20, 20))).toBe('push');
    expect(gradeSelection({ market: 'h2h', selection: 'draw', point: null }, score(1, 1))).toBe('won');
    expect(gradeSelection({ market: 'h2h', selection: 'draw', point: null }, score(2, 1))).toBe('lost');
  });

  it("grades either team's side of a three-way moneyline lost on a draw, which is its own outcome (before: push)", () => {
    expect(gradeSelection({ market: 'h2h', selection: 'KC', point: null }, score(1, 1, true))).toBe('lost');
    expect(gradeSelection({ market: 'h2h', selection: 'BUF', point: null }, score(0, 0, true))).toBe('lost');
    expect(gradeSelection({ market: 'h2h', selection: 'draw', point: null }, score(1, 1, true))).toBe('won');
    expect(gradeSelection({ market: 'h2h', selection: 'KC', point: null }, score(2, 1, true))).toBe('won');
    expect(gradeSelection({ market: 'h2h', selection: 'BUF', point: null }, score(2, 1, true))).toBe('lost');
    // Spreads and totals grade alike in either kind of market.
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: 0 }, score(1, 1, true))).toBe('push');
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
  it('grades a quarter line as half the stake on each neighbouring line (Asian handicap)', () => {
    const level = score(1, 1);
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -0.25 }, level)).toBe('half_lost');
    expect(gradeSelection({ market: 'spreads', selection: 'BUF', point: 0.25 }, level)).toBe('half_won');
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -0.75 }, level)).toBe('lost');
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -0.75 }, score(2, 1))).toBe('half_won');
    expect(gradeSelection({ market: 'spreads', selection: 'BUF', point: 0.75 }, score(2, 1))).toBe('half_lost');
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -1.25 }, score(2, 1))).toBe('half_lost');
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -0.25 }, score(2, 1))).toBe('won');
    expect(gradeSelection({ market: 'totals', selection: 'over', point: 2.25 }, level)).toBe('half_lost');
    expect(gradeSelection({ market: 'totals', selection: 'under', point: 2.25 }, level)).toBe('half_won');
    expect(gradeSelection({ market: 'totals', selection: 'over', point: 2.75 }, score(2, 1))).toBe('half_won');
    expect(gradeSelection({ market: 'totals', selection: 'under', point: 2.75 }, level)).toBe('won');
    // Not a quarter: a tenth of a goal is one line.
    expect(gradeSelection({ market: 'spreads', selection: 'KC', point: -0.3 }, level)).toBe('lost');
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
  it('settles a half win or half loss as a refunded half plus the other half, the odd cent on the refunded half', () => {
    expect(settlement(1000, -110, 'half_won')).toEqual({ payoutCents: 1455, profitCents: 455 });
    expect(settlement(1001, -110, 'half_won')).toEqual({ payoutCents: 1456, profitCents: 455 });
    expect(settlement(1000, 100, 'half_lost')).toEqual({ payoutCents: 500, profitCents: -500 });
    expect(settlement(1001, 100, 'half_lost')).toEqual({ payoutCents: 501, profitCents: -500 });
    expect(settlement(1, 100, 'half_lost')).toEqual({ payoutCents: 1, profitCents: 0 });
  });
  it('counts as staked with action only what was not refunded', () => {
    expect(
      [1001, 1001, 1001, 1001, 1001].map((stake, i) =>
        actionStakeCents(stake, (['won', 'push', 'void', 'half_won', 'half_lost'] as const)[i]!),
      ),
    ).toEqual([1001, 0, 0, 500, 500]);
  });
});
