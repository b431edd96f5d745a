import { bindDb } from '@/lib/db/bind';
import type { Db } from '@/lib/db/client';
import { getBankroll, userPreferences } from './bankroll';
import { listBets, logBet, openExposure } from './bets';
import { propsGradedOtherwise, settleBet } from './settle';
import { listRecommendations, saveRecommendation } from './picks';

// The user's ledger as the tools see it: bankroll, bets and picks, bound to one database.

export function createLedger(db: Db) {
  return bindDb(db, {
    getBankroll,
    userPreferences,
    openExposure,
    propsGradedOtherwise,
    logBet,
    settleBet,
    listBets,
    saveRecommendation,
    listRecommendations,
  });
}

export type Ledger = ReturnType<typeof createLedger>;
