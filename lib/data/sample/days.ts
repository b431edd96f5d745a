import { DAY_MS, HOUR_MS } from '@/lib/time';
import type { Sport } from '../sports';
import type { GameRecord, InjuryRecord, PlayerStatRecord, PriceRecord, WeatherRecord } from '../store';
import { anchorOf, kickoffAt, leagueFixtures, score, SHAPES, slateAnchor, slateKey, type Fixture } from './fixtures';
import { closingPrices, marketAt, marketMoves } from './prices';
import { random } from './random';
import { boxScores, injured, weather } from './records';

// While the app runs for days the sample goes on as a market does (../ingest/tasks.ts, the sample task): a game that
// kicks off is in progress, then final with a score drawn from its closing market and a box score, so bets and picks
// grade; and a league whose games have all kicked off gets its next slate in its own rhythm: an NBA night each day,
// an NFL week and an EPL matchday seven days after the last (listed and priced days ahead, as books list them). A
// sample left standing (the app stopped) catches up: the slates it missed are added played, as far back as a loaded
// slate's finals go. Each league's stored slate is recognised by its games' ids and kickoffs, which depend on the date
// alone.

/** A loaded slate's finals: five weeks of NFL and EPL, a week of NBA nights. */
export const PAST_WEEKS = 5;
export const PAST_NIGHTS = 7;
/** How long a sample that goes on for days keeps a game after its kickoff: as far back as a loaded slate's finals, and a week. */
export const SAMPLE_KEEP_MS = (PAST_WEEKS + 1) * 7 * DAY_MS;

/** How long a sample game runs from kickoff to its final score. */
export const GAME_LENGTH_MS: Record<string, number> = { nfl: 3.5 * HOUR_MS, nba: 2.5 * HOUR_MS, epl: 2 * HOUR_MS };
/** Days from one of a league's slates to its next. */
const SLATE_EVERY_DAYS: Record<string, number> = { nfl: 7, nba: 1, epl: 7 };
/** How far back a league's missed slates are added played: as far as a loaded slate's finals go. */
const PLAYED_BACK_MS: Record<string, number> = {
  nfl: PAST_WEEKS * 7 * DAY_MS,
  nba: (PAST_NIGHTS + 1) * DAY_MS,
  epl: PAST_WEEKS * 7 * DAY_MS,
};

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first and the last kickoff of the league's slate of `date` (to the minute, as fixtures() places them). */
function slateSpan(sport: string, date: string): [first: number, last: number] {
  const shape = SHAPES[sport]!;
  const anchor = slateAnchor(sport, date);
  return [kickoffAt(shape, anchor, Math.min(...shape.kickoffs)), kickoffAt(shape, anchor, Math.max(...shape.kickoffs))];
}

/**
 * The dates (YYYY-MM-DD) of the league's slates a game kicking off at `at` may be one of, newest first: a week's game
 * may kick off days before or after the date of its slate.
 */
function sampleSlateDates(sport: string, at: Date): string[] {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: 15 }, (_, back) => isoDate(day + (5 - back) * DAY_MS)).filter((date) => {
    const [first, last] = slateSpan(sport, date);
    return first <= at.getTime() && at.getTime() <= last;
  });
}

/**
 * The league's slates to add at `at` after the stored one of `previous` (with none, after none), oldest first: the
 * slates of its rhythm it missed whose games kicked off within PLAYED_BACK_MS (to be added played), then the first
 * with a game still to kick off. With none stored, the rhythm starts at today's slate.
 */
export function sampleSlatesAfter(sport: Sport, previous: string | undefined, at: Date): string[] {
  const every = (SLATE_EVERY_DAYS[sport] ?? 1) * DAY_MS;
  const lastKickoff = (date: number) => slateSpan(sport, isoDate(date))[1];
  const now = at.getTime();
  const after = previous === undefined ? -Infinity : anchorOf(previous);
  let next = previous === undefined ? Math.floor(now / DAY_MS) * DAY_MS : after + every;
  while (lastKickoff(next) <= now) next += every;
  const missed: number[] = [];
  for (let date = next - every; date > after && lastKickoff(date) >= now - (PLAYED_BACK_MS[sport] ?? 0); date -= every)
    missed.unshift(date);
  return [...missed, next].map(isoDate);
}

/**
 * The date of the league's slate a sample loaded for `date` at `at` lists: `date`'s own, or, when all its games have
 * kicked off by `at`, the next of the league's rhythm, as the sample task would have added it (a market always lists
 * the coming games: an EPL matchday's last game kicks off on Sunday afternoon, hours before Monday's date names the
 * next matchday).
 */
export function sampleListedSlate(sport: Sport, date: string, at: Date): string {
  return slateSpan(sport, date)[1] <= at.getTime() ? sampleSlatesAfter(sport, date, at).at(-1)! : date;
}

type SampleGame = { id: string; sport: string; startsAt: Date };
const isFixtureOf = (game: SampleGame) => (f: Fixture) => f.game.id === game.id && f.game.startsAt.getTime() === game.startsAt.getTime();

/**
 * The date of the sample slate a game is one of the upcoming games of, if it is one. By id and kickoff: slates a few
 * days apart can each hold a game of the same teams on the same local date (the same id) at other times.
 */
export function sampleSlateDateOf(game: SampleGame): string | undefined {
  const tried = new Set<string>();
  return sampleSlateDates(game.sport, game.startsAt).find((date) => {
    // The dates of a week give the same games: each week is looked at once.
    const key = slateKey(game.sport, date);
    if (tried.has(key)) return false;
    tried.add(key);
    return leagueFixtures(date, game.sport).some(isFixtureOf(game));
  });
}

/**
 * A league's games of `date`'s slate as they are added at `at`: the games, the kickoff weather of those to come,
 * the closing prices of those that kicked off (they are played from there on), and the league's injury report of
 * that day.
 */
export function sampleLeagueSlate(
  date: string,
  at: Date,
  sport: Sport,
): { games: GameRecord[]; weather: WeatherRecord[]; injuries: InjuryRecord[]; closingPrices: PriceRecord[] } {
  const all = leagueFixtures(date, sport);
  const upcoming = all.filter((f) => f.game.startsAt > at);
  return {
    games: all.map((f) => f.game),
    weather: upcoming.flatMap((f) => weather(f, random(`weather:${f.game.id}`)) ?? []),
    closingPrices: closingPrices(all.filter((f) => f.game.startsAt <= at)),
    injuries: injured(date, at).filter((injury) => injury.sport === sport),
  };
}

/** The fixture behind an upcoming game of a sample slate, found among the slates it can belong to. */
function fixtureOf(game: SampleGame): Fixture | undefined {
  const date = sampleSlateDateOf(game);
  return date === undefined ? undefined : leagueFixtures(date, game.sport).find(isFixtureOf(game));
}

/**
 * A sample slate's upcoming game as it stands at `at`: in progress from kickoff, then final with a score drawn from
 * its closing market (so results follow the closing prices as real ones do, with a game's usual spread) and each
 * side's box score. Undefined before kickoff, or for a game that is no sample slate's upcoming game.
 */
export function sampleResultAt(game: SampleGame, at: Date): { game: GameRecord; playerStats: PlayerStatRecord[] } | undefined {
  const fixture = game.startsAt <= at ? fixtureOf(game) : undefined;
  return fixture && resultOf(fixture, at);
}

/** A fixture that kicked off, as it stands at `at`: in progress, then final with its score and box scores. */
export function resultOf(fixture: Fixture, at: Date): { game: GameRecord; playerStats: PlayerStatRecord[] } {
  const kickoff = fixture.game.startsAt.getTime();
  if (at.getTime() < kickoff + (GAME_LENGTH_MS[fixture.sport] ?? 3 * HOUR_MS))
    return { game: { ...fixture.game, status: 'in_progress' }, playerStats: [] };
  const closing = marketAt(fixture, marketMoves(fixture), kickoff);
  const rng = random(`final:${fixture.game.id}`);
  const [homeScore, awayScore] = score(fixture.sport, closing.margin, closing.total, rng);
  return { game: { ...fixture.game, status: 'final', homeScore, awayScore }, playerStats: boxScores(fixture, [homeScore, awayScore], rng) };
}
