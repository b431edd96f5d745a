import { z } from 'zod';
import { floorToCents } from '@/lib/account/money';
import {
  americanToDecimal,
  boundedAmerican,
  compareDevig,
  decimalToAmerican,
  devigBy,
  DevigRefused,
  FAIR_METHODS,
  expectedValue,
  fullKellyFraction,
  impliedProbability,
  overround,
  parlay,
  probabilityToDecimal,
  solveShinZ,
} from '@/lib/betting';
import { ToolError } from '@/lib/errors';
import { americanOdds, expected, money, probability, storable } from './inputs';
import { READ_HINTS } from './hints';
import { defineTool } from './types';

export const calcImpliedProbability = defineTool({
  name: 'calc_implied_probability',
  title: 'Implied probability of a price',
  description:
    'Converts one American price into decimal odds and the win probability it implies (bookmaker margin included). ' +
    'Use it whenever you need the probability behind a price; never compute it by hand.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ americanOdds }),
  async run(_ctx, { americanOdds: odds }) {
    return { americanOdds: odds, decimalOdds: americanToDecimal(odds), impliedProbability: impliedProbability(odds) };
  },
});

export const calcNoVigOdds = defineTool({
  name: 'calc_no_vig_odds',
  title: 'Remove the bookmaker margin (no-vig odds)',
  description:
    "Takes every outcome's American price of ONE market (2 to 20 prices, e.g. both sides of a spread or all three of a soccer moneyline) " +
    'and removes the margin. Returns the overround and, per outcome in the order sent, the implied probability, the fair probability ' +
    '(fair probabilities sum to exactly 1), fair decimal odds and fair American odds (rounded to a whole number, and capped at ' +
    '-100000 and +1000000: a fair price beyond them answers the bound). ' +
    "method 'multiplicative' (default) scales proportionally; 'additive' takes the same share of the margin from every outcome " +
    "(refused with limit when a long shot would fall to 0 or below); 'power' takes more margin from longshots; 'shin' solves " +
    "Shin's insider share z (returned as shinZ) so the fair probabilities sum to 1 (equal to 'additive' for two outcomes). " +
    "compare: true adds byMethod (every method's fair probabilities in the order sent, null for a method that refuses the market) " +
    'and, per outcome, fairProbabilityRange {min, max} over the methods: how much the fair price depends on the method.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    prices: z
      .array(americanOdds, { error: expected('must be an array of American prices, one per outcome') })
      .min(2, 'must hold at least 2 prices (every outcome of one market)')
      .max(20, 'must hold at most 20 prices')
      .meta({ description: 'American prices of every outcome of one market, in any order; results keep this order.' }),
    method: z
      .enum(FAIR_METHODS, { error: "must be 'multiplicative', 'additive', 'power' or 'shin'" })
      .default('multiplicative')
      .meta({ description: "De-vig method: 'multiplicative' (default), 'additive', 'power' or 'shin'." }),
    compare: z
      .boolean({ error: expected('must be true or false') })
      .default(false)
      .meta({ description: 'true adds byMethod (all four methods) and fairProbabilityRange per outcome.' }),
  }),
  async run(_ctx, { prices, method, compare }) {
    const implied = prices.map(impliedProbability);
    let fair: number[];
    try {
      fair = devigBy(implied, method);
    } catch (error) {
      if (error instanceof DevigRefused) throw new ToolError('limit', error.message);
      throw error;
    }
    const comparison = compare ? compareDevig(implied) : null;
    const total = implied.reduce((a, b) => a + b, 0);
    return {
      method,
      overround: overround(implied),
      ...(method === 'shin' ? { shinZ: total > 1 ? solveShinZ(implied) : 0 } : {}),
      outcomes: prices.map((odds, index) => {
        const fairProbability = fair[index] as number;
        return {
          americanOdds: odds,
          impliedProbability: implied[index] as number,
          fairProbability,
          fairDecimalOdds: probabilityToDecimal(fairProbability),
          fairAmericanOdds: boundedAmerican(decimalToAmerican(probabilityToDecimal(fairProbability))),
          ...(comparison ? { fairProbabilityRange: comparison.ranges[index] } : {}),
        };
      }),
      ...(comparison
        ? {
            byMethod: comparison.byMethod,
            ...(Object.keys(comparison.refusals).length > 0 ? { notes: Object.values(comparison.refusals) } : {}),
          }
        : {}),
    };
  },
});

const DEFAULT_EV_STAKE = 100;

export const calcEv = defineTool({
  name: 'calc_ev',
  title: 'Expected value of a bet',
  description:
    'Given your win probability (a fraction) and an American price, returns the decimal odds, the implied probability, ' +
    `the edge (probability minus implied), and the expected value for the stake (default ${DEFAULT_EV_STAKE}) in stake units and as a fraction of the stake. ` +
    'Positive expected value means the price pays more than the probability is worth.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    probability,
    americanOdds,
    stake: money.default(DEFAULT_EV_STAKE).meta({ description: `Stake to evaluate (default ${DEFAULT_EV_STAKE}).` }),
  }),
  async run(_ctx, { probability: p, americanOdds: odds, stake }) {
    const ev = expectedValue(p, odds, stake);
    return {
      probability: p,
      americanOdds: odds,
      decimalOdds: ev.decimalOdds,
      impliedProbability: ev.impliedProbability,
      edge: ev.edge,
      stake,
      expectedValue: ev.expectedValue,
      expectedValuePercent: ev.expectedValuePercent,
    };
  },
});

export const calcParlay = defineTool({
  name: 'calc_parlay',
  title: 'Parlay price, probability and correlation check',
  description:
    'Combines 2 to 20 legs into one parlay: combined decimal and American odds and the implied probability. ' +
    'When every leg carries your probability, also the combined probability and expected value (else those are null). ' +
    'Pass gameId on each leg: legs from one game are correlated and listed in correlationWarnings; for such a parlay ' +
    'say so and suggest no stake.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    legs: z
      .array(
        z.strictObject({
          americanOdds,
          probability: probability.optional(),
          gameId: storable(z.string().min(1).max(200)).optional().meta({ description: 'Game id of the leg, to detect same-game legs.' }),
        }),
        { error: expected('must be an array of legs') },
      )
      .min(2, 'must hold at least 2 legs')
      .max(20, 'must hold at most 20 legs'),
  }),
  async run(_ctx, { legs }) {
    return parlay(legs);
  },
});

const DEFAULT_KELLY_FRACTION = 0.25;
/** When the user has no unit size stored, one unit is taken as 1% of the bankroll (the common convention). */
const DEFAULT_UNIT_SHARE = 0.01;

export const calcKellyStake = defineTool({
  name: 'calc_kelly_stake',
  title: 'Kelly stake size',
  description:
    "Sizes a stake with the Kelly criterion from your win probability and the price. Uses the user's stored bankroll, " +
    `unit and Kelly fraction unless you pass bankroll or kellyFraction (default fraction ${DEFAULT_KELLY_FRACTION}). Returns the full Kelly fraction, the stake ` +
    'in money and in units and, when the user has a bankroll set up, their max stake and the room left under the daily and weekly ' +
    'loss limits (limit less net settled loss less stakes of open bets placed in the period, as get_bankroll gives it) with the ' +
    'stake after those caps, cappedStake (money) and cappedStakeUnits (units): quote these, never more. ' +
    'With no positive edge the stake is 0 and reason says why. ' +
    'Fails with not_found when no bankroll is given and none is set up: ask the user to set one up.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    probability,
    americanOdds,
    bankroll: money.optional().meta({ description: "Bankroll to size against; defaults to the user's stored balance." }),
    kellyFraction: z
      .number({ error: expected('must be a number between 0 and 1') })
      .gt(0, 'must be greater than 0')
      .max(1, 'must be at most 1 (full Kelly)')
      .optional()
      .meta({ description: "Multiplier on full Kelly (0.25 = quarter Kelly); defaults to the user's stored one, else 0.25." }),
  }),
  async run(ctx, args) {
    const stored = await ctx.book.getBankroll(ctx.user.id, ctx.now());
    const bankroll = args.bankroll ?? stored?.balance;
    if (bankroll === undefined) {
      throw new ToolError(
        'not_found',
        'No bankroll is set up for this user. Ask the user to set one up on the Bankroll page (or pass bankroll).',
      );
    }
    const kellyFraction = args.kellyFraction ?? stored?.kellyFraction ?? DEFAULT_KELLY_FRACTION;
    // A unit of 0 (stored before amounts had to be whole cents) is no unit at all.
    const unit = stored?.unit || bankroll * DEFAULT_UNIT_SHARE;
    const inUnits = (amount: number) => (unit > 0 ? amount / unit : 0);
    const fullKelly = fullKellyFraction(args.probability, args.americanOdds);
    const stake = fullKelly > 0 ? floorToCents(bankroll * fullKelly * kellyFraction) : 0;
    const result = {
      probability: args.probability,
      americanOdds: args.americanOdds,
      fullKellyFraction: fullKelly,
      kellyFraction,
      bankroll,
      unit,
      stake,
      stakeUnits: inUnits(stake),
      ...(fullKelly > 0 ? {} : { reason: 'No positive edge: the probability does not beat the price, so Kelly stakes nothing.' }),
    };
    if (!stored) return result;
    const caps = [stake, stored.maxStake, stored.dailyLossRoom, stored.weeklyLossRoom].filter((cap): cap is number => cap !== null);
    const cappedStake = Math.min(...caps);
    return {
      ...result,
      limits: { maxStake: stored.maxStake, dailyLossRoom: stored.dailyLossRoom, weeklyLossRoom: stored.weeklyLossRoom },
      cappedStake,
      cappedStakeUnits: inUnits(cappedStake),
    };
  },
});
