import { describe, expect, it } from 'vitest';
import { fetchClaims, INGEST_TASKS, type IngestTask } from '@/lib/data/ingest';
import { startRun } from '@/lib/data/ingest/run';
import { freshnessMs, type ScheduleSettings } from '@/lib/data/ingest/schedule';
import { NOT_CONFIGURED, TASKS } from '@/lib/data/ingest/tasks';
import type { Providers } from '@/lib/data/providers';
import type { Db } from '@/lib/db/client';

// The schedule of what is due, read through the task table: each task's provider and due rule, and how a manual
// run and --force override the rules; and what a run reports. The runs themselves are exercised against loopback
// providers in tests/integration/data/ingest.test.ts.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const settings: ScheduleSettings = { oddsFreshMs: 2 * MINUTE, propsTtlMs: 10 * MINUTE };
const scheduled = (task: IngestTask, untilNextGameMs: number, given = settings) =>
  freshnessMs(TASKS[task], { mode: 'scheduled' }, untilNextGameMs, given);

describe('the ingestion schedule', () => {
  it('fetches odds every 5 minutes within 6 hours of a game, every 30 within 48, else every 3 hours, never inside the quota guard', () => {
    expect(scheduled('odds', 5 * HOUR)).toBe(5 * MINUTE);
    expect(scheduled('odds', -HOUR)).toBe(5 * MINUTE); // under way
    expect(scheduled('odds', 6 * HOUR)).toBe(30 * MINUTE);
    expect(scheduled('odds', 47 * HOUR)).toBe(30 * MINUTE);
    expect(scheduled('odds', 48 * HOUR)).toBe(3 * HOUR);
    expect(scheduled('odds', Infinity)).toBe(3 * HOUR);
    expect(scheduled('odds', HOUR, { ...settings, oddsFreshMs: 20 * MINUTE })).toBe(20 * MINUTE);
  });

  it('keeps props for PROPS_TTL_SECONDS, injuries 12 hours, forecasts an hour, box scores 15 minutes, the sample 5, whenever the next game is', () => {
    for (const untilNextGameMs of [-HOUR, HOUR, 100 * HOUR, Infinity]) {
      expect(scheduled('props', untilNextGameMs)).toBe(10 * MINUTE);
      expect(scheduled('injuries', untilNextGameMs)).toBe(12 * HOUR);
      expect(scheduled('weather', untilNextGameMs)).toBe(HOUR);
      expect(scheduled('stats', untilNextGameMs)).toBe(15 * MINUTE);
      expect(scheduled('sample', untilNextGameMs)).toBe(5 * MINUTE);
    }
  });

  it('asks for scores every 10 minutes once a game has started, else every 6 hours', () => {
    expect(scheduled('scores', -MINUTE)).toBe(10 * MINUTE);
    expect(scheduled('scores', 0)).toBe(6 * HOUR);
    expect(scheduled('scores', HOUR)).toBe(6 * HOUR);
    expect(scheduled('scores', Infinity)).toBe(6 * HOUR);
  });

  it('fetches now on a manual run, except Odds API data inside the quota guard; --force fetches everything', () => {
    const manual = INGEST_TASKS.map((task) => [task, freshnessMs(TASKS[task], { mode: 'manual' }, HOUR, settings)]);
    expect(Object.fromEntries(manual)).toEqual({
      odds: 2 * MINUTE,
      props: 2 * MINUTE,
      injuries: 0,
      weather: 0,
      scores: 2 * MINUTE,
      stats: 0,
      sample: 0,
    });
    for (const task of INGEST_TASKS) {
      for (const mode of ['manual', 'scheduled'] as const)
        expect(freshnessMs(TASKS[task], { mode, force: true }, -HOUR, settings), `${task} ${mode}`).toBe(0);
    }
  });
});

describe('the task table', () => {
  const espn = {} as Providers['espn'];
  const weather = {} as Providers['weather'];
  const odds = {} as NonNullable<Providers['odds']>;
  const sample = {} as NonNullable<Providers['sample']>;

  it('takes odds, props and scores from The Odds API, injuries and box scores from ESPN, forecasts from the weather provider', () => {
    expect(Object.fromEntries(INGEST_TASKS.map((task) => [task, TASKS[task].provider]))).toEqual({
      odds: 'odds',
      props: 'odds',
      injuries: 'espn',
      weather: 'weather',
      scores: 'odds',
      stats: 'espn',
      sample: 'sample',
    });
    expect(NOT_CONFIGURED.odds).toBe('no ODDS_API_KEY');
  });

  it('runs an Odds API task only with ODDS_API_KEY, the sample only without it, the others always', () => {
    const withoutKey = { odds: undefined, espn, weather, sample };
    const withKey = { odds, espn, weather, sample: undefined };
    for (const task of INGEST_TASKS) {
      expect(typeof TASKS[task].runner(withKey), task).toBe(TASKS[task].provider === 'sample' ? 'undefined' : 'function');
      expect(typeof TASKS[task].runner(withoutKey), task).toBe(TASKS[task].provider === 'odds' ? 'undefined' : 'function');
    }
  });

  it('leaves college props to get_player_props, and passes over no other task or sport', () => {
    expect(TASKS.props.passOver?.('ncaaf')).toMatch(/game by game when get_player_props asks/);
    expect(TASKS.props.passOver?.('ncaab')).toMatch(/game by game/);
    for (const sport of ['nfl', 'nba', 'mlb', 'nhl', 'epl'] as const) expect(TASKS.props.passOver?.(sport), sport).toBeUndefined();
    for (const task of INGEST_TASKS.filter((name) => name !== 'props')) expect(TASKS[task].passOver, task).toBeUndefined();
  });
});

describe("a run's reporting", () => {
  const now = new Date('2026-11-22T18:00:00Z');

  it('puts each gate that did not fetch into the summary, and logs a failure', () => {
    const lines: string[] = [];
    const { summary, forTask } = startRun({} as Db, fetchClaims(1_000), (line) => lines.push(line), { summaries: 2 });
    const run = forTask('odds', 'nfl', now, 0);
    expect(run.what).toBe('odds nfl');
    run.note('odds nfl', { status: 'fresh' });
    run.note('props g1', { status: 'busy', until: now });
    run.note('odds nfl', { status: 'backoff', until: now, after: 'rate limit' });
    run.note('scores nfl', { status: 'backoff', until: now, after: 'failure' });
    run.note('weather g2', { status: 'failed', error: new Error('HTTP 500') });
    run.note('odds nfl', { status: 'done' });
    expect(summary.skipped).toEqual([
      'odds nfl: still fresh',
      'props g1: already being fetched by another caller',
      'odds nfl: backing off after a 429 until 2026-11-22T18:00:00.000Z',
      'scores nfl: backing off after a failed fetch until 2026-11-22T18:00:00.000Z',
    ]);
    expect(summary.failures).toEqual(['weather g2: HTTP 500']);
    expect(lines).toEqual(['  weather g2 failed, stored data kept: HTTP 500']);
  });

  it("matches a provider's team names in the task's sport, and logs a name it cannot match once a run, with the catalogue to add it to", () => {
    const lines: string[] = [];
    const { forTask } = startRun({} as Db, fetchClaims(1_000), (line) => lines.push(line), { summaries: 2 });
    const nfl = forTask('odds', 'nfl', now, 0);
    expect(nfl.team('Kansas City Chiefs')?.id).toBe('nfl:KC');
    expect(nfl.team('Boston Celtics')).toBeUndefined();
    expect(forTask('injuries', 'nfl', now, 0).team('Boston Celtics')).toBeUndefined();
    forTask('stats', 'ncaaf', now, 0).unknownTeam('Montana Grizzlies');
    expect(lines).toEqual([
      '  skipped: unknown NFL team name "Boston Celtics" (add it to the aliases in lib/data/teams.ts)',
      '  skipped: unknown NCAAF team name "Montana Grizzlies" (add it to the aliases in lib/data/teams-ncaa.ts)',
    ]);
  });
});
