import { roundTo } from '@/lib/betting';
import { fairLineField, type FairLine } from '@/lib/betting/fair-line';
import { VALUE_MIN_BOOKS } from '@/lib/betting/consensus';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { type PricedMarket, staleFromMs } from '@/lib/pricing/priced-market';
import { instant } from '@/lib/time';
import { matchup } from './game-fields';

// The value list of get_game_odds and get_player_props: the outcomes whose best price beats the no-vig consensus by
// at least what the caller asks.

export interface ValueScan {
  minExpectedValue: number;
  minBooks: number;
  /** The fair line's name when the call chose one (fairLine). */
  fairLine?: string;
}

/** Every outcome whose best price meets the scan, best first; stale best prices are left out and counted. */
export function valueList(
  games: { gameId: string; markets: ({ market: string; player?: string } & PricedMarket)[] }[],
  scan: ValueScan,
  now: Date,
  staleMinutes: number,
) {
  const value = [];
  let stale = 0;
  for (const game of games) {
    for (const market of game.markets) {
      if (market.consensusBooks < scan.minBooks) continue;
      for (const outcome of market.outcomes) {
        const best = outcome.best;
        if (!best || best.expectedValue === undefined || outcome.fairProbability === null || best.expectedValue < scan.minExpectedValue)
          continue;
        if (now.getTime() >= staleFromMs(new Date(best.updatedAt), staleMinutes)) {
          stale++;
          continue;
        }
        value.push({
          gameId: game.gameId,
          market: market.market,
          ...(market.player !== undefined ? { player: market.player } : {}),
          outcome: outcome.outcome,
          point: outcome.point,
          book: best.book,
          americanOdds: best.americanOdds,
          ...(best.beforeCommission !== undefined ? { beforeCommission: best.beforeCommission } : {}),
          fairProbability: outcome.fairProbability,
          expectedValue: best.expectedValue,
          consensusBooks: market.consensusBooks,
          updatedAgo: best.updatedAgo,
        });
      }
    }
  }
  value.sort((a, b) => b.expectedValue - a.expectedValue || a.gameId.localeCompare(b.gameId) || a.market.localeCompare(b.market));
  const valueNote =
    `${value.length} outcome${value.length === 1 ? '' : 's'} with a best-price expectedValue of at least ${asPercent(scan.minExpectedValue)} in markets ` +
    `with consensusBooks >= ${scan.minBooks}` +
    (stale > 0 ? `; ${stale} more left out because the best price is older than ${staleMinutes} minutes (stale).` : '.') +
    ` Expected value is against the ${scan.fairLine === undefined ? 'no-vig consensus' : `fair line ${scan.fairLine}`}, not a promised profit.`;
  return { value, valueNote };
}

export type ValueEntry = ReturnType<typeof valueList>['value'][number];

/**
 * A threshold as passed and as a percent, "0.02 (2%)": an agent that meant 2% and passed 2 reads "2 (200%)" back,
 * not an empty list that seems to say there is no value.
 */
function asPercent(fraction: number): string {
  return `${fraction} (${Number((fraction * 100).toPrecision(12))}%)`;
}

/** A value entry as a concise answer shows it: its game in short, its line only where it has one. */
export function conciseValue(game: GameRow, { gameId, point, expectedValue, ...entry }: ValueEntry, team?: string) {
  return {
    gameId,
    matchup: matchup(game),
    startsAt: instant(game.startsAt),
    market: entry.market,
    ...(entry.player !== undefined ? { player: entry.player, ...(team ? { team } : {}) } : {}),
    outcome: entry.outcome,
    ...(point !== null ? { point } : {}),
    book: entry.book,
    americanOdds: entry.americanOdds,
    ...(entry.beforeCommission !== undefined ? { beforeCommission: entry.beforeCommission } : {}),
    fairProbability: entry.fairProbability,
    expectedValue: roundTo(expectedValue, 4),
    consensusBooks: entry.consensusBooks,
    updatedAgo: entry.updatedAgo,
  };
}

/**
 * The order value lists are shown and paged in: best expectedValue first, then by game, market, player and outcome,
 * so every entry has one place.
 */
export const valueKey = (entry: ValueEntry) => [entry.expectedValue, entry.gameId, entry.market, entry.player ?? '', entry.outcome];
export const VALUE_ORDER = ['desc', 'asc', 'asc', 'asc', 'asc'] as const;

/** The value list's question, when minExpectedValue asks it: measured on the fair line asked for. */
export function valueScan(args: { minExpectedValue?: number; minBooks?: number; fairLine?: FairLine }): ValueScan | undefined {
  if (args.minExpectedValue === undefined) return undefined;
  return {
    minExpectedValue: args.minExpectedValue,
    minBooks: args.minBooks ?? VALUE_MIN_BOOKS,
    ...fairLineField(args.fairLine),
  };
}
