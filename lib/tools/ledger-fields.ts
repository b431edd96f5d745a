import { z } from 'zod';
import { FUTURE_MARKETS } from '@/lib/data/futures';
import { invalidInput } from '@/lib/errors';
import { inYearRange, YEAR_RANGE_MESSAGE } from '@/lib/time';
import { fractionField, timestamp } from './answer-fields';
import { americanOdds, book, cursor, detail, expected, gameId, player, sport, text, TO_BEFORE_FROM } from './inputs';
import { PAGE_SIZES, toolQuery } from './pages';
import type { ToolRun } from './types';

// What the ledger's tools share (./bankroll.ts, ./bets.ts, ./recommendations.ts): the arguments of a bet or pick and
// of a list, the records they answer with, and how a concise list cuts long text.

const market = text(60).meta({ description: 'h2h, spreads, totals or a prop key.' });
const selection = text(100).meta({ description: "Team, 'draw', 'over'/'under' or 'yes'/'no'." });
export const clientRequestId = text(200).optional().meta({ description: 'Retry key: the same id and arguments return the first record.' });
/** A calendar date (whole day, UTC) or an ISO date-time; `end` turns a date into the end of that day. */
const dateBound = (end: boolean) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: expected('must be a date (2026-11-21) or an ISO date-time') })
    .transform((value) => new Date(value.length === 10 && end ? `${value}T23:59:59.999Z` : value))
    .refine(inYearRange, YEAR_RANGE_MESSAGE);
export const listWindow = {
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
export function listWindowOf({ from, to }: { from?: Date; to?: Date }): { from?: Date; to?: Date } {
  if (from !== undefined && to !== undefined && to < from) throw invalidInput([TO_BEFORE_FROM]);
  return { from, to };
}

/** A page of the caller's bets or picks, newest first. */
export function listPage(ctx: ToolRun, args: { limit: number; cursor?: string; detail?: string }) {
  return { limit: args.limit, cursor: args.cursor, fingerprint: toolQuery(ctx, args), now: ctx.now(), signer: ctx.cursors };
}

/** What a bet and a pick share: the record's id and what it is on, at what price. */
const onASelection = {
  id: z.string(),
  sport: z.string(),
  gameId: z.string(),
  market: z.string(),
  selection: z.string(),
  point: z.number().nullable(),
  player: z.string().nullable(),
  americanOdds: z.int(),
};

export const betRecord = z.object({
  ...onASelection,
  stake: z.number(),
  book: z.string().nullable().meta({
    description:
      'Where it was bet: the book named, else the reference book it was priced at; null only on a bet logged without one before books were kept',
  }),
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

export const pickRecord = z.object({
  ...onASelection,
  probability: z.number().meta({ description: "The agent's own win probability for the pick, as saved: an estimate, not the market's" }),
  expectedValue: fractionField(
    "What the pick's price returns per unit staked if probability (the agent's own estimate) is right: the agent's claim, not a " +
      "market fact; the market's view is fairProbabilityAtSave",
  ),
  fairProbabilityAtSave: z
    .number()
    .nullable()
    .meta({
      description:
        "The market's no-vig consensus probability of the selection when the pick was saved, priced as log_bet prices a bet; null " +
        'when no book priced it (or saved before this was kept)',
    }),
  book: z.string().nullable().meta({
    description:
      'Where the pick was priced: the book named, else the reference book it was saved under; null only on a pick saved without one before books were kept',
  }),
  stakeUnits: z.number().nullable(),
  reasoning: z.string(),
  risks: z.string(),
  clientLabel: z.string().nullable(),
  result: z.string().nullable().meta({ description: 'won, lost, push, half_won or half_lost once graded; null while open or ungraded' }),
  createdAt: timestamp,
});

/** The share of graded records won, in the summaries of bets and picks alike. */
export const winRate = fractionField('Won over won plus lost, a half win or loss counting half', '0.55 = 55%').nullable();

/** A record in a concise list: the same fields, nulls left out. */
export const conciseRecord = <Shape extends z.ZodRawShape>(record: z.ZodObject<Shape>) => record.partial();
/**
 * The largest line a bet or a pick takes, either sign: real ones stay far inside it (an NBA total near 250, a
 * quarterback's passing yards near 400), and a line past it is a typo the ledger would grade against.
 */
export const MAX_LINE = 1000;

/** What a bet and a pick are on: the same game, market, selection and price arguments for both tools. */
export const wager = {
  sport,
  gameId,
  market,
  selection,
  americanOdds,
  book: book.optional().meta({ description: 'Where it was bet, key or name; default the reference book.' }),
  point: z
    .number({ error: expected('must be a number (the line)') })
    .min(-MAX_LINE, `must be ${-MAX_LINE} or more (a line such as -3.5, 47.5 or 249.5)`)
    .max(MAX_LINE, `must be ${MAX_LINE} or less (a line such as -3.5, 47.5 or 249.5)`)
    .optional()
    .meta({ description: 'Spread, total or prop line.' }),
  player: player.optional().meta({ description: "A prop's player, as get_player_props names them." }),
};

/**
 * The names a futures market goes by: the leagues' own (champion) and The Odds API's (outrights, each league's outright
 * key), and the words for them. A bet or a pick is on one game, graded by its final score: no future is.
 */
const FUTURES_MARKETS = new Set([
  ...Object.values(FUTURE_MARKETS).flatMap((markets) => markets.flatMap(({ market, outrightKey }) => [market, outrightKey])),
  'outrights',
  'outright',
  'futures',
  'future',
]);

/** Why a future is refused, and what to do instead: log_bet's ledger and save_recommendation's picks settle by a game. */
const FUTURES_REFUSED = {
  bet:
    'log_bet records bets on one game (gameId, from list_games), settled by its final score, and JEV keeps no title ' +
    "winners to settle a future by, so it cannot be logged: it stays out of the ledger and the loss limits' room. Tell " +
    'the user so; if they want the balance to show the stake, they set it on the Bankroll page (and again when the future settles).',
  pick:
    'save_recommendation saves picks on one game (gameId, from list_games), graded by its final score, and JEV keeps no ' +
    'title winners to grade a future by, so it cannot be saved: give the pick in your answer instead.',
} as const;

/**
 * A bet's or a pick's arguments, a futures market refused on `market` (the first issue, so it is the message): without
 * it a future, which has no game, was told only "gameId: is required", as if a game id would do. The refusal runs
 * whatever else failed (`when`) and replaces the missing gameId's issue, which a future cannot meet.
 */
export function wagerArguments<Shape extends z.ZodRawShape>(shape: Shape, record: keyof typeof FUTURES_REFUSED) {
  return z.strictObject(shape).superRefine(
    (value, ctx) => {
      const market = (value as { market?: unknown }).market;
      if (typeof market !== 'string' || !FUTURES_MARKETS.has(market.trim().toLowerCase())) return;
      const others = ctx.issues.filter((issue) => issue.path?.[0] !== 'gameId');
      ctx.issues.length = 0;
      ctx.issues.push(
        { code: 'custom', path: ['market'], input: market, message: `${market} is a futures market. ${FUTURES_REFUSED[record]}` },
        ...others,
      );
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** Free text in a concise list is cut here: twenty bets or picks stay well inside an agent's budget. */
export const EXCERPT_CHARS = 200;

/** Says that some text was cut, and how to read it whole; nothing when none was. */
export function textNote<Row>(rows: readonly Row[], fields: readonly (keyof Row)[]): { textNote?: string } {
  const cut = rows.some((row) => fields.some((field) => typeof row[field] === 'string' && Array.from(row[field]).length > EXCERPT_CHARS));
  return cut ? { textNote: `Texts longer than ${EXCERPT_CHARS} characters are cut with "…"; detail: "full" gives them whole.` } : {};
}
