import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findTool } from './catalogue';
import { loadPinnedSample, PINNED_NOW } from './clock';
import { testDatabase, type TestDatabase } from './fixtures';
import { toolContext } from './tool-context';

// The tool answers the MCP Apps views are drawn from in the unit tests (tests/unit/apps/), recorded on the sample
// slate of a fixed date at a fixed time, with a user who has a bankroll and a few bets: the answers a host hands
// a view, and the ones the view asks for. tests/integration/data/view-answers.test.ts checks they are still what
// the tools answer; `npx tsx tests/helpers/view-answers.mts` writes them again after a deliberate change.

export const VIEW_ANSWERS_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'views');

export const GAME_ID = 'nfl-20261126-cle-jax';
const EMAIL = 'views@example.com';

export const VIEW_CALLS: [file: string, tool: string, args: Record<string, unknown>][] = [
  ['slate', 'get_game_odds', { sport: 'nfl' }],
  ['value', 'get_game_odds', { sport: 'nfl', minExpectedValue: 0.02 }],
  // A calibrated market leaves few best prices at 2% (docs/data.md): a scan down to -3% fills pages, for the
  // view's "Show all" and paging of a long value list.
  ['value-wide', 'get_game_odds', { sport: 'nfl', minExpectedValue: -0.03 }],
  // Every game on one page: the slate's one NFL arbitrage is on it, wherever it falls.
  ['slate-all', 'get_game_odds', { sport: 'nfl', limit: 100 }],
  ['game', 'get_game_odds', { sport: 'nfl', gameId: GAME_ID }],
  ['game-full', 'get_game_odds', { sport: 'nfl', gameId: GAME_ID, detail: 'full', history: true }],
  ['injuries', 'get_injury_report', { sport: 'nfl', gameId: GAME_ID }],
  ['weather', 'get_weather', { gameId: GAME_ID }],
  ['bankroll', 'get_bankroll', {}],
  ['bets', 'list_bets', {}],
  ['bets-all', 'list_bets', { limit: 100 }],
];

const HOUR = 3_600_000;
const at = (hoursBeforeNow: number) => new Date(PINNED_NOW.getTime() - hoursBeforeNow * HOUR);

/**
 * The sample slate, and a user with a bankroll who logged four bets on a game still to be played and cashed
 * three out (the only way to settle before the game is final), hours apart.
 */
export async function viewWorld(database: TestDatabase) {
  const { db } = database;
  await loadPinnedSample(db);
  const user = {
    id: await database.user(EMAIL, { balance: 1000, unit: 10, maxStake: 50, dailyLossLimit: 100, weeklyLossLimit: 300 }),
    email: EMAIL,
  };
  const run = async (name: string, args: Record<string, unknown>, now: Date) => {
    const tool = findTool(name)!;
    return tool.run(
      toolContext(db, { user, scope: 'write', now: () => now, clientLabel: 'Claude', env: { ODDS_CACHE_SECONDS: '0' } }),
      tool.input.parse(args),
    );
  };
  const bets: [selection: string, odds: number, stake: number, cashout: number | null][] = [
    ['JAX', -122, 40, 62],
    ['CLE', 102, 25, 8],
    ['JAX', -110, 30, 51],
    ['CLE', 105, 20, null],
  ];
  for (const [index, [selection, americanOdds, stake, payout]] of bets.entries()) {
    const { bet } = (await run(
      'log_bet',
      { sport: 'nfl', gameId: GAME_ID, market: 'h2h', selection, americanOdds, stake, book: 'fanduel' },
      at(10 - index),
    )) as {
      bet: { id: string };
    };
    if (payout !== null) await run('settle_bet', { betId: bet.id, result: 'cashout', payout }, at(6 - index));
  }
  return (name: string, args: Record<string, unknown>) => run(name, args, PINNED_NOW);
}

/**
 * An answer as its fixture holds it. Bet ids are random, so each is named by its order of appearance; a cursor
 * names its user, so it is only said to be there.
 */
export function fixtureText(answer: unknown): string {
  const ids = new Map<string, string>();
  const named = (id: string) => {
    if (!ids.has(id)) ids.set(id, `bet-${ids.size + 1}`);
    return ids.get(id)!;
  };
  return `${JSON.stringify(answer, (key, value: unknown) => (typeof value !== 'string' ? value : key === 'id' ? named(value) : key === 'nextCursor' ? 'a cursor' : value), 2)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  const database = await testDatabase('sqlite');
  try {
    const call = await viewWorld(database);
    await mkdir(VIEW_ANSWERS_DIR, { recursive: true });
    for (const [file, name, args] of VIEW_CALLS)
      await writeFile(path.join(VIEW_ANSWERS_DIR, `${file}.json`), fixtureText(await call(name, args)));
    console.log(`view answers: ${VIEW_CALLS.length} files in ${path.relative(process.cwd(), VIEW_ANSWERS_DIR)}`);
  } finally {
    await database.close();
  }
}
