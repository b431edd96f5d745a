import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { calcKellyStake } from '@/lib/tools/calculators';
import { getInjuryReport, getWeather } from '@/lib/tools/conditions';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { getGameResults, listGames } from '@/lib/tools/schedule';
import { getTeamStats } from '@/lib/tools/stats';
import type { ToolDefinition } from '@/lib/tools/types';
import { loadPinnedSample, pinnedClock } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// Tools run in process on a context built as the gateway builds it (tests/helpers/tool-context.ts), on
// SQLite and PostgreSQL with the pinned sample slate loaded, on the pinned clock (tests/helpers/clock.ts): answers built on the sample say so, empty ones too.

describe.each(PROVIDERS)('tools in process on %s', (provider) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
    userId = await database.user('kim@example.com', { balance: 1000, unit: 10, maxStake: 10 });
  });
  afterAll(async () => {
    await database?.close();
  });

  const run = <Input extends z.ZodType, Output extends z.ZodType>(
    tool: ToolDefinition<Input, Output>,
    args: z.input<Input>,
  ): Promise<z.input<Output>> =>
    tool.run(toolContext(database.db, { user: { id: userId, email: 'kim@example.com' }, now: pinnedClock }), tool.input.parse(args));

  it('get_injury_report says an empty sample answer is sample data: a team and a game without injuries', async () => {
    const game = await database.db.game.findFirstOrThrow({ where: { sport: 'nfl', source: 'sample' }, include: { homeTeam: true } });
    await database.db.injury.deleteMany({ where: { teamId: { in: [game.homeTeamId, game.awayTeamId] } } });
    const forTeam = await run(getInjuryReport, { sport: 'nfl', team: game.homeTeam.abbreviation });
    expect(forTeam).toMatchObject({ teams: [] });
    expect(forTeam.note).toContain(SAMPLE_NOTE);
    // "Nobody listed" is told from "no report": the league report's age, and a word that it lists nobody here.
    expect(forTeam.reportUpdatedAgo).toEqual(expect.any(String));
    expect(forTeam.note).toContain('The NFL report lists nobody for this request.');
    const forGame = await run(getInjuryReport, { sport: 'nfl', gameId: game.id, detail: 'full' });
    expect(forGame).toMatchObject({ injuries: [] });
    expect(forGame.note).toContain(SAMPLE_NOTE);
    expect((await run(getInjuryReport, { sport: 'nfl' })).note).toContain(SAMPLE_NOTE);
  });

  it('get_weather says an indoor sample game is sample data', async () => {
    const game = await database.db.game.findFirstOrThrow({ where: { sport: 'nba', source: 'sample' } });
    const answer = await run(getWeather, { gameId: game.id });
    expect(answer.indoor).toBe(true);
    expect(answer.note).toContain('is indoors: weather does not affect play.');
    expect(answer.note).toContain(SAMPLE_NOTE);
  });

  it('get_weather gives the chance of precipitation as a percent, named so (every probability elsewhere is a fraction)', async () => {
    const game = await database.db.game.findFirstOrThrow({ where: { sport: 'nfl', source: 'sample', weather: { isNot: null } } });
    const stored = await database.db.weather.findUniqueOrThrow({ where: { gameId: game.id } });
    for (const detail of ['concise', 'full'] as const) {
      const { forecast } = (await run(getWeather, { gameId: game.id, detail })) as { forecast: Record<string, unknown> };
      expect(forecast, detail).not.toHaveProperty('precipitationProbability');
      expect(forecast.precipitationChancePercent, detail).toBe(stored.precipitationProbability);
    }
  });

  it('an empty window of a league on the sample slate says the answer rests on the sample', async () => {
    const farAhead = await run(listGames, { sport: 'nfl', from: '2030-01-01', to: '2030-01-07' });
    expect(farAhead.games).toEqual([]);
    expect(farAhead.note).toMatch(
      /^No games in that window\. The stored NFL schedule ends with a game at .*: later games are not stored yet/,
    );
    expect(farAhead.note?.endsWith(SAMPLE_NOTE)).toBe(true);
    const noFinals = await run(getGameResults, { sport: 'nfl', from: '2030-01-01', to: '2030-01-07' });
    expect(noFinals.note).toMatch(/^No finals in that window\. The stored NFL schedule ends with a game at /);
    const noSeason = await run(getTeamStats, { sport: 'nfl', team: 'KC', season: 1999 });
    expect(noSeason.gamesPlayed).toBe(0);
    expect(noSeason.note).toBe(`No finals stored for this team and season. ${SAMPLE_NOTE}`);
  });

  it('calc_kelly_stake gives the capped stake in units beside the uncapped one', async () => {
    // Full Kelly at 0.6 and +100 is 0.2; a quarter of it on 1,000 is 50 (5 units); the max stake caps it at 10 (1 unit).
    const answer = await run(calcKellyStake, { probability: 0.6, americanOdds: 100 });
    expect(answer).toMatchObject({ stake: 50, stakeUnits: 5, cappedStake: 10, cappedStakeUnits: 1 });
  });

  it('calc_kelly_stake gives units to the hundredth, rounded down: 24.70 on a unit of 10 is 2.47, not 2.4699999999999998', async () => {
    // Full Kelly at 0.5 and +150 is 1/6; a quarter on 592.80 is 24.70.
    const answer = await run(calcKellyStake, { probability: 0.5, americanOdds: 150, bankroll: 592.8 });
    expect(answer).toMatchObject({ stake: 24.7, stakeUnits: 2.47 });
    const odd = await run(calcKellyStake, { probability: 0.57, americanOdds: -105, bankroll: 1234.56 });
    expect(Number.isInteger(Math.round(odd.stakeUnits * 100 * 1e6) / 1e6)).toBe(true);
    expect(odd.stakeUnits).toBeLessThanOrEqual(odd.stake / odd.unit);
  });
});
