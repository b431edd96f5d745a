import { z } from 'zod';
import { isWholeCents, MAX_AMOUNT, MAX_AMOUNT_TEXT, ONE_CENT, WHOLE_CENTS_MESSAGE } from '@/lib/account/money';
import { EVEN_MONEY_ODDS, isOutsideEvenMoneyGap, MAX_AMERICAN_ODDS, MIN_AMERICAN_ODDS } from '@/lib/betting';
import { parseFairLine } from '@/lib/betting/fair-line';
import { bookKeyNamed, unknownBookMessage } from '@/lib/data/books';
import { SPORTS } from '@/lib/data/sports';
import { invalidInput, type Issue } from '@/lib/errors';
import { NOT_A_CURSOR } from '@/lib/paging';
import { VALUE_MIN_BOOKS } from '@/lib/betting/consensus';
import { LONE_SURROGATE } from '@/lib/text';
import { meantArgument } from './argument-names';
import { inYearRange, SPORTS_DAY_START_HOUR, YEAR_RANGE_MESSAGE } from '@/lib/time';

// Argument schemas shared by every tool, so a rule such as "American odds are never between -99 and +99"
// is written once and reads the same in every tool's JSON Schema and every error message.

export const AMERICAN_ODDS_MESSAGE = `American odds must be +${EVEN_MONEY_ODDS} or more, or -${EVEN_MONEY_ODDS} or less`;

/** A type error's message, or `is required` when the argument is missing. */
export function expected(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
}

/** A true-or-false argument. */
export const flag = () => z.boolean({ error: expected('must be true or false') });

/** The refusal of an empty list of markets (game markets or prop markets alike). */
export const NO_MARKET_MESSAGE = 'must name at least one market (or leave it out for all)';

export const NUL_MESSAGE = 'must not contain NUL characters (\\u0000)';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it holds an unpaired surrogate such as \\ud800)';

/**
 * Refuses the characters no database stores (PostgreSQL refuses NUL, SQLite a lone surrogate), so they answer
 * 400 invalid_input instead of reaching a query. Every string argument of every tool goes through it.
 */
export function storable<Schema extends z.ZodType<string>>(schema: Schema): Schema {
  return schema
    .refine((value) => !value.includes('\u0000'), { message: NUL_MESSAGE, abort: true })
    .refine((value) => !LONE_SURROGATE.test(value), { message: SURROGATE_MESSAGE, abort: true });
}

/** A string argument: its type message, then the characters refused by `storable`. */
export function textArgument(message: string) {
  return storable(z.string({ error: expected(message) }));
}

/** Free text of at most `max` characters, trimmed, not empty. */
export function text(max: number, message = 'must be text') {
  return textArgument(message).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
}

export const americanOdds = z
  .int({ error: expected('must be a whole number (American odds such as -110 or +150)') })
  .min(MIN_AMERICAN_ODDS, `must be ${MIN_AMERICAN_ODDS} or more`)
  .max(MAX_AMERICAN_ODDS, `must be ${MAX_AMERICAN_ODDS} or less`)
  .refine(isOutsideEvenMoneyGap, AMERICAN_ODDS_MESSAGE)
  .meta({
    description: 'American price: -110, +150.',
    // The JSON Schema form of the refinement above: -100 or less, or +100 or more. Written as anyOf of two
    // ranges, not as `not` of the gap, because the OpenAI Agents SDK's strict mode cannot convert `not`.
    anyOf: [{ maximum: -EVEN_MONEY_ODDS }, { minimum: EVEN_MONEY_ODDS }],
  });

export const probability = z
  .number({ error: expected('must be a number: a probability as a fraction strictly between 0 and 1') })
  .gt(0, 'must be greater than 0 (a fraction, not a percentage)')
  .lt(1, 'must be less than 1 (a fraction, not a percentage)')
  .meta({ description: 'Your win probability, a fraction: 0.55 = 55%.' });

/** An amount of money in the user's currency, from `min`: a whole number of cents (never rounded), within the one money bound. */
function amountFrom(min: number, message: string) {
  return z
    .number({ error: expected('must be a number (an amount of money)') })
    .min(min, message)
    .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT_TEXT}`)
    .refine(isWholeCents, WHOLE_CENTS_MESSAGE)
    .meta({ multipleOf: ONE_CENT });
}

/** A positive amount of money: at least one cent. */
export const money = amountFrom(ONE_CENT, `must be at least ${ONE_CENT} (one cent)`);
/** An amount that may be 0 (what a cashed-out bet paid back). */
export const moneyOrZero = amountFrom(0, 'must be 0 or more');

/** The league argument of every tool that takes one. */
export const sport = z.enum(SPORTS, { error: expected(`must be one of ${SPORTS.join(', ')}`) }).meta({ description: 'League.' });

export const gameId = textArgument('must be a game id as list_games returns it')
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .meta({ description: 'From list_games.' });

export const team = textArgument('must be a team name or abbreviation')
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(60, 'must be at most 60 characters')
  .meta({ description: 'Name, nickname or abbreviation.' });

/** How a date argument is read, said in each one's description (lib/time.ts, SPORTS_DAY_START_HOUR). */
const DAY_START = `${String(SPORTS_DAY_START_HOUR).padStart(2, '0')}:00`;
export const SPORTS_DAY = `${DAY_START} to ${DAY_START} next morning`;

/** The refusal of a date window that ends before it starts (no record or game could be in it). */
export const TO_BEFORE_FROM: Issue = { path: 'to', message: 'must be on or after from' };

export const isoDate = textArgument('must be a date as YYYY-MM-DD')
  // Each check stops the rest (abort), so a date written another way is told its format alone.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD', abort: true })
  // Date.parse accepts 2026-02-30 (as March 2), so the date must read back unchanged.
  .refine(
    (value) => {
      const noon = new Date(`${value}T12:00:00Z`);
      return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(value);
    },
    { error: 'must be a real calendar date', abort: true },
  )
  .refine((value) => inYearRange(new Date(`${value}T12:00:00Z`)), YEAR_RANGE_MESSAGE)
  // Published as JSON Schema's date format (the regex says the same, at three times the length).
  .meta({ format: 'date' });

/** A sportsbook, by key or by name as people write it ("DraftKings", "DK"): read as its bookmaker key (lib/data/books.ts). */
export const book = textArgument('must be a sportsbook such as draftkings')
  .trim()
  .min(1, 'must not be empty')
  .max(50, 'must be at most 50 characters')
  .transform((typed, ctx) => {
    const key = bookKeyNamed(typed);
    if (key === undefined) ctx.addIssue({ code: 'custom', message: unknownBookMessage(typed) });
    return key ?? z.NEVER;
  })
  .meta({ description: "Reference book key; default the user's." });

/** The odds tools' fair line (lib/betting/fair-line.ts): "power", "sharp", "sharp+power" … read as a FairLine. */
export const fairLine = textArgument("must be a fair line such as 'sharp' or 'power'")
  .max(60, 'must be at most 60 characters')
  .transform((typed, ctx) => {
    const line = parseFairLine(typed);
    if ('problem' in line) ctx.addIssue({ code: 'custom', message: line.problem });
    return 'problem' in line ? z.NEVER : line;
  })
  .optional()
  .meta({
    description:
      "Default the consensus above. Else a calc_no_vig_odds method or worst_case, per book; sharp weights market makers and exchanges; 'sharp+power' both.",
  });

export const player = textArgument("must be a player's name")
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(80, 'must be at most 80 characters');

/**
 * Zod issues → the `{ path, message }` list of docs/contract.md ("Errors"); unknown arguments are named one by one,
 * each with the argument it was likely meant as when one stands out (./argument-names.ts).
 */
export function toIssues(error: z.ZodError, schema: z.ZodType, args: unknown): Issue[] {
  return error.issues.flatMap((issue): Issue[] => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const meant = meantArgument(schema, issue.path, key, args);
        return {
          path: path ? `${path}.${key}` : key,
          message: `is not an argument of this tool${meant === undefined ? '' : `; did you mean ${meant}?`}`,
        };
      });
    }
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      return [{ path, message: 'is required' }]; // zod's own wording, for schemas without a custom message
    }
    return [{ path, message: issue.message }];
  });
}

export function parseArguments<Schema extends z.ZodType>(schema: Schema, args: unknown): z.output<Schema> {
  const result = schema.safeParse(args);
  if (!result.success) throw invalidInput(toIssues(result.error, schema, args));
  return result.data;
}

/** Every tool whose default answer is concise takes `detail`; "full" answers with every field, for integrations. */
export const detail = z
  .enum(['concise', 'full'], { error: expected('must be "concise" (the default) or "full"') })
  .optional()
  .meta({ description: '"full": every field, for integrations.' });

/** The value question (get_game_odds, get_player_props): the least expectedValue of a listed outcome's best price. */
export const minExpectedValue = z
  .number({ error: expected('must be a number: an expected value per unit staked as a fraction (0.02 = 2%)') })
  .min(-1, 'must be -1 or more (a fraction, not a percentage)')
  .max(10, 'must be 10 or less (a fraction, not a percentage)')
  .optional()
  .meta({ description: 'Only the outcomes whose best price has at least this expectedValue (0.02 = 2%).' });

/** With minExpectedValue: the fewest books a market's consensus may rest on. */
export const minBooks = z
  .int({ error: expected('must be a whole number of books') })
  .min(1, 'must be at least 1')
  .max(50, 'must be at most 50')
  .optional()
  .meta({ description: `With minExpectedValue: least consensusBooks (default ${VALUE_MIN_BOOKS}).` });

/** How many items a page of a list holds: `fallback` when not given, at most `max`. */
export function pageLimit(fallback: number, max: number, noun: string) {
  return z
    .int({ error: expected(`must be a whole number of ${noun} from 1 to ${max}`) })
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .optional();
}

export const cursor = storable(z.string({ error: expected('must be the nextCursor text of the previous answer') }).max(400, NOT_A_CURSOR))
  .optional()
  .meta({ description: 'nextCursor of the previous answer; keep the other arguments.' });

/**
 * Refuses (invalid_input) the first of `names` that `args` gives, with `message`: an option that answers with its own
 * list alone cannot take the arguments that choose or shape another answer.
 */
export function refuseAnyGiven<Args extends object>(args: Args, names: readonly (keyof Args & string)[], message: string): void {
  const given = names.find((name) => args[name] !== undefined);
  if (given !== undefined) throw invalidInput([{ path: given, message }]);
}
