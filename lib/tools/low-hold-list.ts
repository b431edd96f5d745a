import { z } from 'zod';
import { roundFraction, roundTo } from '@/lib/betting/odds';
import type { LowHold } from '@/lib/pricing/priced-market';
import { ARBITRAGE_LIST_NOTE, conciseArbitrage, LOW_HOLD_NOTE } from './concise-market';
import { expected, flag } from './inputs';

// The arbitrage and low-hold lists of get_game_odds and get_player_props (arbitrage: true, with maxHold): the
// arguments and their refusals, which markets join the low-hold list, in which order, and what each entry says
// beyond the market it is about. ./market-lists.ts builds and pages the lists.

/** The arguments both tools take, spelt and checked alike. */
export const arbitrageFlag = flag().optional();
export const maxHoldInput = z
  .number({ error: expected('must be a number: a hold as a fraction (0.02 = 2%)') })
  .min(0, 'must be 0 or more (below 0 is an arbitrage, which arbitrage: true lists anyway)')
  .max(1, 'must be 1 or less (a fraction, not a percentage: 0.02 = 2%)')
  .optional();

/** The refusal of maxHold without arbitrage: true. */
export const MAX_HOLD_ALONE = {
  path: 'maxHold',
  message: 'needs arbitrage: true: the low-hold markets are listed after the arbitrages, in their list',
};

/** Why an argument that answers otherwise is refused beside one of the lists (`list`: arbitrage or middles). */
export const listAlone = (list: string) => `cannot be given with ${list}: true, which answers with the ${list} list alone`;

type Priced = { arbitrage?: LowHold | null; lowHold?: LowHold | null };

/**
 * The markets of the low-hold list (maxHold): each market's arbitrage (a hold below 0, as the arbitrage list gives
 * it), else its lowest hold on one line (lib/betting/arbitrage.ts, sameLine) when at most maxHold.
 */
export function lowHoldMarkets<Market extends Priced>(markets: readonly Market[], maxHold: number) {
  return markets.flatMap((market) => {
    if (market.arbitrage) return [{ market, arbitrage: true, bestLine: market.arbitrage }];
    if (market.lowHold && roundTo(market.lowHold.impliedSum - 1, 6) <= maxHold)
      return [{ market, arbitrage: false, bestLine: market.lowHold }];
    return [];
  });
}

/** Where an entry ranks before its market's names: the arbitrages first, best worst-case return first, then lowest hold first. */
export const lowHoldRank = ({ arbitrage, bestLine }: { arbitrage: boolean; bestLine: LowHold }) =>
  arbitrage ? [0, -bestLine.returnFraction] : [1, bestLine.impliedSum];

/** What a low-hold entry says after its market: whether it is an arbitrage, its hold, and its legs and returns. */
export const lowHoldEntryFields = ({ arbitrage, bestLine }: { arbitrage: boolean; bestLine: LowHold }) => ({
  arbitrage,
  hold: roundFraction(bestLine.impliedSum - 1),
  ...conciseArbitrage(bestLine),
});

/** The notes a low-hold list says once: arbitrage's risks, and what a low-hold market is. */
export const lowHoldNotes = (found: readonly { arbitrage: boolean }[]) => ({
  ...(found.some((entry) => entry.arbitrage) ? { arbitrageNote: ARBITRAGE_LIST_NOTE } : {}),
  ...(found.some((entry) => !entry.arbitrage) ? { lowHoldNote: LOW_HOLD_NOTE } : {}),
});
