import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJev } from '../../helpers/cli';
import { freshDatabase } from '../../helpers/db';
import { startServer, type RunningServer } from '../../helpers/server';
import { espnInjuries, startFakeProviders, type FakeProviders } from './fake-providers';

// `jev data …`, `jev ingest`, `jev worker` and POST /api/cron/ingest, as a user or a cron service runs them.

const CRON_SECRET = 'cron-secret-for-tests-0123456789';

describe('data commands and the cron route', () => {
  let url: string;
  let drop: () => Promise<void>;
  let fake: FakeProviders;
  let server: RunningServer;
  const env = () => ({ ...process.env, DATABASE_URL: url, ESPN_BASE_URL: fake.baseUrl, OPEN_METEO_BASE_URL: fake.baseUrl, ODDS_API_KEY: '' });

  const jev = (args: string[], extraEnv: Record<string, string> = {}) => runJev(args, { ...env(), ...extraEnv });

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase('sqlite'));
    fake = await startFakeProviders();
    fake.routes.set('/apis/site/v2/sports/', () => ({ body: espnInjuries([{ team: 'Kansas City Chiefs', players: [['Travis Kelce', 'TE', 'Questionable']] }]) }));
    fake.routes.set('/v1/forecast', () => ({ status: 500, body: { error: true, reason: 'down for the test' } }));
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    await drop?.();
  });

  it('jev data load-sample loads a date; --if-needed loads only when nothing current is there, and never with a provider key', async () => {
    const loaded = await jev(['data', 'load-sample', '--date', '2026-10-03']);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain('Loaded the sample slate for 2026-10-03: 222 games');
    const withKey = await jev(['data', 'load-sample', '--if-needed'], { ODDS_API_KEY: 'live-key' });
    expect(withKey.stdout).toContain('ODDS_API_KEY is set: no sample data loaded');
    expect((await jev(['data', 'load-sample', '--if-needed'])).stdout).toContain('Loaded the sample slate for');
    expect((await jev(['data', 'load-sample', '--if-needed'])).stdout).toBe('');
    const bad = await jev(['data', 'load-sample', '--date', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--date: must be a date as YYYY-MM-DD');
  });

  it('jev ingest shows progress and a summary, exits non-zero when a fetch failed, and validates its options', async () => {
    const result = await jev(['ingest', '--sport', 'nfl']);
    expect(result.stderr).toContain('injuries nfl …');
    expect(result.stdout).toContain('Ingested: 0 games');
    expect(result.stdout).toContain('1 injuries');
    expect(result.stdout).toContain('skipped odds nfl: no ODDS_API_KEY');
    // The forecast provider is down: reported, the sample's forecasts kept, and the exit code says so.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Open-Meteo: HTTP 500');
    const bad = await jev(['ingest', '--only', 'everything']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--only: must be one of odds, props, injuries, weather, scores');
    expect((await jev(['ingest', '--help'])).stdout).toContain('Usage: jev ingest');
  });

  it('jev worker runs what is due until stopped', async () => {
    const child = spawn(process.execPath, [path.resolve('bin/jev.mjs'), 'worker'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), stdout.includes('Ingested') && resolve())));
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('jev worker: checking what is due every 60 s');
    // Injuries were fetched by `jev ingest` a moment ago: twelve hours from due, so not fetched again.
    expect(stdout).toContain('skipped injuries nfl: still fresh');
  });

  it('POST /api/cron/ingest needs the CRON_SECRET bearer and runs what is due', async () => {
    server = await startServer({ DATABASE_URL: url, CRON_SECRET, ESPN_BASE_URL: fake.baseUrl, OPEN_METEO_BASE_URL: fake.baseUrl, ODDS_API_KEY: '' });
    const cron = (headers: Record<string, string>, method = 'POST') => fetch(`${server.origin}/api/cron/ingest`, { method, headers });
    expect((await cron({})).status).toBe(401);
    expect((await cron({ authorization: 'Bearer wrong-secret-0123456789' })).status).toBe(401);
    const ok = await cron({ authorization: `Bearer ${CRON_SECRET}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const { data } = await ok.json();
    expect(data.skipped).toContain('injuries nfl: still fresh');
    expect((await cron({ authorization: `Bearer ${CRON_SECRET}` }, 'GET')).status).toBe(200);
  });

  it('jev data clear removes the sports data', async () => {
    const cleared = await jev(['data', 'clear']);
    expect(cleared.stdout).toContain('Cleared the sports data.');
    const loaded = await jev(['data', 'load-sample', '--if-needed']);
    expect(loaded.stdout).toContain('Loaded the sample slate');
  });
});
