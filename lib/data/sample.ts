import { consensus } from '@/lib/betting/consensus';
import { impliedProbability } from '@/lib/betting/odds';
import { normalCdf } from '@/lib/betting/normal';
import { DAY_MS, HOUR_MS, MINUTE_MS, offsetAt } from '@/lib/time';
import { gameIdFor, seasonOf, SPORT_INFO, type Sport } from './sports';
import type { AlternateRecord, GameRecord, InjuryRecord, PlayerStatRecord, PriceRecord, WeatherRecord } from './store';
import { catalogueTeams, type CatalogueTeam } from './teams';

// The bundled sample slate: a deterministic, realistic stand-in for the providers, built around one date.
// Same date and same `asOf` → the same slate, to the last price. It holds a week of NFL, a night of NBA and
// an EPL matchday, 8 to 10 books per game with their own margins and opinions (now and then one at another
// line), props with a yes-only anytime-touchdown market, injuries, kickoff weather at outdoor venues, and
// five weeks of finals with closing prices and box scores so results and stats work. Players are fictional.

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

/** The Odds API keys of the books, with each one's usual margin (overround) on a two-way market. */
export const SAMPLE_BOOKS: readonly (readonly [book: string, margin: number])[] = [
  ['draftkings', 0.046],
  ['fanduel', 0.044],
  ['betmgm', 0.049],
  ['williamhill_us', 0.047],
  ['espnbet', 0.048],
  ['fanatics', 0.05],
  ['betrivers', 0.053],
  ['bovada', 0.051],
  ['betonlineag', 0.04],
  ['lowvig', 0.025],
];
const PROP_BOOKS = SAMPLE_BOOKS.slice(0, 6);
/** Props carry about half as much margin again as a book's main markets (-115 on both sides, about 7%). */
const PROP_MARGIN = 1.5;
/** How far a book's view of a prop strays from the market's (a standard deviation, in probability). */
const PROP_BOOK_SPREAD = 0.016;
/** How far at most: a book that strays further is moved back by its traders (unbounded, two books opened arbitrages over 2%). */
const PROP_BOOK_STRAY_MAX = 0.035;

/** mulberry32 seeded by a string: small, fast and the same on every platform. */
export function random(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    int: (low: number, high: number) => low + Math.floor((high - low + 1) * next()),
    normal: (sd: number) => sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
type Random = ReturnType<typeof random>;

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Whole American price from an implied probability, as books quote it. */
function american(implied: number): number {
  const q = clamp(implied, 0.01, 0.99);
  return q >= 0.5 ? -Math.round((100 * q) / (1 - q)) : Math.round((100 * (1 - q)) / q);
}

// --- teams, ratings and rosters ------------------------------------------------------------------------

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

interface Player {
  name: string;
  position: string;
  /** Skill multiplier around 1 for box-score and prop lines. */
  skill: number;
}

const rosters = new Map<string, Player[]>();

/** Stable across dates, and names unique within a sport (a prop or a box-score line is keyed by name). */
function roster(team: CatalogueTeam): Player[] {
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

// --- schedules ------------------------------------------------------------------------------------------

interface Shape {
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
}

// NFL: Thursday night 20:15 ET, Sunday 13:00, 16:05 and 16:25, Sunday night 20:20, Monday night 20:15 (Tue to Mon).
const NFL_WEEK: Shape = {
  kickoffs: [25.25, ...Array<number>(9).fill(90), 93.08, 93.08, 93.42, 93.42, 97.33, 121.25],
  homeEdge: 1.5,
  timeZone: 'America/New_York',
  weekStarts: 2,
};
// NBA: a night from 19:00 to 22:30 ET.
const NBA_NIGHT: Shape = { kickoffs: [24, 24, 24.5, 24.5, 25, 25.5, 26, 26.5, 27, 27.5], homeEdge: 2.5, timeZone: 'America/New_York' };
// EPL: Saturday 12:30, six at 15:00 and 17:30 UK, Sunday 14:00 and 16:30 (Mon to Sun).
const EPL_MATCHDAY: Shape = {
  kickoffs: [60.5, 63, 63, 63, 63, 63, 63, 65.5, 86, 88.5],
  homeEdge: 0.3,
  timeZone: 'Europe/London',
  weekStarts: 1,
};

const SHAPES: Record<string, Shape> = { nfl: NFL_WEEK, nba: NBA_NIGHT, epl: EPL_MATCHDAY };

/** A shape's kickoff `hours` after `anchor` (to the minute): an hour earlier in UTC while its zone keeps summer time. */
function kickoffAt(shape: Shape, anchor: number, hours: number): number {
  const standard = anchor + Math.round(hours * 60) * MINUTE_MS;
  const key = `${shape.timeZone}|${standard}`;
  let kickoff = kickoffs.get(key);
  if (kickoff === undefined) {
    const winter = Date.UTC(new Date(standard).getUTCFullYear(), 0, 1);
    kickoff = standard - (offsetAt(standard, shape.timeZone) - offsetAt(winter, shape.timeZone));
    kickoffs.set(key, kickoff);
  }
  return kickoff;
}
/** Kickoffs worked out (a few dozen a week of running). */
const kickoffs = new Map<string, number>();

const THURSDAY = 4;

/** The midnight (UTC) the league's kickoffs of `date`'s slate count from: its week's Thursday, or the date itself. */
function slateAnchor(sport: string, date: string): number {
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
const slateKey = (sport: string, date: string) => `${sport}:${new Date(slateAnchor(sport, date)).toISOString().slice(0, 10)}`;

interface Fixture {
  sport: Sport;
  game: GameRecord;
  home: CatalogueTeam;
  away: CatalogueTeam;
  /** Expected home margin and total (points, or goals). */
  margin: number;
  total: number;
}

function fixtures(sport: Sport, shape: Shape, anchor: number, seed: string, final: boolean): Fixture[] {
  const rng = random(seed);
  const teams = rng.shuffle(catalogueTeams(sport));
  return shape.kickoffs.map((hours, index) => {
    const home = teams[2 * index] as CatalogueTeam;
    const away = teams[2 * index + 1] as CatalogueTeam;
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

function score(sport: Sport, margin: number, total: number, rng: Random): [number, number] {
  if (sport === 'epl') {
    const home = poisson(Math.max(0.3, (total + margin) / 2), rng);
    return [home, poisson(Math.max(0.3, (total - margin) / 2), rng)];
  }
  const actualMargin = Math.round(margin + rng.normal(sport === 'nfl' ? 13 : 12));
  const actualTotal = Math.max(Math.abs(actualMargin) + 6, Math.round(total + rng.normal(sport === 'nfl' ? 10 : 16)));
  let home = Math.round((actualTotal + actualMargin) / 2);
  const away = actualTotal - home;
  if (home === away) home += sport === 'nfl' ? 3 : 2; // overtime settles it
  return [home, Math.max(0, away)];
}

// --- prices ---------------------------------------------------------------------------------------------
//
// Calibrated to real markets (docs/data.md, "The sample slate"): each book's hold is its usual margin, books
// differ by a fraction of a point, so an arbitrage or a best price 5% over the consensus is rare. Prices are a
// function of the date and the time: the market moves now and then (a steam move rarely), and each book picks
// the market up when it next re-prices, at a 5-minute mark, so loading at one time and moving at another
// (./ingest/tasks.ts, the sample task) give the same prices for the same moment.

/** Books re-price at these marks. */
const BUCKET_MS = 5 * 60_000;
/** A lagging book re-prices at most this many buckets late. */
const MAX_LAG_BUCKETS = 48;
/** Each book re-draws its small differences of opinion on a game once a day, at its own time of day. */
const OPINION_MS = DAY_MS;
/** Soft lines and the one arbitrage hold for one window, then others take their place. */
const SOFT_WINDOW_MS = 2 * HOUR_MS;

/** Win probability of the home side from the expected margin (NFL, NBA) or the goal difference (EPL). */
function homeWinProbability(sport: Sport, margin: number): number {
  return logistic(margin / (sport === 'nfl' ? 7.6 : sport === 'nba' ? 6.8 : 1.2));
}

/** Points (goals in the EPL) the expected margin moves by in a steam move. */
const STEAM_SIZE: Record<string, number> = { nfl: 0.7, nba: 1, epl: 0.06 };

interface MarketMove {
  at: number;
  margin: number;
  total: number;
}

/**
 * The market's moves over the week before kickoff: now and then (a few a day across the slate) the expected
 * margin or total moves by a point or so (a tenth of a goal), and every book follows within minutes: steam.
 */
function marketMoves(fixture: Fixture): MarketMove[] {
  const kickoff = fixture.game.startsAt.getTime();
  const size = STEAM_SIZE[fixture.sport] ?? 0.7;
  const moves: MarketMove[] = [];
  for (let hour = Math.floor((kickoff - 7 * DAY_MS) / HOUR_MS); hour * HOUR_MS < kickoff; hour++) {
    const rng = random(`move:${fixture.game.id}:${hour}`);
    if (rng.next() >= 0.006) continue;
    const at = hour * HOUR_MS + rng.int(0, 11) * BUCKET_MS;
    const signed = (rng.next() < 0.5 ? -1 : 1) * size;
    moves.push(rng.next() < 0.6 ? { at, margin: signed, total: 0 } : { at, margin: 0, total: signed * 1.5 });
  }
  return moves;
}

/** The market's expected margin and total at `at`. */
function marketAt(fixture: Fixture, moves: readonly MarketMove[], at: number): { margin: number; total: number } {
  let { margin, total } = fixture;
  for (const move of moves) {
    if (move.at > at) break;
    margin += move.margin;
    total += move.total;
  }
  return { margin, total };
}

/** When `book` re-prices the game in this 5-minute bucket, if it does. */
function repricedIn(gameId: string, book: string, bucket: number): number | undefined {
  const start = bucket * BUCKET_MS;
  const rng = random(`reprice:${gameId}:${book}:${bucket}`);
  const when = start + rng.int(0, 239) * 1000;
  // One book (betrivers) lags at times: for a few hours on some games it re-prices rarely.
  const lagging = book === 'betrivers' && random(`lag:${gameId}:${Math.floor(start / (6 * HOUR_MS))}`).next() < 0.3;
  return rng.next() < (lagging ? 0.02 : 0.6) ? when : undefined;
}

/** When `book` last re-priced the game at or before `at`: within minutes, or hours late while it lags. */
function lastRepriced(gameId: string, book: string, at: number): number {
  const bucket = Math.floor(at / BUCKET_MS);
  for (let back = 0; back < MAX_LAG_BUCKETS; back++) {
    const when = repricedIn(gameId, book, bucket - back);
    if (when !== undefined && when <= at) return when;
  }
  return (bucket - MAX_LAG_BUCKETS) * BUCKET_MS;
}

/** When `book` next re-prices the game at or after `at`: what a provider records of a change at `at`. */
function nextRepriced(gameId: string, book: string, at: number): number {
  const bucket = Math.floor(at / BUCKET_MS);
  for (let ahead = 0; ahead < MAX_LAG_BUCKETS; ahead++) {
    const when = repricedIn(gameId, book, bucket + ahead);
    if (when !== undefined && when >= at) return when;
  }
  return (bucket + MAX_LAG_BUCKETS) * BUCKET_MS;
}

function twoWay(book: string, margin: number, pFirst: number, first: [string, number | null], second: [string, number | null]) {
  const overround = 1 + margin;
  return [
    { book, outcome: first[0], point: first[1], americanOdds: american(pFirst * overround) },
    { book, outcome: second[0], point: second[1], americanOdds: american((1 - pFirst) * overround) },
  ];
}

type Quote = Omit<PriceRecord, 'gameId' | 'market' | 'player' | 'updatedAt'>;

/** Three-way (soccer) markets carry more margin than two-way ones at the same book. */
const THREE_WAY_MARGIN = 1.4;

/** A book's margin on a market: its two-way margin, more on a three-way market. */
function marketMargin(quotes: readonly Quote[], margin: number): number {
  return quotes.length === 3 ? margin * THREE_WAY_MARGIN : margin;
}

/**
 * One book's h2h, spreads and totals for a game on the market `state`, given how far it leans from the market
 * (a few tenths of a point, its opinion) and whether it hangs another line.
 */
function gameMarkets(
  fixture: Fixture,
  state: { margin: number; total: number },
  book: string,
  margin: number,
  opinion: Random,
  oddLine: number,
): Record<string, Quote[]> {
  const { sport, home, away } = fixture;
  const expected = state.margin + opinion.normal(sport === 'epl' ? 0.025 : 0.15);
  const step = sport === 'epl' ? 0.25 : 0.5;
  const shift = oddLine * (sport === 'nfl' ? 1 : step);
  const spread = roundTo(-state.margin, step) + shift || (sport === 'epl' ? -0.25 : -0.5); // no pick'em spreads
  const totalLine = (sport === 'epl' ? 2.5 : roundTo(state.total, 0.5)) + shift;
  const noise = () => opinion.normal(0.002);
  const coverHome = clamp(0.5 + (expected + spread) / (sport === 'epl' ? 4 : sport === 'nfl' ? 28 : 24) + noise(), 0.4, 0.6);
  const over = clamp(0.5 + (state.total - totalLine) / (sport === 'epl' ? 2.5 : sport === 'nfl' ? 20 : 30) + noise(), 0.4, 0.6);
  const pHome = clamp(homeWinProbability(sport, expected) + noise(), 0.05, 0.94); // priced within whole American odds
  let h2h: Quote[];
  if (SPORT_INFO[sport].threeWay) {
    const draw = clamp(0.27 - Math.abs(expected) * 0.06, 0.15, 0.3);
    const overround = 1 + margin * THREE_WAY_MARGIN;
    h2h = [
      { book, outcome: home.abbreviation, point: null, americanOdds: american(pHome * (1 - draw) * overround) },
      { book, outcome: 'draw', point: null, americanOdds: american(draw * overround) },
      { book, outcome: away.abbreviation, point: null, americanOdds: american((1 - pHome) * (1 - draw) * overround) },
    ];
  } else {
    h2h = twoWay(book, margin, pHome, [home.abbreviation, null], [away.abbreviation, null]);
  }
  return {
    h2h,
    spreads: twoWay(book, margin, coverHome, [home.abbreviation, spread], [away.abbreviation, -spread]),
    totals: twoWay(book, margin, over, ['over', totalLine], ['under', totalLine]),
  };
}

/** A game's books at one moment: who prices it, who hangs another line. The same for the game at any time. */
function gameBooks(fixture: Fixture, everyBook: boolean) {
  const rng = random(`books:${fixture.game.id}`);
  // 8 to 10 books, the reference (the first) always among them.
  const missing = new Set(rng.shuffle(SAMPLE_BOOKS.slice(1).map(([book]) => book)).slice(0, everyBook ? 0 : rng.int(0, 2)));
  const books = SAMPLE_BOOKS.filter(([book]) => !missing.has(book));
  const oddBook = rng.next() < 0.4 ? rng.int(1, books.length - 1) : -1;
  const oddShift = rng.next() < 0.5 ? -1 : 1;
  return books.map(([book, margin], index) => ({ book, margin, oddLine: index === oddBook ? oddShift : 0 }));
}

interface BookQuotes {
  book: string;
  margin: number;
  updatedAt: Date;
  markets: Record<string, Quote[]>;
}

/** When in the day (ms) `book` re-draws its opinion on a game. */
const opinionOffset = (gameId: string, book: string) => Math.floor(random(`opinion:${gameId}:${book}`).next() * OPINION_MS);

/** Every book's game markets for a fixture at `at`, each as the book last priced it. */
function quotesAt(fixture: Fixture, moves: readonly MarketMove[], books: ReturnType<typeof gameBooks>, at: number): BookQuotes[] {
  return books.map(({ book, margin, oddLine }) => {
    const repriced = lastRepriced(fixture.game.id, book, at);
    const epoch = Math.floor((repriced - opinionOffset(fixture.game.id, book)) / OPINION_MS);
    const lean = random(`lean:${fixture.game.id}:${book}`).normal(1);
    const opinion = random(`opinion:${fixture.game.id}:${book}:${epoch}`);
    const state = marketAt(fixture, moves, repriced);
    const leaning = { margin: state.margin + lean * (fixture.sport === 'epl' ? 0.015 : 0.1), total: state.total };
    return { book, margin, updatedAt: new Date(repriced), markets: gameMarkets(fixture, leaning, book, margin, opinion, oddLine) };
  });
}

const impliedSum = (quotes: readonly { americanOdds: number }[]) => quotes.reduce((sum, q) => sum + impliedProbability(q.americanOdds), 0);

/**
 * The best price of each outcome of a market (at the reference line) among the books but `except`, and the
 * consensus of those books, both by the project's own rules (lib/betting).
 */
function marketView(all: readonly BookQuotes[], market: string, except: string) {
  const reference = all[0]!.markets[market]!;
  const others = all.filter((quotes) => quotes.book !== except);
  const fair = consensus(
    { book: all[0]!.book, outcomes: reference },
    others.map((quotes) => ({ book: quotes.book, outcomes: quotes.markets[market]! })),
  );
  const best = reference.map((wanted) => {
    let top = -Infinity;
    for (const quotes of others) {
      const quote = quotes.markets[market]!.find((q) => q.outcome === wanted.outcome && q.point === wanted.point);
      if (quote && quote.americanOdds > top) top = quote.americanOdds;
    }
    return top;
  });
  return { reference, fair: fair.outcomes.map((o) => o.fairProbability ?? 0), best };
}

/**
 * Sets a book's prices on a market to `implied` for one outcome, keeping its hold: the other outcomes share the
 * rest in proportion. Returns false (changing nothing) if the book is at another line.
 */
function repriceOutcome(quotes: BookQuotes, market: string, outcome: string, implied: number, reference: readonly Quote[]): boolean {
  const own = quotes.markets[market]!;
  if (!reference.every((wanted) => own.some((q) => q.outcome === wanted.outcome && q.point === wanted.point))) return false;
  const hold = 1 + marketMargin(own, quotes.margin);
  const rest = own.filter((q) => q.outcome !== outcome);
  const restImplied = impliedSum(rest);
  quotes.markets[market] = own.map((q) =>
    q.outcome === outcome
      ? { ...q, americanOdds: american(implied) }
      : { ...q, americanOdds: american((impliedProbability(q.americanOdds) / restImplied) * (hold - implied)) },
  );
  return true;
}

/** How many soft lines each league shows in a window: what the value question finds. */
const SOFT_LINES: Record<string, number> = { nfl: 3, nba: 2, epl: 2 };

/**
 * Soft lines and one small arbitrage, as markets show them: for a window of two hours, a few books each hang a
 * price on an underdog 2.5 to 4% better than the consensus of the others (never an arbitrage), and in the NFL
 * one book is long on a favourite so that its price and the best on the other side make an arbitrage of 0.3 to
 * 1%. Worked out from the prices at the start of the window, so they hold still through it.
 */
function softLines(
  league: readonly { fixture: Fixture; moves: MarketMove[]; books: ReturnType<typeof gameBooks> }[],
  at: number,
  current: Map<string, BookQuotes[]>,
) {
  const window = Math.floor(at / SOFT_WINDOW_MS);
  const windowStart = window * SOFT_WINDOW_MS;
  const sport = league[0]?.fixture.sport;
  if (!sport) return;
  const rng = random(`soft:${sport}:${window}`);
  let soft = SOFT_LINES[sport] ?? 0;
  let arbitrages = sport === 'nfl' ? 1 : 0;
  for (const { fixture, moves, books } of rng.shuffle(league)) {
    if (soft + arbitrages === 0) break;
    if (fixture.game.startsAt.getTime() <= at) continue;
    const then = quotesAt(fixture, moves, books, windowStart);
    const candidates = then.slice(1).filter((q) => q.updatedAt.getTime() > windowStart - HOUR_MS); // not the reference, not lagging
    if (candidates.length === 0) continue;
    const book = rng.pick(candidates);
    const view = marketView(then, 'h2h', book.book);
    const underdog = view.fair.indexOf(Math.min(...view.fair));
    const favourite = view.fair.indexOf(Math.max(...view.fair));
    const bestImplied = view.best.map((odds) => (Number.isFinite(odds) ? impliedProbability(odds) : 1));
    const othersBest = (index: number) => bestImplied.reduce((sum, implied, i) => (i === index ? sum : sum + implied), 0);
    let implied: number | undefined;
    let outcome: string | undefined;
    if (arbitrages > 0 && view.fair[favourite]! >= 0.6) {
      const target = 1 / (1 + rng.between(0.003, 0.01)) - othersBest(favourite);
      if (view.fair[favourite]! / target - 1 < 0.045) [implied, outcome] = [target, view.reference[favourite]!.outcome];
      if (implied !== undefined) arbitrages--;
    } else if (soft > 0) {
      const target = view.fair[underdog]! / (1 + rng.between(0.03, 0.042));
      // Never an arbitrage with the best prices on the other outcomes (a margin for rounding).
      if (target + othersBest(underdog) >= 1.004) [implied, outcome] = [target, view.reference[underdog]!.outcome];
      if (implied !== undefined) soft--;
    }
    if (implied === undefined || outcome === undefined) continue;
    const live = current.get(fixture.game.id)?.find((q) => q.book === book.book);
    if (live) repriceOutcome(live, 'h2h', outcome, implied, view.reference);
  }
}

const PROP_LINES: Record<string, { market: string; position: string; base: number; step: number }[]> = {
  nfl: [
    { market: 'player_pass_yds', position: 'QB', base: 238, step: 0.5 },
    { market: 'player_rush_yds', position: 'RB', base: 64, step: 0.5 },
    { market: 'player_reception_yds', position: 'WR', base: 58, step: 0.5 },
  ],
  nba: [
    { market: 'player_points', position: 'G', base: 21, step: 0.5 },
    { market: 'player_points', position: 'F', base: 18, step: 0.5 },
    { market: 'player_rebounds', position: 'C', base: 10, step: 0.5 },
    { market: 'player_assists', position: 'G', base: 6, step: 0.5 },
  ],
};

function props(fixture: Fixture, unavailable: Set<string>, rng: Random, at: Date): PriceRecord[] {
  const rows: PriceRecord[] = [];
  for (const team of [fixture.home, fixture.away]) {
    const players = roster(team).filter((p) => !unavailable.has(p.name));
    for (const spec of PROP_LINES[fixture.sport] ?? []) {
      const player = players.find((p) => p.position === spec.position);
      if (!player) continue;
      const line = roundTo(spec.base * player.skill, 1) + 0.5;
      // The market's view of the over, and each book's own a little off it: books that priced props on their own
      // would leave an arbitrage in a third of the markets, where real ones leave one now and then.
      const opinion = clamp(0.5 + rng.normal(0.03), 0.35, 0.65);
      for (const [index, [book, margin]] of PROP_BOOKS.entries()) {
        const point = index === 4 && rng.next() < 0.5 ? line + 1 : line; // one book hangs another number now and then
        const stray = clamp(rng.normal(PROP_BOOK_SPREAD), -PROP_BOOK_STRAY_MAX, PROP_BOOK_STRAY_MAX);
        const over = clamp(opinion + stray, 0.3, 0.7);
        const quotes = twoWay(book, margin * PROP_MARGIN, over, ['over', point], ['under', point]);
        rows.push(...quotes.map((q) => ({ ...q, gameId: fixture.game.id, market: spec.market, player: player.name, updatedAt: at })));
      }
    }
    if (fixture.sport === 'nfl') {
      // Anytime touchdown: books list only "yes", so there is no margin to remove and no consensus.
      for (const player of players.filter((p) => ['RB', 'WR', 'TE'].includes(p.position))) {
        const chance = clamp((player.position === 'RB' ? 0.42 : player.position === 'TE' ? 0.28 : 0.36) * player.skill, 0.12, 0.6);
        for (const [book, margin] of PROP_BOOKS) {
          const americanOdds = american(chance * (1 + margin * 2) + rng.normal(0.01));
          rows.push({
            gameId: fixture.game.id,
            market: 'player_anytime_td',
            player: player.name,
            book,
            outcome: 'yes',
            point: null,
            americanOdds,
            updatedAt: at,
          });
        }
      }
    }
  }
  return rows;
}

// --- injuries, weather, box scores ----------------------------------------------------------------------

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

function weather(fixture: Fixture, rng: Random): WeatherRecord | undefined {
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
function boxScores(fixture: Fixture, rng: Random): PlayerStatRecord[] {
  return [fixture.home, fixture.away].flatMap((team) =>
    roster(team).flatMap((player) => {
      const stats = boxScore(fixture.sport, player, rng);
      return stats
        ? [{ sport: fixture.sport, player: player.name, teamId: team.id, gameId: fixture.game.id, playedAt: fixture.game.startsAt, stats }]
        : [];
    }),
  );
}

/**
 * A steam move on the first NFL game's moneyline: every book but betrivers (the one that lags) priced the home
 * side 2.5 points of probability longer 40 minutes before its current price, so each moved towards the home side
 * within minutes of the others, the market's latest steam. Returns those earlier prices (the current ones are the move). Uses no random
 * numbers, so the rest of the slate is the same with or without it.
 */
function steamMove(upcoming: readonly Fixture[], current: readonly PriceRecord[]): PriceRecord[] {
  const fixture = upcoming.find((f) => f.sport === 'nfl');
  if (!fixture) return [];
  const rows = current.filter((row) => row.gameId === fixture.game.id && row.market === 'h2h' && row.book !== 'betrivers');
  return rows.map((row) => ({
    ...row,
    americanOdds: american(impliedProbability(row.americanOdds) + (row.outcome === fixture.home.abbreviation ? -0.025 : 0.025)),
    updatedAt: new Date(row.updatedAt.getTime() - 40 * 60_000),
  }));
}

// --- the slate ------------------------------------------------------------------------------------------

/** A loaded slate's finals: five weeks of NFL and EPL, a week of NBA nights. */
const PAST_WEEKS = 5;
const PAST_NIGHTS = 7;
/** How long a sample that goes on for days keeps a game after its kickoff: as far back as a loaded slate's finals, and a week. */
export const SAMPLE_KEEP_MS = (PAST_WEEKS + 1) * 7 * DAY_MS;

/** `date`'s slate: each league's games of its week (or night), upcoming or not. */
function upcomingFixtures(date: string): Fixture[] {
  return SAMPLE_SPORTS.flatMap((sport) => leagueFixtures(date, sport));
}

/** One league's games of `date`'s slate. */
const leagueFixtures = (date: string, sport: string): Fixture[] =>
  fixtures(sport as Sport, SHAPES[sport]!, slateAnchor(sport, date), slateKey(sport, date), false);

function anchorOf(date: string): number {
  const anchor = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(anchor) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return anchor;
}

/**
 * Every book's h2h, spreads and totals of these fixtures at `at`; with `soft`, the soft lines and the arbitrage of
 * the moment (picked among all the fixtures given, so give the same ones for the same moment).
 */
function gamePrices(fixtures: readonly Fixture[], at: number, { everyBook = false, soft = false } = {}): PriceRecord[] {
  const priced = fixtures.map((fixture) => ({ fixture, moves: marketMoves(fixture), books: gameBooks(fixture, everyBook) }));
  const current = new Map(priced.map(({ fixture, moves, books }) => [fixture.game.id, quotesAt(fixture, moves, books, at)]));
  if (soft)
    for (const sport of SAMPLE_SPORTS)
      softLines(
        priced.filter((p) => p.fixture.sport === sport),
        at,
        current,
      );
  return [...current].flatMap(([gameId, books]) =>
    books.flatMap(({ book, updatedAt, markets }) =>
      Object.entries(markets).flatMap(([market, quotes]) =>
        quotes.map((quote) => ({ ...quote, book, gameId, market, player: '', updatedAt })),
      ),
    ),
  );
}

/** Each fixture's closing prices: the market a few minutes before its kickoff. */
function closingPrices(fixtures: readonly Fixture[], everyBook = false): PriceRecord[] {
  return fixtures.flatMap((fixture) =>
    gamePrices([fixture], fixture.game.startsAt.getTime() - random(`close:${fixture.game.id}`).int(1, 20) * 60_000, { everyBook }),
  );
}

/** Players listed out (or on injured reserve) on `date`'s injury reports: they get no props. */
function injured(date: string, asOf: Date): InjuryRecord[] {
  const rng = random(`injuries:${date}`);
  return SAMPLE_SPORTS.flatMap((sport) => injuries(sport, rng, asOf));
}

/**
 * The games of a slate that carry props, by their place in its shape: one or two of each kickoff window, as books
 * feature them, so a game still to come has props at any time of the week (the night). NFL: Thursday, two early
 * Sunday games, the late national game, Sunday and Monday night; NBA: 19:00, 20:00, 21:30 and 22:30 ET.
 */
const PROP_GAMES: Record<string, readonly number[]> = { nfl: [0, 1, 2, 12, 14, 15], nba: [0, 4, 7, 9] };
/** The games that carry alternate lines: those with props, and the EPL's Saturday first and Sunday last. */
const ALTERNATE_GAMES: Record<string, readonly number[]> = { ...PROP_GAMES, epl: [0, 9] };

/** The fixtures of `slate` (one or more leagues' whole slates, in kickoff order) at these places in their league's. */
function featured(slate: readonly Fixture[], places: Record<string, readonly number[]>): Fixture[] {
  return SAMPLE_SPORTS.flatMap((sport) => {
    const league = slate.filter((f) => f.sport === sport);
    return (places[sport] ?? []).flatMap((place) => league[place] ?? []);
  });
}

const propFixtures = (slate: readonly Fixture[]) => featured(slate, PROP_GAMES);

function propPrices(upcoming: readonly Fixture[], injuries: readonly InjuryRecord[], at: number): PriceRecord[] {
  const out = new Set(injuries.filter((i) => i.status === 'Out' || i.status === 'Injured Reserve').map((i) => i.player));
  return propFixtures(upcoming).flatMap((fixture) =>
    props(fixture, out, random(`props:${fixture.game.id}`), new Date(lastRepriced(fixture.game.id, 'props', at))),
  );
}

/**
 * The sample's current prices at `at` for the games of `date`'s slate (of one sport, if given) that have not
 * started: what the sample task (./ingest/tasks.ts) writes as the market moves. The same moment gives the same
 * prices.
 */
export function samplePricesAt(date: string, at: Date, sport?: Sport): PriceRecord[] {
  const upcoming = upcomingFixtures(date).filter((f) => sport === undefined || f.sport === sport);
  const rows = [...gamePrices(upcoming, at.getTime(), { soft: true }), ...propPrices(upcoming, injured(date, at), at.getTime())];
  const started = new Set(upcoming.filter((f) => f.game.startsAt <= at).map((f) => f.game.id));
  return rows.filter((row) => !started.has(row.gameId));
}

// --- alternate lines -------------------------------------------------------------------------------------
//
// A ladder around each book's main line, priced from a normal model of the result (the margin, or the total, with
// the spread below), so a price moves with the point as real ladders do: each point further from the main line
// makes the favourite's side dearer. Alternates carry more margin than the main line (ALTERNATE_MARGIN times the
// book's), books' ladders differ in width, and a book now and then lists only one side of its outermost line
// (such a line has no fair probability unless another book quotes both sides). Like the other prices they are a
// function of the date and the moment: each book's ladder is priced on the market as it last re-priced the game.

const ALTERNATE_BOOKS = SAMPLE_BOOKS.slice(0, 6);
const ALTERNATE_MARGIN = 1.25;
/** Per sport: the spread of the result (margin and total, a standard deviation) and the ladders' steps. */
const ALTERNATE_SHAPE: Record<string, { marginSd: number; totalSd: number; spreadStep: number; totalStep: number }> = {
  nfl: { marginSd: 13.5, totalSd: 10, spreadStep: 1, totalStep: 1 },
  nba: { marginSd: 12, totalSd: 18, spreadStep: 1, totalStep: 2 },
  epl: { marginSd: 1.6, totalSd: 1.65, spreadStep: 1, totalStep: 1 },
};
/** A line whose longer side is under this probability is not offered (its price would be a long shot's). */
const ALTERNATE_MIN_PROBABILITY = 0.07;

/** One book's alternate spreads and totals of a fixture at `at`, around its main lines. */
function bookAlternates(fixture: Fixture, moves: readonly MarketMove[], book: string, margin: number, at: number): AlternateRecord[] {
  const { sport, home, away } = fixture;
  const shape = ALTERNATE_SHAPE[sport]!;
  const gameId = fixture.game.id;
  const repriced = lastRepriced(gameId, book, at);
  const state = marketAt(fixture, moves, repriced);
  const rng = random(`alternates:${gameId}:${book}:${repriced}`);
  const lean = random(`lean:${gameId}:${book}`).normal(1) * (sport === 'epl' ? 0.015 : 0.1);
  const expected = state.margin + lean + rng.normal(sport === 'epl' ? 0.025 : 0.15);
  const overround = 1 + margin * ALTERNATE_MARGIN;
  const updatedAt = new Date(repriced);
  const rows: AlternateRecord[] = [];
  const offer = (market: string, first: [string, number], second: [string, number], pFirst: number, outermost: boolean) => {
    if (Math.min(pFirst, 1 - pFirst) < ALTERNATE_MIN_PROBABILITY) return;
    const sides = [
      { outcome: first[0], point: first[1], americanOdds: american(pFirst * overround) },
      { outcome: second[0], point: second[1], americanOdds: american((1 - pFirst) * overround) },
    ];
    // Now and then a book lists only the longer side of its outermost line.
    const shown = outermost && rng.next() < 0.3 ? sides.filter((_, index) => (index === 0) === pFirst < 0.5) : sides;
    rows.push(...shown.map((side) => ({ gameId, market, book, ...side, updatedAt })));
  };
  // Half-point lines (no pushes) around the book's main ones; EPL handicaps and totals at the half goals.
  const mainSpread = Math.round(-state.margin - 0.5) + 0.5;
  const mainTotal = sport === 'epl' ? 2.5 : Math.round(state.total - 0.5) + 0.5;
  const width = rng.int(3, 5);
  for (let k = -width; k <= width; k++) {
    const spread = mainSpread + k * shape.spreadStep;
    if (k !== 0) {
      // The home side covers when its margin plus the spread is above 0.
      const coverHome = normalCdf((expected + spread) / shape.marginSd);
      offer('alternate_spreads', [home.abbreviation, spread], [away.abbreviation, -spread], coverHome, Math.abs(k) === width);
    }
    const total = mainTotal + k * shape.totalStep;
    if (k !== 0 && total > 0) {
      const over = 1 - normalCdf((total - state.total) / shape.totalSd);
      offer('alternate_totals', ['over', total], ['under', total], over, Math.abs(k) === width);
    }
  }
  return rows;
}

/** Every alternate line of the fixtures that carry them at `at`, at the alternate books that price the game. */
function alternatePrices(upcoming: readonly Fixture[], at: number, everyBook: boolean): AlternateRecord[] {
  return featured(upcoming, ALTERNATE_GAMES).flatMap((fixture) => {
    const moves = marketMoves(fixture);
    const pricing = new Set(gameBooks(fixture, everyBook).map(({ book }) => book));
    return ALTERNATE_BOOKS.filter(([book]) => pricing.has(book)).flatMap(([book, margin]) =>
      bookAlternates(fixture, moves, book, margin, at),
    );
  });
}

/** The sample's alternate lines at `at` of `date`'s games that have not started (of one sport, if given). */
export function sampleAlternatesAt(date: string, at: Date, sport?: Sport): AlternateRecord[] {
  const upcoming = upcomingFixtures(date).filter((f) => sport === undefined || f.sport === sport);
  const started = new Set(upcoming.filter((f) => f.game.startsAt <= at).map((f) => f.game.id));
  return alternatePrices(upcoming, at.getTime(), false).filter((row) => !started.has(row.gameId));
}

// --- the slate over days ----------------------------------------------------------------------------------
//
// While the app runs for days the sample goes on as a market does (./ingest/tasks.ts, the sample task): a game that
// kicks off is in progress, then final with a score drawn from its closing market and a box score, so bets and picks
// grade; and a league whose games have all kicked off gets its next slate in its own rhythm: an NBA night each day,
// an NFL week and an EPL matchday seven days after the last (listed and priced days ahead, as books list them). A
// sample left standing (the app stopped) catches up: the slates it missed are added played, as far back as a loaded
// slate's finals go. Each league's stored slate is recognised by its games' ids and kickoffs, which depend on the date
// alone.

/** How long a sample game runs from kickoff to its final score. */
const GAME_LENGTH_MS: Record<string, number> = { nfl: 3.5 * HOUR_MS, nba: 2.5 * HOUR_MS, epl: 2 * HOUR_MS };
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
): Pick<SampleSlate, 'games' | 'weather' | 'injuries'> & { closingPrices: PriceRecord[] } {
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
function resultOf(fixture: Fixture, at: Date): { game: GameRecord; playerStats: PlayerStatRecord[] } {
  const kickoff = fixture.game.startsAt.getTime();
  if (at.getTime() < kickoff + (GAME_LENGTH_MS[fixture.sport] ?? 3 * HOUR_MS))
    return { game: { ...fixture.game, status: 'in_progress' }, playerStats: [] };
  const closing = marketAt(fixture, marketMoves(fixture), kickoff);
  const rng = random(`final:${fixture.game.id}`);
  const [homeScore, awayScore] = score(fixture.sport, closing.margin, closing.total, rng);
  return { game: { ...fixture.game, status: 'final', homeScore, awayScore }, playerStats: boxScores(fixture, rng) };
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
  // The week's games (the night's) that kicked off by `asOf` are played, as the sample task would have played them.
  const week = upcomingFixtures(date);
  const upcoming = week.filter((f) => f.game.startsAt > asOf);
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
  // Priced as samplePricesAt prices the slate at that moment: the soft lines are picked among the week's games.
  const prices = gamePrices(week, asOf.getTime(), { everyBook, soft: true }).filter((row) => !played.has(row.gameId));
  const current = [...prices, ...closing];
  const steam = steamMove(upcoming, current);
  const injuries = injured(date, asOf);
  current.push(...propPrices(week, injuries, asOf.getTime()).filter((row) => !played.has(row.gameId)));

  const playerStats = [...past.flatMap((fixture) => boxScores(fixture, rng)), ...[...played.values()].flatMap((r) => r.playerStats)];

  return {
    games: [...week.map((f) => played.get(f.game.id)?.game ?? f.game), ...past.map((f) => f.game)],
    priceSnapshots: [...recordedChanges(upcoming, asOf.getTime(), everyBook), steam, current],
    injuries,
    weather: upcoming.flatMap((fixture) => weather(fixture, rng) ?? []),
    playerStats,
    // As sampleAlternatesAt gives them: on the week's games that carry them, those not kicked off.
    alternates: alternatePrices(week, asOf.getTime(), everyBook).filter((row) => !played.has(row.gameId)),
  };
}
