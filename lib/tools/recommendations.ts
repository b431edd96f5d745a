import { z } from 'zod';
import { notCountedReason } from '@/lib/account/picks';
import { excerpt, withInstants, withoutNulls } from './answer-fields';
import { READ_HINTS, WRITE_HINTS } from './hints';
import { expected, probability, sport, text } from './inputs';
import {
  clientRequestId,
  conciseRecord,
  EXCERPT_CHARS,
  listPage,
  listWindow,
  listWindowOf,
  pickRecord,
  textNote,
  wager,
  wagerArguments,
  winRate,
} from './ledger-fields';
import { fullPageFields, fullPageSchemaFields, pageFields, pageSchemaFields } from './pages';
import { defineTool } from './types';

// The user's picks: saved (needs a write token) and listed, each graded once its game is final.

export const saveRecommendation = defineTool({
  name: 'save_recommendation',
  title: 'Save a pick for the user',
  description:
    "Only when the user asks. Saves your pick, reasoning and risks to the user's picks, graded later. " +
    'Pass clientRequestId so a retry cannot save it twice.',
  scope: 'write',
  hints: WRITE_HINTS,
  input: wagerArguments(
    {
      ...wager,
      probability,
      stakeUnits: z
        .number({ error: expected('must be a number of units') })
        .min(0)
        .max(1000)
        .optional()
        .meta({ description: "Suggested stake in units (get_bankroll's unit)." }),
      reasoning: text(5000).meta({ description: 'Why: the numbers and sources behind the pick.' }),
      risks: text(5000).meta({ description: 'What could go wrong.' }),
      clientRequestId,
    },
    'pick',
  ),
  output: z.object({ recommendation: pickRecord, duplicate: z.boolean() }),
  async run(ctx, pick) {
    const clientLabel = await ctx.clientLabel();
    const saved = await ctx.ledger.recordRecommendation({
      userId: ctx.user.id,
      clientLabel,
      now: ctx.now(),
      defaultBook: ctx.settings.defaultReferenceBook,
      pick,
    });
    return withInstants(saved);
  },
});

/** A listed pick: its record, and why the summary leaves it out when it does (saved after its game kicked off). */
const listedPick = pickRecord.extend({
  notCounted: z.string().nullable().meta({ description: 'Why the summary leaves the pick out (saved after kick-off); null when counted' }),
});

const pickSummary = z.object({
  count: z.int(),
  notCounted: z.int().meta({ description: 'Picks in count saved after kick-off: left out of every other figure' }),
  graded: z.int(),
  won: z.int(),
  lost: z.int(),
  halfWon: z.int(),
  halfLost: z.int(),
  pushed: z.int(),
  winRate,
  unitsStaked: z.number().meta({ description: 'Units the graded counted picks suggested (stakeUnits); picks without one stake none' }),
  unitsWon: z.number().meta({
    description: 'Net units of those picks at their prices: a win pays its winnings, a loss costs its stakeUnits, a push nothing',
  }),
});
/** Said when some props of finished games have no stored box-score line that grades them. */
const gradingNote = z.string().optional();
/** Said when some picks are left out of the summary (notCounted). */
const recordNote = z.string().optional();
const pickListFull = z.object({
  recommendations: z.array(listedPick),
  ...fullPageSchemaFields,
  gradingNote,
  recordNote,
  summary: pickSummary,
});

export const listRecommendations = defineTool({
  name: 'list_recommendations',
  title: "The user's saved picks and how they did",
  description:
    "The user's saved picks, newest first and paged, each graded once final (a prop by its player's stored box score), with a " +
    'summary (count, graded, won, lost, win rate).',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ sport: sport.optional(), ...listWindow }),
  output: z.union([
    z.object({
      recommendations: z.array(conciseRecord(listedPick)),
      ...pageSchemaFields,
      textNote: z.string().optional(),
      gradingNote,
      recordNote,
      summary: pickSummary,
    }),
    pickListFull,
  ]),
  fullOutput: pickListFull,
  async run(ctx, args) {
    const { sport: onlySport } = args;
    const { from, to } = listWindowOf(args);
    const page = listPage(ctx, args);
    const listed = await ctx.ledger.listRecommendationRecords({
      userId: ctx.user.id,
      filter: { sport: onlySport, from, to },
      page,
    });
    const { remaining, nextCursor, gradingNote, recordNote, summary } = listed;
    const recommendations = listed.recommendations.map(({ savedAfterKickOff, ...pick }) => ({
      ...pick,
      notCounted: savedAfterKickOff ? notCountedReason(savedAfterKickOff) : null,
    }));
    const notes = { ...(gradingNote ? { gradingNote } : {}), ...(recordNote ? { recordNote } : {}) };
    if (args.detail === 'full')
      return withInstants({
        recommendations,
        ...fullPageFields({ remaining, nextCursor: nextCursor ?? undefined }, 'picks'),
        ...notes,
        summary,
      });
    const concise = recommendations.map((pick) =>
      withoutNulls(withInstants({ ...pick, reasoning: excerpt(pick.reasoning, EXCERPT_CHARS), risks: excerpt(pick.risks, EXCERPT_CHARS) })),
    );
    return {
      recommendations: concise,
      ...pageFields({ remaining, nextCursor: nextCursor ?? undefined }, 'picks'),
      ...textNote(recommendations, ['reasoning', 'risks']),
      ...notes,
      summary,
    };
  },
});
