import { describe, expect, it } from 'vitest';
import { resultOf } from '@/lib/data/sample/days';
import { leagueFixtures, score } from '@/lib/data/sample/fixtures';
import { random } from '@/lib/data/sample/random';
import { touchdownChances } from '@/lib/data/sample/scoring';
import { addDays } from '@/lib/time';

// The sample's NFL scores are ones NFL teams post, as often as they post them: made of touchdowns (6, and a try of 1,
// 2 or nothing), field goals (3) and now and then a safety (2). Before, a score was a rounded normal draw around the
// market, so a team scored 1, 4 or 5 points about as often as 3 or 6 (about one game in forty had one of them), scores
// no team essentially ever posts: 1 never (a one-point safety on a try, a handful of times in the league's history),
// 2, 4 and 5 only with a safety (a few in a thousand team games at most, real data shows).

const FAR = new Date('2031-01-01T00:00:00Z');
/** A season of sample weeks, each week's finals as they are stored and shown. */
const seasonScores = Array.from({ length: 60 }, (_, week) => leagueFixtures(addDays('2026-09-10', 7 * week), 'nfl')).flatMap((fixtures) =>
  fixtures.flatMap((fixture) => {
    const { game } = resultOf(fixture, FAR);
    return [game.homeScore!, game.awayScore!];
  }),
);
/** Many more finals drawn the same way, over the markets NFL games have (margins to two touchdowns, totals 36 to 52). */
const drawnScores = (() => {
  const rng = random('nfl-scores');
  return Array.from({ length: 20_000 }, () => score('nfl', rng.normal(6), 44 + rng.normal(4), rng)).flat();
})();

const share = (scores: readonly number[], points: number) => scores.filter((value) => value === points).length / scores.length;

describe('sample NFL scores', () => {
  it.each([
    ['the sample season', seasonScores],
    ['20,000 drawn games', drawnScores],
  ])('in %s: no 1, and 2, 4 and 5 only rarely', (_, scores) => {
    expect(scores.length).toBeGreaterThan(1_000);
    expect(share(scores, 1)).toBe(0);
    for (const rare of [2, 4, 5]) expect(share(scores, rare), `${rare}`).toBeLessThan(0.003);
    // Every score breaks down into touchdowns, field goals and safeties (the box scores share its touchdowns out).
    for (const points of new Set(scores)) expect(touchdownChances(points, 22).length, `${points}`).toBeGreaterThan(0);
  });

  it('look like the league: its usual scores the commonest, its mean and spread', () => {
    const common = [...new Set(drawnScores)].sort((a, b) => share(drawnScores, b) - share(drawnScores, a)).slice(0, 6);
    // The league's six commonest team scores are among 10, 13, 17, 20, 23, 24 and 27.
    for (const points of common) expect([10, 13, 17, 20, 23, 24, 27], `${common.join(' ')}`).toContain(points);
    const mean = drawnScores.reduce((sum, value) => sum + value, 0) / drawnScores.length;
    const sd = Math.sqrt(drawnScores.reduce((sum, value) => sum + (value - mean) ** 2, 0) / drawnScores.length);
    expect(mean).toBeGreaterThan(20);
    expect(mean).toBeLessThan(24);
    expect(sd).toBeGreaterThan(8.5);
    expect(sd).toBeLessThan(11);
    // Shutouts happen, rarely; no tie stands (overtime settles it).
    expect(share(drawnScores, 0)).toBeGreaterThan(0.002);
    expect(share(drawnScores, 0)).toBeLessThan(0.03);
    const games = Array.from({ length: drawnScores.length / 2 }, (_, index) => drawnScores.slice(2 * index, 2 * index + 2));
    expect(games.filter(([home, away]) => home === away)).toEqual([]);
  });
});
