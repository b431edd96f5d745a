import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswer } from '@/lib/tools/answer-check';
import { servedRecords, TOOL_RECORDS } from '@/lib/tools/registry';
import { defineTool } from '@/lib/tools/types';

const record = (name: string) => TOOL_RECORDS.find((tool) => tool.name === name)!;

// The tests' servers check every answer against its tool's output schema (CHECK_ANSWERS); the check itself.
describe('checkAnswer', () => {
  it('passes an answer of the published shape and refuses a wrong type, a missing field and an extra one', () => {
    const answer = { americanOdds: 150, decimalOdds: 2.5, impliedProbability: 0.4 };
    expect(checkAnswer(record('calc_implied_probability'), answer)).toBe(answer);
    expect(() => checkAnswer(record('calc_implied_probability'), { ...answer, americanOdds: 1.5 })).toThrow(
      /\/americanOdds must be integer/,
    );
    expect(() => checkAnswer(record('calc_implied_probability'), { americanOdds: 150, decimalOdds: 2.5 })).toThrow(/impliedProbability/);
    expect(() => checkAnswer(record('calc_implied_probability'), { ...answer, extra: 1 })).toThrow(/additional properties/);
  });

  it('checks a tool a root serves beside the catalogue against its own schema (before: a name outside the catalogue went unchecked)', () => {
    const extra = defineTool({
      name: 'test_extra',
      title: 'extra',
      description: 'test tool',
      scope: 'read',
      hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      input: z.object({}),
      output: z.object({ count: z.number().int() }),
      async run() {
        return { count: 1 };
      },
    });
    const [served] = servedRecords([extra], { classifierConfigured: false });
    expect(checkAnswer(served!, { count: 1 })).toEqual({ count: 1 });
    expect(() => checkAnswer(served!, { count: 'one' })).toThrow(/test_extra does not match its output schema: \/count must be integer/);
  });

  it('checks dates as they go on the wire', () => {
    const bet = {
      id: 'b1',
      sport: 'nfl',
      gameId: 'g',
      market: 'h2h',
      selection: 'KC',
      point: null,
      player: null,
      americanOdds: -110,
      stake: 10,
      book: null,
      fairProbabilityAtPlacement: null,
      status: 'open',
      payout: null,
      profit: null,
      clientLabel: null,
      recommendationId: null,
      notes: null,
      placedAt: new Date('2026-11-25T12:00:00Z'),
      settledAt: null,
      correctedAt: null,
      earlierGrades: null,
    };
    expect(checkAnswer(record('settle_bet'), bet)).toBe(bet);
    expect(() => checkAnswer(record('settle_bet'), { ...bet, placedAt: 'yesterday' })).toThrow(/placedAt must match format/);
  });
});
