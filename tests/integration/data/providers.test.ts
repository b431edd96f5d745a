import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEspn } from '@/lib/data/providers/espn';
import { ProviderError } from '@/lib/data/providers/http';
import { createOddsApi, OddsApiError } from '@/lib/data/providers/odds-api';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import { espnInjuries, oddsEvent, openMeteoForecast, propsEvent, QUOTA, startFakeProviders, type FakeProviders } from './fake-providers';

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
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ apiKey: 'k3y', regions: 'us', markets: 'h2h,spreads,totals', oddsFormat: 'american' });
  });

  it('The Odds API: props one event at a time, and scores', async () => {
    fake.routes.set('/v4/sports/americanfootball_nfl/events/ev1/odds', () => ({ headers: QUOTA, body: propsEvent('ev1', '2026-11-23T18:00:00Z', 'Kansas City Chiefs', 'Buffalo Bills', '2026-11-21T12:00:00Z') }));
    fake.routes.set('/v4/sports/americanfootball_nfl/scores', () => ({
      headers: QUOTA,
      body: [{ id: 'ev0', sport_key: 'americanfootball_nfl', commence_time: '2026-11-20T01:15:00Z', completed: true, home_team: 'Kansas City Chiefs', away_team: 'Buffalo Bills', scores: [{ name: 'Kansas City Chiefs', score: '27' }, { name: 'Buffalo Bills', score: '24' }], last_update: '2026-11-20T04:30:00Z' }],
    }));
    const { event: props } = await odds().eventProps('nfl', 'ev1', ['player_pass_yds', 'player_anytime_td']);
    expect(props.bookmakers[0]!.markets[1]!.outcomes).toEqual([{ name: 'Yes', description: 'Travis Kelce', price: 140 }]);
    expect(fake.requests[0]!.searchParams.get('markets')).toBe('player_pass_yds,player_anytime_td');
    const { scores } = await odds().scores('nfl', 3);
    expect(scores[0]).toMatchObject({ completed: true, scores: [{ score: '27' }, { score: '24' }] });
    expect(fake.requests[1]!.searchParams.get('daysFrom')).toBe('3');
  });

  it('The Odds API: a 429 carries the wait and the quota; errors, malformed JSON and silence are ProviderErrors', async () => {
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ status: 429, headers: { ...QUOTA, 'x-requests-remaining': '0', 'retry-after': '30' }, body: { message: 'Usage quota has been reached' } }));
    const limited = await odds().gameOdds('nfl').catch((error: unknown) => error);
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
      players: [{ player: 'Travis Kelce', position: 'TE', status: 'Questionable', detail: 'Knee, Sprain', reportedAt: new Date('2026-11-21T10:00Z') }],
    });
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({ body: { injuries: 'none' } }));
    await expect(espn.injuries('nfl')).rejects.toBeInstanceOf(ProviderError);
  });

  it('Open-Meteo: hourly values at the hour of kickoff, in °F and mph', async () => {
    fake.routes.set('/v1/forecast', () => ({ body: openMeteoForecast('2026-11-23') }));
    const weather = createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 500 });
    const forecast = await weather.atKickoff(39.0489, -94.4839, new Date('2026-11-23T18:25:00Z'));
    expect(forecast).toEqual({ forecastFor: new Date('2026-11-23T18:00:00Z'), temperatureF: 48, windMph: 12.3, precipitationProbability: 20, conditions: 'Snow' });
    expect(Object.fromEntries(fake.requests[0]!.searchParams)).toMatchObject({ latitude: '39.0489', temperature_unit: 'fahrenheit', wind_speed_unit: 'mph', start_date: '2026-11-23' });
    await expect(weather.atKickoff(39, -94, new Date('2026-11-24T18:00:00Z'))).rejects.toThrow(/no forecast/);
  });
});
