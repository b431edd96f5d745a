import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '@/lib/account/money';
import { toIssues } from '@/lib/tools/inputs';
import { TOOL_RECORDS } from '@/lib/tools/registry';
import { findTool } from '../../helpers/catalogue';

// Every money argument of every tool has the one bound (10,000,000) that fits both databases; past it is
// 400 invalid_input naming the argument. And it is a whole number of cents, never rounded (a stake of 0.004
// was once logged as 0).

const issuesOf = (name: string, args: Record<string, unknown>) => {
  const schema = findTool(name)!.input;
  const result = schema.safeParse(args);
  return result.success ? [] : toIssues(result.error, schema, args);
};

describe('money arguments', () => {
  it.each([
    ['log_bet', 'stake'],
    ['settle_bet', 'payout'],
    ['calc_ev', 'stake'],
    ['calc_kelly_stake', 'bankroll'],
  ])('%s %s: at most 10,000,000', (tool, argument) => {
    for (const amount of [MAX_AMOUNT + 0.01, 21_474_836.48, 1e12, Number.MAX_VALUE]) {
      expect(issuesOf(tool, { [argument]: amount })).toContainEqual({ path: argument, message: 'must be at most 10,000,000' });
    }
    expect(issuesOf(tool, { [argument]: MAX_AMOUNT }).filter((issue) => issue.path === argument)).toEqual([]);
  });

  it.each([
    ['log_bet', 'stake'],
    ['settle_bet', 'payout'],
    ['calc_ev', 'stake'],
    ['calc_kelly_stake', 'bankroll'],
  ])('%s %s: whole cents only', (tool, argument) => {
    // 1e-300 and 1e-9 once passed as "0 cents, up to noise" and were stored as 0.
    for (const amount of [0.004, 10.005, 1.999, 1e-300, 1e-9, 5e-324]) {
      const issues = issuesOf(tool, { [argument]: amount }).filter((issue) => issue.path === argument);
      expect(issues.length, `${amount}`).toBeGreaterThan(0);
    }
    for (const amount of [0.01, 12.5, 0.07, 0.1 + 0.2, 99.99]) {
      expect(
        issuesOf(tool, { [argument]: amount }).filter((issue) => issue.path === argument),
        `${amount}`,
      ).toEqual([]);
    }
    const json = TOOL_RECORDS.find((record) => record.name === tool)!.inputSchema as {
      properties: Record<string, { multipleOf?: number }>;
    };
    expect(json.properties[argument]!.multipleOf).toBe(0.01);
  });

  it('a cash-out may pay back 0; a stake may not be 0', () => {
    expect(issuesOf('settle_bet', { payout: 0 }).filter((issue) => issue.path === 'payout')).toEqual([]);
    expect(issuesOf('log_bet', { stake: 0 })).toContainEqual({ path: 'stake', message: 'must be at least 0.01 (one cent)' });
  });
});
