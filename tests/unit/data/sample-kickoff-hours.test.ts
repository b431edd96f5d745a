import { describe, expect, it } from 'vitest';
import { homeTimeZone, leagueFixtures } from '@/lib/data/sample/fixtures';
import { CATALOGUE } from '@/lib/data/teams';
import { offsetAt } from '@/lib/time';

// A sample that looks real puts each game at its home team's usual hour: an NBA game in the home city's evening, an
// NFL Sunday afternoon game never in the Pacific morning.

/** The hour of the day (with minutes as a fraction) at `instant` in `timeZone`. */
const localHour = (instant: Date, timeZone: string) => {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return local.getUTCHours() + local.getUTCMinutes() / 60;
};

/** Every date from `from`, `days` of them (YYYY-MM-DD). */
const dates = (from: string, days: number) =>
  Array.from({ length: days }, (_, day) => new Date(Date.parse(`${from}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10));

describe('sample kickoff hours', () => {
  it('knows the time zone of every NFL and NBA home', () => {
    for (const team of CATALOGUE.filter((entry) => entry.sport === 'nfl' || entry.sport === 'nba'))
      expect(() => homeTimeZone(team)).not.toThrow();
  });

  it('starts NBA games in the home city’s evening, across a season and its clock changes', () => {
    const hours = dates('2026-10-20', 240).flatMap((date) =>
      leagueFixtures(date, 'nba').map(({ game, home }) => localHour(game.startsAt, homeTimeZone(home))),
    );
    const evening = hours.filter((hour) => hour >= 18.5 && hour <= 20.5).length;
    expect(evening / hours.length).toBeGreaterThan(0.95);
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(17);
    expect(Math.max(...hours)).toBeLessThanOrEqual(22);
  });

  it('gives the NFL’s Sunday afternoon games to the East at 13:00 ET and to the West later', () => {
    const weeks = dates('2026-09-10', 20 * 7).filter((_, day) => day % 7 === 0);
    let games = 0;
    let morning = 0;
    for (const date of weeks) {
      const sunday = leagueFixtures(date, 'nfl').slice(1, 14);
      for (const { game, home } of sunday) {
        games++;
        if (localHour(game.startsAt, homeTimeZone(home)) < 12) morning++;
      }
      // The later a game on Sunday afternoon, the further west its home, or the same.
      const offsets = sunday.map(({ home }) => offsetAt(Date.UTC(2027, 0, 1), homeTimeZone(home)));
      expect(offsets).toEqual([...offsets].sort((a, b) => b - a));
    }
    expect(games).toBe(20 * 13);
    expect(morning / games).toBeLessThan(0.02);
  });
});
