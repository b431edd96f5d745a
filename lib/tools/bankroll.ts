import { z } from 'zod';
import { coolingOffNotes, endedGamesNotes } from '@/lib/account/bankroll';
import { regradeNotes } from '@/lib/account/regrades';
import { ToolError } from '@/lib/errors';
import { PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/responsible-gambling';
import { READ_HINTS } from './hints';
import { userReferenceBook } from './preferences';
import { defineTool } from './types';

// The user's bankroll discipline: what a stake must stay within.

const STAKING_RULES = `${STAKE_CAPS_RULE} ${PAST_LIMITS_RULE}`;

/** What get_bankroll and calc_kelly_stake answer a user with no bankroll: where to set one up. */
export const noBankroll = (bankrollPageUrl: string) =>
  `No bankroll is set up for this user. Ask the user to set one up on the Bankroll page, ${bankrollPageUrl}, then call again.`;

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
    const bankroll = await ctx.ledger.readBankroll(ctx.user.id, ctx.now());
    if (!bankroll) {
      throw new ToolError('not_found', noBankroll(ctx.settings.bankrollPageUrl));
    }
    // Raises and removals still cooling off go into the note: a field of their own would grow the catalogue.
    const { pendingLimits: _pendingLimits, previousTimeZone: _previousTimeZone, openBetsOfEndedGames: _ended, ...figures } = bankroll;
    const regraded = regradeNotes(await ctx.ledger.betsGradedOtherwise(ctx.user.id, ctx.now()));
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
