import { bindDb } from '@/lib/db/bind';
import type { Db } from '@/lib/db/client';
import type { Pricing } from '@/lib/pricing';
import { readBankroll } from './bankroll';
import { saveBankroll } from './bankroll-save';
import { bankrollHistory } from './bankroll-history';
import { listBetRecords, openExposure, recordBet, type BetListInput, type LogBetInput } from './bets';
import { listRecommendationRecords, recordRecommendation, type SavePickInput } from './picks';
import { recentPreferences, userPreferences, userTimeZone } from './preferences';
import { betsGradedOtherwise } from './regrades';
import { settleBetRecord } from './settle';

// The user's ledger bound to one database: bankroll, bets and picks. The tools, the console and the jev command read
// and write it only through these (the console and the jev command: a layer rule).

export interface LedgerDeps {
  /** Prices a bet when it is logged and at its game's close, and a pick when it is saved, reading the prices it prices (lib/pricing). */
  pricing: Pricing;
  /** How long recentPreferences reuses a user's preferences (ODDS_CACHE_SECONDS: as long as the odds answers). */
  preferencesKeptSeconds: number;
}

/**
 * What a tool may do with the ledger: read it, record bets and picks, settle bets. It cannot change the bankroll's
 * settings: their limits protect the user, so only the user changes them (the Bankroll page, `jev bankroll set`).
 * The root builds one per process, which owns the users' preferences kept for the odds answers.
 */
export function createLedger(db: Db, { pricing, preferencesKeptSeconds }: LedgerDeps) {
  return {
    ...bindDb(db, {
      readBankroll,
      bankrollHistory,
      userPreferences,
      userTimeZone,
      openExposure,
      betsGradedOtherwise,
      settleBetRecord,
      listRecommendationRecords,
    }),
    /** The user's preferences as read at most preferencesKeptSeconds ago: what the odds answers, kept as long, read. */
    recentPreferences: recentPreferences(db, preferencesKeptSeconds),
    recordBet: (input: LogBetInput) => recordBet(db, pricing, input),
    listBetRecords: (input: BetListInput) => listBetRecords(db, pricing, input),
    recordRecommendation: (input: SavePickInput) => recordRecommendation(db, pricing, input),
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** The ledger in the user's own hands (the console, the jev command): the tools' ledger and the bankroll's settings. */
export function createOwnerLedger(ledger: Ledger, db: Db) {
  return { ...ledger, ...bindDb(db, { saveBankroll }) };
}

export type OwnerLedger = ReturnType<typeof createOwnerLedger>;
