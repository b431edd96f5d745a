import { describe, expect, it } from 'vitest';
import { INGEST_TASKS, type IngestTask } from '@/lib/data/ingest';
import { freshnessMs, type ScheduleSettings } from '@/lib/data/ingest/schedule';
import { NOT_CONFIGURED, TASKS } from '@/lib/data/ingest/tasks';
import type { Providers } from '@/lib/data/providers';

// The schedule of what is due, read through the task table: each task's provider and due rule, and how a manual
// run and --force override the rules. The runs themselves are exercised against loopback providers in
// tests/integration/data/ingest.test.ts.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const settings: ScheduleSettings = { oddsFreshMs: 2 * MINUTE, propsTtlMs: 10 * MINUTE };
const scheduled = (task: IngestTask, untilNextGameMs: number, given = settings) => freshnessMs(TASKS[task], { mode: 'scheduled' }, untilNextGameMs, given);

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

  it('keeps props for PROPS_TTL_SECONDS, injuries 12 hours, forecasts an hour, box scores 15 minutes, whenever the next game is', () => {
    for (const untilNextGameMs of [-HOUR, HOUR, 100 * HOUR, Infinity]) {
      expect(scheduled('props', untilNextGameMs)).toBe(10 * MINUTE);
      expect(scheduled('injuries', untilNextGameMs)).toBe(12 * HOUR);
      expect(scheduled('weather', untilNextGameMs)).toBe(HOUR);
      expect(scheduled('stats', untilNextGameMs)).toBe(15 * MINUTE);
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
    expect(Object.fromEntries(manual)).toEqual({ odds: 2 * MINUTE, props: 2 * MINUTE, injuries: 0, weather: 0, scores: 2 * MINUTE, stats: 0 });
    for (const task of INGEST_TASKS) {
      for (const mode of ['manual', 'scheduled'] as const) expect(freshnessMs(TASKS[task], { mode, force: true }, -HOUR, settings), `${task} ${mode}`).toBe(0);
    }
  });
});

describe('the task table', () => {
  const espn = {} as Providers['espn'];
  const weather = {} as Providers['weather'];
  const odds = {} as NonNullable<Providers['odds']>;

  it('takes odds, props and scores from The Odds API, injuries and box scores from ESPN, forecasts from the weather provider', () => {
    expect(Object.fromEntries(INGEST_TASKS.map((task) => [task, TASKS[task].provider]))).toEqual({
      odds: 'odds', props: 'odds', injuries: 'espn', weather: 'weather', scores: 'odds', stats: 'espn',
    });
    expect(NOT_CONFIGURED.odds).toBe('no ODDS_API_KEY');
  });

  it('runs an Odds API task only with ODDS_API_KEY, the others always', () => {
    const withoutKey = { odds: undefined, espn, weather };
    const withKey = { odds, espn, weather };
    for (const task of INGEST_TASKS) {
      expect(typeof TASKS[task].runner(withKey), task).toBe('function');
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
