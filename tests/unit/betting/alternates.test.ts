import { describe, expect, it } from 'vitest';
import { alternateLines, type AlternateQuote } from '@/lib/betting/alternates';

// Hand-computed vectors (the arithmetic is written out beside each expectation). A line is the home side's point
// (spreads) or the total; the fair probability is the mean of each two-sided book's multiplicative de-vig.

const AT = new Date('2026-11-21T12:00:00Z');
const q = (market: string, book: string, outcome: string, point: number, americanOdds: number): AlternateQuote => ({
  market,
  book,
  outcome,
  point,
  americanOdds,
  updatedAt: AT,
});
const S = 'alternate_spreads';
const T = 'alternate_totals';
const TEAMS = { home: 'KC', away: 'BUF' };

/** Implied probability of an American price. */
const implied = (a: number) => (a > 0 ? 100 / (a + 100) : -a / (-a + 100));
const decimal = (a: number) => (a > 0 ? 1 + a / 100 : 1 + 100 / -a);
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

describe('alternateLines', () => {
  it('pairs home at p with away at -p, takes the best price per side and averages the two-sided books', () => {
    const lines = alternateLines(
      [
        q(S, 'draftkings', 'KC', -6.5, 150),
        q(S, 'draftkings', 'BUF', 6.5, -180),
        q(S, 'fanduel', 'KC', -6.5, 160),
        q(S, 'fanduel', 'BUF', 6.5, -190),
      ],
      TEAMS,
    );
    // draftkings: 0.4 and 0.642857 → KC 0.4 / 1.042857; fanduel: 0.384615 and 0.655172 → KC 0.384615 / 1.039788.
    const dk = implied(150) / (implied(150) + implied(-180));
    const fd = implied(160) / (implied(160) + implied(-190));
    const kc = (dk + fd) / 2;
    expect(round6(kc)).toBe(0.37673);
    expect(lines).toEqual([
      {
        market: S,
        line: -6.5,
        consensusBooks: 2,
        sides: [
          {
            outcome: 'KC',
            point: -6.5,
            best: { book: 'fanduel', americanOdds: 160, updatedAt: AT },
            books: 2,
            fairProbability: round6(kc),
            expectedValue: round6(round6(kc) * 2.6 - 1),
          },
          {
            outcome: 'BUF',
            point: 6.5,
            best: { book: 'draftkings', americanOdds: -180, updatedAt: AT },
            books: 2,
            fairProbability: round6(1 - kc),
            expectedValue: round6(round6(1 - kc) * decimal(-180) - 1),
          },
        ],
      },
    ]);
  });

  it('a line one book quotes on one side only has no fair probability; a one-sided book does not join the consensus', () => {
    const lines = alternateLines(
      [
        q(S, 'draftkings', 'KC', -1.5, -135),
        q(S, 'draftkings', 'BUF', 1.5, 115),
        q(S, 'fanduel', 'KC', -1.5, -130), // one side only: best price, not in the consensus
        q(S, 'fanduel', 'KC', -9.5, 240), // nobody quotes BUF +9.5
      ],
      TEAMS,
    );
    expect(lines.map((line) => [line.line, line.consensusBooks, line.sides.length])).toEqual([
      [-9.5, 0, 1],
      [-1.5, 1, 2],
    ]);
    expect(lines[0]!.sides[0]).toMatchObject({ outcome: 'KC', fairProbability: null, expectedValue: null, books: 1 });
    // draftkings alone: 0.574468 and 0.465116 → KC 0.574468 / 1.039584 = 0.552594.
    const kc = implied(-135) / (implied(-135) + implied(115));
    expect(lines[1]!.sides[0]).toEqual({
      outcome: 'KC',
      point: -1.5,
      best: { book: 'fanduel', americanOdds: -130, updatedAt: AT },
      books: 2,
      fairProbability: round6(kc),
      expectedValue: round6(round6(kc) * decimal(-130) - 1),
    });
    expect(round6(kc)).toBe(0.552594);
  });

  it('totals pair over and under at one point, lines in ascending order, spreads before totals', () => {
    const lines = alternateLines(
      [
        q(T, 'draftkings', 'under', 47.5, -150),
        q(T, 'draftkings', 'over', 47.5, 125),
        q(T, 'draftkings', 'over', 40.5, -160),
        q(T, 'draftkings', 'under', 40.5, 135),
        q(S, 'draftkings', 'BUF', -2.5, 120), // BUF -2.5 is the line KC +2.5
        q(S, 'draftkings', 'KC', 2.5, -140),
      ],
      TEAMS,
    );
    expect(lines.map((line) => [line.market, line.line, line.sides.map((side) => side.outcome)])).toEqual([
      [S, 2.5, ['KC', 'BUF']],
      [T, 40.5, ['over', 'under']],
      [T, 47.5, ['over', 'under']],
    ]);
    expect(lines[1]!.sides[0]!.fairProbability).toBe(round6(implied(-160) / (implied(-160) + implied(135))));
  });

  it("an exchange's price counts net of its commission, the quote beside it", () => {
    // Betfair's 5% on winnings: +150 (decimal 2.5) nets 1 + 1.5 × 0.95 = 2.425, +142.5; draftkings' +145 beats it.
    const lines = alternateLines(
      [
        q(S, 'betfair_ex_uk', 'KC', -6.5, 150),
        q(S, 'betfair_ex_uk', 'BUF', 6.5, -150),
        q(S, 'draftkings', 'KC', -6.5, 145),
        q(S, 'draftkings', 'BUF', 6.5, -175),
      ],
      TEAMS,
    );
    const [kc, buf] = lines[0]!.sides;
    expect(kc!.best).toEqual({ book: 'draftkings', americanOdds: 145, updatedAt: AT });
    // BUF -150 at Betfair (decimal 1.666667) nets 1 + 0.666667 × 0.95 = 1.633333, -158: better than -175.
    expect(buf!.best).toEqual({ book: 'betfair_ex_uk', americanOdds: -158, beforeCommission: -150, updatedAt: AT });
    expect(lines[0]!.consensusBooks).toBe(2);
  });

  it('leaves out other markets, unknown outcomes, and treats a zero point as one line', () => {
    const lines = alternateLines(
      [
        q('spreads', 'draftkings', 'KC', -3.5, -110),
        q(S, 'draftkings', 'NYJ', -3.5, -110),
        q(T, 'draftkings', 'yes', 40.5, -110),
        q(S, 'draftkings', 'KC', 0, -120),
        q(S, 'draftkings', 'BUF', 0, 100),
      ],
      TEAMS,
    );
    expect(lines).toHaveLength(1);
    expect(Object.is(lines[0]!.line, 0)).toBe(true);
    expect(lines[0]!.consensusBooks).toBe(1);
  });
});
