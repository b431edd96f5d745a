import { bindDb } from '@/lib/db/bind';
import type { Db } from '@/lib/db/client';
import { readBankroll } from './bankroll';
import { bankrollHistory } from './bankroll-history';
import { listBetRecords, openExposure, recordBet } from './bets';
import { listRecommendationRecords, recordRecommendation } from './picks';
import { userPreferences, userTimeZone } from './preferences';
import { propsGradedOtherwise, settleBetRecord } from './settle';

// The user's ledger as the tools and the console's pages see it: bankroll, bets and picks, bound to one database.

export function createLedger(db: Db) {
  return bindDb(db, {
    readBankroll,
    bankrollHistory,
    userPreferences,
    userTimeZone,
    openExposure,
    propsGradedOtherwise,
    recordBet,
    settleBetRecord,
    listBetRecords,
    recordRecommendation,
    listRecommendationRecords,
  });
}

export type Ledger = ReturnType<typeof createLedger>;
