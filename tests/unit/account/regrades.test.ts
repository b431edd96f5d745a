import { describe, expect, it } from 'vitest';
import { regradeNotes, type GradedOtherwise } from '@/lib/account/regrades';

const bets = (count: number, kind: GradedOtherwise['kind']): GradedOtherwise[] =>
  Array.from({ length: count }, (_, index) => ({ betId: `bet-${index + 1}`, status: 'void', grade: 'lost', kind }));

describe("get_bankroll's note on bets the stored result contradicts", () => {
  it('says nothing when there are none, and one sentence for each kind there is', () => {
    expect(regradeNotes([])).toEqual([]);
    expect(regradeNotes([...bets(1, 'voided'), ...bets(1, 'cashed')])).toEqual([
      expect.stringMatching(/^Bet bet-1 \(void, now lost\) was voided after kick-off/),
      expect.stringMatching(/^Bet bet-1 \(void, now lost\) was cashed out for all a win pays back/),
    ]);
  });

  it('names at most five bets a sentence and counts the rest, so a long history keeps the note short', () => {
    const [sentence] = regradeNotes(bets(12, 'graded'));
    expect(sentence).toContain('bet-5 (void, now lost) and 7 more (list_bets shows them)');
    expect(sentence).not.toContain('bet-6');
    expect(regradeNotes(bets(5, 'graded'))[0]).not.toContain('more');
  });
});
