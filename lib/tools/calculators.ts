import { z } from 'zod';
import { floorToCents } from '@/lib/account/money';
import {
  americanToDecimal,
  boundedAmerican,
  combinedDecimalOdds,
  compareDevig,
  decimalToAmerican,
  devigBy,
  DevigRefused,
  FAIR_METHODS,
  type FairMethod,
  expectedValue,
  fullKellyFraction,
  impliedProbability,
  MAX_PARLAY_AMERICAN_ODDS,
  overround,
  parlay,
  pastLongestParlay,
  priceExpectedValue,
  probabilityToDecimal,
  roundFraction,
  roundTo,
  roundTo6,
  solveShinZ,
  withoutFloatNoise,
} from '@/lib/betting';
import { choiceList } from '@/lib/text';
import { invalidInput, ToolError } from '@/lib/errors';
import { noBankroll } from './bankroll';
import { americanOdds, expected, flag, money, probability, storable } from './inputs';
import { fractionField } from './answer-fields';
import { READ_HINTS } from './hints';
import { defineTool } from './types';

// Every number a calculator answers is rounded to what it means, field by field: the rule, and why, is docs/contract.md,
// "Calculators" (tests/unit/tools/calculator-precision.test.ts holds every field to it).

/** Places of calc_ev's expectedValue, money on the stake (docs/contract.md, Calculators). */
const MONEY_PLACES = 4;

export const calcImpliedProbability = defineTool({
  name: 'calc_implied_probability',
  title: 'Implied probability of a price',
  description: 'Decimal odds and the win probability one American price implies (margin included). Never compute it by hand.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({ americanOdds }),
  output: z.object({ americanOdds: z.int(), decimalOdds: z.number(), impliedProbability: z.number() }),
  async run(_ctx, { americanOdds: odds }) {
    return { americanOdds: odds, decimalOdds: roundTo6(americanToDecimal(odds)), impliedProbability: roundTo6(impliedProbability(odds)) };
  },
});

/** compare's fair probabilities, one member per method (null when it refused): every member named, none other. */
const methodAnswer = z.array(z.number()).nullable();
const byEachMethod = Object.fromEntries(FAIR_METHODS.map((method) => [method, methodAnswer])) as Record<FairMethod, typeof methodAnswer>;

export const calcNoVigOdds = defineTool({
  name: 'calc_no_vig_odds',
  title: 'Remove the bookmaker margin (no-vig odds)',
  description:
    'Removes the margin from ONE market (all its outcomes): overround and per outcome implied and fair probability ' +
    '(summing to 1), fair decimal and American odds. See jev://notes/no-vig-consensus.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    prices: z
      .array(americanOdds, { error: expected('must be an array of American prices, one per outcome') })
      .min(2, 'must hold at least 2 prices (every outcome of one market)')
      .max(20, 'must hold at most 20 prices')
      .meta({ description: 'Every outcome of one market; answers keep this order.' }),
    method: z
      .enum(FAIR_METHODS, { error: `must be ${choiceList(FAIR_METHODS.map((name) => `'${name}'`))}` })
      .default('multiplicative')
      .meta({ description: 'How the margin is removed (see the note).' }),
    compare: flag().default(false).meta({ description: "Adds every method's answer and each outcome's worst case." }),
  }),
  output: z.object({
    method: z.enum(FAIR_METHODS),
    overround: z.number(),
    shinZ: z.number().optional(),
    outcomes: z.array(
      z.object({
        americanOdds: z.int(),
        impliedProbability: z.number(),
        fairProbability: z.number(),
        fairDecimalOdds: z.number(),
        fairAmericanOdds: z.int(),
        fairProbabilityRange: z
          .object({ min: z.number(), max: z.number() })
          .optional()
          .meta({ description: 'compare: the lowest and highest fair probability over the methods that priced the market.' }),
        worstCase: z
          .object({ fairProbability: z.number(), fairAmericanOdds: z.int() })
          .optional()
          .meta({
            description:
              "compare: the backer's worst case, the lowest fair probability over the methods and its fair price (only a longer " +
              'price is value under every method). Per outcome: the worst cases of a market sum to worstCaseSum, below 1.',
          }),
      }),
    ),
    byMethod: z
      .object(byEachMethod)
      .optional()
      .meta({ description: "compare: each method's fair probabilities in the order sent; null when it refuses the market (see notes)." }),
    worstCaseSum: z
      .number()
      .optional()
      .meta({ description: 'compare: the sum of the worst cases, below 1 when the methods disagree: they are not one distribution.' }),
    notes: z.array(z.string()).optional(),
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
    const notes = [...(total < 1 ? [noMarginNote(total)] : []), ...Object.values(comparison?.refusals ?? {})];
    // The fair probabilities, and byMethod, ranges and worst cases taken from them, keep every digit: cut to 15
    // significant digits they would no longer sum to exactly 1 (docs/contract.md, Calculators). The rest lose float noise.
    return {
      method,
      overround: withoutFloatNoise(overround(implied)),
      ...(method === 'shin' ? { shinZ: total > 1 ? withoutFloatNoise(solveShinZ(implied)) : 0 } : {}),
      outcomes: prices.map((odds, index) => {
        const fairProbability = fair[index] as number;
        const range = comparison?.ranges[index];
        return {
          americanOdds: odds,
          impliedProbability: withoutFloatNoise(implied[index] as number),
          fairProbability,
          fairDecimalOdds: withoutFloatNoise(probabilityToDecimal(fairProbability)),
          fairAmericanOdds: fairAmerican(fairProbability),
          ...(range
            ? { fairProbabilityRange: range, worstCase: { fairProbability: range.min, fairAmericanOdds: fairAmerican(range.min) } }
            : {}),
        };
      }),
      ...(comparison ? { byMethod: comparison.byMethod, worstCaseSum: comparison.worstCaseSum } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    };
  },
});

/**
 * Said when the prices carry no margin: no book's whole market does, so an outcome is likely missing (the fair
 * figures would then be confidently wrong) or the prices are several books' best (an arbitrage).
 */
const noMarginNote = (total: number) =>
  `The implied probabilities sum to ${roundFraction(total)}, below 1: no single book's ` +
  'whole market does. Check that every outcome is here (a soccer moneyline needs its draw): with one missing, these ' +
  'fair figures are wrong. Best prices from several books can also sum below 1 (an arbitrage).';

/** The whole American price of a fair probability, bounded to the prices the service accepts. */
function fairAmerican(probability: number): number {
  return boundedAmerican(decimalToAmerican(probabilityToDecimal(probability)));
}

const DEFAULT_EV_STAKE = 100;

export const calcEv = defineTool({
  name: 'calc_ev',
  title: 'Expected value of a bet',
  description:
    'Your win probability against an American price: decimal odds, implied probability, edge and expected value for the stake, ' +
    'in stake units and as a fraction of it.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    probability,
    americanOdds,
    stake: money.default(DEFAULT_EV_STAKE).meta({ description: 'Amount staked.' }),
  }),
  output: z.object({
    probability: z.number(),
    americanOdds: z.int(),
    decimalOdds: z.number(),
    impliedProbability: z.number(),
    edge: fractionField('Probability minus implied probability', '0.03 = 3 points'),
    stake: z.number().meta({ description: 'The stake expectedValue is for: the argument, else 100.' }),
    expectedValue: z.number().meta({
      description:
        'Expected profit on the whole stake, in money (stake × expectedValuePercent, 4 decimals): not a fraction. ' +
        "get_game_odds' expectedValue is per unit staked: this answer's expectedValuePercent.",
    }),
    expectedValuePercent: fractionField(
      "Expected profit per unit staked, get_game_odds' expectedValue for this probability and price (named Percent by " +
        'the contract, yet not a percent)',
    ),
  }),
  async run(_ctx, { probability: p, americanOdds: odds, stake }) {
    const ev = expectedValue(p, odds, stake);
    return {
      probability: p,
      americanOdds: odds,
      decimalOdds: roundTo6(ev.decimalOdds),
      impliedProbability: roundTo6(ev.impliedProbability),
      edge: roundTo6(ev.edge),
      stake,
      // From the unrounded stake × (p × decimal − 1), so no stake carries a rounded figure's error into it.
      expectedValue: roundTo(ev.expectedValue, MONEY_PLACES),
      // The odds tools' own figure: fed a shown fairProbability and price, calc_ev gives back their expectedValue.
      expectedValuePercent: priceExpectedValue(p, odds),
    };
  },
});

export const calcParlay = defineTool({
  name: 'calc_parlay',
  title: 'Parlay price, probability and correlation check',
  description:
    'Combines the legs: decimal and American odds and implied probability; with a probability on every leg, the combined ' +
    "probability and expected value. Pass each leg's gameId: same-game legs are listed in correlationWarnings (then suggest no stake).",
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    legs: z
      .array(
        z.strictObject({
          americanOdds,
          probability: probability.optional(),
          gameId: storable(z.string().min(1).max(200)).optional(),
        }),
        { error: expected('must be an array of legs') },
      )
      .min(2, 'must hold at least 2 legs')
      .max(20, 'must hold at most 20 legs'),
  }),
  output: z.object({
    legs: z.int(),
    decimalOdds: z.number(),
    americanOdds: z.int(),
    impliedProbability: z.number(),
    combinedProbability: z.number().nullable(),
    expectedValuePercent: fractionField('Expected profit per unit staked (named Percent by the contract)').nullable(),
    combinedProbabilityReliable: z
      .boolean()
      .nullable()
      .meta({
        description:
          'false: legs share a game, so combinedProbability and expectedValuePercent must not size a stake; null: not checked ' +
          "(a leg without its gameId) or no probability; true only when every leg's gameId differs.",
      }),
    correlationWarnings: z.array(
      z.object({
        legs: z
          .tuple([z.int(), z.int()])
          .meta({ description: "The two legs' indexes in the legs argument, from 0 (the message counts from 1)." }),
        gameId: z.string(),
        message: z.string(),
      }),
    ),
  }),
  async run(_ctx, { legs }) {
    const decimal = combinedDecimalOdds(legs);
    if (pastLongestParlay(decimal)) throw invalidInput([{ path: 'legs', message: parlayTooLong(decimal) }]);
    const combined = parlay(legs);
    const orNull = (value: number | null) => (value === null ? null : roundTo6(value));
    return {
      ...combined,
      decimalOdds: roundTo6(combined.decimalOdds),
      impliedProbability: roundTo6(combined.impliedProbability),
      combinedProbability: orNull(combined.combinedProbability),
      expectedValuePercent: orNull(combined.expectedValuePercent),
    };
  },
});

/**
 * Why legs that combine past the longest parlay price are refused, and what to do: their combined odds, and the bound
 * (MAX_PARLAY_AMERICAN_ODDS, where an American price stops being a whole number).
 */
const parlayTooLong = (decimal: number) =>
  `combine to decimal odds of ${decimal.toPrecision(6)}, past +${MAX_PARLAY_AMERICAN_ODDS.toLocaleString('en-US')} (decimal ` +
  `${(1 + MAX_PARLAY_AMERICAN_ODDS / 100).toPrecision(4)}), the longest American price a whole ` +
  'number states exactly: no book takes such a parlay. Price fewer or shorter legs.';

const DEFAULT_KELLY_FRACTION = 0.25;
/** When the user has no unit size stored, one unit is taken as 1% of the bankroll (the common convention). */
const DEFAULT_UNIT_SHARE = 0.01;
/** Said when the stored balance sizes nothing: the way out is the user's, not a bankroll passed (the cap still holds). */
const BALANCE_OUT_OF_DATE = 'If the balance is out of date, the user sets it on the Bankroll page.';

export const calcKellyStake = defineTool({
  name: 'calc_kelly_stake',
  title: 'Kelly stake size',
  description:
    "Kelly stake from your probability and the price on the user's bankroll, unit and Kelly fraction, capped by the max stake and the " +
    'loss-limit room: quote cappedStake and cappedStakeUnits, never more. not_found: no bankroll; ask the user to set one up.',
  scope: 'read',
  hints: READ_HINTS,
  input: z.strictObject({
    probability,
    americanOdds,
    bankroll: money.optional().meta({ description: "Default: the user's balance." }),
    kellyFraction: z
      .number({ error: expected('must be a number between 0 and 1') })
      .gt(0, 'must be greater than 0')
      .max(1, 'must be at most 1 (full Kelly)')
      .optional()
      .meta({ description: `Share of full Kelly; default the user's, else ${DEFAULT_KELLY_FRACTION}.` }),
  }),
  output: z.object({
    probability: z.number(),
    americanOdds: z.int(),
    fullKellyFraction: z.number(),
    kellyFraction: z.number(),
    bankroll: z.number(),
    unit: z.number(),
    stake: z.number(),
    stakeUnits: z.number(),
    reason: z.string().optional(),
    limits: z
      .object({ maxStake: z.number().nullable(), dailyLossRoom: z.number().nullable(), weeklyLossRoom: z.number().nullable() })
      .optional(),
    cappedStake: z.number().optional(),
    cappedStakeUnits: z.number().optional(),
  }),
  async run(ctx, args) {
    const stored = await ctx.ledger.readBankroll(ctx.user.id, ctx.now());
    const bankroll = args.bankroll ?? stored?.balance;
    if (bankroll === undefined) {
      throw new ToolError('not_found', `${noBankroll(ctx.settings.bankrollPageUrl)} Or pass bankroll.`);
    }
    const kellyFraction = args.kellyFraction ?? stored?.kellyFraction ?? DEFAULT_KELLY_FRACTION;
    // A unit of 0 (stored before amounts had to be whole cents) is no unit at all; nor is a share of a balance at or below 0.
    const unit = stored?.unit || Math.max(0, floorToCents(bankroll * DEFAULT_UNIT_SHARE));
    // Units to the hundredth, rounded down like the stake: 2.46 units, never 2.4699999999999998 or more than allowed.
    const inUnits = (amount: number) => (unit > 0 ? floorToCents(amount / unit) : 0);
    const fullKelly = fullKellyFraction(args.probability, args.americanOdds);
    // A stake is never negative: a stored balance at or below 0 (lost bets past it) stakes nothing, whatever the edge.
    const stake = fullKelly > 0 && bankroll > 0 ? floorToCents(bankroll * fullKelly * kellyFraction) : 0;
    const reason =
      fullKelly <= 0
        ? 'No positive edge: the probability does not beat the price, so Kelly stakes nothing.'
        : bankroll <= 0
          ? `The balance (${bankroll}) is not positive, so Kelly stakes nothing: it sizes a stake as a share of the money the ` +
            `bankroll holds. ${BALANCE_OUT_OF_DATE}`
          : undefined;
    const result = {
      probability: args.probability,
      americanOdds: args.americanOdds,
      fullKellyFraction: roundTo6(fullKelly),
      kellyFraction,
      bankroll,
      unit,
      stake,
      stakeUnits: inUnits(stake),
      ...(reason === undefined ? {} : { reason }),
    };
    if (!stored) return result;
    // A bankroll or Kelly fraction passed sizes a what-if stake; the stake to quote stays within the user's own sizing,
    // the Kelly stake on their balance at their fraction, or an agent could lift "never more than calc_kelly_stake".
    const overridden = args.bankroll !== undefined || args.kellyFraction !== undefined;
    const ownStake = fullKelly > 0 && stored.balance > 0 ? floorToCents(stored.balance * fullKelly * stored.kellyFraction) : 0;
    const named = [
      ["the Kelly stake on the user's own balance and Kelly fraction", overridden ? ownStake : null],
      ['the max stake', stored.maxStake],
      ['the room left under the daily loss limit', stored.dailyLossRoom],
      ['the room left under the weekly loss limit', stored.weeklyLossRoom],
    ] as const;
    const cappedStake = Math.min(stake, ...named.flatMap(([, cap]) => (cap === null ? [] : [cap])));
    // Said whenever a limit cuts the stake, so a cappedStake of 0 is never read as "no edge", with what the caps that
    // cut it count: a cap of 0 on the user's own sizing comes from their balance, not from the edge or a limit.
    const cutByOwnSizing = overridden && ownStake === cappedStake;
    const cutByLossLimit = stored.dailyLossRoom === cappedStake || stored.weeklyLossRoom === cappedStake;
    const binding = named.flatMap(([name, cap]) => (cap === cappedStake ? [`${name} (${cap})`] : []));
    const capReason =
      cappedStake < stake
        ? {
            reason: [
              `Kelly stakes ${stake}, capped to ${cappedStake} by ${binding.join(' and ')}${cappedStake === 0 ? ': no stake now.' : '.'}`,
              ...(cutByOwnSizing && stored.balance <= 0
                ? [`The user's balance (${stored.balance}) is not positive, so Kelly stakes nothing on it. ${BALANCE_OUT_OF_DATE}`]
                : []),
              ...(cutByLossLimit ? ['Loss-limit room counts settled losses and open stakes (get_bankroll).'] : []),
            ].join(' '),
          }
        : {};
    return {
      ...result,
      ...capReason,
      limits: { maxStake: stored.maxStake, dailyLossRoom: stored.dailyLossRoom, weeklyLossRoom: stored.weeklyLossRoom },
      cappedStake,
      cappedStakeUnits: inUnits(cappedStake),
    };
  },
});
