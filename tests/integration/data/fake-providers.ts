import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

// One loopback server standing in for The Odds API, ESPN and Open-Meteo, serving their documented JSON
// shapes. Tests swap the handler of a route to serve errors, 429s with quota headers, malformed JSON, a late
// answer or no answer at all.

export type Reply =
  | { status?: number; headers?: Record<string, string>; body: unknown; delayMs?: number }
  | { streamBytes: number; declareLength?: boolean }
  | 'hang';
export type Route = (url: URL) => Reply;

export interface FakeProviders {
  baseUrl: string;
  /** Bytes written by `streamBytes` replies so far (all of them together). */
  streamed(): number;
  requests: URL[];
  /** Routes by path prefix; the longest matching prefix wins. */
  routes: Map<string, Route>;
  count(pathPrefix: string): number;
  close(): Promise<void>;
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const requests: URL[] = [];
  const routes = new Map<string, Route>();
  const hanging = new Set<ServerResponse>();
  let streamedBytes = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const prefix = [...routes.keys()].filter((p) => url.pathname.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    const reply = prefix ? (routes.get(prefix) as Route)(url) : { status: 404, body: { message: 'no route' } };
    if (reply === 'hang') {
      hanging.add(res);
      return;
    }
    if ('streamBytes' in reply) {
      // A JSON array of zeros, `streamBytes` long, written as fast as the client reads it (no more).
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(reply.declareLength ? { 'content-length': String(reply.streamBytes) } : {}),
      });
      const chunk = Buffer.from('0,'.repeat(32 * 1024));
      let left = reply.streamBytes;
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          streamedBytes += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => (left = 0));
      pump();
      return;
    }
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    setTimeout(
      () => res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(body),
      reply.delayMs ?? 0,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    streamed: () => streamedBytes,
    requests,
    routes,
    count: (pathPrefix) => requests.filter((url) => url.pathname.startsWith(pathPrefix)).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const QUOTA = { 'x-requests-remaining': '480', 'x-requests-used': '20', 'x-requests-last': '3' };

/** An event in The Odds API v4 shape, with two books pricing h2h, spreads and totals. */
/**
 * A league's outright answer as The Odds API gives it (one event with no teams): draftkings and an exchange price the
 * field, the exchange's lay market beside its back prices, and a book whose board holds a name no team has.
 */
export function outrightEvent(sportKey: string, lastUpdate: string, prices: Record<string, number>) {
  const market = (key: string, outcomes: { name: string; price: number }[]) => ({ key, last_update: lastUpdate, outcomes });
  const board = Object.entries(prices).map(([name, price]) => ({ name, price }));
  return {
    id: `outright-${sportKey}`,
    sport_key: sportKey,
    sport_title: 'Super Bowl Winner',
    commence_time: '2027-02-14T23:30:00Z',
    home_team: null,
    away_team: null,
    bookmakers: [
      { key: 'draftkings', title: 'DraftKings', last_update: lastUpdate, markets: [market('outrights', board)] },
      {
        key: 'betfair_ex_uk',
        title: 'Betfair',
        last_update: lastUpdate,
        markets: [
          market(
            'outrights',
            board.map((o) => ({ ...o, price: o.price + 20 })),
          ),
          market('outrights_lay', board),
        ],
      },
      {
        key: 'bovada',
        title: 'Bovada',
        last_update: lastUpdate,
        markets: [market('outrights', [...board, { name: 'The Field', price: 150 }])],
      },
    ],
  };
}

export function oddsEvent(id: string, commence: string, home: string, away: string, lastUpdate: string, homeMoneyline = -150) {
  const market = (key: string, outcomes: unknown[]) => ({ key, last_update: lastUpdate, outcomes });
  const book = (key: string, shift: number) => ({
    key,
    title: key,
    last_update: lastUpdate,
    markets: [
      market('h2h', [
        { name: home, price: homeMoneyline + shift },
        { name: away, price: 130 - shift },
      ]),
      market('spreads', [
        { name: home, price: -110, point: -3.5 },
        { name: away, price: -110, point: 3.5 },
      ]),
      market('totals', [
        { name: 'Over', price: -108, point: 44.5 },
        { name: 'Under', price: -112, point: 44.5 },
      ]),
    ],
  });
  return {
    id,
    sport_key: 'americanfootball_nfl',
    sport_title: 'NFL',
    commence_time: commence,
    home_team: home,
    away_team: away,
    bookmakers: [book('draftkings', 0), book('fanduel', -5)],
  };
}

/**
 * An EPL match whose Asian handicap and goal totals hold quarter-line arbitrages: Arsenal -0.25 at +110 (fanduel)
 * against Chelsea +0.25 at +110 (lowvig), and over 2.25 at +105 (fanduel) against under 2.25 at +100 (lowvig). The
 * reference book (draftkings) and betmgm hang the half lines, where nothing is an arbitrage; h2h is the same everywhere.
 */
export function quarterLineEvent(id: string, commence: string, lastUpdate: string) {
  const [home, away] = ['Arsenal', 'Chelsea'];
  const market = (key: string, outcomes: unknown[]) => ({ key, last_update: lastUpdate, outcomes });
  const book = (key: string, [homeLine, homePrice, awayPrice]: number[], [totalLine, overPrice, underPrice]: number[]) => ({
    key,
    title: key,
    last_update: lastUpdate,
    markets: [
      market('h2h', [
        { name: home, price: 120 },
        { name: 'Draw', price: 240 },
        { name: away, price: 230 },
      ]),
      market('spreads', [
        { name: home, price: homePrice, point: homeLine },
        { name: away, price: awayPrice, point: -homeLine! },
      ]),
      market('totals', [
        { name: 'Over', price: overPrice, point: totalLine },
        { name: 'Under', price: underPrice, point: totalLine },
      ]),
    ],
  });
  return {
    id,
    sport_key: 'soccer_epl',
    sport_title: 'EPL',
    commence_time: commence,
    home_team: home,
    away_team: away,
    bookmakers: [
      book('draftkings', [-0.5, 100, -120], [2.5, -110, -110]),
      book('betmgm', [-0.5, -105, -115], [2.5, -108, -112]),
      book('fanduel', [-0.25, 110, -140], [2.25, 105, -135]),
      book('lowvig', [-0.25, -140, 110], [2.25, -135, 100]),
    ],
  };
}

/**
 * An NFL game (Buffalo at Kansas City) whose spreads and totals hold middles: KC -2.5 at -115 (fanduel) against
 * BUF +3.5 at -115 (lowvig) both win on KC by 3, a key number; over 44.5 at -105 (fanduel) against under 46.5 at -105
 * (lowvig) both win on a total of 45 or 46. The reference book (draftkings) and betmgm hang KC -3 and 45.5; every
 * other pair of lines leaves no result that wins both, or costs more on a miss. h2h is the same everywhere.
 */
export function middleEvent(id: string, commence: string, lastUpdate: string) {
  const [home, away] = ['Kansas City Chiefs', 'Buffalo Bills'];
  const market = (key: string, outcomes: unknown[]) => ({ key, last_update: lastUpdate, outcomes });
  const book = (key: string, [homeLine, homePrice, awayPrice]: number[], [totalLine, overPrice, underPrice]: number[]) => ({
    key,
    title: key,
    last_update: lastUpdate,
    markets: [
      market('h2h', [
        { name: home, price: -150 },
        { name: away, price: 130 },
      ]),
      market('spreads', [
        { name: home, price: homePrice, point: homeLine },
        { name: away, price: awayPrice, point: -homeLine! },
      ]),
      market('totals', [
        { name: 'Over', price: overPrice, point: totalLine },
        { name: 'Under', price: underPrice, point: totalLine },
      ]),
    ],
  });
  return {
    id,
    sport_key: 'americanfootball_nfl',
    sport_title: 'NFL',
    commence_time: commence,
    home_team: home,
    away_team: away,
    bookmakers: [
      book('draftkings', [-3, -110, -110], [45.5, -110, -110]),
      book('betmgm', [-3, -108, -112], [45.5, -108, -112]),
      book('fanduel', [-2.5, -115, -105], [44.5, -105, -115]),
      book('lowvig', [-3.5, -105, -115], [46.5, -115, -105]),
    ],
  };
}

export function propsEvent(id: string, commence: string, home: string, away: string, lastUpdate: string) {
  return {
    ...oddsEvent(id, commence, home, away, lastUpdate),
    bookmakers: ['draftkings', 'fanduel'].map((key) => ({
      key,
      title: key,
      last_update: lastUpdate,
      markets: [
        {
          key: 'player_pass_yds',
          last_update: lastUpdate,
          outcomes: [
            { name: 'Over', description: 'Patrick Mahomes', price: -115, point: 262.5 },
            { name: 'Under', description: 'Patrick Mahomes', price: -105, point: 262.5 },
          ],
        },
        { key: 'player_anytime_td', last_update: lastUpdate, outcomes: [{ name: 'Yes', description: 'Travis Kelce', price: 140 }] },
      ],
    })),
  };
}

/**
 * One event's alternate lines, as The Odds API's event odds answer them for markets=alternate_spreads,alternate_totals
 * (home Kansas City, away Buffalo). Spreads: KC -6.5 at both books (+150/-180 and +160/-190), KC -1.5 both sides at
 * draftkings (-135/+115) and KC's side alone at fanduel (-130), KC -9.5 at fanduel alone (+240: no fair line). Totals:
 * 40.5 at both books (-160/+135 and -155/+130). A team we do not know and a lay market are left out.
 */
export function alternatesEvent(id: string, commence: string, lastUpdate: string) {
  const market = (key: string, outcomes: unknown[]) => ({ key, last_update: lastUpdate, outcomes });
  const [home, away] = ['Kansas City Chiefs', 'Buffalo Bills'];
  return {
    id,
    sport_key: 'americanfootball_nfl',
    sport_title: 'NFL',
    commence_time: commence,
    home_team: home,
    away_team: away,
    bookmakers: [
      {
        key: 'draftkings',
        title: 'DraftKings',
        last_update: lastUpdate,
        markets: [
          market('alternate_spreads', [
            { name: home, price: 150, point: -6.5 },
            { name: away, price: -180, point: 6.5 },
            { name: home, price: -135, point: -1.5 },
            { name: away, price: 115, point: 1.5 },
            { name: 'Springfield Isotopes', price: 200, point: -10.5 },
          ]),
          market('alternate_totals', [
            { name: 'Over', price: -160, point: 40.5 },
            { name: 'Under', price: 135, point: 40.5 },
          ]),
        ],
      },
      {
        key: 'fanduel',
        title: 'FanDuel',
        last_update: lastUpdate,
        markets: [
          market('alternate_spreads', [
            { name: home, price: 160, point: -6.5 },
            { name: away, price: -190, point: 6.5 },
            { name: home, price: -130, point: -1.5 },
            { name: home, price: 240, point: -9.5 },
          ]),
          market('alternate_totals', [
            { name: 'Over', price: -155, point: 40.5 },
            { name: 'Under', price: 130, point: 40.5 },
          ]),
          market('h2h_lay', [
            { name: home, price: -140 },
            { name: away, price: 120 },
          ]),
        ],
      },
    ],
  };
}

export function espnInjuries(teams: { team: string; players: [name: string, position: string, status: string][] }[]) {
  return {
    timestamp: '2026-11-21T12:00:00Z',
    status: 'success',
    season: { year: 2026, type: 2, name: 'Regular Season' },
    injuries: teams.map(({ team, players }) => ({
      id: team,
      displayName: team,
      injuries: players.map(([name, position, status]) => ({
        id: name,
        status,
        date: '2026-11-21T10:00Z',
        shortComment: `${name} (knee) is ${status.toLowerCase()}.`,
        athlete: { displayName: name, position: { abbreviation: position } },
        details: { type: 'Knee', detail: 'Sprain' },
        type: { name: status.toUpperCase(), description: status.toLowerCase() },
      })),
    })),
  };
}

export function openMeteoForecast(day: string) {
  const time = Array.from({ length: 24 }, (_, hour) => `${day}T${String(hour).padStart(2, '0')}:00`);
  return {
    latitude: 39.05,
    longitude: -94.48,
    timezone: 'GMT',
    hourly_units: { time: 'iso8601', temperature_2m: '°F', wind_speed_10m: 'mp/h' },
    hourly: {
      time,
      temperature_2m: time.map((_, hour) => 30 + hour),
      precipitation_probability: time.map(() => 20),
      wind_speed_10m: time.map(() => 12.3),
      weather_code: time.map((_, hour) => (hour < 12 ? 3 : 71)),
    },
  };
}

// --- ESPN scoreboards and game summaries (box scores), in the site API's shape ---------------------------

type EspnSide = [abbreviation: string, displayName: string];

const espnTeam = ([abbreviation, displayName]: EspnSide, id: string) => ({
  id,
  uid: `s:40~l:46~t:${id}`,
  location: displayName.split(' ').slice(0, -1).join(' '),
  name: displayName.split(' ').at(-1),
  abbreviation,
  displayName,
  shortDisplayName: displayName.split(' ').at(-1),
  color: '000000',
  isActive: true,
  logo: `https://a.espncdn.com/i/teamlogos/${abbreviation.toLowerCase()}.png`,
});

const espnStatus = (state: 'pre' | 'in' | 'post') => ({
  clock: 0,
  displayClock: '0.0',
  period: state === 'pre' ? 0 : 4,
  type: {
    id: state === 'post' ? '3' : state === 'in' ? '2' : '1',
    name: state === 'post' ? 'STATUS_FINAL' : state === 'in' ? 'STATUS_IN_PROGRESS' : 'STATUS_SCHEDULED',
    state,
    completed: state === 'post',
    description: state === 'post' ? 'Final' : state === 'in' ? 'In Progress' : 'Scheduled',
    detail: state === 'post' ? 'Final' : state === 'in' ? '5:12 - 3rd' : 'Sat, November 21st at 7:30 PM EST',
    shortDetail: state === 'post' ? 'Final' : state === 'in' ? '5:12 - 3rd' : '11/21 - 7:30 PM EST',
  },
});

export interface EspnGame {
  id: string;
  /** ESPN's start time, e.g. 2026-11-22T00:30Z (minutes, no seconds). */
  date: string;
  home: EspnSide;
  away: EspnSide;
  state?: 'pre' | 'in' | 'post';
}

/** /apis/site/v2/sports/{path}/scoreboard?dates=YYYYMMDD */
export function espnScoreboard(day: string, games: EspnGame[]) {
  return {
    leagues: [{ id: '46', uid: 's:40~l:46', name: 'National Basketball Association', abbreviation: 'NBA', slug: 'nba' }],
    season: { type: 2, year: 2027 },
    day: { date: day },
    events: games.map(({ id, date, home, away, state = 'post' }) => ({
      id,
      uid: `s:40~l:46~e:${id}`,
      date,
      name: `${away[1]} at ${home[1]}`,
      shortName: `${away[0]} @ ${home[0]}`,
      season: { year: 2027, type: 2, slug: 'regular-season' },
      competitions: [
        {
          id,
          uid: `s:40~l:46~e:${id}~c:${id}`,
          date,
          attendance: 18997,
          type: { id: '1', abbreviation: 'STD' },
          timeValid: true,
          neutralSite: false,
          venue: { id: '1', fullName: 'Arena', address: { city: 'City', state: 'ST' }, indoor: true },
          competitors: [
            {
              id: '1',
              uid: 's:40~l:46~t:1',
              type: 'team',
              order: 0,
              homeAway: 'home',
              winner: true,
              team: espnTeam(home, '1'),
              score: '112',
            },
            {
              id: '2',
              uid: 's:40~l:46~t:2',
              type: 'team',
              order: 1,
              homeAway: 'away',
              winner: false,
              team: espnTeam(away, '2'),
              score: '104',
            },
          ],
          status: espnStatus(state),
        },
      ],
      status: espnStatus(state),
      links: [],
    })),
  };
}

const NBA_KEYS = [
  'minutes',
  'points',
  'fieldGoalsMade-fieldGoalsAttempted',
  'threePointFieldGoalsMade-threePointFieldGoalsAttempted',
  'freeThrowsMade-freeThrowsAttempted',
  'rebounds',
  'assists',
  'turnovers',
  'steals',
  'blocks',
  'offensiveRebounds',
  'defensiveRebounds',
  'fouls',
  'plusMinus',
];
const NBA_LABELS = ['MIN', 'PTS', 'FG', '3PT', 'FT', 'REB', 'AST', 'TO', 'STL', 'BLK', 'OREB', 'DREB', 'PF', '+/-'];

/** A player who played: name, position, then the 14 cells in NBA_KEYS order; or a DNP. */
export type NbaPlayer = [name: string, position: string, stats: string[]] | [name: string, position: string, reason: 'DNP'];

/** ESPN's athlete ids: one number per name, as a player keeps his id in every category and game. */
const athleteIds = new Map<string, string>();
const athleteId = (name: string) =>
  athleteIds.get(name) ?? (athleteIds.set(name, String(3_000_000 + athleteIds.size)), athleteIds.get(name));

const espnAthlete = (name: string, position: string) => ({
  id: athleteId(name),
  uid: `s:40~l:46~a:${athleteId(name)}`,
  guid: athleteId(name),
  displayName: name,
  shortName: `${name[0]}. ${name.split(' ').at(-1)}`,
  jersey: '0',
  position: { name: position, displayName: position, abbreviation: position },
  links: [],
  headshot: { href: `https://a.espncdn.com/i/headshots/nba/players/full/${athleteId(name)}.png`, alt: name },
});

/** /apis/site/v2/sports/basketball/nba/summary?event=ID: one category per team, with keys, labels and DNPs. */
export function espnNbaSummary(sides: { team: EspnSide; players: NbaPlayer[] }[]) {
  return {
    boxscore: {
      teams: sides.map(({ team }, i) => ({
        team: espnTeam(team, String(i + 1)),
        statistics: [{ name: 'fieldGoalsMade-fieldGoalsAttempted', displayValue: '40-88', label: 'FG' }],
        displayOrder: i + 1,
        homeAway: i === 0 ? 'away' : 'home',
      })),
      players: sides.map(({ team, players }, i) => ({
        team: espnTeam(team, String(i + 1)),
        displayOrder: i + 1,
        statistics: [
          {
            names: NBA_LABELS,
            keys: NBA_KEYS,
            labels: NBA_LABELS,
            descriptions: NBA_KEYS,
            athletes: players.map(([name, position, cells], n) => ({
              active: false,
              athlete: espnAthlete(name, position),
              starter: n < 5,
              didNotPlay: cells === 'DNP',
              reason: cells === 'DNP' ? "DNP-COACH'S DECISION" : '',
              ejected: false,
              stats: cells === 'DNP' ? [] : cells,
            })),
            totals: ['', '112', '40-88', '12-35', '20-24', '45', '25', '12', '7', '5', '10', '35', '18', ''],
          },
        ],
      })),
    },
    gameInfo: { venue: { fullName: 'Arena' }, attendance: 18997 },
    header: { id: '401', competitions: [{ status: espnStatus('post') }] },
    leaders: [],
    standings: {},
  };
}

/** The categories of an NFL box score: name, keys and labels. */
export const NFL_CATEGORIES = {
  passing: [
    [
      'completions/passingAttempts',
      'passingYards',
      'yardsPerPassAttempt',
      'passingTouchdowns',
      'interceptions',
      'sacks-sackYardsLost',
      'adjQBR',
      'QBRating',
    ],
    ['C/ATT', 'YDS', 'AVG', 'TD', 'INT', 'SACKS', 'QBR', 'RTG'],
  ],
  rushing: [
    ['rushingAttempts', 'rushingYards', 'yardsPerRushAttempt', 'rushingTouchdowns', 'longRushing'],
    ['CAR', 'YDS', 'AVG', 'TD', 'LONG'],
  ],
  receiving: [
    ['receptions', 'receivingYards', 'yardsPerReception', 'receivingTouchdowns', 'longReception', 'receivingTargets'],
    ['REC', 'YDS', 'AVG', 'TD', 'LONG', 'TGTS'],
  ],
  defensive: [
    ['totalTackles', 'soloTackles', 'sacks', 'tacklesForLoss', 'passesDefended', 'QBHits', 'defensiveTouchdowns'],
    ['TOT', 'SOLO', 'SACKS', 'TFL', 'PD', 'QB HTS', 'TD'],
  ],
  interceptions: [
    ['interceptions', 'interceptionYards', 'interceptionTouchdowns'],
    ['INT', 'YDS', 'TD'],
  ],
  kicking: [
    ['fieldGoalsMade/fieldGoalAttempts', 'fieldGoalPct', 'longFieldGoalMade', 'extraPointsMade/extraPointAttempts', 'totalKickingPoints'],
    ['FG', 'PCT', 'LONG', 'XP', 'PTS'],
  ],
} as const;

export type NflLines = Partial<Record<keyof typeof NFL_CATEGORIES, [name: string, position: string, stats: string[]][]>>;

/** /apis/site/v2/sports/football/nfl/summary?event=ID: every category listed, empty ones included. */
export function espnNflSummary(sides: { team: EspnSide; lines: NflLines }[], { withKeys = true } = {}) {
  return {
    boxscore: {
      teams: sides.map(({ team }, i) => ({ team: espnTeam(team, String(i + 1)), statistics: [] })),
      players: sides.map(({ team, lines }, i) => ({
        team: espnTeam(team, String(i + 1)),
        statistics: Object.entries(NFL_CATEGORIES).map(([name, [keys, labels]]) => ({
          name,
          ...(withKeys ? { keys } : {}),
          text: `${team[1]} ${name}`,
          labels,
          descriptions: labels,
          athletes: (lines[name as keyof typeof NFL_CATEGORIES] ?? []).map(([player, position, stats]) => ({
            athlete: espnAthlete(player, position),
            stats,
          })),
          totals: labels.map(() => ''),
        })),
      })),
    },
    header: { id: '401', competitions: [{ status: espnStatus('post') }] },
  };
}
