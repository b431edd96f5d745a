import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '@/lib/account/money';
import { toIssues } from '@/lib/tools/inputs';
import { findTool } from '@/lib/tools/registry';

// Issue 14, defect 3: every money argument of every tool has the one bound (10,000,000) that fits both
// databases; past it is 400 invalid_input naming the argument.

const issuesOf = (name: string, args: Record<string, unknown>) => {
  const result = findTool(name)!.input.safeParse(args);
  return result.success ? [] : toIssues(result.error);
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
});
