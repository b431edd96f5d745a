import { impliedProbability } from '@/lib/betting/odds';
import { gameIdFor, seasonOf, SPORT_INFO, type Sport } from './sports';
import type { GameRecord, InjuryRecord, PlayerStatRecord, PriceRecord, WeatherRecord } from './store';
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32 seeded by a string: small, fast and the same on every platform. */
function random(seed: string) {
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

const FIRST = ['Marcus', 'Jalen', 'Tyler', 'DeShawn', 'Caleb', 'Andre', 'Luka', 'Owen', 'Isaiah', 'Mateo', 'Darius', 'Noah', 'Trey', 'Elijah', 'Cole', 'Javon', 'Riley', 'Hugo', 'Kofi', 'Bryce', 'Malik', 'Theo', 'Quinn', 'Dante'];
const LAST = ['Hill', 'Carter', 'Brooks', 'Okafor', 'Reyes', 'Lindqvist', 'Whitaker', 'Mensah', 'Dalton', 'Pryor', 'Vance', 'Holloway', 'Fitzgerald', 'Osei', 'Barnes', 'Kowalski', 'Sutton', 'Navarro', 'Greer', 'Abbott', 'Tatum-Wells', 'Moreau', 'Ellison', 'Baptiste'];
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
function rating(team: CatalogueTeam, season: number): number {
  const spread = team.sport === 'nfl' ? 5 : team.sport === 'nba' ? 6 : 0.45;
  return random(`rating:${team.id}:${season}`).normal(spread);
}

// --- schedules ------------------------------------------------------------------------------------------

interface Shape {
  /** Hours after the anchor date's midnight (UTC) of each kickoff. */
  kickoffs: number[];
  homeEdge: number;
}

const NFL_WEEK: Shape = { kickoffs: [25.25, ...Array<number>(9).fill(90), 93.08, 93.08, 93.42, 93.42, 97.33, 121.25], homeEdge: 1.5 };
const NBA_NIGHT: Shape = { kickoffs: [24, 24, 24.5, 24.5, 25, 25.5, 26, 26.5, 27, 27.5], homeEdge: 2.5 };
const EPL_MATCHDAY: Shape = { kickoffs: [60.5, 63, 63, 63, 63, 63, 63, 65.5, 86, 88.5], homeEdge: 0.3 };

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
    const startsAt = new Date(anchor + Math.round(hours * 60) * 60_000);
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

/** Win probability of the home side from the expected margin (NFL, NBA) or the goal difference (EPL). */
function homeWinProbability(sport: Sport, margin: number): number {
  return logistic(margin / (sport === 'nfl' ? 7.6 : sport === 'nba' ? 6.8 : 1.2));
}

function twoWay(book: string, margin: number, pFirst: number, first: [string, number | null], second: [string, number | null]) {
  const overround = 1 + margin;
  return [
    { book, outcome: first[0], point: first[1], americanOdds: american(pFirst * overround) },
    { book, outcome: second[0], point: second[1], americanOdds: american((1 - pFirst) * overround) },
  ];
}

type Quote = Omit<PriceRecord, 'gameId' | 'market' | 'player' | 'updatedAt'>;

/** One book's h2h, spreads and totals for a game, given how far it leans from the market. */
function gameMarkets(fixture: Fixture, book: string, margin: number, rng: Random, oddLine: boolean): Record<string, Quote[]> {
  const { sport, home, away } = fixture;
  const lean = rng.normal(sport === 'epl' ? 0.1 : 0.5); // this book's opinion, in points/goals
  const expected = fixture.margin + lean;
  const step = sport === 'epl' ? 0.25 : 0.5;
  const shift = oddLine ? (rng.next() < 0.5 ? -1 : 1) * (sport === 'nfl' ? 1 : step) : 0;
  const spread = roundTo(-fixture.margin, step) + shift || (sport === 'epl' ? -0.25 : -0.5); // no pick'em spreads
  const totalLine = (sport === 'epl' ? 2.5 : roundTo(fixture.total, 0.5)) + (oddLine ? shift : 0);
  const noise = () => rng.normal(0.008);
  const coverHome = clamp(0.5 + (expected + spread) / (sport === 'epl' ? 4 : sport === 'nfl' ? 28 : 24) + noise(), 0.4, 0.6);
  const over = clamp(0.5 + (fixture.total - totalLine) / (sport === 'epl' ? 2.5 : sport === 'nfl' ? 20 : 30) + noise(), 0.4, 0.6);
  const pHome = clamp(homeWinProbability(sport, expected) + noise(), 0.03, 0.97);
  let h2h: Quote[];
  if (SPORT_INFO[sport].threeWay) {
    const draw = clamp(0.27 - Math.abs(expected) * 0.06, 0.15, 0.3);
    const overround = 1 + margin * 1.4; // three-way markets carry more margin
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
      for (const [index, [book, margin]] of PROP_BOOKS.entries()) {
        const point = index === 4 && rng.next() < 0.5 ? line + 1 : line; // one book hangs another number now and then
        const quotes = twoWay(book, margin * 1.5, clamp(0.5 + rng.normal(0.03), 0.35, 0.65), ['over', point], ['under', point]);
        rows.push(...quotes.map((q) => ({ ...q, gameId: fixture.game.id, market: spec.market, player: player.name, updatedAt: at })));
      }
    }
    if (fixture.sport === 'nfl') {
      // Anytime touchdown: books list only "yes", so there is no margin to remove and no consensus.
      for (const player of players.filter((p) => ['RB', 'WR', 'TE'].includes(p.position))) {
        const chance = clamp((player.position === 'RB' ? 0.42 : player.position === 'TE' ? 0.28 : 0.36) * player.skill, 0.12, 0.6);
        for (const [book, margin] of PROP_BOOKS) {
          const americanOdds = american(chance * (1 + margin * 2) + rng.normal(0.01));
          rows.push({ gameId: fixture.game.id, market: 'player_anytime_td', player: player.name, book, outcome: 'yes', point: null, americanOdds, updatedAt: at });
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
      rng.shuffle(roster(team).filter((p) => p.position !== 'QB' && p.position !== 'GK')).slice(0, rng.int(1, 2)).map((player) => ({
        sport,
        teamId: team.id,
        player: player.name,
        position: player.position,
        status: rng.pick(STATUSES[sport] ?? ['Out']),
        detail: rng.pick(INJURIES),
        reportedAt: new Date(asOf.getTime() - rng.int(3, 30) * HOUR),
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
    precipitationProbability > 55 ? (temperatureF <= 33 ? 'Snow' : 'Rain') : precipitationProbability > 30 ? 'Overcast' : rng.pick(['Clear', 'Partly cloudy']);
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
    if (player.position === 'QB') return { passingYards: around(238, 55), passingTouchdowns: around(1.6, 1), passingInterceptions: around(0.7, 0.8) };
    if (player.position === 'RB') return { rushingYards: around(64, 28), rushingTouchdowns: around(0.5, 0.6), receptions: around(2.5, 1.5) };
    if (player.position === 'WR' || player.position === 'TE') {
      const tight = player.position === 'TE' ? 0.7 : 1;
      return { receptions: around(5 * tight, 2), receivingYards: around(58 * tight, 25), receivingTouchdowns: around(0.4, 0.6) };
    }
    return undefined;
  }
  if (sport === 'nba') {
    const big = player.position === 'C';
    return { minutes: around(32, 4), points: around(big ? 15 : 19, 6), rebounds: around(big ? 10 : 4.5, 3), assists: around(big ? 2.5 : 5, 2) };
  }
  return { minutes: around(80, 10), goals: player.position === 'FW' ? around(0.4, 0.6) : 0, assists: around(0.2, 0.4), shots: around(player.position === 'FW' ? 2.5 : 0.8, 1) };
}

/**
 * A steam move on the first NFL game's moneyline: four books (not the lagging betrivers) priced the home side
 * 2.5 points of probability longer 40 minutes before their current price, so each moved towards the home side
 * within minutes of the others. Returns those earlier prices (the current ones are the move). Uses no random
 * numbers, so the rest of the slate is the same with or without it.
 */
function steamMove(upcoming: readonly Fixture[], current: readonly PriceRecord[]): PriceRecord[] {
  const fixture = upcoming.find((f) => f.sport === 'nfl');
  if (!fixture) return [];
  const rows = current.filter((row) => row.gameId === fixture.game.id && row.market === 'h2h' && row.book !== 'betrivers');
  const books = [...new Set(rows.map((row) => row.book))].slice(0, 4);
  return rows
    .filter((row) => books.includes(row.book))
    .map((row) => ({
      ...row,
      americanOdds: american(impliedProbability(row.americanOdds) + (row.outcome === fixture.home.abbreviation ? -0.025 : 0.025)),
      updatedAt: new Date(row.updatedAt.getTime() - 40 * 60_000),
    }));
}

// --- the slate ------------------------------------------------------------------------------------------

const PAST_WEEKS = 5;

/**
 * `date` is YYYY-MM-DD (UTC); `asOf` stamps the prices and reports (normally the time of loading).
 * `everyBook` prices every game at all ten books (the benchmark's fixed load).
 */
export function sampleSlate(date: string, asOf: Date, { everyBook = false } = {}): SampleSlate {
  const anchor = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(anchor)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const rng = random(`slate:${date}`);
  const upcoming = [
    ...fixtures('nfl', NFL_WEEK, anchor, `nfl:${date}`, false),
    ...fixtures('nba', NBA_NIGHT, anchor, `nba:${date}`, false),
    ...fixtures('epl', EPL_MATCHDAY, anchor, `epl:${date}`, false),
  ];
  const past = [
    ...Array.from({ length: PAST_WEEKS }, (_, week) => [
      ...fixtures('nfl', NFL_WEEK, anchor - (week + 1) * 7 * DAY, `nfl:${date}:-${week + 1}w`, true),
      ...fixtures('epl', EPL_MATCHDAY, anchor - (week + 1) * 7 * DAY, `epl:${date}:-${week + 1}w`, true),
    ]).flat(),
    // NBA nights from two nights back, so no "final" can start after the moment of loading.
    ...Array.from({ length: 7 }, (_, night) => fixtures('nba', { ...NBA_NIGHT, kickoffs: NBA_NIGHT.kickoffs.slice(0, 8) }, anchor - (night + 2) * DAY, `nba:${date}:-${night + 2}d`, true)).flat(),
  ];

  const opening: PriceRecord[] = [];
  const current: PriceRecord[] = [];
  for (const fixture of [...upcoming, ...past]) {
    const isPast = fixture.game.status === 'final';
    // 8 to 10 books, the reference (the first) always among them.
    const missing = new Set(rng.shuffle(SAMPLE_BOOKS.slice(1).map(([book]) => book)).slice(0, everyBook ? 0 : rng.int(0, 2)));
    const books = SAMPLE_BOOKS.filter(([book]) => !missing.has(book));
    const oddBook = rng.next() < 0.4 ? rng.int(1, books.length - 1) : -1;
    const openedAt = new Date(fixture.game.startsAt.getTime() - 6 * DAY);
    books.forEach(([book, margin], index) => {
      // A closing price is stamped just before kickoff; a live one a few minutes before `asOf`, one book lagging.
      const updatedAt = isPast
        ? new Date(fixture.game.startsAt.getTime() - rng.int(1, 20) * 60_000)
        : new Date(asOf.getTime() - (book === 'betrivers' && rng.next() < 0.3 ? rng.int(90, 240) : rng.int(1, 12)) * 60_000);
      const markets = gameMarkets(fixture, book, margin, rng, index === oddBook);
      for (const [market, quotes] of Object.entries(markets)) {
        for (const quote of quotes) {
          const row = { ...quote, gameId: fixture.game.id, market, player: '', updatedAt };
          current.push(row);
          // Lines move: the opener sat half a point away, or at another price, for some outcomes.
          if (!isPast && rng.next() < 0.5) {
            const moved = quote.point !== null && rng.next() < 0.4 ? quote.point + (market === 'totals' ? 0.5 : quote.point > 0 ? -0.5 : 0.5) : quote.point;
            const openOdds = american(impliedProbability(quote.americanOdds) + rng.normal(0.02));
            opening.push({ ...row, point: moved, americanOdds: openOdds, updatedAt: new Date(Math.min(openedAt.getTime(), asOf.getTime() - DAY)) });
          }
        }
      }
    });
  }

  const steam = steamMove(upcoming, current);

  const injured = SAMPLE_SPORTS.flatMap((sport) => injuries(sport, rng, asOf));
  const out = new Set(injured.filter((i) => i.status === 'Out' || i.status === 'Injured Reserve').map((i) => i.player));
  const propGames = [...upcoming.filter((f) => f.sport === 'nfl').slice(0, 4), ...upcoming.filter((f) => f.sport === 'nba').slice(0, 4)];
  for (const fixture of propGames) current.push(...props(fixture, out, rng, new Date(asOf.getTime() - rng.int(2, 15) * 60_000)));

  const playerStats = past.flatMap((fixture) =>
    [fixture.home, fixture.away].flatMap((team) =>
      roster(team).flatMap((player) => {
        const stats = boxScore(fixture.sport, player, rng);
        return stats ? [{ sport: fixture.sport, player: player.name, teamId: team.id, gameId: fixture.game.id, playedAt: fixture.game.startsAt, stats }] : [];
      }),
    ),
  );

  return {
    games: [...upcoming, ...past].map((f) => f.game),
    priceSnapshots: [opening, steam, current],
    injuries: injured,
    weather: upcoming.flatMap((fixture) => weather(fixture, rng) ?? []),
    playerStats,
  };
}
