import type { Db } from '@/lib/db/client';
import { bindDb } from '@/lib/db/bind';
import type { SteamMemo } from '../market-core';
import { presentMarket, priceMarket, type PresentationMemo, type PricingOptions } from '../pricing';
import type { FetchClaims } from '../ingest';
import type { PropsInFlight } from '../props';
import { forecast, injuries, injuryReportUpdatedAt } from './conditions';
import { closingLines, gamePrices, gamesWithProps, marketHistory, propPrices, refreshProps, type HistoryMemo } from './odds';
import { pricedGames, type SnapshotMemo } from './priced-games';
import { findGames, gameSources, requireGameRow, teamFinals } from './schedule';
import { playerStatLines, playerTeams, resolvePlayer } from './stats';

// The stored sports data as the tools see it: one group of reads per area, bound to one database. The user's
// book (bankroll, bets, picks) is lib/account's, bound the same way in lib/account/book.ts.

/**
 * What the odds reads remember between calls: the set of repositories owns it, so a process that builds one set
 * (the composition root, lib/root) has one memory, and a test that builds its own starts empty. Each part only
 * saves work: a memo gives the answer reading afresh would give (see each type's module).
 */
interface OddsMemory {
  histories: HistoryMemo;
  snapshots: SnapshotMemo;
  steam: SteamMemo;
  presentations: PresentationMemo;
  propsInFlight: PropsInFlight;
}

function createOddsMemory(): OddsMemory {
  return { histories: new Map(), snapshots: new Map(), steam: new WeakMap(), presentations: new WeakMap(), propsInFlight: new Map() };
}

/** `claims`: how provider fetches are claimed, for props refreshed on demand (lib/data/ingest/fetch-claim.ts). */
export function createRepositories(db: Db, claims: FetchClaims) {
  const memory = createOddsMemory();
  return {
    schedule: bindDb(db, { findGames, requireGameRow, teamFinals, gameSources }),
    odds: {
      ...bindDb(db, { gamePrices, propPrices, closingLines, gamesWithProps }),
      pricedGames: (...args: Tail<typeof pricedGames>) => pricedGames(db, memory, ...args),
      marketHistory: (...args: Tail<typeof marketHistory>) => marketHistory(db, memory.histories, ...args),
      refreshProps: (...args: Tail<typeof refreshProps>) => refreshProps(db, { inFlight: memory.propsInFlight, claims }, ...args),
      /** A kept core as the tools answer it now (lib/data/pricing.ts presentMarket). */
      present: (core: Parameters<typeof presentMarket>[0], now: Date, staleMinutes: number) =>
        presentMarket(core, now, staleMinutes, memory.presentations),
      /** One market priced for this call alone, its steam worked out once per history list. */
      price: (rows: Parameters<typeof priceMarket>[0], options: PricingOptions) => priceMarket(rows, { ...options, steam: memory.steam }),
    },
    stats: bindDb(db, { resolvePlayer, playerStatLines, playerTeams }),
    conditions: bindDb(db, { injuries, injuryReportUpdatedAt, forecast }),
  };
}

/** A repository function's arguments after the database and its memo. */
type Tail<Fn> = Fn extends (db: Db, memo: never, ...rest: infer Rest) => unknown ? Rest : never;

export type Repositories = ReturnType<typeof createRepositories>;
