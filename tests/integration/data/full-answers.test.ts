import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSample } from '@/lib/data/load-sample';
import { findTool } from '@/lib/tools/registry';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';

// `detail: "full"` answers byte for byte as recorded: tests/fixtures/full-answers/ holds them, first computed by
// the last commit before answers became concise by default (537d334), on the sample slate of a fixed date at a
// fixed time; each call here must serialise to exactly that text. After a deliberate change of the answers (or of
// the sample slate), `UPDATE_FULL_ANSWERS=1 npx vitest run tests/integration/data/full-answers.test.ts` records
// them again: review the diff.

const DATE = '2026-11-25';
const AS_OF = new Date('2026-11-25T15:00:00Z');
const NOW = new Date('2026-11-25T15:07:30Z');
const FIXTURES = path.join(__dirname, '../../fixtures/full-answers');

const FULL_ANSWER_CALLS: [file: string, tool: string, args: Record<string, unknown>][] = [
  ['odds-nfl-game', 'get_game_odds', { sport: 'nfl', gameId: 'nfl-20261128-bal-tb' }],
  ['odds-value', 'get_game_odds', { sport: 'nfl', gameId: 'nfl-20261128-bal-tb', minExpectedValue: -0.05 }],
  ['odds-epl-date', 'get_game_odds', { sport: 'epl', date: '2026-11-28', markets: ['h2h'] }],
  ['odds-history', 'get_game_odds', { sport: 'nfl', gameId: 'nfl-20261125-lar-no', markets: ['spreads'], history: true }],
  ['props', 'get_player_props', { sport: 'nfl', gameId: 'nfl-20261125-lar-no', markets: ['player_pass_yds', 'player_anytime_td'] }],
  ['injuries', 'get_injury_report', { sport: 'nfl', team: 'BAL' }],
  ['schedule', 'list_games', { sport: 'nfl', from: '2026-11-29', to: '2026-11-29' }],
  ['results', 'get_game_results', { sport: 'epl', from: '2026-11-14', to: '2026-11-16' }],
  ['weather', 'get_weather', { gameId: 'nfl-20261128-bal-tb' }],
];

describe.each(PROVIDERS)('full answers as before, on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadSample(database.db, DATE, AS_OF);
  });
  afterAll(() => database?.close());

  it.each(FULL_ANSWER_CALLS)('%s: %s', async (file, name, args) => {
    const tool = findTool(name)!;
    const ctx = toolContext(database.db, { now: () => NOW, env: { ODDS_CACHE_SECONDS: '0' } });
    const answer = await tool.run(ctx, tool.input.parse({ ...args, detail: 'full' }));
    const text = `${JSON.stringify(answer, null, 2)}\n`;
    if (process.env.UPDATE_FULL_ANSWERS && provider === 'sqlite') writeFileSync(path.join(FIXTURES, `${file}.json`), text);
    expect(text).toBe(readFileSync(path.join(FIXTURES, `${file}.json`), 'utf8'));
  });
});
