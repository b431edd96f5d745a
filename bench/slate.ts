import { createAccessToken } from '@/lib/account/token-store';
import { createUser } from '@/lib/account/users';
import { loadSample } from '@/lib/data/sample/load';
import { mergePrices } from '@/lib/data/store';
import type { Db } from '@/lib/db/client';
import { loadCollegeWeek } from '../tests/helpers/college-week';

// The bench's data and caller: the sample slate with every game at all ten books, a 60-game college football week
// at ten books (the answer budgets' largest week, tests/helpers/college-week.ts), line moves replayed over the NFL
// and college weeks, and a user with a read token whose budgets no bench run reaches.

/**
 * Budgets no bench run reaches, so every row measures the work and not the refusals; and the answers are not
 * checked against their schemas (the tests' servers do that, the bench measures the server as it runs).
 */
export const BENCH_ENV = {
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '100000000',
  RATE_LIMIT_USER_PER_MINUTE: '100000000',
  CHECK_ANSWERS: '0',
};

/** The bench's user and its read access token (returned), made at `now`. */
export async function benchToken(db: Db, now = new Date()): Promise<string> {
  const user = await createUser(db, { email: 'bench@example.com' });
  return (await createAccessToken(db, { userId: user.id, name: 'bench', scope: 'read', now })).token;
}

/** Line moves replayed over the NFL and college weeks, so the price tables hold a realistic history. */
export const HISTORY_SNAPSHOTS = 20;

/**
 * The sample slate with every game at all ten books, the college week, and a history of line moves on both weeks,
 * as loaded at `now` (the bench passes its clock's: bench/clock.ts).
 */
export async function seedSlate(db: Db, now = new Date()): Promise<void> {
  await loadSample(db, now.toISOString().slice(0, 10), now, { everyBook: true });
  await loadCollegeWeek(db, now);
  const week = await db.price.findMany({ where: { game: { sport: { in: ['nfl', 'ncaaf'] }, status: 'scheduled' }, player: '' } });
  for (let move = 1; move <= HISTORY_SNAPSHOTS; move++) {
    const at = new Date(now.getTime() - (HISTORY_SNAPSHOTS - move) * 60_000);
    // A third of the prices move 5 cents away from even money and back, in turn.
    const moved = (odds: number) => (move % 2 ? odds + Math.sign(odds) * 5 : odds);
    await mergePrices(
      db,
      week.map((p, i) => ({ ...p, americanOdds: (i + move) % 3 === 0 ? moved(p.americanOdds) : p.americanOdds, updatedAt: at })),
    );
  }
}

/** get_game_odds' default answer (concise, the first page of games) for the NFL week and for the college week. */
export const NFL_WEEK_BODY = JSON.stringify({ sport: 'nfl' });
export const COLLEGE_WEEK_BODY = JSON.stringify({ sport: 'ncaaf' });

/** The calculator call the bench measures the gateway with: REST calc_no_vig_odds on a two-way -110 market. */
export const NO_VIG_BODY = JSON.stringify({ prices: [-110, -110] });

/** The same calculator call over MCP, in both eras. */
const NO_VIG_CALL = { name: 'calc_no_vig_odds', arguments: { prices: [-110, -110] } };
/** MCP tools/call under 2026-07-28: the envelope rides in `_meta`, and the headers mirror the method and tool name. */
export const MCP_MODERN_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    ...NO_VIG_CALL,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'jev-bench', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
export const MCP_MODERN_HEADERS = {
  accept: 'application/json',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': NO_VIG_CALL.name,
};
/** MCP tools/call under 2025-11-25: stateless, so no initialize first; the answer is a short event stream. */
export const MCP_LEGACY_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: NO_VIG_CALL });
export const MCP_LEGACY_HEADERS = { accept: 'application/json, text/event-stream' };
