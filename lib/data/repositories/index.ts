import type { Db } from '@/lib/db/client';
import { bindDb } from '@/lib/db/bind';
import { freshFutures, futurePrices, type FuturesSource } from '../futures';
import type { FetchClaims } from '../ingest';
import type { InFlight } from '../on-request';
import type { Sport } from '../sports';
import type { PropsGame, PropsSource } from '../props';
import { forecast, injuries, injuryReportUpdatedAt } from './conditions';
import {
  alternatePrices,
  closingLines,
  closingQuotes,
  gameOfferings,
  gamePrices,
  gamesWith,
  historyVersion,
  marketQuotes,
  propPrices,
  recordedPrices,
  refreshAlternates,
  refreshProps,
} from './odds';
import { priceVersions } from './price-version';
import { finalsTally, findGames, gameSources, requireGameRow, storedSpan, teamFinals } from './schedule';
import { playerStatLines, playerTeams, resolvePlayer } from './stats';

// The stored sports data as the tools see it: one group of reads per area, bound to one database. The user's
// ledger (bankroll, bets, picks) is lib/account's, bound the same way in lib/account/ledger.ts. Of the stored
// prices the tools read only the closing lines team records are measured on (odds.closingLines); the prices that
// pricing prices (games', props', alternate lines', futures', and a bet's market now and at its close), with their
// versions and recorded changes, are priceReads, handed to the pricing service (lib/pricing) rather than to the
// tools or the ledger.

/** `claims`: how provider fetches are claimed, for props refreshed on demand (lib/data/fetch-claim.ts). */
export function createRepositories(db: Db, claims: FetchClaims) {
  // The props being refreshed now, so concurrent calls share one fetch: one set per set of repositories.
  const propsInFlight: InFlight = new Map();
  const alternatesInFlight: InFlight = new Map();
  const futuresInFlight: InFlight = new Map();
  return {
    schedule: bindDb(db, { findGames, requireGameRow, teamFinals, gameSources, storedSpan }),
    odds: {
      ...bindDb(db, { closingLines, gamesWith }),
      refreshProps: (source: PropsSource, game: PropsGame, now: Date) =>
        refreshProps(db, { inFlight: propsInFlight, claims }, source, game, now),
      refreshAlternates: (source: PropsSource, game: PropsGame, now: Date) =>
        refreshAlternates(db, { inFlight: alternatesInFlight, claims }, source, game, now),
      refreshFutures: (source: FuturesSource, sport: Sport, now: Date) =>
        freshFutures(db, { inFlight: futuresInFlight, claims }, sport, now, source),
    },
    stats: bindDb(db, { resolvePlayer, playerStatLines, playerTeams }),
    conditions: bindDb(db, { injuries, injuryReportUpdatedAt, forecast }),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * The stored prices (games', props', alternate lines', futures', a bet's market's current and closing), their versions
 * and their recorded changes, as the pricing service reads them, and the finals its middles' chances are counted from.
 */
export function priceReads(db: Db) {
  return bindDb(db, {
    priceVersions,
    gamePrices,
    propPrices,
    alternatePrices,
    futurePrices,
    marketQuotes,
    gameOfferings,
    closingQuotes,
    historyVersion,
    recordedPrices,
    finalsTally,
  });
}

export type PriceReads = ReturnType<typeof priceReads>;
