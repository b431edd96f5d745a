import { describe, expect, it } from 'vitest';
import { toIssues } from '@/lib/tools/inputs';
import { YEAR_RANGE_MESSAGE } from '@/lib/time';
import { findTool } from '../../helpers/catalogue';

// PostgreSQL has no year 0 (the fuzz test found `list_bets` with from "0000-02-29" answering 500 there):
// every date argument is refused outside 1900..9999 before any query runs.

function issuesOf(toolName: string, args: Record<string, unknown>) {
  const tool = findTool(toolName);
  if (!tool) throw new Error(`no tool ${toolName}`);
  const result = tool.input.safeParse(args);
  return result.success ? [] : toIssues(result.error, tool.input, args);
}

describe('date arguments stay within years a database can store', () => {
  it.each([
    ['list_bets', { from: '0000-02-29' }, 'from'],
    ['list_bets', { to: '1899-12-31T23:00:00Z' }, 'to'],
    ['list_recommendations', { from: '0001-01-01' }, 'from'],
    ['list_games', { sport: 'nfl', from: '0000-02-29' }, 'from'],
    ['get_game_odds', { sport: 'nfl', date: '0099-01-01' }, 'date'],
  ])('%s %j is invalid_input on %s', (tool, args, path) => {
    expect(issuesOf(tool, args)).toContainEqual({ path, message: YEAR_RANGE_MESSAGE });
  });

  it('keeps ordinary dates', () => {
    expect(issuesOf('list_bets', { from: '2026-11-01', to: '2026-11-23T12:00:00Z' })).toEqual([]);
    expect(issuesOf('list_games', { sport: 'nfl', from: '2026-11-23' })).toEqual([]);
  });
});

describe('a date argument is refused for its first fault alone', () => {
  // A date written another way (12/08/2026) is not a real calendar date out of range: saying all three sends an
  // agent after faults it did not make. Each issue names the one thing to change.
  it.each([
    ['get_game_odds', { sport: 'nfl', date: '12/08/2026' }, 'date', 'must be a date as YYYY-MM-DD'],
    ['list_games', { sport: 'nfl', from: '2026-02-30' }, 'from', 'must be a real calendar date'],
    ['get_game_odds', { sport: 'nfl', date: '0099-01-01' }, 'date', YEAR_RANGE_MESSAGE],
  ])('%s %j: one issue on %s', (tool, args, path, message) => {
    expect(issuesOf(tool, args)).toEqual([{ path, message }]);
  });
});
