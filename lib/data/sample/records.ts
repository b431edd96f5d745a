import { HOUR_MS } from '@/lib/time';
import type { InjuryRecord, PlayerStatRecord, WeatherRecord } from '../store';
import { catalogueTeams, type CatalogueTeam } from '../teams';
import { roster, SAMPLE_SPORTS, type Fixture, type Player } from './fixtures';
import {
  AVAILABILITY,
  dayOf,
  EPL_ASSISTED,
  EPL_SHOTS,
  eplAssistShares,
  eplGoalShares,
  expectedScore,
  expectedTouchdowns,
  gameStatuses,
  injuryOn,
  NBA_COUNTS,
  NBA_POINTS_CONCENTRATION,
  nbaPointShares,
  NFL_PASS_YARDS,
  NFL_RECEIVING_CONCENTRATION,
  NFL_RUSH_YARDS,
  nflReceivingShares,
  nflTouchdownShares,
  quarterback,
  statusShare,
} from './players';
import { clamp, random, type Random } from './random';
import { drawTouchdowns, touchdownSpread } from './scoring';

// The sample's injury reports, kickoff weather and box scores (drawn from the player model in players.ts).

export function weather(fixture: Fixture, rng: Random): WeatherRecord | undefined {
  const { venue } = fixture.home;
  if (venue.roof === 'indoor' || venue.latitude === null) return undefined;
  const month = fixture.game.startsAt.getUTCMonth(); // 0 = January
  const winter = Math.cos(((month - 0.5) / 12) * 2 * Math.PI); // 1 in mid-winter, -1 in mid-summer
  const temperatureF = Math.round(88 - (venue.latitude - 25) * 1.1 - winter * 20 + rng.normal(5));
  const precipitationProbability = Math.round(clamp(rng.normal(30) + 20, 0, 95));
  const conditions =
    precipitationProbability > 55
      ? temperatureF <= 33
        ? 'Snow'
        : 'Rain'
      : precipitationProbability > 30
        ? 'Overcast'
        : rng.pick(['Clear', 'Partly cloudy']);
  return {
    gameId: fixture.game.id,
    forecastFor: fixture.game.startsAt,
    temperatureF,
    windMph: Math.round(clamp(Math.abs(rng.normal(9)) + 3, 0, 35)),
    precipitationProbability,
    conditions,
  };
}

/** A gamma-distributed draw of `shape` (scale 1): Marsaglia and Tsang's method, boosted below a shape of 1. */
function gamma(shape: number, rng: Random): number {
  if (shape < 1) return gamma(shape + 1, rng) * (1 - rng.next()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = rng.normal(1);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.next();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/**
 * `total` (a whole number) shared out in whole numbers by `shares` as drawn on the day: each part a Dirichlet draw
 * around its share (closer to it the larger `concentration`), rounded so the parts sum to `total` exactly.
 */
function shareOut(total: number, shares: readonly number[], concentration: number, rng: Random): number[] {
  const drawn = shares.map((share) => (share > 0 ? gamma(share * concentration, rng) : 0));
  const sum = drawn.reduce((a, b) => a + b, 0) || 1;
  const exact = drawn.map((part) => (total * part) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (const index of exact.map((_, i) => i).sort((a, b) => exact[b]! - parts[b]! - (exact[a]! - parts[a]!))) {
    if (left-- <= 0) break;
    parts[index]! += 1;
  }
  return parts;
}

/** One of `shares`' players by his share, or none of them (the rest of the shares, to the others). */
function pickBy(shares: ReadonlyMap<string, number>, rng: Random): string | undefined {
  let pick = rng.next();
  for (const [name, share] of shares) if ((pick -= share) < 0) return name;
  return undefined;
}

/** Each of `count` things (touchdowns, catches) given to one of `shares`' players, or to none of them: how many each got. */
function deal(count: number, shares: ReadonlyMap<string, number>, rng: Random): Map<string, number> {
  const got = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const name = pickBy(shares, rng);
    if (name !== undefined) got.set(name, (got.get(name) ?? 0) + 1);
  }
  return got;
}

function poisson(mean: number, rng: Random): number {
  let count = 0;
  for (let p = rng.next(); p > Math.exp(-mean); p *= rng.next()) count++;
  return count;
}

/** Only the players who play: their own shares (those who do not play leave theirs to the others). */
const playing = (shares: ReadonlyMap<string, number>, plays: ReadonlySet<string>) =>
  new Map([...shares].filter(([name]) => plays.has(name)));

/**
 * One side's box score: the players who play (none listed out; a doubtful or questionable one by his chance, with
 * his share of his usual numbers), their lines drawn around the model's expectations (players.ts) and shared out of
 * the team's final score, so they never add up to more than it: NBA points, NFL touchdowns (passing and the running
 * back's, of those the score is made of; receiving ones are the quarterback's passes), the receivers' yards (of the
 * quarterback's), EPL goals and assists.
 */
function sideBoxScore(fixture: Fixture, team: CatalogueTeam, score: number, rng: Random): Map<string, Record<string, number>> {
  const statuses = gameStatuses(fixture, team);
  const players = roster(team).filter((player) => {
    const status = statuses.get(player.name);
    return status === undefined || rng.next() < AVAILABILITY[status].plays;
  });
  const plays = new Set(players.map((p) => p.name));
  const lines = new Map<string, Record<string, number>>();
  const around = (mean: number, sd: number) => Math.max(0, Math.round(mean + rng.normal(sd)));
  if (fixture.sport === 'nba') {
    // Minutes first: a player who plays more than his usual minutes has more than his usual share of the rest.
    const usual = (player: Player) => (31 + 8 * (player.skill - 1)) * statusShare(statuses.get(player.name));
    const minutes = new Map(players.map((p) => [p.name, Math.min(NBA_MINUTES_MAX, around(usual(p), 3.5))]));
    const part = (player: Player) => minutes.get(player.name)! / usual(player);
    const shares = playing(nbaPointShares(team, statuses), plays);
    for (const player of players) shares.set(player.name, shares.get(player.name)! * part(player));
    const listed = [...shares.values()].reduce((a, b) => a + b, 0);
    const parts = shareOut(score, [...shares.values(), Math.max(0.02, 1 - listed)], NBA_POINTS_CONCENTRATION, rng);
    const points = new Map([...shares.keys()].map((name, index) => [name, parts[index]!]));
    for (const player of players) {
      const count = (stat: string) => {
        const [mean, sd] = NBA_COUNTS[stat]![player.position]!;
        return around(mean * player.skill * statusShare(statuses.get(player.name)) * part(player), sd);
      };
      lines.set(player.name, {
        minutes: minutes.get(player.name)!,
        points: points.get(player.name) ?? 0,
        rebounds: count('rebounds'),
        assists: count('assists'),
      });
    }
    return lines;
  }
  if (fixture.sport === 'nfl') {
    const qb = quarterback(team);
    const expected = expectedScore(fixture, team);
    // The touchdowns the score is made of, as the drives that make NFL scores make it (./scoring.ts).
    const touchdowns = deal(drawTouchdowns(score, expected, rng), playing(nflTouchdownShares(team, statuses), plays), rng);
    const passing = touchdowns.get(qb.name) ?? 0;
    // A quarterback who threw more touchdowns than expected threw for more yards.
    const expectedPassing = expectedTouchdowns(touchdownSpread(expected)) * (nflTouchdownShares(team, statuses).get(qb.name) ?? 0);
    const passingYards = around(NFL_PASS_YARDS[0] * qb.skill + 15 * (passing - expectedPassing), NFL_PASS_YARDS[1]);
    const receiving = playing(nflReceivingShares(team, statuses), plays);
    const receivers = [...receiving.keys()];
    const others = 1 - [...receiving.values()].reduce((a, b) => a + b, 0);
    const yards = shareOut(passingYards, [...receiving.values(), others], NFL_RECEIVING_CONCENTRATION, rng);
    const caught = deal(passing, receiving, rng);
    // A receiver's touchdown is a catch of at least a yard: taken from the others' yards where his share left none.
    receivers.forEach((name, index) => {
      const short = Math.min((caught.get(name) ?? 0) - yards[index]!, yards[receivers.length]!);
      if (short > 0) [yards[index], yards[receivers.length]] = [yards[index]! + short, yards[receivers.length]! - short];
    });
    for (const player of players) {
      const share = statusShare(statuses.get(player.name));
      if (player.position === 'QB')
        lines.set(player.name, { passingYards, passingTouchdowns: passing, passingInterceptions: poisson(0.75, rng) });
      else if (player.position === 'RB') {
        const rushingTouchdowns = touchdowns.get(player.name) ?? 0;
        lines.set(player.name, {
          rushingYards: Math.max(rushingTouchdowns, around(NFL_RUSH_YARDS[0] * player.skill * share, NFL_RUSH_YARDS[1])),
          rushingTouchdowns,
          receptions: around(2.5, 1.5),
        });
      } else if (receiving.has(player.name)) {
        const receivingYards = yards[receivers.indexOf(player.name)]!;
        const receivingTouchdowns = caught.get(player.name) ?? 0;
        // About 12 yards a catch, some games of short catches and some of long ones.
        const perCatch = Math.max(7, 12 + rng.normal(2.5));
        const receptions =
          receivingYards > 0 ? Math.max(1, receivingTouchdowns, Math.round(receivingYards / perCatch)) : receivingTouchdowns;
        lines.set(player.name, { receptions, receivingYards, receivingTouchdowns });
      }
    }
    return lines;
  }
  // EPL: each goal to its scorer (a listed player or another) and, most of them, an assist by a teammate.
  const scoring = playing(eplGoalShares(team, statuses), plays);
  const assisting = playing(eplAssistShares(team, statuses), plays);
  const goals = new Map<string, number>();
  const assists = new Map<string, number>();
  for (let goal = 0; goal < score; goal++) {
    const scorer = pickBy(scoring, rng);
    if (scorer !== undefined) goals.set(scorer, (goals.get(scorer) ?? 0) + 1);
    if (rng.next() >= EPL_ASSISTED) continue;
    const assister = pickBy(assisting, rng);
    if (assister !== undefined && assister !== scorer) assists.set(assister, (assists.get(assister) ?? 0) + 1);
  }
  for (const player of players) {
    const status = statuses.get(player.name);
    // A keeper plays the match; an outfield player is taken off now and then (more often coming back from injury).
    const full = player.position === 'GK' ? 1 : (EPL_FULL_MATCH[player.position] ?? 0.6) * (status === undefined ? 1 : 0.5);
    const scored = goals.get(player.name) ?? 0;
    const shots = EPL_SHOTS[player.position] ?? 0;
    lines.set(player.name, {
      minutes: rng.next() < full ? 90 : rng.int(55, 88),
      goals: scored,
      assists: assists.get(player.name) ?? 0,
      shots: scored + poisson(Math.max(0.05, shots * player.skill * statusShare(status) - scored), rng),
    });
  }
  return lines;
}

/** A starter's minutes in an NBA game: no more than regulation's 48 (the sample does not tell overtime). */
const NBA_MINUTES_MAX = 48;
/** The chance an EPL starter plays the whole match, by position. */
const EPL_FULL_MATCH: Record<string, number> = { DF: 0.85, MF: 0.65, FW: 0.55 };

/**
 * Both sides' box-score lines of a final with this score, home first: each side's players in roster order, those out
 * on the day left off.
 */
export function boxScores(fixture: Fixture, [homeScore, awayScore]: readonly [number, number], rng: Random): PlayerStatRecord[] {
  return (
    [
      [fixture.home, homeScore],
      [fixture.away, awayScore],
    ] as const
  ).flatMap(([team, score]) =>
    [...sideBoxScore(fixture, team, score, rng)].map(([player, stats]) => ({
      sport: fixture.sport,
      player,
      teamId: team.id,
      gameId: fixture.game.id,
      playedAt: fixture.game.startsAt,
      stats,
    })),
  );
}

/**
 * Every league's injury report of `date`: each player injured that day (players.ts's injuryOn, so a player's injury
 * runs its course over the days' reports), at his status of the day. `asOf` dates the reports' updates.
 */
export function injured(date: string, asOf: Date): InjuryRecord[] {
  const rng = random(`injuries:${date}`);
  const day = dayOf(date);
  return SAMPLE_SPORTS.flatMap((sport) =>
    catalogueTeams(sport).flatMap((team) =>
      roster(team).flatMap((player) => {
        const injury = injuryOn(sport, player, day);
        return injury
          ? [
              {
                sport,
                teamId: team.id,
                player: player.name,
                position: player.position,
                status: injury.status,
                detail: injury.detail,
                reportedAt: new Date(asOf.getTime() - rng.int(3, 30) * HOUR_MS),
              },
            ]
          : [];
      }),
    ),
  );
}
