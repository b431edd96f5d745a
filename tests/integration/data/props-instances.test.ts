import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueDay } from '@/lib/data/sports';
import { config } from '@/lib/config';
import { createRoot } from '@/lib/root';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from '../../helpers/server';
import { oddsEvent, propsEvent, QUOTA, startFakeProviders, type FakeProviders } from './fake-providers';

// get_player_props over real HTTP on two instances of the production server that share one database and
// one loopback Odds API: callers asking both at once for the same game's stale props cost one provider
// request, and every answer holds the props it fetched.

const HOUR = 3_600_000;
const PROPS_PATH = '/v4/sports/americanfootball_nfl/events/ev1/odds';
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
  // For this process's ingestion and, through startServer, for both servers.
  Object.assign(process.env, { ODDS_API_KEY: 'fake-key', ODDS_API_BASE_URL: fake.baseUrl, PROVIDER_TIMEOUT_SECONDS: '5' });
});
afterAll(() => fake?.close());

describe.each(PROVIDERS)('get_player_props on two instances sharing %s', (provider) => {
  let database: TestDatabase;
  let instances: RunningServer[] = [];
  let token: string;
  const kickoff = new Date(Date.now() + 30 * HOUR);
  kickoff.setUTCMinutes(0, 0, 0);
  const gameId = `nfl-${leagueDay('nfl', kickoff)}-buf-kc`;
  const teams = ['Kansas City Chiefs', 'Buffalo Bills'] as const;

  beforeAll(async () => {
    database = await testDatabase(provider);
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
      headers: QUOTA,
      body: [oddsEvent('ev1', kickoff.toISOString(), ...teams, new Date().toISOString())],
    }));
    await createRoot({ config: config(), db: database.db }).ingest({
      sports: ['nfl'],
      only: 'odds',
      mode: 'manual',
      now: () => new Date(),
    });
    token = (await database.token(await database.user('ann@example.com'), 'read')).token;
    instances = await Promise.all([1, 2].map(() => startServer({ DATABASE_URL: database.url, ...GENEROUS_BUDGETS })));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
  });

  it('concurrent callers on both instances: one event-odds request, and every answer holds the props', async () => {
    fake.routes.set(PROPS_PATH, () => ({
      headers: QUOTA,
      body: propsEvent('ev1', kickoff.toISOString(), ...teams, new Date().toISOString()),
      delayMs: 1_000,
    }));
    const before = fake.count(PROPS_PATH);
    const answers = await Promise.all(
      [...instances, ...instances].map(async (instance) => {
        const res = await fetch(`${instance.origin}/api/v1/tools/get_player_props`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ sport: 'nfl', gameId }),
        });
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(fake.count(PROPS_PATH)).toBe(before + 1);
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.data.note).toBeUndefined();
      expect(body.data.props.map((prop: { market: string; player: string }) => `${prop.market} ${prop.player}`).sort()).toEqual([
        'player_anytime_td Travis Kelce',
        'player_pass_yds Patrick Mahomes',
      ]);
    }
  });
});
