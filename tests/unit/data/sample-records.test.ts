import { describe, expect, it } from 'vitest';
import { impliedProbability } from '@/lib/betting/odds';
import { gradeProp } from '@/lib/betting/prop-grading';
import { sampleSlate } from '@/lib/data/sample';
import { resultOf } from '@/lib/data/sample/days';
import { leagueFixtures, type Fixture } from '@/lib/data/sample/fixtures';
import { propPrices, SAMPLE_BOOKS } from '@/lib/data/sample/prices';
import { injured } from '@/lib/data/sample/records';
import type { InjuryRecord, PlayerStatRecord, PriceRecord } from '@/lib/data/store';
import { addDays, localDate } from '@/lib/time';

// The sample's box scores, injuries and props must look and stay real: an agent quotes them, props are graded from the
// box scores, and a pick record built on them must not look better than it would live. Over a season of generated
// games (deterministic: the sample is a function of the date): each side's box score adds up to no more than its final
// score, nobody out that day has a line, minutes stay within a game, a player's injury runs its course from day to
// day, and each prop's line sits at the player's own numbers, so results land over about half the time.

const FAR = new Date('2031-01-01T00:00:00Z');
const ZONES: Record<string, string> = { nfl: 'America/New_York', nba: 'America/New_York', epl: 'Europe/London' };

interface Season {
  finals: { fixture: Fixture; homeScore: number; awayScore: number; lines: PlayerStatRecord[] }[];
  props: PriceRecord[];
  /** Each final's league's injury report of its day (the local date of its kickoff). */
  reportOf: (fixture: Fixture) => InjuryRecord[];
  /** The report each slate's props were priced on, by the slate's date (the props' books carry it: "draftkings|date"). */
  pricedOn: Map<string, InjuryRecord[]>;
}

const reports = new Map<string, InjuryRecord[]>();
const report = (date: string) => {
  if (!reports.has(date)) reports.set(date, injured(date, new Date(`${date}T12:00:00Z`)));
  return reports.get(date)!;
};

/** A league's slates, `count` of them `every` days apart from `first`, played, with the props they were priced with. */
function season(sport: 'nfl' | 'nba' | 'epl', first: string, count: number, every: number): Season {
  const out: Season = { finals: [], props: [], pricedOn: new Map(), reportOf: () => [] };
  for (let i = 0; i < count; i++) {
    const date = addDays(first, i * every);
    const fixtures = leagueFixtures(date, sport);
    // Priced on the report of a day before the first kickoff, as a load or the sample task would price them.
    const pricedAt = new Date(fixtures[0]!.game.startsAt.getTime() - 6 * 3_600_000);
    const onReport = report(pricedAt.toISOString().slice(0, 10)).filter((injury) => injury.sport === sport);
    out.pricedOn.set(date, onReport);
    out.props.push(...propPrices(fixtures, onReport, pricedAt.getTime()).map((row) => ({ ...row, book: `${row.book}|${date}` })));
    for (const fixture of fixtures) {
      const { game, playerStats } = resultOf(fixture, FAR);
      out.finals.push({ fixture, homeScore: game.homeScore!, awayScore: game.awayScore!, lines: playerStats });
    }
  }
  out.reportOf = (fixture) => report(localDate(fixture.game.startsAt, ZONES[sport]!)).filter((injury) => injury.sport === sport);
  return out;
}

const nba = season('nba', '2026-10-20', 150, 1);
const nfl = season('nfl', '2026-09-10', 40, 7);
const epl = season('epl', '2026-08-13', 38, 7);
const seasons = { nfl, nba, epl };

const sum = (lines: readonly PlayerStatRecord[], stat: string) => lines.reduce((total, line) => total + (line.stats[stat] ?? 0), 0);
const sides = (final: Season['finals'][number]) =>
  [
    [final.fixture.home.id, final.homeScore],
    [final.fixture.away.id, final.awayScore],
  ].map(([teamId, score]) => ({ score: score as number, lines: final.lines.filter((line) => line.teamId === teamId) }));

describe('sample box scores add up to the final score', () => {
  it('NBA: the listed players score no more than their team', () => {
    for (const final of nba.finals)
      for (const { score, lines } of sides(final)) expect(sum(lines, 'points'), final.fixture.game.id).toBeLessThanOrEqual(score);
  });

  it('EPL: the listed players score and assist no more goals than their team', () => {
    for (const final of epl.finals)
      for (const { score, lines } of sides(final)) {
        expect(sum(lines, 'goals'), final.fixture.game.id).toBeLessThanOrEqual(score);
        expect(sum(lines, 'assists'), final.fixture.game.id).toBeLessThanOrEqual(score);
        for (const line of lines) expect(line.stats.shots!).toBeGreaterThanOrEqual(line.stats.goals!);
      }
  });

  it('NFL: touchdowns within the score, receivers within their quarterback’s yards and touchdowns', () => {
    for (const final of nfl.finals)
      for (const { score, lines } of sides(final)) {
        const id = final.fixture.game.id;
        const touchdowns = sum(lines, 'passingTouchdowns') + sum(lines, 'rushingTouchdowns');
        expect(6 * touchdowns, id).toBeLessThanOrEqual(score);
        const qb = lines.find((line) => 'passingYards' in line.stats)!;
        expect(sum(lines, 'receivingYards'), id).toBeLessThanOrEqual(qb.stats.passingYards!);
        expect(sum(lines, 'receivingTouchdowns'), id).toBeLessThanOrEqual(qb.stats.passingTouchdowns!);
        for (const line of lines.filter((l) => 'receptions' in l.stats && 'receivingYards' in l.stats)) {
          // A catch for each touchdown, and no yards without a catch.
          expect(line.stats.receptions!).toBeGreaterThanOrEqual(line.stats.receivingTouchdowns!);
          if (line.stats.receivingYards! > 0) expect(line.stats.receptions!).toBeGreaterThan(0);
        }
      }
  });

  it('looks like the league: averages per team near real ones', () => {
    const perTeam = (s: Season, stat: string) => s.finals.reduce((total, f) => total + sum(f.lines, stat), 0) / (2 * s.finals.length);
    expect(perTeam(nba, 'points')).toBeGreaterThan(80);
    expect(perTeam(nba, 'points')).toBeLessThan(100);
    expect(perTeam(nfl, 'passingYards')).toBeGreaterThan(215);
    expect(perTeam(nfl, 'passingYards')).toBeLessThan(260);
    expect(perTeam(nfl, 'passingTouchdowns')).toBeGreaterThan(1.1);
    expect(perTeam(nfl, 'passingTouchdowns')).toBeLessThan(1.8);
    expect(perTeam(epl, 'goals')).toBeGreaterThan(0.7);
    expect(perTeam(epl, 'goals')).toBeLessThan(1.2);
  });
});

describe('sample box scores and the injury report', () => {
  it.each(Object.entries(seasons))('%s: nobody out or on injured reserve on the day’s report has a line', (_, s) => {
    let out = 0;
    for (const final of s.finals) {
      const players = new Set(final.lines.map((line) => line.player));
      for (const injury of s.reportOf(final.fixture))
        if (
          (injury.status === 'Out' || injury.status === 'Injured Reserve') &&
          [final.fixture.home.id, final.fixture.away.id].includes(injury.teamId)
        ) {
          out++;
          expect(players.has(injury.player), `${final.fixture.game.id} ${injury.player}`).toBe(false);
        }
    }
    expect(out).toBeGreaterThan(20);
  });

  it('a loaded slate’s past finals too', () => {
    const asOf = new Date('2026-12-07T15:00:00Z');
    const slate = sampleSlate('2026-12-07', asOf);
    let checked = 0;
    for (const game of slate.games.filter((g) => g.status === 'final')) {
      const date = localDate(game.startsAt, ZONES[game.sport]!);
      const lines = slate.playerStats.filter((line) => line.gameId === game.id);
      for (const injury of report(date).filter((i) => i.sport === game.sport && [game.homeTeamId, game.awayTeamId].includes(i.teamId)))
        if (injury.status === 'Out' || injury.status === 'Injured Reserve') {
          checked++;
          expect(lines.some((line) => line.player === injury.player)).toBe(false);
        }
      for (const teamId of [game.homeTeamId, game.awayTeamId]) {
        const score = teamId === game.homeTeamId ? game.homeScore! : game.awayScore!;
        const own = lines.filter((line) => line.teamId === teamId);
        if (game.sport === 'nba') expect(sum(own, 'points')).toBeLessThanOrEqual(score);
        if (game.sport === 'epl') expect(sum(own, 'goals')).toBeLessThanOrEqual(score);
        if (game.sport === 'nfl') expect(6 * (sum(own, 'passingTouchdowns') + sum(own, 'rushingTouchdowns'))).toBeLessThanOrEqual(score);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('minutes stay within a game: NBA 48 (regulation), EPL 90 and stoppage time', () => {
    for (const final of nba.finals) for (const line of final.lines) expect(line.stats.minutes!).toBeLessThanOrEqual(48);
    for (const final of epl.finals) for (const line of final.lines) expect(line.stats.minutes!).toBeLessThanOrEqual(98);
    const eplMinutes = epl.finals.flatMap((f) => f.lines.map((line) => line.stats.minutes!));
    expect(eplMinutes.filter((minutes) => minutes >= 90).length).toBeGreaterThan(eplMinutes.length / 2);
  });

  it('a player’s injury runs its course: the same injury from one day’s report to the next, never worse again', () => {
    const rank: Record<string, number> = { 'Injured Reserve': 0, Out: 0, Doubtful: 1, Questionable: 2, 'Day-To-Day': 3 };
    let followed = 0;
    let previous = new Map<string, InjuryRecord>();
    for (let day = 0; day < 90; day++) {
      const today = new Map(report(addDays('2026-10-01', day)).map((injury) => [`${injury.sport}|${injury.player}`, injury]));
      for (const [key, injury] of today) {
        const before = previous.get(key);
        if (!before) continue;
        followed++;
        expect(injury.detail, key).toBe(before.detail);
        expect(rank[injury.status]!, `${key}: ${before.status} then ${injury.status}`).toBeGreaterThanOrEqual(rank[before.status]!);
      }
      previous = today;
    }
    expect(followed).toBeGreaterThan(1000);
  });

  it('lists about one player in ten, each league with the statuses its reports use', () => {
    const day = report('2026-12-07');
    const statuses = (sport: string) => new Set(day.filter((i) => i.sport === sport).map((i) => i.status));
    expect(day.length).toBeGreaterThan(20);
    expect(day.length).toBeLessThan(80);
    for (const status of statuses('epl')) expect(['Out', 'Doubtful']).toContain(status);
    for (const status of statuses('nba')) expect(['Out', 'Doubtful', 'Questionable', 'Day-To-Day']).toContain(status);
    for (const status of statuses('nfl')) expect(['Out', 'Doubtful', 'Questionable', 'Injured Reserve']).toContain(status);
  });
});

describe('sample props sit at the players’ own numbers', () => {
  const REFERENCE = SAMPLE_BOOKS[0]![0];
  /** Each reference-book over/under prop with the player's line that night, if he played. */
  function graded(s: Season) {
    const lines = new Map(s.finals.flatMap((f) => f.lines.map((line) => [`${line.gameId}|${line.player}`, line.stats] as const)));
    return s.props
      .filter((row) => row.book.startsWith(`${REFERENCE}|`) && row.outcome === 'over')
      .flatMap((row) => {
        const stats = lines.get(`${row.gameId}|${row.player}`);
        const grade = stats && gradeProp(s.finals[0]!.fixture.sport, { market: row.market, selection: 'over', point: row.point }, stats);
        return stats && grade ? [{ row, over: grade === 'won', stats }] : [];
      });
  }
  const STAT: Record<string, string> = {
    player_points: 'points',
    player_rebounds: 'rebounds',
    player_assists: 'assists',
    player_pass_yds: 'passingYards',
    player_rush_yds: 'rushingYards',
    player_reception_yds: 'receivingYards',
  };

  it.each([
    ['nba', nba],
    ['nfl', nfl],
  ] as const)('%s: each market lands over about half the time, and no player’s line is off his own average', (_, s) => {
    const props = graded(s);
    const markets = new Set(props.map((p) => p.row.market));
    expect(markets.size).toBe(3);
    for (const market of markets) {
      const own = props.filter((p) => p.row.market === market);
      expect(own.length, market).toBeGreaterThan(300);
      const rate = own.filter((p) => p.over).length / own.length;
      expect(rate, market).toBeGreaterThan(0.42);
      expect(rate, market).toBeLessThan(0.58);
    }
    // Per player and market: the lines' mean against his results' mean on the same nights, within half a point (the
    // half-point line) and four standard errors of the results.
    const byPlayer = new Map<string, { line: number; value: number }[]>();
    for (const { row, stats } of props) {
      const key = `${row.market}|${row.player}`;
      byPlayer.set(key, [...(byPlayer.get(key) ?? []), { line: row.point!, value: stats[STAT[row.market]!]! }]);
    }
    let players = 0;
    for (const [key, nights] of byPlayer) {
      if (nights.length < 12) continue;
      players++;
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const values = nights.map((n) => n.value);
      const average = mean(values);
      const sd = Math.sqrt(mean(values.map((v) => (v - average) ** 2)));
      const gap = Math.abs(mean(nights.map((n) => n.line)) - average);
      expect(
        gap,
        `${key}: line ${mean(nights.map((n) => n.line)).toFixed(1)}, average ${average.toFixed(1)} over ${nights.length}`,
      ).toBeLessThanOrEqual(0.5 + (4 * sd) / Math.sqrt(nights.length));
    }
    expect(players).toBeGreaterThan(40);
  });

  it('no props on a player out or doubtful on the report they are priced on', () => {
    let questionable = 0;
    for (const s of [nba, nfl]) {
      const statusOn = new Map([...s.pricedOn].flatMap(([date, injuries]) => injuries.map((i) => [`${date}|${i.player}`, i.status])));
      for (const row of s.props) {
        const [, date] = row.book.split('|');
        const status = statusOn.get(`${date}|${row.player}`);
        if (status === 'Questionable' || status === 'Day-To-Day') questionable++;
        expect(['Out', 'Injured Reserve', 'Doubtful'], `${row.gameId} ${row.player}`).not.toContain(status);
      }
    }
    expect(questionable).toBeGreaterThan(0);
  });

  it('NFL anytime touchdown: the books’ fair chance is the chance it lands (within a few points)', () => {
    const lines = new Map(nfl.finals.flatMap((f) => f.lines.map((line) => [`${line.gameId}|${line.player}`, line.stats] as const)));
    const margin = SAMPLE_BOOKS[0]![1];
    let priced = 0;
    let landed = 0;
    let count = 0;
    for (const row of nfl.props.filter((r) => r.market === 'player_anytime_td' && r.book.startsWith(`${REFERENCE}|`))) {
      const stats = lines.get(`${row.gameId}|${row.player}`);
      if (!stats) continue;
      count++;
      priced += impliedProbability(row.americanOdds) / (1 + 2 * margin);
      landed += (stats.rushingTouchdowns ?? 0) + (stats.receivingTouchdowns ?? 0) > 0 ? 1 : 0;
    }
    expect(count).toBeGreaterThan(1000);
    expect(Math.abs(priced / count - landed / count)).toBeLessThan(0.04);
  });
});
