import { DAY_MS, HOUR_MS } from '@/lib/time';
import type { AlternateRecord, GameRecord, InjuryRecord, PlayerStatRecord, PriceRecord, WeatherRecord } from '../store';
import { alternatePrices } from './alternates';
import { GAME_LENGTH_MS, PAST_NIGHTS, PAST_WEEKS, resultOf, sampleListedSlate } from './days';
import {
  anchorOf,
  EPL_MATCHDAY,
  fixtures,
  leagueFixtures,
  NBA_NIGHT,
  NFL_WEEK,
  SAMPLE_SPORTS,
  slateAnchor,
  slateKey,
  upcomingFixtures,
  type Fixture,
  type Shape,
} from './fixtures';
import {
  closingPrices,
  gameBooks,
  gamePrices,
  marketMoves,
  nextRepriced,
  OPINION_MS,
  opinionOffset,
  propPrices,
  quotesAt,
  steamMove,
} from './prices';
import { random } from './random';
import { boxScores, injured, weather } from './records';

export { sampleAlternatesAt } from './alternates';
export { SAMPLE_KEEP_MS, sampleLeagueSlate, sampleListedSlate, sampleResultAt, sampleSlateDateOf, sampleSlatesAfter } from './days';
export { rating, SAMPLE_SPORTS } from './fixtures';
export { SAMPLE_BOOKS, samplePricesAt } from './prices';
export { random } from './random';

// The bundled sample slate: a deterministic, realistic stand-in for the providers, built around one date.
// Same date and same `asOf` → the same slate, to the last price. It holds a week of NFL, a night of NBA and
// an EPL matchday (a league's next one too once all its games have kicked off), 8 to 10 books per game with
// their own margins and opinions (now and then one at another line), props with a yes-only anytime-touchdown
// market, injuries, kickoff weather at outdoor venues, and five weeks of finals with closing prices and box
// scores so results and stats work. Players are fictional.

export interface SampleSlate {
  games: GameRecord[];
  /**
   * Opening prices first, then the prices just before the steam move, then the current ones: loading them in
   * order writes the line movement.
   */
  priceSnapshots: PriceRecord[][];
  injuries: InjuryRecord[];
  weather: WeatherRecord[];
  playerStats: PlayerStatRecord[];
  /** The alternate spreads and totals of the games that carry them, as the books price them at `asOf`. */
  alternates: AlternateRecord[];
}

/** How far back from loading the books' own re-pricing is recorded (before it, the openers stand). */
const RECORDED_BACK_MS = 2 * DAY_MS;

/**
 * The line movement before `asOf`, as the providers would have recorded it, in snapshots to merge in order: every
 * book's opener (six days before kickoff, or a day before loading if later), then, over the last two days, each
 * book's new opinion and its following of each market move, each when the book re-priced on it. The last hour is
 * left to the current prices.
 */
function recordedChanges(upcoming: readonly Fixture[], asOf: number, everyBook: boolean): PriceRecord[][] {
  const snapshots: PriceRecord[][] = [];
  for (const fixture of upcoming) {
    const moves = marketMoves(fixture);
    const books = gameBooks(fixture, everyBook);
    const rowsAt = (at: number, book?: string) =>
      quotesAt(fixture, moves, books, at)
        .filter((quotes) => book === undefined || quotes.book === book)
        .flatMap(({ book, updatedAt, markets }) =>
          Object.entries(markets).flatMap(([market, quotes]) =>
            quotes.map((quote) => ({ ...quote, book, gameId: fixture.game.id, market, player: '', updatedAt })),
          ),
        );
    const opened = Math.min(fixture.game.startsAt.getTime() - 6 * DAY_MS, asOf - DAY_MS);
    const from = Math.max(opened, asOf - RECORDED_BACK_MS);
    const until = asOf - HOUR_MS;
    // Each change is recorded when the book shows it: at its first re-pricing after its new opinion or the market's
    // move (a snapshot taken before that would record the old price, and the change would surface only in the
    // current prices, every such book at once: a steam move that never happened).
    const times: { at: number; book?: string }[] = [];
    const shown = (book: string, at: number) => {
      const seen = nextRepriced(fixture.game.id, book, at);
      if (seen <= until) times.push({ at: seen, book });
    };
    for (const { book } of books) {
      const offset = opinionOffset(fixture.game.id, book);
      for (let at = Math.ceil((from - offset) / OPINION_MS) * OPINION_MS + offset; at <= until; at += OPINION_MS) shown(book, at);
      for (const move of moves) if (move.at > from) shown(book, move.at);
    }
    times.sort((a, b) => a.at - b.at);
    [rowsAt(opened), ...times.map(({ at, book }) => rowsAt(at, book))].forEach((rows, index) => (snapshots[index] ??= []).push(...rows));
  }
  return snapshots;
}

/**
 * `date` is YYYY-MM-DD (UTC); `asOf` stamps the prices and reports (normally the time of loading).
 * `everyBook` prices every game at all ten books (the benchmark's fixed load).
 */
export function sampleSlate(date: string, asOf: Date, { everyBook = false } = {}): SampleSlate {
  const anchor = anchorOf(date);
  const rng = random(`slate:${date}`);
  // The week's games (the night's) that kicked off by `asOf` are played, as the sample task would have played them;
  // a league whose games have all kicked off lists its next slate too, as the task would have added it.
  const week = upcomingFixtures(date);
  const listed = new Map(SAMPLE_SPORTS.map((sport) => [sport, sampleListedSlate(sport, date, asOf)]));
  const next = [...listed].flatMap(([sport, listedDate]) => (listedDate === date ? [] : leagueFixtures(listedDate, sport)));
  const upcoming = [...week.filter((f) => f.game.startsAt > asOf), ...next];
  const started = week.filter((f) => f.game.startsAt <= asOf);
  const played = new Map(started.map((f) => [f.game.id, resultOf(f, asOf)]));
  const pastWeeks = (sport: 'nfl' | 'epl', shape: Shape) =>
    Array.from({ length: PAST_WEEKS }, (_, back) =>
      fixtures(sport, shape, slateAnchor(sport, date) - (back + 1) * 7 * DAY_MS, `${slateKey(sport, date)}:-${back + 1}w`, true),
    ).flat();
  const past = [
    ...pastWeeks('nfl', NFL_WEEK),
    ...pastWeeks('epl', EPL_MATCHDAY),
    // NBA nights from two nights back, so no "final" can start after the moment of loading.
    ...Array.from({ length: PAST_NIGHTS }, (_, night) =>
      fixtures(
        'nba',
        { ...NBA_NIGHT, kickoffs: NBA_NIGHT.kickoffs.slice(0, 8) },
        anchor - (night + 2) * DAY_MS,
        `nba:${date}:-${night + 2}d`,
        true,
      ),
    ).flat(),
    // A final is over by loading: last week's Monday night game, loaded early on Tuesday (UTC), is left out.
  ].filter((f) => f.game.startsAt.getTime() + (GAME_LENGTH_MS[f.sport] ?? 3 * HOUR_MS) <= asOf.getTime());

  const closing = closingPrices([...started, ...past], everyBook);
  // Each slate priced on its own, as samplePricesAt and sampleAlternatesAt price it at that moment (the soft lines
  // and the featured games are picked among its games); the games played keep their closing prices alone.
  const ofEachSlate = <Row extends { gameId: string }>(price: (slate: Fixture[]) => Row[]) =>
    [week, next].flatMap(price).filter((row) => !played.has(row.gameId));
  const current = [...ofEachSlate((slate) => gamePrices(slate, asOf.getTime(), { everyBook, soft: true })), ...closing];
  const steam = steamMove(upcoming, current);
  // Each league's injury report of the slate it lists, as the sample task replaces it with the slate's games.
  const reports = new Map([...new Set(listed.values())].map((listedDate) => [listedDate, injured(listedDate, asOf)]));
  const injuries = [...listed].flatMap(([sport, listedDate]) => reports.get(listedDate)!.filter((injury) => injury.sport === sport));
  current.push(...ofEachSlate((slate) => propPrices(slate, injuries, asOf.getTime())));

  // Each past final's box score drawn on its own, from its score.
  const playerStats = [
    ...past.flatMap((fixture) => boxScores(fixture, [fixture.game.homeScore!, fixture.game.awayScore!], random(`box:${fixture.game.id}`))),
    ...[...played.values()].flatMap((r) => r.playerStats),
  ];

  return {
    games: [...week.map((f) => played.get(f.game.id)?.game ?? f.game), ...next.map((f) => f.game), ...past.map((f) => f.game)],
    priceSnapshots: [...recordedChanges(upcoming, asOf.getTime(), everyBook), steam, current],
    injuries,
    weather: upcoming.flatMap((fixture) => weather(fixture, rng) ?? []),
    playerStats,
    // On each slate's games that carry them, those not kicked off.
    alternates: ofEachSlate((slate) => alternatePrices(slate, asOf.getTime(), everyBook)),
  };
}
