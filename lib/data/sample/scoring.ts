import type { Sport } from '../sports';
import type { Random } from './random';

// How a sample team scores: its expected score from its game's market, and the NFL's scoring model, one for the final
// scores (fixtures.ts), the touchdowns the box scores share out of them (records.ts) and the anytime-touchdown props
// priced from them (players.ts), so a prop's chance is the chance it lands.
//
// An NFL team's score is drawn drive by drive, as real ones are made: each of its possessions ends in a touchdown (and
// its try: the kick, a two-point conversion, or neither), a field goal, now and then a safety, or nothing. So every
// score is one an NFL team can post, the common ones (17, 20, 24, 27) come often and the odd ones rarely: 1 never
// (a one-point safety on a try is left out: a handful in the league's history), 2, 4 and 5 only from safeties, as
// real scores show. Touchdowns and field goals come as often as NFL teams score them (about 2.45 and 1.65 a game for
// an average team of 22 points), scaled with the team's expected score.

/** A team's expected score in its game: half the expected total plus half its expected margin (a floor above 0). */
export function expectedTeamScore(sport: Sport, margin: number, total: number): number {
  return Math.max(sport === 'epl' ? 0.3 : 1, (total + margin) / 2);
}

/** An NFL team's possessions a game. */
const DRIVES = 11;
/** An average team's chances a drive ends in each score: its touchdowns, field goals and safeties per game over DRIVES. */
const AVERAGE_DRIVE = { touchdown: 2.45 / DRIVES, fieldGoal: 1.65 / DRIVES, safety: 0.035 / DRIVES };
/** A touchdown's try: the points it adds, with their chances (the kick made, a two-point conversion, neither). */
const TRIES: readonly (readonly [points: number, chance: number])[] = [
  [1, 0.87],
  [2, 0.05],
  [0, 0.08],
];
const TOUCHDOWN_POINTS = TRIES.reduce((sum, [points, chance]) => sum + chance * (6 + points), 0);
const AVERAGE_SCORE = DRIVES * (AVERAGE_DRIVE.touchdown * TOUCHDOWN_POINTS + AVERAGE_DRIVE.fieldGoal * 3 + AVERAGE_DRIVE.safety * 2);
/** The most a drive may score at all: a team expected to score more still comes up empty now and then. */
const MOST_SCORING_DRIVES = 0.9;

/** A drive's chances for a team expected to score `expected`: the average team's, scaled so its mean is `expected`. */
function driveChances(expected: number) {
  const scale = Math.min(
    expected / AVERAGE_SCORE,
    MOST_SCORING_DRIVES / (AVERAGE_DRIVE.touchdown + AVERAGE_DRIVE.fieldGoal + AVERAGE_DRIVE.safety),
  );
  return { touchdown: AVERAGE_DRIVE.touchdown * scale, fieldGoal: AVERAGE_DRIVE.fieldGoal * scale, safety: AVERAGE_DRIVE.safety * scale };
}

type DriveOutcome = [points: number, touchdowns: number, chance: number];
const outcomesByTenth = new Map<number, DriveOutcome[]>();
/** A drive's outcomes for a team expected to score `expected` (to a tenth): the points and touchdowns it adds, with their chances. */
function driveOutcomes(expected: number): DriveOutcome[] {
  const key = Math.round(expected * 10);
  let outcomes = outcomesByTenth.get(key);
  if (!outcomes) {
    const { touchdown, fieldGoal, safety } = driveChances(key / 10);
    outcomes = [
      [0, 0, 1 - touchdown - fieldGoal - safety],
      [3, 0, fieldGoal],
      [2, 0, safety],
      ...TRIES.map(([points, chance]): DriveOutcome => [6 + points, 1, touchdown * chance]),
    ];
    outcomesByTenth.set(key, outcomes);
  }
  return outcomes;
}

const tables = new Map<number, number[][]>();
/**
 * The chances of an NFL team expected to score `expected` (to a tenth) posting each score with each number of
 * touchdowns: table[points][touchdowns], over its DRIVES drives.
 */
function scoreTable(expected: number): number[][] {
  const key = Math.round(expected * 10);
  let table = tables.get(key);
  if (!table) {
    const outcomes = driveOutcomes(expected);
    table = [[1]];
    for (let drive = 0; drive < DRIVES; drive++) {
      const next: number[][] = [];
      table.forEach((byTouchdowns, points) =>
        byTouchdowns.forEach((p, touchdowns) => {
          for (const [addPoints, addTouchdowns, chance] of outcomes) {
            const row = (next[points + addPoints] ??= []);
            row[touchdowns + addTouchdowns] = (row[touchdowns + addTouchdowns] ?? 0) + p * chance;
          }
        }),
      );
      table = next;
    }
    tables.set(key, table);
  }
  return table;
}

/** The chance an NFL team expected to score `expected` posts exactly `points`. */
export function nflScoreChance(expected: number, points: number): number {
  return (scoreTable(expected)[points] ?? []).reduce((sum, p) => sum + (p ?? 0), 0);
}

/** An NFL team's final score, drawn drive by drive. */
export function drawNflScore(expected: number, rng: Random): number {
  const outcomes = driveOutcomes(expected);
  let points = 0;
  for (let drive = 0; drive < DRIVES; drive++) {
    let pick = rng.next();
    for (const [addPoints, , chance] of outcomes) {
      if ((pick -= chance) < 0) {
        points += addPoints;
        break;
      }
    }
  }
  return points;
}

/**
 * The ways an NFL team's score of `points` breaks down into touchdowns, with their weights, for a team expected to
 * score `expected`: as the drives that make its scores (drawNflScore) make it. None when no drives make it.
 */
export function touchdownChances(points: number, expected: number): [touchdowns: number, weight: number][] {
  return (scoreTable(expected)[points] ?? []).flatMap((p, touchdowns) => (p > 0 ? [[touchdowns, p] as [number, number]] : []));
}

/** How many touchdowns make up an NFL team's score (drawn by their chances; none when no breakdown is possible). */
export function drawTouchdowns(points: number, expected: number, rng: Random): number {
  const ways = touchdownChances(points, expected);
  let pick = rng.next() * ways.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [touchdowns, weight] of ways) if ((pick -= weight) < 0) return touchdowns;
  return ways.at(-1)?.[0] ?? 0;
}

/** The chances of an NFL team expected to score `expected` scoring 0, 1, 2, … touchdowns. */
export function touchdownSpread(expected: number): number[] {
  const spread: number[] = [];
  for (const byTouchdowns of scoreTable(expected))
    (byTouchdowns ?? []).forEach((p, touchdowns) => (spread[touchdowns] = (spread[touchdowns] ?? 0) + (p ?? 0)));
  for (let i = 0; i < spread.length; i++) spread[i] ??= 0;
  return spread;
}

/**
 * Overtime settles a tie: a field goal (the likelier) or a touchdown, which ends the game without a try, to the
 * side the rng picks, the home side by `homeChance`.
 */
export function overtime([home, away]: [number, number], homeChance: number, rng: Random): [number, number] {
  const points = rng.next() < 0.6 ? 3 : 6;
  return rng.next() < homeChance ? [home + points, away] : [home, away + points];
}
