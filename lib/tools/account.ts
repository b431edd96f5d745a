import { z } from 'zod';
import { coolingOffNotes, endedGamesNotes } from '@/lib/account/bankroll';
import { regradeNotes } from '@/lib/account/settle';
import { BET_STATUSES, SETTLE_RESULTS } from '@/lib/account/bet-states';
import { choiceList } from '@/lib/text';
import { invalidInput, ToolError } from '@/lib/errors';
import { noBankroll, PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/rules';
import { inYearRange, YEAR_RANGE_MESSAGE } from '@/lib/time';
import { fullPageSchemaFields, PAGE_SIZES, pageFields, pageSchemaFields, toolQuery } from './pages';
import { READ_HINTS, WRITE_HINTS } from './hints';
import { userReferenceBook } from './preferences';
import {
  americanOdds,
  book,
  cursor,
  detail,
  expected,
  gameId,
  money,
  moneyOrZero,
  player,
  probability,
  sport,
  text,
  TO_BEFORE_FROM,
} from './inputs';
import { excerpt, fractionField, timestamp, withInstants, withoutNulls } from './answer-fields';
import { defineTool, type ToolRun } from './types';

// The user's ledger: bankroll discipline, bets and picks. The three write tools need a write token.

const market = text(60).meta({ description: 'h2h, spreads, totals or a prop key.' });
const selection = text(100).meta({ description: "Team, 'draw', 'over'/'under' or 'yes'/'no'." });
const clientRequestId = text(200).optional().meta({ description: 'Retry key: the same id returns the first record.' });
/** A calendar date (whole day, UTC) or an ISO date-time; `end` turns a date into the end of that day. */
const dateBound = (end: boolean) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: expected('must be a date (2026-11-21) or an ISO date-time') })
    .transform((value) => new Date(value.length === 10 && end ? `${value}T23:59:59.999Z` : value))
    .refine(inYearRange, YEAR_RANGE_MESSAGE);
const listWindow = {
  from: dateBound(false).optional().meta({ description: 'Placed (bets) or saved (picks) from this date (UTC day) or ISO time.' }),
  to: dateBound(true).optional().meta({ description: 'Inclusive: a date runs to the end of that UTC day.' }),
  limit: z
    .int({ error: expected('must be a whole number from 1 to 100') })
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(PAGE_SIZES.ledgerRows)
    .meta({ description: `Records per page (default ${PAGE_SIZES.ledgerRows}).` }),
  cursor,
  detail,
};

/** The window of a list, refused when it ends before it starts (no record could be in it), as list_games refuses one. */
function listWindowOf({ from, to }: { from?: Date; to?: Date }): { from?: Date; to?: Date } {
  if (from !== undefined && to !== undefined && to < from) throw invalidInput([TO_BEFORE_FROM]);
  return { from, to };
}

/** A page of the caller's bets or picks, newest first. */
function listPage(ctx: ToolRun, args: { limit: number; cursor?: string; detail?: string }) {
  return { limit: args.limit, cursor: args.cursor, fingerprint: toolQuery(ctx, args), now: ctx.now(), signer: ctx.cursors };
}

const betRecord = z.object({
  id: z.string(),
  sport: z.string(),
  gameId: z.string(),
  market: z.string(),
  selection: z.string(),
  point: z.number().nullable(),
  player: z.string().nullable(),
  americanOdds: z.int(),
  stake: z.number(),
  book: z.string().nullable(),
  fairProbabilityAtPlacement: z.number().nullable(),
  status: z.string().meta({ description: 'open, won, lost, push, half_won, half_lost (a quarter line, half pushed), void or cashout' }),
  payout: z.number().nullable(),
  profit: z.number().nullable(),
  clientLabel: z.string().nullable(),
  recommendationId: z.string().nullable(),
  notes: z.string().nullable(),
  placedAt: timestamp,
  settledAt: timestamp.nullable(),
  correctedAt: timestamp.nullable(),
  earlierGrades: z
    .array(z.object({ status: z.string(), payout: z.number(), profit: z.number(), gradedAt: timestamp, replacedAt: timestamp }))
    .nullable(),
});

export type BetRecord = z.infer<typeof betRecord>;

const pickRecord = z.object({
  id: z.string(),
  sport: z.string(),
  gameId: z.string(),
  market: z.string(),
  selection: z.string(),
  point: z.number().nullable(),
  player: z.string().nullable(),
  americanOdds: z.int(),
  probability: z.number(),
  expectedValue: fractionField("Per unit staked at the pick's price and probability"),
  book: z.string().nullable(),
  stakeUnits: z.number().nullable(),
  reasoning: z.string(),
  risks: z.string(),
  clientLabel: z.string().nullable(),
  result: z.string().nullable().meta({ description: 'won, lost, push, half_won or half_lost once graded; null while open or ungraded' }),
  createdAt: timestamp,
});

/** A record in a concise list: the same fields, nulls left out. */
const conciseRecord = <Shape extends z.ZodRawShape>(record: z.ZodObject<Shape>) => record.partial();
/** What a bet and a pick are on: the same game, market, selection and price arguments for both tools. */
const wager = {
  sport,
  gameId,
  market,
  selection,
  americanOdds,
  book: book.optional().meta({ description: 'Where it was bet, key or name; default the reference book.' }),
  point: z
    .number({ error: expected('must be a number (the line)') })
    .optional()
    .meta({ description: 'Line for spreads, totals and props.' }),
  player: player.optional().meta({ description: "A prop's player, as get_player_props names them." }),
};

const STAKING_RULES = `${STAKE_CAPS_RULE} ${PAST_LIMITS_RULE}`;

const bankrollAnswer = z.object({
  currency: z.string(),
  balance: z.number(),
  unit: z.number(),
  kellyFraction: z.number(),
  maxStake: z.number().nullable(),
  dailyLossLimit: z.number().nullable(),
  weeklyLossLimit: z.number().nullable(),
  referenceBook: z.string(),
  timeZone: z.string(),
  lossToday: z.number(),
  lossThisWeek: z.number(),
  openStakesToday: z.number(),
  openStakesThisWeek: z.number(),
  dailyLossRoom: z.number().nullable(),
  weeklyLossRoom: z.number().nullable(),
  openExposure: z.number(),
  note: z.string(),
});
export type BankrollAnswer = z.infer<typeof bankrollAnswer>;

export const getBankroll = defineTool({
  name: 'get_bankroll',
  title: "The user's bankroll and loss-limit room",
  description:
    'Call before suggesting any stake: balance, unit, Kelly fraction, max stake, loss limits, the room left under each ' +
    '(open bets count), losses so far and open exposure. not_found: no bankroll; ask the user to set one up on the Bankroll page.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({}),
  output: bankrollAnswer,
  async run(ctx) {
    const bankroll = await ctx.ledger.getBankroll(ctx.user.id, ctx.now());
    if (!bankroll) {
      throw new ToolError('not_found', noBankroll(ctx.settings.bankrollPageUrl));
    }
    // Raises and removals still cooling off go into the note: a field of their own would grow the catalogue.
    const { pendingLimits: _pendingLimits, previousTimeZone: _previousTimeZone, openBetsOfEndedGames: _ended, ...figures } = bankroll;
    const regraded = regradeNotes(await ctx.ledger.propsGradedOtherwise(ctx.user.id, ctx.now()));
    const note = [...coolingOffNotes(bankroll), ...endedGamesNotes(bankroll), ...regraded, STAKING_RULES].join(' ');
    return {
      ...figures,
      // The book the odds answers use, so an agent can name it: null (none chosen) meant the default, unnamed.
      referenceBook: userReferenceBook(ctx, figures.referenceBook),
      openExposure: await ctx.ledger.openExposure(ctx.user.id),
      note,
    };
  },
});

export const logBet = defineTool({
  name: 'log_bet',
  title: 'Log a bet the user placed',
  description:
    'Only when the user asks. Records a bet the user placed at a book (JEV takes no bets) with the consensus fair probability now. ' +
    'At an exchange log the net price, not beforeCommission. ' +
    'Past a limit it is still recorded, with warnings. Pass clientRequestId so a retry cannot log it twice.',
  scope: 'write',
  hints: WRITE_HINTS,
  input: z.strictObject({
    ...wager,
    stake: money.meta({ description: 'In the bankroll currency.' }),
    recommendationId: text(100).optional().meta({ description: "One of the user's saved picks." }),
    notes: text(2000).optional(),
    clientRequestId,
  }),
  output: z.object({ bet: betRecord, duplicate: z.boolean(), warnings: z.array(z.string()) }),
  async run(ctx, bet) {
    return withInstants(
      await ctx.ledger.logBet({
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
    correct: z
      .boolean({ error: expected('must be true or false') })
      .optional()
      .meta({ description: 'true replaces a mistaken grade; the balance moves by the difference.' }),
  }),
  output: betRecord,
  async run(ctx, { betId, result, payout, correct }) {
    return withInstants(await ctx.ledger.settleBet({ userId: ctx.user.id, betId, request: { result, payout, correct }, now: ctx.now() }));
  },
});

export const saveRecommendation = defineTool({
  name: 'save_recommendation',
  title: 'Save a pick for the user',
  description:
    "Only when the user asks. Saves your pick, with your reasoning and the risks, to the user's " +
    'picks, graded later. Pass clientRequestId so a retry cannot save it twice.',
  scope: 'write',
  hints: WRITE_HINTS,
  input: z.strictObject({
    ...wager,
    probability,
    stakeUnits: z
      .number({ error: expected('must be a number of units') })
      .min(0)
      .max(1000)
      .optional()
      .meta({ description: "Suggested stake in the user's units (get_bankroll's unit)." }),
    reasoning: text(5000).meta({ description: 'Why: the numbers and sources behind the pick.' }),
    risks: text(5000).meta({ description: 'What could go wrong.' }),
    clientRequestId,
  }),
  output: z.object({ recommendation: pickRecord, duplicate: z.boolean() }),
  async run(ctx, pick) {
    const clientLabel = await ctx.clientLabel();
    return withInstants(await ctx.ledger.saveRecommendation({ userId: ctx.user.id, clientLabel, now: ctx.now(), pick }));
  },
});

/** Said when a bet shown has no closing-line value yet, so a missing (or null) one is not read as zero. */
const CLOSING_LINE_NOTE =
  "closingLineValue comes once a bet's game has started: its price against the market's no-vig fair probability at the " +
  'last prices before kick-off at its book, else at the reference book (none when neither priced that line then).';

function closingLineNote(bets: readonly { closingLineValue: number | null }[]): { closingLineNote?: string } {
  return bets.some((bet) => bet.closingLineValue === null) ? { closingLineNote: CLOSING_LINE_NOTE } : {};
}

/** Free text in a concise list is cut here: twenty bets or picks stay well inside an agent's budget. */
const EXCERPT_CHARS = 200;

/** Says that some text was cut, and how to read it whole; nothing when none was. */
function textNote<Row>(rows: readonly Row[], fields: readonly (keyof Row)[]): { textNote?: string } {
  const cut = rows.some((row) => fields.some((field) => typeof row[field] === 'string' && Array.from(row[field]).length > EXCERPT_CHARS));
  return cut ? { textNote: `Texts longer than ${EXCERPT_CHARS} characters are cut with "…"; detail: "full" gives them whole.` } : {};
}

const betSummary = z.object({
  count: z.int(),
  open: z.int(),
  staked: z.number(),
  profit: z.number(),
  stakedWithAction: z.number(),
  roi: fractionField('Profit over stakedWithAction (no push, void or refunded half)').nullable(),
  winRate: fractionField('Won over won plus lost, a half win or loss counting half', '0.55 = 55%').nullable(),
  averageClosingLineValue: fractionField('Mean price against the closing fair probability, per unit staked').nullable(),
  betsWithClosingLine: z.int(),
});
const pickSummary = z.object({
  count: z.int(),
  graded: z.int(),
  won: z.int(),
  lost: z.int(),
  halfWon: z.int(),
  halfLost: z.int(),
  pushed: z.int(),
  winRate: fractionField('Won over won plus lost, a half win or loss counting half', '0.55 = 55%').nullable(),
});
/** Said when some props of finished games have no stored box-score line that grades them. */
const gradingNote = z.string().optional();

const betListConcise = z.object({
  currency: z.string(),
  bets: z.array(
    conciseRecord(betRecord).extend({ closingFairProbability: z.number().optional(), closingLineValue: z.number().optional() }),
  ),
  ...pageSchemaFields,
  textNote: z.string().optional(),
  closingLineNote: z.string().optional(),
  summary: betSummary,
});
export type BetListConcise = z.infer<typeof betListConcise>;

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
  output: z.union([
    betListConcise,
    z.object({
      currency: z.string(),
      bets: z.array(betRecord.extend({ closingFairProbability: z.number().nullable(), closingLineValue: z.number().nullable() })),
      ...fullPageSchemaFields,
      closingLineNote: z.string().optional(),
      summary: betSummary,
    }),
  ]),
  async run(ctx, args) {
    const { status, sport: onlySport } = args;
    const { from, to } = listWindowOf(args);
    const { remaining, nextCursor, currency, bets, summary } = await ctx.ledger.listBets({
      userId: ctx.user.id,
      filter: { status, sport: onlySport, from, to },
      page: listPage(ctx, args),
      defaultBook: ctx.settings.defaultReferenceBook,
    });
    if (args.detail === 'full') return withInstants({ currency, bets, nextCursor, ...closingLineNote(bets), summary });
    const concise = bets.map((bet) =>
      withoutNulls(withInstants({ ...bet, notes: bet.notes === null ? null : excerpt(bet.notes, EXCERPT_CHARS) })),
    );
    return {
      currency,
      bets: concise,
      ...pageFields({ remaining, nextCursor: nextCursor ?? undefined }, 'bets'),
      ...textNote(bets, ['notes']),
      ...closingLineNote(bets),
      summary,
    };
  },
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
      recommendations: z.array(conciseRecord(pickRecord)),
      ...pageSchemaFields,
      textNote: z.string().optional(),
      gradingNote,
      summary: pickSummary,
    }),
    z.object({ recommendations: z.array(pickRecord), ...fullPageSchemaFields, gradingNote, summary: pickSummary }),
  ]),
  async run(ctx, args) {
    const { sport: onlySport } = args;
    const { from, to } = listWindowOf(args);
    const page = listPage(ctx, args);
    const { remaining, nextCursor, recommendations, gradingNote, summary } = await ctx.ledger.listRecommendations({
      userId: ctx.user.id,
      filter: { sport: onlySport, from, to },
      page,
    });
    if (args.detail === 'full') return withInstants({ recommendations, nextCursor, ...(gradingNote ? { gradingNote } : {}), summary });
    const concise = recommendations.map((pick) =>
      withoutNulls(withInstants({ ...pick, reasoning: excerpt(pick.reasoning, EXCERPT_CHARS), risks: excerpt(pick.risks, EXCERPT_CHARS) })),
    );
    return {
      recommendations: concise,
      ...pageFields({ remaining, nextCursor: nextCursor ?? undefined }, 'picks'),
      ...textNote(recommendations, ['reasoning', 'risks']),
      ...(gradingNote ? { gradingNote } : {}),
      summary,
    };
  },
});
