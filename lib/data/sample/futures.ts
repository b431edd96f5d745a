import { DAY_MS, HOUR_MS } from '@/lib/time';
import type { FutureRecord } from '../futures';
import { rating, SAMPLE_SPORTS } from './fixtures';
import { SAMPLE_BOOKS } from './prices';
import { random } from './random';
import { seasonOfDay, type Sport } from '../sports';
import { catalogueTeams } from '../teams';

// The sample slate's futures: who wins each sample league's title, at every sample book, deterministic like the
// rest of the sample (same moment, same prices) and moving like a title market: gradually. The teams' chances follow
// their sample ratings (the ones their games are priced from) and a slow drift of the market's view, the favourite's
// fair chance set per league (about +300 to +500 at the books); each book re-prices every six hours at its own offset,
// its own view of each team wandering slowly around the market's. Both are interpolated between daily draws, so
// consecutive days differ little whatever the slate. Books take 20% to 40% over the field, more from long shots than
// from favourites (the favourite-long-shot bias), and quote long shots to +50000. One book leaves each league's two
// longest shots off its board, as books do.

/** A favourite's fair chance of the title, by league. */
const FAVOURITE: Partial<Record<Sport, number>> = { nfl: 0.16, nba: 0.19, epl: 0.19 };
const REPRICE_MS = 6 * HOUR_MS;
/** How far a book's opinion of a team strays from the market's (a standard deviation, in log odds). */
const OPINION_SPREAD = 0.1;
/** How far the market's view of a team drifts from its rating (a standard deviation, in log odds). */
const DRIFT_SPREAD = 0.12;
/** The market's drift and each book's opinion are drawn once a week; in between they move in a straight line. */
const DRIFT_EVERY_MS = 7 * DAY_MS;
const OPINION_EVERY_MS = 7 * DAY_MS;
/** Implied probabilities go as the fair ones to this power before scaling: long shots carry more of the margin. */
const LONGSHOT_POWER = 0.9;
/** The book that prices only part of the field. */
const PARTIAL_BOOK = 'espnbet';

/** A futures margin per book: 20% for the book with the lowest game margin, 40% for the highest. */
function futuresMargin(gameMargin: number): number {
  const margins = SAMPLE_BOOKS.map(([, margin]) => margin);
  const low = Math.min(...margins);
  const high = Math.max(...margins);
  return 0.2 + (0.2 * (gameMargin - low)) / (high - low);
}

/** A draw of `seed` at time `at` that moves in a straight line from one draw to the next, one every `every` ms. */
function wandering(seed: string, spread: number, every: number, at: number): number {
  const knot = Math.floor(at / every);
  const along = at / every - knot;
  const draw = (k: number) => random(`${seed}:${k}`).normal(spread);
  return (1 - along) * draw(knot) + along * draw(knot + 1);
}

/**
 * Fair title chances at `at` from ratings and the market's drift: a softmax whose sharpness puts the favourite (by
 * rating) at the league's chance.
 */
function titleChances(sport: Sport, season: number, at: number): Map<string, number> {
  const teams = catalogueTeams(sport).map((team) => ({ team, strength: rating(team, season) }));
  const drift = teams.map(({ team }) => wandering(`futures-drift:${team.id}:${season}`, DRIFT_SPREAD, DRIFT_EVERY_MS, at));
  const target = FAVOURITE[sport] ?? 0.2;
  const chances = (k: number) => {
    const weights = teams.map(({ strength }) => Math.exp(k * strength));
    const total = weights.reduce((sum, w) => sum + w, 0);
    return weights.map((w) => w / total);
  };
  let low = 0;
  let high = 50;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (Math.max(...chances(mid)) < target) low = mid;
    else high = mid;
  }
  const weights = teams.map(({ strength }, index) => Math.exp(low * strength + (drift[index] as number)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return new Map(teams.map(({ team }, index) => [team.abbreviation, (weights[index] as number) / total]));
}

/** A long price as futures books quote it: +350, +1100, +6500, +25000 (at most +50000). */
function futuresPrice(implied: number): number {
  const raw = (100 * (1 - implied)) / implied;
  if (implied >= 0.5) return -Math.max(100, Math.round((100 * implied) / (1 - implied) / 5) * 5);
  const step = raw < 500 ? 10 : raw < 2000 ? 50 : raw < 10_000 ? 500 : 5000;
  return Math.min(50_000, Math.max(100, Math.round(raw / step) * step));
}

/**
 * Every sample book's futures of `date`'s sample leagues (or one) at `at`: the season is the date's, the prices
 * those of the moment each book last re-priced.
 */
export function sampleFuturesAt(date: string, at: Date, sport?: Sport): FutureRecord[] {
  const season = (league: Sport) => seasonOfDay(league, date);
  return SAMPLE_SPORTS.filter((league) => sport === undefined || league === sport).flatMap((league) => {
    // The two longest shots by rating (the drift does not change which teams the partial book leaves off).
    const longest = catalogueTeams(league)
      .sort((a, b) => rating(a, season(league)) - rating(b, season(league)))
      .slice(0, 2)
      .map((team) => team.abbreviation);
    return SAMPLE_BOOKS.flatMap(([book, gameMargin]) => {
      const offset = Math.floor(random(`futures-offset:${league}:${book}`).next() * REPRICE_MS);
      const repriced = Math.floor((at.getTime() - offset) / REPRICE_MS) * REPRICE_MS + offset;
      const updatedAt = new Date(repriced);
      const fair = titleChances(league, season(league), repriced);
      const field = [...fair].filter(([team]) => book !== PARTIAL_BOOK || !longest.includes(team));
      const opinion = field.map(([team, p]) => {
        const lean = wandering(`futures:${league}:${book}:${team}`, OPINION_SPREAD, OPINION_EVERY_MS, repriced);
        return [team, Math.pow(p * Math.exp(lean), LONGSHOT_POWER)] as const;
      });
      const total = opinion.reduce((sum, [, weight]) => sum + weight, 0);
      const overround = 1 + futuresMargin(gameMargin);
      return opinion.map(([team, weight]) => ({
        sport: league,
        market: 'champion',
        book,
        outcome: team,
        americanOdds: futuresPrice((weight / total) * overround),
        updatedAt,
      }));
    });
  });
}
