import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

// One loopback server standing in for The Odds API, ESPN and Open-Meteo, serving their documented JSON
// shapes. Tests swap the handler of a route to serve errors, 429s with quota headers, malformed JSON or
// no answer at all.

export type Reply = { status?: number; headers?: Record<string, string>; body: unknown } | 'hang';
export type Route = (url: URL) => Reply;

export interface FakeProviders {
  baseUrl: string;
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
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const prefix = [...routes.keys()].filter((p) => url.pathname.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    const reply = prefix ? (routes.get(prefix) as Route)(url) : { status: 404, body: { message: 'no route' } };
    if (reply === 'hang') {
      hanging.add(res);
      return;
    }
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
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
  return { id, sport_key: 'americanfootball_nfl', sport_title: 'NFL', commence_time: commence, home_team: home, away_team: away, bookmakers: [book('draftkings', 0), book('fanduel', -5)] };
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
