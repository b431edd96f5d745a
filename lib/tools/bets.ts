import { z } from 'zod';
import { BET_STATUSES, PRICE_FLAGS, SETTLE_RESULTS } from '@/lib/account/bet-states';
import { choiceList } from '@/lib/text';
import { excerpt, fractionField, timestamp, withInstants, withoutNulls } from './answer-fields';
import { READ_HINTS, WRITE_HINTS } from './hints';
import { expected, flag, money, moneyOrZero, sport, text } from './inputs';
import {
  betRecord,
  clientRequestId,
  conciseRecord,
  EXCERPT_CHARS,
  listPage,
  listWindow,
  listWindowOf,
  textNote,
  wager,
  wagerArguments,
  winRate,
} from './ledger-fields';
import { fullPageFields, fullPageSchemaFields, pageFields, pageSchemaFields } from './pages';
import { defineTool } from './types';

// The user's bets: logged and settled (each needs a write token) and listed with profit, ROI and closing-line value.

export const logBet = defineTool({
  name: 'log_bet',
  title: 'Log a bet the user placed',
  description:
    'Only when the user asks. Records a bet the user placed at a book (JEV takes no bets) with the consensus fair probability now. ' +
    'At an exchange log the net price, not beforeCommission. ' +
    'Still recorded past a limit, with warnings. Pass clientRequestId so a retry cannot log it twice.',
  scope: 'write',
  hints: WRITE_HINTS,
  input: wagerArguments(
    {
      ...wager,
      stake: money.meta({ description: 'In the bankroll currency.' }),
      recommendationId: text(100).optional().meta({ description: 'A saved pick on this game.' }),
      notes: text(2000).optional(),
      clientRequestId,
    },
    'bet',
  ),
  output: z.object({ bet: betRecord, duplicate: z.boolean(), warnings: z.array(z.string()) }),
  async run(ctx, bet) {
    return withInstants(
      await ctx.ledger.recordBet({
        userId: ctx.user.id,
        clientLabel: await ctx.clientLabel(),
        now: ctx.now(),
        defaultBook: ctx.settings.defaultReferenceBook,
        bet,
      }),
    );
  },
});

export const settleBet = defineTool({
  name: 'settle_bet',
  title: 'Settle a logged bet',
  description:
    "Only when the user asks. Grades one of the user's bets and moves the balance once: won, lost or push as the final score or box " +
    'score grades (auto), void before kick-off, cashout (with payout) before the final. The same result again answers the same; ' +
    'a different one needs correct: true.',
  scope: 'write',
  hints: { ...WRITE_HINTS, destructiveHint: true, idempotentHint: true },
  input: z.strictObject({
    betId: text(100).meta({ description: 'The id log_bet or list_bets gives.' }),
    result: z.enum(SETTLE_RESULTS, { error: expected(`must be ${choiceList(SETTLE_RESULTS)}`) }).meta({
      description: 'won, lost, push (half_*: quarter lines): once final. void: before kick-off; cashout: before final.',
    }),
    payout: moneyOrZero.optional().meta({ description: 'Cashout only: what the book paid back, stake included.' }),
    correct: flag().optional().meta({ description: 'true replaces a mistaken grade; the balance moves by the difference.' }),
  }),
  output: betRecord,
  async run(ctx, { betId, result, payout, correct }) {
    return withInstants(
      await ctx.ledger.settleBetRecord({ userId: ctx.user.id, betId, request: { result, payout, correct }, now: ctx.now() }),
    );
  },
});

/** Said when a bet shown has no closing-line value yet, so a missing (or null) one is not read as zero. */
const CLOSING_LINE_NOTE =
  "closingLineValue comes once a bet's game has started: its price against the market's no-vig fair probability at the " +
  'last prices before kick-off at its book, else at the reference book it was logged under. A voided bet has none, nor ' +
  'has one logged after kick-off (in play) or whose line neither book priced before kick-off.';

function closingLineNote(bets: readonly { closingLineValue: number | null }[]): { closingLineNote?: string } {
  return bets.some((bet) => bet.closingLineValue === null) ? { closingLineNote: CLOSING_LINE_NOTE } : {};
}

/** Said when a bet shown has a stale close, so its closingLineValue is not quoted as the market's close. */
function staleCloseNote(bets: readonly { closingLineStale: boolean | null }[], staleMinutes: number): { staleCloseNote?: string } {
  if (!bets.some((bet) => bet.closingLineStale === true)) return {};
  return {
    staleCloseNote:
      `closingLineStale: the close was last quoted more than ${staleMinutes} minutes before kick-off ` +
      "(closingQuotedMinutesBeforeStart): its book had stopped updating, so it may not be the market's close. " +
      'averageClosingLineValue leaves these bets out; say so when quoting their closingLineValue.',
  };
}

/**
 * Said when a bet shown carries priceFlags: what each means, that the record counts the bet at the price logged, and
 * where the warnings are whole.
 */
const PRICE_NOTE =
  "priceFlags repeat what log_bet warned of a bet's price: above_books (paid more than every book's price: a typo or a " +
  "price gone), before_fee (an exchange's quote, not its net price), unpriced_pick (no book priced it: the price went " +
  'unchecked), unpriced_book (its book had no price of it), in_play (logged after kick-off). profit and roi count these ' +
  'bets at the price logged; say so when quoting them.';

/** The price note when a bet shown has flags; a concise list adds where the warnings are whole. */
function priceNote(bets: readonly { priceFlags: readonly string[] | null }[], full: boolean): { priceNote?: string } {
  if (!bets.some((bet) => bet.priceFlags !== null)) return {};
  return { priceNote: full ? PRICE_NOTE : `${PRICE_NOTE} detail: "full" gives each warning whole (priceWarnings).` };
}

const priceFlags = z.array(z.enum(PRICE_FLAGS)).meta({
  description:
    'What log_bet warned of the price logged (priceNote): above_books, before_fee, unpriced_pick, unpriced_book, in_play; absent when nothing',
});
const priceWarnings = z.array(z.string()).meta({ description: "log_bet's warnings of the price logged, whole, in priceFlags' order" });

const betSummary = z.object({
  count: z.int(),
  open: z.int(),
  staked: z.number(),
  profit: z.number(),
  stakedWithAction: z.number(),
  roi: fractionField('Profit over stakedWithAction (no push, void or refunded half)').nullable(),
  winRate,
  averageClosingLineValue: fractionField(
    'Mean closingLineValue (price against the closing fair probability, per unit staked) of the bets with a close not marked closingLineStale',
  ).nullable(),
  betsWithClosingLine: z.int().meta({ description: 'Bets with a closingLineValue, stale closes included' }),
  betsWithStaleClosingLine: z.int().meta({
    description: 'Bets whose close was quoted more than ODDS_STALE_MINUTES before kick-off (closingLineStale): not in the average',
  }),
  betsWithPriceFlags: z.int().meta({ description: 'Bets log_bet warned of their price (priceFlags): profit and roi count them as logged' }),
});

/** A close's age (lib/account/bets.ts, closingLineValues). */
const closingQuotedAt = timestamp.meta({
  description: 'When the book pricing the close last quoted it by kick-off (kick-off itself when it still quoted it then)',
});
const closingQuotedMinutesBeforeStart = z.int().meta({ description: 'Whole minutes, rounded up, from closingQuotedAt to kick-off' });
const closingLineStale = z.boolean().meta({
  description:
    "true: the close was quoted more than ODDS_STALE_MINUTES before kick-off (the book had stopped updating), so it may not be the market's close; left out of averageClosingLineValue",
});

const betListConcise = z.object({
  currency: z.string(),
  bets: z.array(
    conciseRecord(betRecord).extend({
      closingFairProbability: z.number().optional(),
      closingLineValue: z.number().optional(),
      closingQuotedMinutesBeforeStart: closingQuotedMinutesBeforeStart.optional(),
      closingLineStale: closingLineStale.meta({ description: 'true (only then present): see staleCloseNote' }).optional(),
      priceFlags: priceFlags.optional(),
    }),
  ),
  ...pageSchemaFields,
  textNote: z.string().optional(),
  closingLineNote: z.string().optional(),
  staleCloseNote: z.string().optional(),
  priceNote: z.string().optional(),
  summary: betSummary,
});
export type BetListConcise = z.infer<typeof betListConcise>;
const betListFull = z.object({
  currency: z.string(),
  bets: z.array(
    betRecord.extend({
      closingFairProbability: z.number().nullable(),
      closingLineValue: z.number().nullable(),
      closingQuotedAt: closingQuotedAt.nullable(),
      closingQuotedMinutesBeforeStart: closingQuotedMinutesBeforeStart.nullable(),
      closingLineStale: closingLineStale.nullable(),
      priceFlags: priceFlags.nullable(),
      priceWarnings: priceWarnings.nullable(),
    }),
  ),
  ...fullPageSchemaFields,
  closingLineNote: z.string().optional(),
  staleCloseNote: z.string().optional(),
  priceNote: z.string().optional(),
  summary: betSummary,
});

export const listBets = defineTool({
  name: 'list_bets',
  title: "The user's bets with profit, ROI and CLV",
  description:
    "The user's bets, newest first and paged, with a summary of all of them: count, open, staked, profit, ROI, win rate and average " +
    'closing-line value.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    status: z
      .enum(BET_STATUSES, { error: expected(`must be ${choiceList(BET_STATUSES)}`) })
      .optional()
      .meta({ description: 'Only bets in this state.' }),
    sport: sport.optional(),
    ...listWindow,
  }),
  output: z.union([betListConcise, betListFull]),
  fullOutput: betListFull,
  async run(ctx, args) {
    const { status, sport: onlySport } = args;
    const { from, to } = listWindowOf(args);
    const { remaining, nextCursor, currency, bets, summary } = await ctx.ledger.listBetRecords({
      userId: ctx.user.id,
      filter: { status, sport: onlySport, from, to },
      page: listPage(ctx, args),
      defaultBook: ctx.settings.defaultReferenceBook,
    });
    const staleNote = staleCloseNote(bets, ctx.settings.oddsStaleMinutes);
    if (args.detail === 'full')
      return withInstants({
        currency,
        bets,
        ...fullPageFields({ remaining, nextCursor: nextCursor ?? undefined }, 'bets'),
        ...closingLineNote(bets),
        ...staleNote,
        ...priceNote(bets, true),
        summary,
      });
    // The warnings themselves only in full: a flag says which, in a few tokens a bet.
    // The time of a close only in full: its minutes before kick-off say its age; false stale flags are left out.
    const concise = bets.map(({ priceWarnings: _whole, closingQuotedAt: _at, ...bet }) =>
      withoutNulls(
        withInstants({
          ...bet,
          notes: bet.notes === null ? null : excerpt(bet.notes, EXCERPT_CHARS),
          closingLineStale: bet.closingLineStale === true ? true : null,
        }),
      ),
    );
    return {
      currency,
      bets: concise,
      ...pageFields({ remaining, nextCursor: nextCursor ?? undefined }, 'bets'),
      ...textNote(bets, ['notes']),
      ...closingLineNote(bets),
      ...staleNote,
      ...priceNote(bets, false),
      summary,
    };
  },
});
