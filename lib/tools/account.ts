import { z } from 'zod';
import { BET_STATUSES, choiceList, SETTLE_RESULTS } from '@/lib/account/bet-states';
import { MAX_AMOUNT_TEXT } from '@/lib/account/money';
import { ToolError } from '@/lib/errors';
import { PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/rules';
import { READ_HINTS, WRITE_HINTS } from './hints';
import { americanOdds, expected, inYearRange, money, moneyOrZero, probability, sport, storable, text, YEAR_RANGE_MESSAGE } from './inputs';
import { defineTool } from './types';

// The user's book: bankroll discipline, bets and picks. The three write tools need a write token.

const market = text(60).meta({ description: 'h2h, spreads, totals, or a player-prop market such as player_pass_yds.' });
const selection = text(100).meta({
  description:
    "A team abbreviation (or name) for h2h and spreads, 'draw' for a soccer draw, 'over'/'under' for totals and props, 'yes'/'no' for yes/no props.",
});
const clientRequestId = text(200)
  .optional()
  .meta({ description: 'Your id for this request: sending the same one again returns the first record instead of a duplicate.' });
/** A calendar date (whole day, UTC) or an ISO date-time; `end` turns a date into the end of that day. */
const dateBound = (end: boolean) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: expected('must be a date (2026-11-21) or an ISO date-time') })
    .transform((value) => new Date(value.length === 10 && end ? `${value}T23:59:59.999Z` : value))
    .refine(inYearRange, YEAR_RANGE_MESSAGE);
const listWindow = {
  from: dateBound(false).optional(),
  to: dateBound(true).optional(),
  limit: z
    .int({ error: expected('must be a whole number') })
    .min(1)
    .max(100)
    .default(20),
  cursor: storable(z.string().max(200)).optional().meta({ description: 'nextCursor from the previous page.' }),
};
/** What a bet and a pick are on: the same game, market, selection and price arguments for both tools. */
const wager = {
  sport,
  gameId: text(100),
  market,
  selection,
  americanOdds,
  book: text(50).optional().meta({ description: 'Sportsbook key of the price, e.g. draftkings.' }),
  point: z
    .number({ error: expected('must be a number (the line)') })
    .optional()
    .meta({ description: 'Line for spreads, totals and over/under props.' }),
  player: text(100).optional().meta({ description: 'Player, for player-prop markets.' }),
};

const STAKING_RULES = `${STAKE_CAPS_RULE} ${PAST_LIMITS_RULE}`;

export const getBankrollTool = defineTool({
  name: 'get_bankroll',
  title: "The user's bankroll and loss-limit room",
  description:
    'Call before suggesting any stake. Returns balance, unit size, Kelly fraction, max stake, daily and weekly loss limits, ' +
    "reference book, time zone, today's and this week's settled losses (in the user's time zone, weeks from Monday), the room " +
    'left under each limit (dailyLossRoom, weeklyLossRoom: the limit less the net settled loss in the period less the stakes of open ' +
    'bets placed in the period, openStakesToday and openStakesThisWeek, since those are already at risk), open exposure (stakes of ' +
    'all unsettled bets) and a note restating the staking rules. ' +
    'not_found means the user has no bankroll: ask them to set one up on the Bankroll page.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({}),
  async run(ctx) {
    const bankroll = await ctx.book.getBankroll(ctx.user.id, ctx.now());
    if (!bankroll) {
      throw new ToolError('not_found', 'No bankroll is set up for this user. Ask the user to set one up on the Bankroll page.');
    }
    return { ...bankroll, openExposure: await ctx.book.openExposure(ctx.user.id), note: STAKING_RULES };
  },
});

export const logBetTool = defineTool({
  name: 'log_bet',
  title: 'Log a bet the user placed',
  description:
    'Only when the user asks. Records a bet the user placed at a sportsbook (JEV takes no bets) with the price, stake and the fair ' +
    'probability from the consensus at this moment. The game must exist and be of the given sport. A stake past the max stake or ' +
    'a loss limit is still recorded, with warnings naming each limit. Pass clientRequestId so a retry cannot log it twice.',
  scope: 'write',
  hints: WRITE_HINTS,
  input: z.strictObject({
    ...wager,
    stake: money.meta({
      description: `Amount staked, in the currency of the bankroll; what it pays back if it wins must be at most ${MAX_AMOUNT_TEXT}.`,
    }),
    recommendationId: text(100)
      .optional()
      .meta({ description: "Id of one of the user's own saved picks (save_recommendation) this bet follows; any other id is not_found." }),
    notes: text(2000).optional(),
    clientRequestId,
  }),
  async run(ctx, bet) {
    return ctx.book.logBet({
      userId: ctx.user.id,
      clientLabel: ctx.clientLabel,
      now: ctx.now(),
      defaultBook: ctx.settings.defaultReferenceBook,
      bet,
    });
  },
});

export const settleBetTool = defineTool({
  name: 'settle_bet',
  title: 'Settle a logged bet',
  description:
    "Only when the user asks. Grades one of the user's bets: won, lost, push, void, cashout (with payout), or auto to grade a " +
    'moneyline, spread or total from the stored final score. Updates the balance and the loss-limit room once; settling again ' +
    'with the same result returns the same answer, a different result is refused.',
  scope: 'write',
  hints: { ...WRITE_HINTS, destructiveHint: true, idempotentHint: true },
  input: z.strictObject({
    betId: text(100),
    result: z.enum(SETTLE_RESULTS, { error: expected(`must be ${choiceList(SETTLE_RESULTS)}`) }),
    payout: moneyOrZero.optional().meta({ description: 'Amount returned, for cashout.' }),
  }),
  async run(ctx, { betId, result, payout }) {
    return ctx.book.settleBet({ userId: ctx.user.id, betId, request: { result, payout }, now: ctx.now() });
  },
});

export const saveRecommendationTool = defineTool({
  name: 'save_recommendation',
  title: 'Save a pick for the user',
  description:
    'Only when the user asks. Saves your recommendation (the game, market, selection, price, your probability, stake in units, ' +
    "reasoning and risks) to the user's picks; it is graded later against the final score. Pass clientRequestId so a retry cannot save it twice.",
  scope: 'write',
  hints: WRITE_HINTS,
  input: z.strictObject({
    ...wager,
    probability,
    stakeUnits: z
      .number({ error: expected('must be a number of units') })
      .min(0)
      .max(1000)
      .optional(),
    reasoning: text(5000),
    risks: text(5000),
    clientRequestId,
  }),
  async run(ctx, pick) {
    return ctx.book.saveRecommendation({ userId: ctx.user.id, clientLabel: ctx.clientLabel, now: ctx.now(), pick });
  },
});

export const listBetsTool = defineTool({
  name: 'list_bets',
  title: "The user's bets with profit, ROI and CLV",
  description:
    "The user's logged bets, newest first, with a summary of the whole filtered set: count, open, staked (settled stakes), profit, " +
    'stakedWithAction (settled stakes less voids and pushes), roi (profit / stakedWithAction), winRate (won / (won + lost): pushes, ' +
    'voids and cash-outs left out) and ' +
    'average closing-line value (the bet price against the closing no-vig fair price of its market). Page with cursor.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    status: z.enum(BET_STATUSES, { error: expected(`must be ${choiceList(BET_STATUSES)}`) }).optional(),
    sport: sport.optional(),
    ...listWindow,
  }),
  async run(ctx, { status, sport: onlySport, from, to, limit, cursor }) {
    return ctx.book.listBets({
      userId: ctx.user.id,
      filter: { status, sport: onlySport, from, to },
      limit,
      cursor,
      now: ctx.now(),
      defaultBook: ctx.settings.defaultReferenceBook,
    });
  },
});

export const listRecommendationsTool = defineTool({
  name: 'list_recommendations',
  title: "The user's saved picks and how they did",
  description:
    'Saved picks, newest first, each graded once its game is final, with a summary (count, graded, won, lost, win rate). Page with cursor.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ sport: sport.optional(), ...listWindow }),
  async run(ctx, { sport: onlySport, from, to, limit, cursor }) {
    return ctx.book.listRecommendations({ userId: ctx.user.id, filter: { sport: onlySport, from, to }, limit, cursor });
  },
});
