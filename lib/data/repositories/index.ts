import type { Db } from '@/lib/db/client';
import { bindDb } from '@/lib/db/bind';
import { forecast, hasInjuryReport, injuries } from './conditions';
import { closingLines, gamePrices, marketHistory, propPrices, refreshProps } from './odds';
import { pricedGames } from './priced-games';
import { findGames, gameSources, requireGameRow, teamFinals } from './schedule';
import { playerStatLines, resolvePlayer } from './stats';

// The stored sports data as the tools see it: one group of reads per area, bound to one database. The user's
// book (bankroll, bets, picks) is lib/account's, bound the same way in lib/account/book.ts.

export function createRepositories(db: Db) {
  return {
    schedule: bindDb(db, { findGames, requireGameRow, teamFinals, gameSources }),
    odds: bindDb(db, { gamePrices, pricedGames, propPrices, marketHistory, closingLines, refreshProps }),
    stats: bindDb(db, { resolvePlayer, playerStatLines }),
    conditions: bindDb(db, { injuries, hasInjuryReport, forecast }),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
