import { z } from 'zod';
import { largestStakeFor, MAX_AMOUNT_TEXT, ONE_CENT } from '@/lib/account/money';
import { MAX_AMERICAN_ODDS, MIN_AMERICAN_ODDS } from '@/lib/betting/odds';
import { REQUEST_BODY_MAX_BYTES } from '@/lib/capped-body';
import { configSchema } from '@/lib/config';
import { SDK_BATCH_MAX_MESSAGES } from '@/lib/mcp/sdk/batches';
import { calcNoVigOdds } from '@/lib/tools/calculators';
import { MAX_LINE } from '@/lib/tools/ledger-fields';
import { PAGE_SIZES } from '@/lib/tools/pages';
import { MAX_RESULTS_DAYS, MAX_SCHEDULE_DAYS } from '@/lib/tools/schedule';

// docs/contract.md's "Limits" table and its paging sizes, written from the values the code enforces (lib/docs/generate.ts
// fills the blocks), so the contract cannot drift from them.

const settings = configSchema.shape;

/** A setting's default, as the schema gives it when unset. */
function defaultOf(name: keyof typeof settings): number {
  const value: unknown = settings[name].parse(undefined);
  if (typeof value !== 'number') throw new Error(`lib/docs/limits.ts: ${name} has no numeric default`);
  return value;
}

/** A setting's upper bound, as the schema refuses past it. */
function maximumOf(name: keyof typeof settings): number {
  const inner: unknown = (settings[name] as z.ZodDefault<z.ZodNumber>).unwrap?.();
  const bound = (inner as { maxValue?: number } | undefined)?.maxValue;
  if (typeof bound !== 'number' || !Number.isFinite(bound)) throw new Error(`lib/docs/limits.ts: ${name} has no upper bound`);
  return bound;
}

/** How many prices calc_no_vig_odds takes, from its published input schema. */
function pricesRange(): string {
  const { minItems, maxItems } = z.toJSONSchema(calcNoVigOdds.input.shape.prices) as { minItems?: number; maxItems?: number };
  if (minItems === undefined || maxItems === undefined) throw new Error('lib/docs/limits.ts: calc_no_vig_odds prices has no bounds');
  return `${minItems} to ${maxItems}`;
}

const budget = (name: 'RATE_LIMIT_ADDRESS_PER_MINUTE' | 'RATE_LIMIT_TOKEN_PER_MINUTE' | 'RATE_LIMIT_USER_PER_MINUTE') =>
  `${defaultOf(name)} a minute (\`${name}\`)`;

/** The Limits table: each limit, its value and the check step or layer that enforces it. */
export function limitsTable(): string {
  const rows: [string, string, string][] = [
    ['Requests per client address', `${budget('RATE_LIMIT_ADDRESS_PER_MINUTE')}, every REST and MCP request, before the token`, 'step 2'],
    ['Tool calls per token', budget('RATE_LIMIT_TOKEN_PER_MINUTE'), 'step 7'],
    ['Tool calls per user, all tokens', budget('RATE_LIMIT_USER_PER_MINUTE'), 'step 7'],
    [
      'Body',
      `${REQUEST_BODY_MAX_BYTES / 1024} KB, counted as bytes arrive (a larger \`Content-Length\` is refused at once)`,
      'step 4, `lib/capped-body.ts`',
    ],
    ['MCP batch', `${SDK_BATCH_MAX_MESSAGES} messages per POST, 2025-era versions only; 2026-07-28 takes one message per request`, 'SDK'],
    ['`calc_no_vig_odds` `prices`', pricesRange(), 'arguments'],
    ['American odds', `whole numbers from ${MIN_AMERICAN_ODDS} to ${MAX_AMERICAN_ODDS}, never between -99 and +99`, 'arguments'],
    ["Lines (`log_bet`'s and `save_recommendation`'s `point`)", `from -${MAX_LINE} to ${MAX_LINE}`, 'arguments'],
    [
      'Date windows',
      `\`list_games\` at most ${MAX_SCHEDULE_DAYS} days, \`get_game_results\` at most ${MAX_RESULTS_DAYS}, else 422 \`limit\``,
      'arguments',
    ],
    [
      'Slow calls',
      `clients should allow one minute; provider calls stop after \`PROVIDER_TIMEOUT_SECONDS\` (at most ${maximumOf('PROVIDER_TIMEOUT_SECONDS')}), ` +
        `model calls after \`CLASSIFIER_TIMEOUT_SECONDS\` (at most ${maximumOf('CLASSIFIER_TIMEOUT_SECONDS')})`,
      '',
    ],
  ];
  return [
    '| Limit | Value | Where |',
    '|---|---|---|',
    ...rows.map(([limit, value, where]) => `| ${limit} | ${value} |${where ? ` ${where} ` : ' '}|`),
  ].join('\n');
}

/** The paragraph under the table: the bounds of an amount of money and of what a bet pays back. */
export const amountLimits = () =>
  `Amounts of money (\`log_bet\`'s \`stake\`, \`settle_bet\`'s \`payout\`, \`calc_ev\`'s \`stake\`, \`calc_kelly_stake\`'s
\`bankroll\`) are whole numbers of cents, at most ${MAX_AMOUNT_TEXT} (\`multipleOf: 0.01\` in the schemas): anything finer,
such as 0.004 or 10.005, is 400 \`invalid_input\` naming the argument, never rounded; a stake is at least ${ONE_CENT}. What
a logged bet pays back if it wins (stake × decimal odds) is bounded the same way (at +${MAX_AMERICAN_ODDS} a stake of at most
${largestStakeFor(MAX_AMERICAN_ODDS).toFixed(2)}). Amounts are stored as integer cents (\`lib/account/money.ts\`), so every amount, and any sum of two, fits
both databases.`;

/** The default page of each list (PAGE_SIZES), as the paging paragraph names them. */
export function pageSizesText(): string {
  const size = PAGE_SIZES;
  return `\`get_game_odds\` games (${size.oddsGames}; ${size.oddsGamesWithHistory} with \`history: true\`), value entries (${size.valueEntries}), arbitrages
(${size.arbitrages}, and the low-hold list's entries), middles (${size.middles}) or alternate lines (${size.alternateLines}), futures (${size.futures}), player
markets (${size.playerMarkets}), \`list_games\` and \`get_game_results\` games (${size.scheduleGames}), injuries (${size.injuries}), bets and picks (${size.ledgerRows}).
With \`detail: "full"\` the pages are smaller, so a page stays inside the same budget: \`get_game_odds\` ${size.oddsGamesFull}
games, \`get_player_props\` ${size.playerMarketsFull} player markets.`;
}
