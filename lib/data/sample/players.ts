import { DAY_MS, localDate } from '@/lib/time';
import type { CatalogueTeam } from '../teams';
import { anchorOf, roster, SHAPES, type Fixture, type Player } from './fixtures';
import { random } from './random';
import { expectedTeamScore, touchdownSpread } from './scoring';

// The sample's players: their injuries, which last from day to day, and what each is expected to do in a game. One
// model serves the box scores (records.ts draws them from it, shared out of the final score) and the props
// (prices.ts hangs each line at the player's expected number), so a line sits where his results land.

// --- injuries

export type InjuryStatus = 'Out' | 'Injured Reserve' | 'Doubtful' | 'Questionable' | 'Day-To-Day';

/**
 * Per status, the chance a player listed so plays, and the share of his usual numbers he has when he does (a
 * restriction on his minutes). Out and injured reserve: never.
 */
export const AVAILABILITY: Readonly<Record<InjuryStatus, { plays: number; share: number }>> = {
  Out: { plays: 0, share: 0 },
  'Injured Reserve': { plays: 0, share: 0 },
  Doubtful: { plays: 0.25, share: 0.8 },
  Questionable: { plays: 0.7, share: 0.9 },
  'Day-To-Day': { plays: 0.85, share: 0.95 },
};

/** Whether books hang props on a player listed so: not when he is out or doubtful (lowered for the rest). */
export const offeredProps = (status: InjuryStatus | undefined) =>
  status === undefined || status === 'Questionable' || status === 'Day-To-Day';

/** An injury's course: its statuses in order, each lasting from and to so many days. */
type Course = readonly (readonly [status: InjuryStatus, from: number, to: number])[];
const MINOR = ['Hamstring', 'Knee', 'Ankle', 'Illness', 'Shoulder', 'Calf', 'Back', 'Groin'];
const ANY = [...MINOR, 'Concussion protocol'];
const LONG = ['Hamstring', 'Knee', 'Ankle', 'Shoulder', 'Groin', 'Back'];
const kind = (weight: number, details: readonly string[], course: Course) => ({ weight, details, course });

/**
 * Each league's injuries: the chance a player has one in a stretch of SPELL_DAYS, and the kinds (minor, a few weeks,
 * long), each with its course from the first report to the last. A player listed one day is listed the next with the
 * same injury at the same status or the next one of its course, until he is off the report.
 */
const SPELLS: Record<string, { chance: number; kinds: ReturnType<typeof kind>[] }> = {
  nfl: {
    chance: 0.5,
    kinds: [
      kind(0.5, MINOR, [['Questionable', 2, 6]]),
      kind(0.4, ANY, [
        ['Out', 4, 14],
        ['Doubtful', 1, 2],
        ['Questionable', 1, 3],
      ]),
      kind(0.1, LONG, [
        ['Injured Reserve', 28, 35],
        ['Questionable', 2, 4],
      ]),
    ],
  },
  nba: {
    chance: 0.6,
    kinds: [
      kind(0.5, MINOR, [
        ['Questionable', 0, 1],
        ['Day-To-Day', 1, 3],
      ]),
      kind(0.38, ANY, [
        ['Out', 3, 12],
        ['Doubtful', 0, 1],
        ['Questionable', 1, 2],
      ]),
      kind(0.12, LONG, [
        ['Out', 15, 35],
        ['Questionable', 1, 2],
      ]),
    ],
  },
  epl: {
    chance: 0.45,
    kinds: [
      kind(0.45, MINOR, [['Doubtful', 1, 4]]),
      kind(0.4, ANY, [
        ['Out', 5, 20],
        ['Doubtful', 1, 3],
      ]),
      kind(0.15, LONG, [
        ['Out', 28, 45],
        ['Doubtful', 2, 4],
      ]),
    ],
  },
};
/** A player has at most one injury in each stretch of this many days (his own stretches, offset from others'). */
const SPELL_DAYS = 56;
/** Days at least between a stretch's edges and its injury, so two never run into one another. */
const SPELL_GAP = 2;

/** Players the sample never lists injured: a team always has its quarterback and its goalkeeper. */
const injuryProne = (sport: string, player: Player) =>
  !(sport === 'nfl' && player.position === 'QB') && !(sport === 'epl' && player.position === 'GK');

const phases = new Map<string, number>();
function phase(key: string): number {
  let value = phases.get(key);
  if (value === undefined) phases.set(key, (value = random(`injury-phase:${key}`).int(0, SPELL_DAYS - 1)));
  return value;
}

export interface Injury {
  status: InjuryStatus;
  detail: string;
}

/** The player's injury on a day (days since 1970-01-01 UTC), if he has one. The same for any day asked, in any order. */
export function injuryOn(sport: string, player: Player, day: number): Injury | undefined {
  const spells = SPELLS[sport];
  if (!spells || !injuryProne(sport, player)) return undefined;
  const key = `${sport}:${player.name}`;
  const shifted = day + phase(key);
  const stretch = Math.floor(shifted / SPELL_DAYS);
  const rng = random(`injury:${key}:${stretch}`);
  if (rng.next() >= spells.chance) return undefined;
  let pick = rng.next() * spells.kinds.reduce((sum, k) => sum + k.weight, 0);
  const { details, course } = spells.kinds.find((k) => (pick -= k.weight) < 0) ?? spells.kinds.at(-1)!;
  const lengths = course.map(([, from, to]) => rng.int(from, to));
  const start = rng.int(SPELL_GAP, SPELL_DAYS - SPELL_GAP - lengths.reduce((sum, days) => sum + days, 0));
  const detail = rng.pick(details);
  let into = shifted - stretch * SPELL_DAYS - start;
  if (into < 0) return undefined;
  for (const [index, days] of lengths.entries()) {
    if (into < days) return { status: course[index]![0], detail };
    into -= days;
  }
  return undefined;
}

/** A date's day number (YYYY-MM-DD, UTC). */
export const dayOf = (date: string) => Math.round(anchorOf(date) / DAY_MS);

/** The day a game is played, as its league's injury reports date it: the local date of its kickoff. */
export const gameDay = (fixture: Fixture) => dayOf(localDate(fixture.game.startsAt, SHAPES[fixture.sport]!.timeZone));

// --- what a player is expected to do

/** A league's average score per team (points, goals): the sample's totals average twice this. */
const TEAM_SCORE: Record<string, number> = { nfl: 22, nba: 113, epl: 1.35 };
/** The spread of an NBA team's score around its expected one (as fixtures.ts's score() draws finals). */
const NBA_TEAM_SCORE_SD = 10;

/** The team's expected score in the game, from its market (the expected margin and total). */
export function expectedScore(fixture: Fixture, team: CatalogueTeam): number {
  return expectedTeamScore(fixture.sport, team.id === fixture.home.id ? fixture.margin : -fixture.margin, fixture.total);
}

/** The share of his usual numbers a player listed so has when he plays (1 when he is not listed). */
export const statusShare = (status: InjuryStatus | undefined) => (status === undefined ? 1 : AVAILABILITY[status].share);

/**
 * A team's shares of something it has in all (points, yards, touchdowns, goals): each player's from his position's
 * weight times his skill (times his status's share), the rest to players the sample does not list. Each weight is of
 * an average team's whole; the shares are scaled down where a roster's weights would leave the others too little.
 * Depends on the roster and the statuses alone, so the props and the box scores of a game share it.
 */
function shares(
  team: CatalogueTeam,
  weights: Readonly<Record<string, number>>,
  others: number,
  statuses: ReadonlyMap<string, InjuryStatus>,
): Map<string, number> {
  const players = roster(team).filter((p) => (weights[p.position] ?? 0) > 0);
  const whole = Math.max(1, players.reduce((sum, p) => sum + weights[p.position]! * p.skill, 0) + others);
  return new Map(players.map((p) => [p.name, (weights[p.position]! * p.skill * statusShare(statuses.get(p.name))) / whole]));
}

// NBA: each listed player's share of his team's points; rebounds and assists per position.
const NBA_POINTS: Record<string, number> = { G: 20 / 113, F: 18 / 113, C: 15 / 113 };
/** What the bench scores of an average team's points, at least. */
const NBA_BENCH = 12 / 113;
/** How closely a night's points follow the shares (a Dirichlet's concentration): about 28% either way on a share of 17%. */
export const NBA_POINTS_CONCENTRATION = 60;
export const NBA_COUNTS: Record<string, Record<string, readonly [mean: number, sd: number]>> = {
  rebounds: { G: [4.5, 2.2], F: [6.5, 2.5], C: [10, 3] },
  assists: { G: [5.5, 2], F: [3, 1.5], C: [2.5, 1.3] },
};

// NFL: the quarterback's yards, the receivers' shares of them, and each side's share of the touchdowns.
export const NFL_PASS_YARDS: readonly [mean: number, sd: number] = [238, 55];
export const NFL_RUSH_YARDS: readonly [mean: number, sd: number] = [64, 28];
const NFL_RECEIVING: Record<string, number> = { WR: 58 / 238, TE: 40 / 238 };
/** Receiving yards the sample's listed receivers leave to the others (running backs, third receivers). */
const NFL_OTHER_RECEIVING = 82 / 238;
/** How closely the receivers' yards follow their shares: about 36% either way on a share of 24%. */
export const NFL_RECEIVING_CONCENTRATION = 23;
/** Shares of a team's touchdowns: the quarterback's passes, the listed running back's runs, and the rest. */
const NFL_TOUCHDOWNS: Record<string, number> = { QB: 0.58, RB: 0.2 };
const NFL_OTHER_TOUCHDOWNS = 0.22;

// EPL: each listed player's share of his team's goals, and of the assists.
const EPL_GOALS: Record<string, number> = { FW: 0.3, MF: 0.1, DF: 0.05 };
const EPL_OTHER_GOALS = 0.25;
const EPL_ASSISTS: Record<string, number> = { FW: 0.12, MF: 0.22, DF: 0.1, GK: 0.01 };
const EPL_OTHER_ASSISTS = 0.3;
/** The share of goals with an assist. */
export const EPL_ASSISTED = 0.75;
export const EPL_SHOTS: Record<string, number> = { FW: 2.5, MF: 1.2, DF: 0.5 };

export const nbaPointShares = (team: CatalogueTeam, statuses: ReadonlyMap<string, InjuryStatus>) =>
  shares(team, NBA_POINTS, NBA_BENCH, statuses);
export const nflReceivingShares = (team: CatalogueTeam, statuses: ReadonlyMap<string, InjuryStatus>) =>
  shares(team, NFL_RECEIVING, NFL_OTHER_RECEIVING, statuses);
export const nflTouchdownShares = (team: CatalogueTeam, statuses: ReadonlyMap<string, InjuryStatus>) =>
  shares(team, NFL_TOUCHDOWNS, NFL_OTHER_TOUCHDOWNS, statuses);
export const eplGoalShares = (team: CatalogueTeam, statuses: ReadonlyMap<string, InjuryStatus>) =>
  shares(team, EPL_GOALS, EPL_OTHER_GOALS, statuses);
export const eplAssistShares = (team: CatalogueTeam, statuses: ReadonlyMap<string, InjuryStatus>) =>
  shares(team, EPL_ASSISTS, EPL_OTHER_ASSISTS, statuses);

/** The team's quarterback (the sample's rosters have one; never listed injured). */
export const quarterback = (team: CatalogueTeam) => roster(team).find((p) => p.position === 'QB')!;

/** The chance a player who takes `share` of his team's touchdowns scores at least one (of `spread`'s). */
export const anytimeChance = (spread: readonly number[], share: number) =>
  spread.reduce((sum, p, touchdowns) => sum + p * (1 - (1 - share) ** touchdowns), 0);

/** The expected number of touchdowns of `spread`. */
export const expectedTouchdowns = (spread: readonly number[]) => spread.reduce((sum, p, touchdowns) => sum + p * touchdowns, 0);

/** A player's expected number in a prop's market: its mean, its median (where books hang the line) and its spread. */
export interface Expectation {
  mean: number;
  median: number;
  sd: number;
}

/**
 * A number that is a share of a whole (points of a team's, yards of a quarterback's) with this mean and spread: big
 * nights lift its average over its usual night, so its median is under its mean, about as a gamma distribution's is
 * (the mean less a third of its variance over the mean).
 */
const skewed = (mean: number, sd: number): Expectation => ({ mean, median: mean - (sd * sd) / (3 * mean), sd });

/**
 * What a player is expected to have in a prop's market in this game (with his status on the injury report books
 * price from): the mean the box scores are drawn around, the median and the spread. Undefined for a market the sample
 * does not price. Anytime touchdown: `mean` (and `median`) is the chance of at least one.
 */
export function expectation(
  fixture: Fixture,
  team: CatalogueTeam,
  player: Player,
  market: string,
  statuses: ReadonlyMap<string, InjuryStatus>,
): Expectation | undefined {
  const share = statusShare(statuses.get(player.name));
  const score = expectedScore(fixture, team);
  const symmetric = (mean: number, sd: number) => ({ mean, median: mean, sd });
  if (market === 'player_points') {
    const part = nbaPointShares(team, statuses).get(player.name) ?? 0;
    const relative = Math.sqrt((NBA_TEAM_SCORE_SD / TEAM_SCORE.nba!) ** 2 + (1 - part) / (part * (NBA_POINTS_CONCENTRATION + 1)));
    return skewed(score * part, score * part * relative);
  }
  if (market === 'player_rebounds' || market === 'player_assists') {
    const [mean, sd] = NBA_COUNTS[market.slice(7)]![player.position]!;
    return symmetric(mean * player.skill * share, sd);
  }
  if (market === 'player_pass_yds') return symmetric(NFL_PASS_YARDS[0] * player.skill, NFL_PASS_YARDS[1]);
  if (market === 'player_rush_yds') return symmetric(NFL_RUSH_YARDS[0] * player.skill * share, NFL_RUSH_YARDS[1]);
  if (market === 'player_reception_yds') {
    const part = nflReceivingShares(team, statuses).get(player.name) ?? 0;
    const yards = NFL_PASS_YARDS[0] * quarterback(team).skill;
    const relative = Math.sqrt((NFL_PASS_YARDS[1] / yards) ** 2 + (1 - part) / (part * (NFL_RECEIVING_CONCENTRATION + 1)));
    return skewed(yards * part, yards * part * relative);
  }
  if (market === 'player_anytime_td') {
    const touchdowns = nflTouchdownShares(team, statuses);
    const part =
      player.position === 'RB'
        ? (touchdowns.get(player.name) ?? 0)
        : (touchdowns.get(quarterback(team).name) ?? 0) * (nflReceivingShares(team, statuses).get(player.name) ?? 0);
    return symmetric(anytimeChance(touchdownSpread(score), part), 0);
  }
  return undefined;
}

/** A status per listed player's name, of one sport's injuries (a report's, or a day's). */
export function statusesOf(injuries: Iterable<{ player: string; status: string }>): Map<string, InjuryStatus> {
  return new Map([...injuries].map((injury) => [injury.player, injury.status as InjuryStatus]));
}

/** Each rostered player's injury status on the day of a game, for the team's players listed that day. */
export function gameStatuses(fixture: Fixture, team: CatalogueTeam): Map<string, InjuryStatus> {
  const day = gameDay(fixture);
  return new Map(
    roster(team).flatMap((player) => {
      const injury = injuryOn(fixture.sport, player, day);
      return injury ? [[player.name, injury.status] as const] : [];
    }),
  );
}
