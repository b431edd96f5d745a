import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { findTool } from './catalogue';
import { loadPinnedSample, pinnedClock } from './clock';
import { testDatabase } from './fixtures';
import { toolContext } from './tool-context';

// The `detail: "full"` answers tests/integration/data/full-answers.test.ts holds the tools to, byte for byte, on
// the sample slate of a fixed date at a fixed time (tests/fixtures/full-answers/). They were first written by
// 537d334, the last commit before answers became concise by default, and held until the sample slate was
// recalibrated (6cd51c9) and the answers spelled instants to the second, paged full answers and gave a date's
// window; `npx tsx tests/helpers/full-answers.mts` writes them again after such a deliberate change of the data or
// of what the answers say (review the diff: never to make an unintended change pass).

export const FULL_ANSWERS_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'full-answers');

export const FULL_ANSWER_CALLS: [file: string, tool: string, args: Record<string, unknown>][] = [
  ['odds-nfl-game', 'get_game_odds', { sport: 'nfl', gameId: 'nfl-20261129-chi-mia' }],
  ['odds-value', 'get_game_odds', { sport: 'nfl', gameId: 'nfl-20261129-chi-mia', minExpectedValue: -0.05 }],
  ['odds-epl-date', 'get_game_odds', { sport: 'epl', date: '2026-11-28', markets: ['h2h'] }],
  ['odds-history', 'get_game_odds', { sport: 'nfl', gameId: 'nfl-20261126-cle-jax', markets: ['spreads'], history: true }],
  ['props', 'get_player_props', { sport: 'nfl', gameId: 'nfl-20261126-cle-jax', markets: ['player_pass_yds', 'player_anytime_td'] }],
  ['injuries', 'get_injury_report', { sport: 'nfl', team: 'BAL' }],
  ['schedule', 'list_games', { sport: 'nfl', from: '2026-11-29', to: '2026-11-29' }],
  ['results', 'get_game_results', { sport: 'epl', from: '2026-11-14', to: '2026-11-16' }],
  ['weather', 'get_weather', { gameId: 'nfl-20261129-chi-mia' }],
];

/** A call's full answer at the fixed moment, as its fixture holds it. */
export async function fullAnswerText(db: Db, name: string, args: Record<string, unknown>): Promise<string> {
  const tool = findTool(name)!;
  const ctx = toolContext(db, { now: pinnedClock, env: { ODDS_CACHE_SECONDS: '0' } });
  const answer = await tool.run(ctx, tool.input.parse({ ...args, detail: 'full' }));
  return `${JSON.stringify(answer, null, 2)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  const database = await testDatabase('sqlite');
  try {
    await loadPinnedSample(database.db);
    await mkdir(FULL_ANSWERS_DIR, { recursive: true });
    for (const [file, name, args] of FULL_ANSWER_CALLS)
      await writeFile(path.join(FULL_ANSWERS_DIR, `${file}.json`), await fullAnswerText(database.db, name, args));
    console.log(`full answers: ${FULL_ANSWER_CALLS.length} files in ${path.relative(process.cwd(), FULL_ANSWERS_DIR)}`);
  } finally {
    await database.close();
  }
}
