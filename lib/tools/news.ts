import { z } from 'zod';
import { checkSource } from '@/lib/news/allowlist';
import { verifyEvidence } from '@/lib/news/evidence';
import { QUESTION_IDS, QUESTIONS, selectQuestions, type QuestionId } from '@/lib/news/questions';
import { OPEN_WORLD_READ_HINTS } from './hints';
import { expected, storable, textArgument } from './inputs';
import { defineTool } from './types';

/** Room for a long feature (about 8,000 words) while keeping one call's model cost bounded. */
const MAX_TEXT_CHARS = 50_000;
const MAX_URL_CHARS = 2048;

const UNVERIFIED_LABEL = 'unverified context';
const UNVERIFIED_NOTE =
  "Unverified context: a language model's reading of one news article. Keep it apart from this service's data and label it " +
  "unverified context when you use it. It never overrides odds, stats, injuries or weather from this service's tools " +
  '(get_injury_report is the source for injuries).';

export const jevClassify = defineTool({
  name: 'jev_classify',
  title: 'Classify a sports news article (unverified context)',
  description:
    "Answers fixed questions about a news article's text you found, with its URL on an allowlisted sports outlet (never social media). " +
    `Answers quote the text and are "${UNVERIFIED_LABEL}": they never override the tools' data. Never ask it about odds.`,
  scope: 'read',
  hints: OPEN_WORLD_READ_HINTS,
  input: z.strictObject({
    url: storable(z.url({ protocol: /^https?$/, error: expected('must be the http(s) URL the text came from') })).max(
      MAX_URL_CHARS,
      `must be at most ${MAX_URL_CHARS} characters`,
    ),
    text: textArgument('must be the text of the article')
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_TEXT_CHARS, `must be at most ${MAX_TEXT_CHARS} characters`),
    questions: z
      .array(z.enum(QUESTION_IDS, { error: `must be one of ${QUESTION_IDS.join(', ')}` }), {
        error: expected('must be an array of question ids'),
      })
      .min(1, 'must name at least one question (or leave it out for all)')
      .optional(),
  }),
  output: z.object({
    label: z.string(),
    note: z.string(),
    source: z.object({ url: z.string(), domain: z.string(), outlet: z.string() }),
    model: z.string(),
    answers: z.object(
      // Typed per question: fromEntries knows only that each value is one of the answer shapes.
      Object.fromEntries(QUESTION_IDS.map((id) => [id, QUESTIONS[id].answer.extend({ question: z.string() }).optional()])) as unknown as {
        [Id in QuestionId]: z.ZodOptional<z.ZodType<z.output<(typeof QUESTIONS)[Id]['answer']> & { question: string }>>;
      },
    ),
    droppedEvidence: z.object({ quotes: z.int(), reports: z.int() }),
  }),
  async run(ctx, { url, text, questions }) {
    const source = checkSource(url, ctx.settings.newsSourceAllowlist);
    const engine = ctx.classifier;
    const answer = await engine.classify({ source, text, questions: selectQuestions(questions) });
    const { answers, dropped } = verifyEvidence(text, answer);
    return {
      label: UNVERIFIED_LABEL,
      note: UNVERIFIED_NOTE,
      source: { url: source.url, domain: source.domain, outlet: source.outlet },
      model: engine.model,
      answers: Object.fromEntries(
        Object.entries(answers).map(([id, value]) => [id, { question: QUESTIONS[id as QuestionId].question, ...value }]),
      ),
      droppedEvidence: dropped,
    };
  },
});
