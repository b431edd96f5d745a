import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEspn } from '@/lib/data/providers/espn';
import { ProviderError } from '@/lib/data/providers/http';
import { createOddsApi, OddsApiError } from '@/lib/data/providers/odds-api';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import {
  espnInjuries,
  espnNbaSummary,
  espnNflSummary,
  espnScoreboard,
  oddsEvent,
  openMeteoForecast,
  propsEvent,
  QUOTA,
  startFakeProviders,
  type FakeProviders,
} from './fake-providers';

// Each provider adapter against a loopback fake serving the provider's documented JSON, errors included.

describe('provider adapters', () => {
  let fake: FakeProviders;
  const settings = () => ({ apiKey: 'k3y', baseUrl: fake.baseUrl, regions: 'us', timeoutMs: 500 });

  beforeAll(async () => {
    fake = await startFakeProviders();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.routes.clear();
    fake.requests.length = 0;
  });

  const odds = () => createOddsApi(settings());
  const event = oddsEvent('ev1', '2026-11-23T18:00:00Z', 'Kansas City Chiefs', 'Buffalo Bills', '2026-11-21T12:00:00Z');

  it('The Odds API: featured markets in American odds for the region, with the quota headers', async () => {
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ headers: QUOTA, body: [event] }));
    const { events, quota } = await odds().gameOdds('nfl');
    expect(events[0]!.bookmakers).toHaveLength(2);
    expect(quota).toEqual({ requestsRemaining: 480, requestsUsed: 20 });
    const url = fake.requests[0]!;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      apiKey: 'k3y',
      regions: 'us',
      markets: 'h2h,spreads,totals',
      oddsFormat: 'american',
    });
  });

  it('The Odds API: props one event at a time, and scores', async () => {
    fake.routes.set('/v4/sports/americanfootball_nfl/events/ev1/odds', () => ({
      headers: QUOTA,
      body: propsEvent('ev1', '2026-11-23T18:00:00Z', 'Kansas City Chiefs', 'Buffalo Bills', '2026-11-21T12:00:00Z'),
    }));
    fake.routes.set('/v4/sports/americanfootball_nfl/scores', () => ({
      headers: QUOTA,
      body: [
        {
          id: 'ev0',
          sport_key: 'americanfootball_nfl',
          commence_time: '2026-11-20T01:15:00Z',
          completed: true,
          home_team: 'Kansas City Chiefs',
          away_team: 'Buffalo Bills',
          scores: [
            { name: 'Kansas City Chiefs', score: '27' },
            { name: 'Buffalo Bills', score: '24' },
          ],
          last_update: '2026-11-20T04:30:00Z',
        },
      ],
    }));
    const { event: props } = await odds().eventProps('nfl', 'ev1', ['player_pass_yds', 'player_anytime_td']);
    expect(props.bookmakers[0]!.markets[1]!.outcomes).toEqual([{ name: 'Yes', description: 'Travis Kelce', price: 140 }]);
    expect(fake.requests[0]!.searchParams.get('markets')).toBe('player_pass_yds,player_anytime_td');
    const { scores } = await odds().scores('nfl', 3);
    expect(scores[0]).toMatchObject({ completed: true, scores: [{ score: '27' }, { score: '24' }] });
    expect(fake.requests[1]!.searchParams.get('daysFrom')).toBe('3');
  });

  it('The Odds API: a 429 carries the wait and the quota; errors, malformed JSON and silence are ProviderErrors', async () => {
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
      status: 429,
      headers: { ...QUOTA, 'x-requests-remaining': '0', 'retry-after': '30' },
      body: { message: 'Usage quota has been reached' },
    }));
    const limited = await odds()
      .gameOdds('nfl')
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(OddsApiError);
    expect((limited as OddsApiError).rateLimited).toBe(true);
    expect((limited as OddsApiError).options.retryAfterSeconds).toBe(30);
    expect((limited as OddsApiError).quota).toEqual({ requestsRemaining: 0, requestsUsed: 20 });

    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ status: 401, body: { message: 'API key is not valid' } }));
    await expect(odds().gameOdds('nfl')).rejects.toThrow(/HTTP 401/);
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ body: '[{"id": "ev1", "bookm' }));
    await expect(odds().gameOdds('nfl')).rejects.toThrow(/malformed JSON/);
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ body: [{ id: 1 }] }));
    await expect(odds().gameOdds('nfl')).rejects.toThrow(/unexpected answer/);
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => 'hang');
    const started = Date.now();
    await expect(odds().gameOdds('nfl')).rejects.toThrow(/no answer within 0.5 s/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('ESPN: the league injury report per team; a malformed answer is an error', async () => {
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({
      body: espnInjuries([{ team: 'Kansas City Chiefs', players: [['Travis Kelce', 'TE', 'Questionable']] }]),
    }));
    const espn = createEspn({ baseUrl: fake.baseUrl, timeoutMs: 500 });
    const [team] = await espn.injuries('nfl');
    expect(team).toEqual({
      team: 'Kansas City Chiefs',
      players: [
        {
          player: 'Travis Kelce',
          position: 'TE',
          status: 'Questionable',
          detail: 'Knee, Sprain',
          reportedAt: new Date('2026-11-21T10:00Z'),
        },
      ],
    });
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({ body: { injuries: 'none' } }));
    await expect(espn.injuries('nfl')).rejects.toBeInstanceOf(ProviderError);
  });

  describe('ESPN box scores', () => {
    const espn = () => createEspn({ baseUrl: fake.baseUrl, timeoutMs: 500 });
    const BOS: [string, string] = ['BOS', 'Boston Celtics'];
    const LAL: [string, string] = ['LAL', 'Los Angeles Lakers'];
    const KC: [string, string] = ['KC', 'Kansas City Chiefs'];
    const BUF: [string, string] = ['BUF', 'Buffalo Bills'];

    it("the scoreboard of a date: ESPN's ids, both sides, start and whether it is final", async () => {
      fake.routes.set('/apis/site/v2/sports/basketball/nba/scoreboard', () => ({
        body: espnScoreboard('2026-11-21', [
          { id: '401810101', date: '2026-11-22T00:30Z', home: LAL, away: BOS },
          {
            id: '401810102',
            date: '2026-11-22T03:00Z',
            home: ['GS', 'Golden State Warriors'],
            away: ['NY', 'New York Knicks'],
            state: 'in',
          },
        ]),
      }));
      const events = await espn().scoreboard('nba', '20261121');
      expect(fake.requests[0]!.searchParams.get('dates')).toBe('20261121');
      expect(events).toEqual([
        {
          id: '401810101',
          startsAt: new Date('2026-11-22T00:30:00Z'),
          completed: true,
          home: { name: 'Los Angeles Lakers', abbreviation: 'LAL' },
          away: { name: 'Boston Celtics', abbreviation: 'BOS' },
        },
        {
          id: '401810102',
          startsAt: new Date('2026-11-22T03:00:00Z'),
          completed: false,
          home: { name: 'Golden State Warriors', abbreviation: 'GS' },
          away: { name: 'New York Knicks', abbreviation: 'NY' },
        },
      ]);
      // College scoreboards are asked for the whole division.
      fake.routes.set('/apis/site/v2/sports/basketball/mens-college-basketball/scoreboard', () => ({ body: { events: [] } }));
      expect(await espn().scoreboard('ncaab', '20261121')).toEqual([]);
      expect(Object.fromEntries(fake.requests[1]!.searchParams)).toMatchObject({ dates: '20261121', groups: '50' });
    });

    it('the scoreboard tolerates missing parts: no status is not final, an event without two sides is left out', async () => {
      fake.routes.set('/apis/site/v2/sports/basketball/nba/scoreboard', () => ({
        body: {
          events: [
            {
              id: 401810103,
              date: '2026-11-22T01:00Z',
              competitions: [
                {
                  competitors: [
                    { homeAway: 'home', team: { displayName: 'Boston Celtics' } },
                    { homeAway: 'away', team: { abbreviation: 'LAL' } },
                  ],
                },
              ],
            },
            { id: '401810104', competitions: [] },
            {
              id: '401810105',
              status: { type: { state: 'post' } },
              competitions: [
                {
                  competitors: [
                    { homeAway: 'home', team: { displayName: 'Miami Heat' } },
                    { homeAway: 'away', team: { displayName: 'Orlando Magic' } },
                  ],
                },
              ],
            },
          ],
        },
      }));
      expect(await espn().scoreboard('nba', '20261121')).toEqual([
        {
          id: '401810103',
          startsAt: new Date('2026-11-22T01:00:00Z'),
          completed: false,
          home: { name: 'Boston Celtics', abbreviation: null },
          away: { name: 'LAL', abbreviation: 'LAL' },
        },
        {
          id: '401810105',
          startsAt: null,
          completed: true,
          home: { name: 'Miami Heat', abbreviation: null },
          away: { name: 'Orlando Magic', abbreviation: null },
        },
      ]);
    });

    it('an NBA summary: one flat line of numbers per player who played, made-attempted pairs split, DNPs left out', async () => {
      fake.routes.set('/apis/site/v2/sports/basketball/nba/summary', () => ({
        body: espnNbaSummary([
          {
            team: BOS,
            players: [
              ['Jayson Tatum', 'SF', ['38', '31', '11-22', '4-9', '5-6', '9', '6', '3', '1', '0', '1', '8', '2', '+7']],
              ['Derrick White', 'SG', ['35', '14', '5-12', '3-8', '1-1', '4', '7', '1', '2', '2', '0', '4', '3', '-2']],
              ['Neemias Queta', 'C', 'DNP'],
              ['Inactive Player', 'G', ['--', '--', '--', '--', '--', '--', '--', '--', '--', '--', '--', '--', '--', '--']],
            ],
          },
          {
            team: LAL,
            players: [['LeBron James', 'SF', ['36', '27', '9-24', '1-5', '8-10', '11', '11', '5', '2', '3', '1', '10', '1', '+4']]],
          },
        ]),
      }));
      const sides = await espn().boxScore('nba', '401810101');
      expect(fake.requests[0]!.pathname).toBe('/apis/site/v2/sports/basketball/nba/summary');
      expect(fake.requests[0]!.searchParams.get('event')).toBe('401810101');
      expect(sides.map((side) => [side.team.name, side.players.map((p) => p.player)])).toEqual([
        ['Boston Celtics', ['Jayson Tatum', 'Derrick White']],
        ['Los Angeles Lakers', ['LeBron James']],
      ]);
      expect(sides[0]!.players[0]).toEqual({
        player: 'Jayson Tatum',
        position: 'SF',
        stats: {
          minutes: 38,
          points: 31,
          fieldGoalsMade: 11,
          fieldGoalsAttempted: 22,
          threePointFieldGoalsMade: 4,
          threePointFieldGoalsAttempted: 9,
          freeThrowsMade: 5,
          freeThrowsAttempted: 6,
          rebounds: 9,
          assists: 6,
          turnovers: 3,
          steals: 1,
          blocks: 0,
          offensiveRebounds: 1,
          defensiveRebounds: 8,
          fouls: 2,
          plusMinus: 7,
        },
      });
      expect(sides[0]!.players[1]!.stats.plusMinus).toBe(-2);
    });

    it('an NFL summary: a player in several categories is one line; names two categories share are prefixed', async () => {
      fake.routes.set('/apis/site/v2/sports/football/nfl/summary', () => ({
        body: espnNflSummary([
          {
            team: KC,
            lines: {
              passing: [['Patrick Mahomes', 'QB', ['24/35', '262', '7.5', '2', '1', '2-14', '71.3', '98.4']]],
              rushing: [
                ['Isiah Pacheco', 'RB', ['18', '81', '4.5', '1', '19']],
                ['Patrick Mahomes', 'QB', ['5', '28', '5.6', '0', '12']],
              ],
              receiving: [
                ['Travis Kelce', 'TE', ['8', '91', '11.4', '1', '24', '10']],
                ['Isiah Pacheco', 'RB', ['2', '-3', '-1.5', '0', '4', '2']],
              ],
              defensive: [
                ['Trent McDuffie', 'CB', ['4', '3', '0', '0', '2', '0', '0']],
                ['Chris Jones', 'DT', ['3', '2', '1.5', '2', '0', '3', '0']],
              ],
              interceptions: [['Trent McDuffie', 'CB', ['1', '23', '0']]],
              kicking: [['Harrison Butker', 'K', ['2/3', '66.7', '48', '3/3', '9']]],
            },
          },
          { team: BUF, lines: { passing: [['Josh Allen', 'QB', ['21/33', '240', '7.3', '1', '0', '3-21', '55.0', '91.2']]] } },
        ]),
      }));
      const [kc, buf] = await espn().boxScore('nfl', '401772510');
      const line = (name: string) => kc!.players.find((p) => p.player === name)?.stats;
      expect(line('Patrick Mahomes')).toEqual({
        completions: 24,
        passingAttempts: 35,
        passingYards: 262,
        yardsPerPassAttempt: 7.5,
        passingTouchdowns: 2,
        passingInterceptions: 1,
        passingSacks: 2,
        sackYardsLost: 14,
        adjQBR: 71.3,
        QBRating: 98.4,
        rushingAttempts: 5,
        rushingYards: 28,
        yardsPerRushAttempt: 5.6,
        rushingTouchdowns: 0,
        longRushing: 12,
      });
      expect(line('Isiah Pacheco')).toMatchObject({ rushingYards: 81, receptions: 2, receivingYards: -3, yardsPerReception: -1.5 });
      expect(line('Trent McDuffie')).toEqual({
        totalTackles: 4,
        soloTackles: 3,
        defensiveSacks: 0,
        tacklesForLoss: 0,
        passesDefended: 2,
        QBHits: 0,
        defensiveTouchdowns: 0,
        interceptions: 1,
        interceptionYards: 23,
        interceptionTouchdowns: 0,
      });
      expect(line('Chris Jones')).toMatchObject({ defensiveSacks: 1.5 });
      expect(line('Harrison Butker')).toMatchObject({
        fieldGoalsMade: 2,
        fieldGoalAttempts: 3,
        fieldGoalPct: 66.7,
        extraPointsMade: 3,
        extraPointAttempts: 3,
      });
      expect(kc!.players).toHaveLength(6);
      expect(buf!.players[0]!.stats).toMatchObject({ passingYards: 240, passingInterceptions: 0, passingSacks: 3 });
    });

    it('without keys the labels name the numbers, prefixed by category where they overlap (passingYards, rushingYards)', async () => {
      fake.routes.set('/apis/site/v2/sports/football/nfl/summary', () => ({
        body: espnNflSummary(
          [
            {
              team: KC,
              lines: {
                passing: [['Patrick Mahomes', 'QB', ['24/35', '262', '7.5', '2', '1', '2-14', '71.3', '98.4']]],
                rushing: [['Patrick Mahomes', 'QB', ['5', '28', '5.6', '0', '12']]],
              },
            },
          ],
          { withKeys: false },
        ),
      }));
      const [kc] = await espn().boxScore('nfl', '401772510');
      expect(kc!.players[0]!.stats).toMatchObject({
        completions: 24,
        attempts: 35,
        passingYards: 262,
        passingTouchdowns: 2,
        passingInterceptions: 1,
        rushingYards: 28,
        carries: 5,
        rushingTouchdowns: 0,
      });
    });

    it('soccer: the numbers of the players who took the field, from the match rosters', async () => {
      fake.routes.set('/apis/site/v2/sports/soccer/eng.1/summary', () => ({
        body: {
          boxscore: { form: [], teams: [{ team: { abbreviation: 'ARS', displayName: 'Arsenal' }, statistics: [] }] },
          rosters: [
            {
              homeAway: 'home',
              winner: true,
              team: { id: '359', abbreviation: 'ARS', displayName: 'Arsenal' },
              roster: [
                {
                  active: true,
                  starter: true,
                  jersey: '7',
                  athlete: { id: '1', displayName: 'Bukayo Saka' },
                  position: { abbreviation: 'RW' },
                  subbedIn: false,
                  subbedOut: true,
                  stats: [
                    { name: 'totalGoals', displayValue: '1', value: 1 },
                    { name: 'goalAssists', displayValue: '1', value: 1 },
                    { name: 'totalShots', displayValue: '4', value: 4 },
                    { name: 'shotsOnTarget', displayValue: '2', value: 2 },
                  ],
                },
                {
                  active: true,
                  starter: false,
                  jersey: '99',
                  athlete: { id: '2', displayName: 'Unused Sub' },
                  subbedIn: false,
                  stats: [{ name: 'totalGoals', value: 0 }],
                },
              ],
            },
          ],
        },
      }));
      const [arsenal] = await createEspn({ baseUrl: fake.baseUrl, timeoutMs: 500 }).boxScore('epl', '704400');
      expect(arsenal).toEqual({
        team: { name: 'Arsenal', abbreviation: 'ARS' },
        players: [{ player: 'Bukayo Saka', position: 'RW', stats: { goals: 1, assists: 1, shots: 4, shotsOnTarget: 2 } }],
      });
    });

    it('a summary before kickoff has no lines; malformed JSON, an unexpected shape, HTTP 500 and silence are ProviderErrors', async () => {
      const path = '/apis/site/v2/sports/basketball/nba/summary';
      fake.routes.set(path, () => ({ body: { boxscore: { teams: [] }, header: { id: '401' } } }));
      expect(await espn().boxScore('nba', '401810101')).toEqual([]);
      fake.routes.set(path, () => ({ body: '{"boxscore": {"players": [{"team": ' }));
      await expect(espn().boxScore('nba', '401810101')).rejects.toThrow(/ESPN: answered with malformed JSON/);
      fake.routes.set(path, () => ({
        body: {
          boxscore: {
            players: [{ team: { displayName: 'Boston Celtics' }, statistics: [{ athletes: [{ athlete: { id: 7 }, stats: ['1'] }] }] }],
          },
        },
      }));
      await expect(espn().boxScore('nba', '401810101')).rejects.toThrow(/ESPN: unexpected summary answer/);
      fake.routes.set(path, () => ({ body: { code: 404, message: 'Failed to get event summary' } }));
      await expect(espn().boxScore('nba', '401810101')).rejects.toBeInstanceOf(ProviderError);
      fake.routes.set(path, () => ({ status: 500, body: { message: 'Internal Server Error' } }));
      await expect(espn().boxScore('nba', '401810101')).rejects.toThrow(/ESPN: HTTP 500/);
      fake.routes.set(path, () => 'hang');
      const started = Date.now();
      await expect(espn().boxScore('nba', '401810101')).rejects.toThrow(/ESPN: no answer within 0.5 s/);
      expect(Date.now() - started).toBeLessThan(2000);

      const board = '/apis/site/v2/sports/basketball/nba/scoreboard';
      fake.routes.set(board, () => ({ body: { leagues: [], day: { date: '2026-11-21' } } }));
      await expect(espn().scoreboard('nba', '20261121')).rejects.toThrow(/ESPN: unexpected scoreboard answer/);
      fake.routes.set(board, () => ({ body: '<html>maintenance</html>' }));
      await expect(espn().scoreboard('nba', '20261121')).rejects.toThrow(/malformed JSON/);
      fake.routes.set(board, () => ({ status: 503, body: 'unavailable' }));
      await expect(espn().scoreboard('nba', '20261121')).rejects.toThrow(/HTTP 503/);
    });
  });

  it('Open-Meteo: hourly values at the hour of kickoff, in °F and mph', async () => {
    fake.routes.set('/v1/forecast', () => ({ body: openMeteoForecast('2026-11-23') }));
    const weather = createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 500 });
    const forecast = await weather.atKickoff(39.0489, -94.4839, new Date('2026-11-23T18:25:00Z'));
    expect(forecast).toEqual({
      forecastFor: new Date('2026-11-23T18:00:00Z'),
      temperatureF: 48,
      windMph: 12.3,
      precipitationProbability: 20,
      conditions: 'Snow',
    });
    expect(Object.fromEntries(fake.requests[0]!.searchParams)).toMatchObject({
      latitude: '39.0489',
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
      start_date: '2026-11-23',
    });
    await expect(weather.atKickoff(39, -94, new Date('2026-11-24T18:00:00Z'))).rejects.toThrow(/no forecast/);
  });
});
