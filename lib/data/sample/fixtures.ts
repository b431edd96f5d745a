import { DAY_MS, MINUTE_MS, offsetAt } from '@/lib/time';
import { gameIdFor, seasonOf, type Sport } from '../sports';
import type { GameRecord } from '../store';
import { catalogueTeams, type CatalogueTeam } from '../teams';
import { logistic, random, type Random } from './random';
import { drawNflScore, expectedTeamScore, overtime } from './scoring';

// The sample's teams (ratings and fictional rosters) and its schedules: each league's games of a date's slate, in
// its weekly (nightly) rhythm, each with its expected margin and total, and the scores of those already played.

// --- teams, ratings and rosters

const FIRST = [
  'Marcus',
  'Jalen',
  'Tyler',
  'DeShawn',
  'Caleb',
  'Andre',
  'Luka',
  'Owen',
  'Isaiah',
  'Mateo',
  'Darius',
  'Noah',
  'Trey',
  'Elijah',
  'Cole',
  'Javon',
  'Riley',
  'Hugo',
  'Kofi',
  'Bryce',
  'Malik',
  'Theo',
  'Quinn',
  'Dante',
];
const LAST = [
  'Hill',
  'Carter',
  'Brooks',
  'Okafor',
  'Reyes',
  'Lindqvist',
  'Whitaker',
  'Mensah',
  'Dalton',
  'Pryor',
  'Vance',
  'Holloway',
  'Fitzgerald',
  'Osei',
  'Barnes',
  'Kowalski',
  'Sutton',
  'Navarro',
  'Greer',
  'Abbott',
  'Tatum-Wells',
  'Moreau',
  'Ellison',
  'Baptiste',
];
/** The leagues the sample slate holds: a week of NFL, a night of NBA, an EPL matchday. */
export const SAMPLE_SPORTS = ['nfl', 'nba', 'epl'] as const satisfies readonly Sport[];

const POSITIONS: Record<string, string[]> = {
  nfl: ['QB', 'RB', 'WR', 'WR', 'TE', 'LB', 'CB'],
  nba: ['G', 'G', 'F', 'F', 'C'],
  epl: ['GK', 'DF', 'MF', 'FW', 'FW'],
};

export interface Player {
  name: string;
  position: string;
  /** Skill multiplier around 1 for box-score and prop lines. */
  skill: number;
}

const rosters = new Map<string, Player[]>();

/** Stable across dates, and names unique within a sport (a prop or a box-score line is keyed by name). */
export function roster(team: CatalogueTeam): Player[] {
  if (!rosters.has(team.id)) {
    const taken = new Set<string>();
    for (const member of catalogueTeams(team.sport)) {
      const rng = random(`roster:${member.id}`);
      const players = (POSITIONS[member.sport] ?? []).map((position) => {
        let name: string;
        do name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
        while (taken.has(name));
        taken.add(name);
        return { name, position, skill: rng.between(0.75, 1.3) };
      });
      rosters.set(member.id, players);
    }
  }
  return rosters.get(team.id) as Player[];
}

/** Strength in points (goals for soccer) above an average team, for one season. */
export function rating(team: CatalogueTeam, season: number): number {
  const spread = team.sport === 'nfl' ? 5 : team.sport === 'nba' ? 6 : 0.45;
  return random(`rating:${team.id}:${season}`).normal(spread);
}

// --- schedules

export interface Shape {
  /**
   * Hours after the anchor's midnight (UTC) of each kickoff, at the league's standard time (EST, GMT): in summer
   * time (kickoffAt) each is an hour earlier, so a game keeps its local time all year.
   */
  kickoffs: number[];
  homeEdge: number;
  /** Where the league's kickoff times are local. */
  timeZone: string;
  /**
   * A weekly league's week begins on this weekday (UTC, 0 = Sunday), the day after its last game day: a slate of
   * any date of the week is that week's games, anchored on its Thursday (slateAnchor). A nightly league's anchor is
   * the date itself.
   */
  weekStarts?: number;
  /**
   * The kickoffs (indices, from and to, both in) a league gives its home teams from east to west, so each game is at
   * the home team's afternoon or evening: an NBA night's 19:00 ET games are in the East and its 22:00 ones in the
   * West; the NFL's Sunday 13:00 ET games are never in the West, its 16:05 and 16:25 ones mostly are.
   */
  eastToWest?: [from: number, to: number];
}

// NFL: Thursday night 20:15 ET, Sunday 13:00, 16:05 and 16:25, Sunday night 20:20, Monday night 20:15 (Tue to Mon).
export const NFL_WEEK: Shape = {
  kickoffs: [25.25, ...Array<number>(9).fill(90), 93.08, 93.08, 93.42, 93.42, 97.33, 121.25],
  homeEdge: 1.5,
  timeZone: 'America/New_York',
  weekStarts: 2,
  eastToWest: [1, 13],
};
// NBA: a night from 19:00 to 22:30 ET.
export const NBA_NIGHT: Shape = {
  kickoffs: [24, 24, 24.5, 24.5, 25, 25.5, 26, 26.5, 27, 27.5],
  homeEdge: 2.5,
  timeZone: 'America/New_York',
  eastToWest: [0, 9],
};
// EPL: Saturday 12:30, six at 15:00 and 17:30 UK, Sunday 14:00 and 16:30 (Mon to Sun).
export const EPL_MATCHDAY: Shape = {
  kickoffs: [60.5, 63, 63, 63, 63, 63, 63, 65.5, 86, 88.5],
  homeEdge: 0.3,
  timeZone: 'Europe/London',
  weekStarts: 1,
};

export const SHAPES: Record<string, Shape> = { nfl: NFL_WEEK, nba: NBA_NIGHT, epl: EPL_MATCHDAY };

/** A shape's kickoff `hours` after `anchor` (to the minute): an hour earlier in UTC while its zone keeps summer time. */
export function kickoffAt(shape: Shape, anchor: number, hours: number): number {
  const standard = anchor + Math.round(hours * 60) * MINUTE_MS;
  const key = `${shape.timeZone}|${standard}`;
  let kickoff = kickoffs.get(key);
  if (kickoff === undefined) {
    const winter = Date.UTC(new Date(standard).getUTCFullYear(), 0, 1);
    kickoff = standard - (offsetAt(standard, shape.timeZone) - offsetAt(winter, shape.timeZone));
    kickoffs.set(key, kickoff);
    // Maps iterate in insertion order: the first key is the oldest.
    if (kickoffs.size > KICKOFFS_KEPT) kickoffs.delete(kickoffs.keys().next().value!);
  }
  return kickoff;
}
/**
 * Kickoffs worked out lately: the sample task asks for the same few again and again (each game it settles looks its
 * slate up anew), and working one out reads the zone data twice. A round of the task asks for about 55 distinct
 * kickoffs, a load about 120; the oldest go first, so a process that runs for months keeps no more than this.
 */
const KICKOFFS_KEPT = 1_000;
const kickoffs = new Map<string, number>();

const THURSDAY = 4;

/** The midnight (UTC) the league's kickoffs of `date`'s slate count from: its week's Thursday, or the date itself. */
export function slateAnchor(sport: string, date: string): number {
  const day = anchorOf(date);
  const starts = SHAPES[sport]!.weekStarts;
  if (starts === undefined) return day;
  const intoWeek = (new Date(day).getUTCDay() - starts + 7) % 7;
  return day + (((THURSDAY - starts + 7) % 7) - intoWeek) * DAY_MS;
}

/**
 * What a league's fixtures of `date`'s slate are drawn from: the week's Thursday for a weekly league (any date of a
 * week gives its games), the date for a nightly one.
 */
export const slateKey = (sport: string, date: string) => `${sport}:${new Date(slateAnchor(sport, date)).toISOString().slice(0, 10)}`;

export interface Fixture {
  sport: Sport;
  game: GameRecord;
  home: CatalogueTeam;
  away: CatalogueTeam;
  /** Expected home margin and total (points, or goals). */
  margin: number;
  total: number;
  /** The slate's last kickoff: still to come while any of its games is (gameBooks gives it a book at another line). */
  lastOfSlate: boolean;
}

/** The time zone of each state or province with an NFL or NBA venue. */
const STATE_TIME_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    ['DC', 'FL', 'GA', 'IN', 'MA', 'MD', 'MI', 'NC', 'NJ', 'NY', 'OH', 'PA'].map((state) => [state, 'America/New_York']),
  ),
  ON: 'America/Toronto',
  ...Object.fromEntries(['IL', 'LA', 'MN', 'MO', 'OK', 'TN', 'TX', 'WI'].map((state) => [state, 'America/Chicago'])),
  CO: 'America/Denver',
  UT: 'America/Denver',
  AZ: 'America/Phoenix',
  ...Object.fromEntries(['CA', 'NV', 'OR', 'WA'].map((state) => [state, 'America/Los_Angeles'])),
};

/** The time zone of a team's home, by the state its venue's city names ("Boston, MA"). */
export function homeTimeZone(team: CatalogueTeam): string {
  const zone = STATE_TIME_ZONES[team.venue.city.slice(-2)];
  if (zone === undefined) throw new Error(`lib/data/sample/fixtures.ts: no time zone for ${team.venue.city} (${team.name})`);
  return zone;
}

/** A winter instant: the homes are ordered by their standard time (Phoenix keeps it all year). */
const JANUARY = Date.UTC(2026, 0, 1);

/** The slate's matchups, home team first, one for each kickoff: drawn at random, then placed by the shape's eastToWest. */
function matchups(shape: Shape, teams: readonly CatalogueTeam[]): [home: CatalogueTeam, away: CatalogueTeam][] {
  const drawn = shape.kickoffs.map((_, index) => [teams[2 * index]!, teams[2 * index + 1]!] as [CatalogueTeam, CatalogueTeam]);
  if (!shape.eastToWest) return drawn;
  const [from, to] = shape.eastToWest;
  // East first: the larger a home's offset from UTC (in January), the earlier its game; each offset worked out once.
  // A stable sort: within a time zone the draw's order stands.
  const placed = drawn
    .slice(from, to + 1)
    .map((pair) => ({ pair, offset: offsetAt(JANUARY, homeTimeZone(pair[0])) }))
    .sort((a, b) => b.offset - a.offset)
    .map(({ pair }) => pair);
  return [...drawn.slice(0, from), ...placed, ...drawn.slice(to + 1)];
}

export function fixtures(sport: Sport, shape: Shape, anchor: number, seed: string, final: boolean): Fixture[] {
  const rng = random(seed);
  const slate = matchups(shape, rng.shuffle(catalogueTeams(sport)));
  return shape.kickoffs.map((hours, index) => {
    const [home, away] = slate[index]!;
    const startsAt = new Date(kickoffAt(shape, anchor, hours));
    const season = seasonOf(sport, startsAt);
    const margin = rating(home, season) - rating(away, season) + shape.homeEdge;
    const total = sport === 'nfl' ? 44 + rng.normal(4) : sport === 'nba' ? 226 + rng.normal(7) : 2.7 + rng.normal(0.3);
    let homeScore: number | null = null;
    let awayScore: number | null = null;
    if (final) [homeScore, awayScore] = score(sport, margin, total, rng);
    return {
      sport,
      home,
      away,
      margin,
      total,
      lastOfSlate: index === shape.kickoffs.length - 1,
      game: {
        id: gameIdFor(sport, startsAt, away.abbreviation, home.abbreviation),
        sport,
        season,
        startsAt,
        homeTeamId: home.id,
        awayTeamId: away.id,
        venueId: home.venue.id,
        status: final ? 'final' : 'scheduled',
        homeScore,
        awayScore,
        oddsEventId: null,
        source: 'sample',
      },
    };
  });
}

function poisson(mean: number, rng: Random): number {
  let count = 0;
  for (let p = rng.next(); p > Math.exp(-mean); p *= rng.next()) count++;
  return count;
}

/**
 * A final score from the game's expected margin and total: EPL goals as Poisson counts, NFL points drive by drive
 * (./scoring.ts: only scores an NFL team can post, as often as real ones come), NBA points around the market.
 */
export function score(sport: Sport, margin: number, total: number, rng: Random): [number, number] {
  if (sport === 'epl') {
    const home = poisson(expectedTeamScore(sport, margin, total), rng);
    return [home, poisson(expectedTeamScore(sport, -margin, total), rng)];
  }
  if (sport === 'nfl') {
    const drawn: [number, number] = [
      drawNflScore(expectedTeamScore(sport, margin, total), rng),
      drawNflScore(expectedTeamScore(sport, -margin, total), rng),
    ];
    // A tie goes to overtime, the stronger side the likelier to win it.
    return drawn[0] === drawn[1] ? overtime(drawn, logistic(margin / OVERTIME_EDGE_POINTS), rng) : drawn;
  }
  const actualMargin = Math.round(margin + rng.normal(12));
  const actualTotal = Math.max(Math.abs(actualMargin) + 6, Math.round(total + rng.normal(16)));
  let home = Math.round((actualTotal + actualMargin) / 2);
  const away = actualTotal - home;
  if (home === away) home += 2; // overtime settles it
  return [home, Math.max(0, away)];
}

/** How many points of expected margin make the stronger side e (2.72) times as likely to win overtime as not. */
const OVERTIME_EDGE_POINTS = 15;

/** `date`'s slate: each league's games of its week (or night), upcoming or not. */
export function upcomingFixtures(date: string): Fixture[] {
  return SAMPLE_SPORTS.flatMap((sport) => leagueFixtures(date, sport));
}

/** One league's games of `date`'s slate. */
export const leagueFixtures = (date: string, sport: string): Fixture[] =>
  fixtures(sport as Sport, SHAPES[sport]!, slateAnchor(sport, date), slateKey(sport, date), false);

export function anchorOf(date: string): number {
  const anchor = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(anchor) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return anchor;
}
