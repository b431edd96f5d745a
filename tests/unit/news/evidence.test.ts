import { describe, expect, it } from 'vitest';
import { article, MIN_QUOTE_CHARS, verifyEvidence } from '@/lib/news/evidence';
import { answerSchema, QUESTION_IDS, QUESTIONS, selectQuestions } from '@/lib/news/questions';

const TEXT =
  'KANSAS CITY, Mo. \u2014 Chiefs quarterback Patrick Mahomes (ankle) is questionable for Sunday\u2019s game.\n\n' +
  'Coach Andy Reid said the team   will   decide on Friday.  Backup Carson Wentz took first-team reps.';

describe('quotes', () => {
  const source = article(TEXT);

  it('returns the article\u2019s own text for a quote that occurs in it', () => {
    expect(source.quote('Coach Andy Reid said the team   will   decide on Friday.')).toBe(
      'Coach Andy Reid said the team   will   decide on Friday.',
    );
  });

  it('forgives case, whitespace runs, straight versus curly quotes and dash variants, returning the original span', () => {
    expect(source.quote("patrick mahomes (ankle) is questionable for Sunday's game.")).toBe(
      'Patrick Mahomes (ankle) is questionable for Sunday\u2019s game.',
    );
    expect(source.quote('the team will decide on Friday.')).toBe('the team   will   decide on Friday.');
    expect(source.quote('Mo. - Chiefs quarterback')).toBe('Mo. \u2014 Chiefs quarterback');
    expect(source.quote('  game.\nCoach Andy Reid  ')).toBe('game.\n\nCoach Andy Reid');
  });

  it('refuses quotes that do not occur, or are too short to rest anything on', () => {
    expect(source.quote('Patrick Mahomes is out for Sunday\u2019s game.')).toBeUndefined();
    expect(source.quote('Patrick Mahomes ... questionable')).toBeUndefined();
    expect(source.quote('Mahomes')).toBeUndefined();
    expect(source.quote('x'.repeat(MIN_QUOTE_CHARS))).toBeUndefined();
    expect(source.quote('')).toBeUndefined();
  });
});

describe('verifyEvidence', () => {
  it('drops quotes not in the text, and reports left with none, counting both', () => {
    const { answers, dropped } = verifyEvidence(TEXT, {
      injuries: {
        reports: [
          {
            player: 'Patrick Mahomes',
            team: 'Chiefs',
            status: 'questionable',
            detail: 'Ankle; questionable for Sunday.',
            evidence: ["Mahomes (ankle) is questionable for Sunday's game.", 'He was seen limping at practice.'],
          },
          { player: 'Travis Kelce', team: 'Chiefs', status: 'out', detail: 'Invented.', evidence: ['Kelce will miss the game.'] },
        ],
      },
      article_type: { type: 'reporting', evidence: ['An invented sentence.'] },
    });
    expect(answers).toEqual({
      injuries: {
        reports: [
          {
            player: 'Patrick Mahomes',
            team: 'Chiefs',
            status: 'questionable',
            detail: 'Ankle; questionable for Sunday.',
            evidence: ['Mahomes (ankle) is questionable for Sunday\u2019s game.'],
          },
        ],
      },
      article_type: { type: 'reporting', evidence: [] },
    });
    expect(dropped).toEqual({ quotes: 3, reports: 1 });
  });
});

describe('questions', () => {
  it('keeps the fixed order and drops repeats, whatever order the caller used', () => {
    expect(selectQuestions(undefined)).toEqual(QUESTION_IDS);
    expect(selectQuestions(['article_type', 'injuries', 'article_type'])).toEqual(['injuries', 'article_type']);
  });

  it('asks about nothing to do with odds, lines or prices', () => {
    for (const id of QUESTION_IDS) {
      expect(`${id} ${QUESTIONS[id].question}`).not.toMatch(/\b(odds|lines?|moneylines?|prices?|spreads?|totals?|bet\w*|wager\w*)\b/i);
    }
  });

  it('accepts exactly the requested questions, nothing more or less', () => {
    const schema = answerSchema(['article_type']);
    expect(schema.safeParse({ article_type: { type: 'opinion', evidence: [] } }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ article_type: { type: 'opinion', evidence: [] }, odds: {} }).success).toBe(false);
    expect(schema.safeParse({ article_type: { type: 'opinion', evidence: [], note: 'x' } }).success).toBe(false);
    expect(schema.safeParse({ article_type: { type: 'bet now', evidence: [] } }).success).toBe(false);
  });
});
