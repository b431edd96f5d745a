import { z } from 'zod';

// The fixed questions jev_classify answers, each under a stable id, and the JSON shape of each answer.
// The model is asked for exactly the requested ids (a strict schema with no other keys), so text in an
// article can neither add a question nor change an answer's shape. None of them concerns odds, lines or prices.

const evidence = z
  .array(z.string())
  .describe('The sentences of the article this rests on, each copied exactly, character for character, with no ellipses.');

const report = z.strictObject({
  subject: z.string().describe('Who or what it is about: a player, team, coach or venue, as the article names it.'),
  detail: z.string().describe('What the article reports, in one short sentence.'),
  evidence,
});

export const INJURY_STATUSES = [
  'out',
  'doubtful',
  'questionable',
  'probable',
  'day_to_day',
  'injured_list',
  'out_for_season',
  'returning',
  'unspecified',
] as const;

const injuryReport = z.strictObject({
  player: z.string().describe('The player, as the article names them.'),
  team: z.string().describe("The player's team as the article names it, or an empty string when it does not."),
  status: z
    .enum(INJURY_STATUSES)
    .describe('The reported status; injured_list covers IR/IL; returning means reported back or cleared to play.'),
  detail: z.string().describe('The injury and timeline as reported, in one short sentence.'),
  evidence,
});

const reports = z.strictObject({ reports: z.array(report).describe('Empty when the article reports none.') });

export const ARTICLE_TYPES = ['reporting', 'opinion', 'mixed'] as const;

export const QUESTIONS = {
  injuries: {
    question: 'Who is reported injured, ill or returning from injury, and with what status?',
    answer: z.strictObject({ reports: z.array(injuryReport).describe('Empty when the article reports none.') }),
  },
  lineup_changes: { question: 'What lineup, starting-role or depth-chart changes are reported?', answer: reports },
  suspensions: { question: 'Who is reported suspended or otherwise barred from playing, and for how long?', answer: reports },
  transactions: { question: 'What trades, signings, releases or other roster moves are reported?', answer: reports },
  coaching_changes: {
    question: 'What coaching changes (hirings, firings, interim or play-calling changes) are reported?',
    answer: reports,
  },
  weather_venue: {
    question: 'What weather, playing-surface or venue issues (including relocations and postponements) are reported?',
    answer: reports,
  },
  article_type: {
    question: 'Is the piece news reporting, opinion or analysis, or a mix of both?',
    answer: z.strictObject({
      type: z.enum(ARTICLE_TYPES).describe("'reporting' states facts; 'opinion' argues or predicts; 'mixed' does both."),
      evidence,
    }),
  },
} as const;

export type QuestionId = keyof typeof QUESTIONS;

export const QUESTION_IDS = Object.keys(QUESTIONS) as [QuestionId, ...QuestionId[]];

export type ReportsAnswer = z.output<typeof reports> | z.output<(typeof QUESTIONS)['injuries']['answer']>;
export type ArticleTypeAnswer = z.output<(typeof QUESTIONS)['article_type']['answer']>;
export type ModelAnswer = { [Id in QuestionId]?: z.output<(typeof QUESTIONS)[Id]['answer']> };

/** The requested ids in the fixed order, each once: the order and the cache key never depend on how the caller listed them. */
export function selectQuestions(requested: readonly QuestionId[] | undefined): QuestionId[] {
  return requested === undefined ? [...QUESTION_IDS] : QUESTION_IDS.filter((id) => requested.includes(id));
}

/** The shape the model must answer in: exactly the requested questions, nothing else. */
export function answerSchema(questions: readonly QuestionId[]): z.ZodType<ModelAnswer> {
  return z.strictObject(Object.fromEntries(questions.map((id) => [id, QUESTIONS[id].answer])));
}
