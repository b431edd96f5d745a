import { HOUR_MS } from '@/lib/time';
import type { Sport } from '../sports';
import type { InjuryRecord, PlayerStatRecord, WeatherRecord } from '../store';
import { catalogueTeams } from '../teams';
import { roster, SAMPLE_SPORTS, type Fixture, type Player } from './fixtures';
import { clamp, random, type Random } from './random';

// The sample's injury reports, kickoff weather and box scores.

const STATUSES: Record<string, string[]> = {
  nfl: ['Out', 'Questionable', 'Questionable', 'Doubtful', 'Injured Reserve'],
  nba: ['Out', 'Day-To-Day', 'Questionable', 'Doubtful'],
  epl: ['Out', 'Doubtful', 'Out'],
};
const INJURIES = ['Hamstring', 'Knee', 'Ankle', 'Concussion protocol', 'Illness', 'Shoulder', 'Calf', 'Back', 'Groin'];

function injuries(sport: Sport, rng: Random, asOf: Date): InjuryRecord[] {
  return catalogueTeams(sport)
    .filter(() => rng.next() < 0.45)
    .flatMap((team) =>
      rng
        .shuffle(roster(team).filter((p) => p.position !== 'QB' && p.position !== 'GK'))
        .slice(0, rng.int(1, 2))
        .map((player) => ({
          sport,
          teamId: team.id,
          player: player.name,
          position: player.position,
          status: rng.pick(STATUSES[sport] ?? ['Out']),
          detail: rng.pick(INJURIES),
          reportedAt: new Date(asOf.getTime() - rng.int(3, 30) * HOUR_MS),
        })),
    );
}

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

function boxScore(sport: Sport, player: Player, rng: Random): Record<string, number> | undefined {
  const around = (mean: number, sd: number) => Math.max(0, Math.round(mean * player.skill + rng.normal(sd)));
  if (sport === 'nfl') {
    if (player.position === 'QB')
      return { passingYards: around(238, 55), passingTouchdowns: around(1.6, 1), passingInterceptions: around(0.7, 0.8) };
    if (player.position === 'RB')
      return { rushingYards: around(64, 28), rushingTouchdowns: around(0.5, 0.6), receptions: around(2.5, 1.5) };
    if (player.position === 'WR' || player.position === 'TE') {
      const tight = player.position === 'TE' ? 0.7 : 1;
      return { receptions: around(5 * tight, 2), receivingYards: around(58 * tight, 25), receivingTouchdowns: around(0.4, 0.6) };
    }
    return undefined;
  }
  if (sport === 'nba') {
    const big = player.position === 'C';
    return {
      minutes: around(32, 4),
      points: around(big ? 15 : 19, 6),
      rebounds: around(big ? 10 : 4.5, 3),
      assists: around(big ? 2.5 : 5, 2),
    };
  }
  return {
    minutes: around(80, 10),
    goals: player.position === 'FW' ? around(0.4, 0.6) : 0,
    assists: around(0.2, 0.4),
    shots: around(player.position === 'FW' ? 2.5 : 0.8, 1),
  };
}

/** Both sides' box-score lines of a final, each player's drawn with `rng` in roster order. */
export function boxScores(fixture: Fixture, rng: Random): PlayerStatRecord[] {
  return [fixture.home, fixture.away].flatMap((team) =>
    roster(team).flatMap((player) => {
      const stats = boxScore(fixture.sport, player, rng);
      return stats
        ? [{ sport: fixture.sport, player: player.name, teamId: team.id, gameId: fixture.game.id, playedAt: fixture.game.startsAt, stats }]
        : [];
    }),
  );
}

/** Players listed out (or on injured reserve) on `date`'s injury reports: they get no props. */
export function injured(date: string, asOf: Date): InjuryRecord[] {
  const rng = random(`injuries:${date}`);
  return SAMPLE_SPORTS.flatMap((sport) => injuries(sport, rng, asOf));
}
