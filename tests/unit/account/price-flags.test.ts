import { describe, expect, it } from 'vitest';
import { PRICE_FLAGS } from '@/lib/account/bet-states';
import {
  betterThanBooksWarning,
  inPlayWarning,
  priceWarningsOf,
  quotedPriceWarning,
  unpricedBookWarning,
  unpricedPickWarning,
} from '@/lib/account/markets';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { HELPLINE } from '@/lib/responsible-gambling';

// list_bets flags a bet with what log_bet warned of its price, read back from the warnings stored with the bet: each
// price warning as its own flag, the stake's warnings (limits, balance, the helpline) as none
// (tests/integration/ledger.test.ts plays it over HTTP).

const at = new Date('2026-11-24T12:00:00Z');
const dal = { market: 'h2h', selection: 'DAL', point: null, player: null };
const quote = (book: string, americanOdds: number) => ({ book, outcome: 'DAL', point: null, americanOdds, updatedAt: at });
const game = { id: 'nfl-next', startsAt: at } as GameRow;

/** One warning of each kind, as log_bet builds it, by the flag it is read back as. */
const WARNINGS = {
  in_play: inPlayWarning(game, { timeZone: 'UTC', americanOdds: 130, pricedOnlyBefore: true }),
  unpriced_pick: unpricedPickWarning([], { market: 'totals', selection: 'over', point: 47.5, player: null }),
  unpriced_book: unpricedBookWarning([quote('draftkings', 130)], dal, 'fanduel', { book: 'draftkings', probability: 0.4 }),
  unpriced_book_unnamed: unpricedBookWarning(
    [quote('fanduel', 130)],
    dal,
    'draftkings',
    { book: 'draftkings', probability: null },
    { named: false },
  ),
  before_fee: quotedPriceWarning([quote('betfair_ex_uk', 150)], dal, 'betfair_ex_uk', 150),
  above_books: betterThanBooksWarning([quote('draftkings', 130)], dal, 150),
};

/** The stake's warnings log_bet stores beside them (lib/account/bets.ts), which say nothing of the price. */
const STAKE_WARNINGS = [
  'The stake 60 is over the max stake (50).',
  'The stake 60 is over the room left under the daily loss limit (40).',
  `The stake 60 is more than the balance (30): if it loses, the balance goes to -30. If the balance is out of date, the user sets it on the Bankroll page. Problem gambling help: ${HELPLINE}.`,
];

describe('priceWarningsOf', () => {
  it('reads each price warning back as its flag, in the order given', () => {
    for (const warning of Object.values(WARNINGS)) expect(warning).toEqual(expect.any(String));
    const { unpriced_book_unnamed: unnamed, ...one } = WARNINGS;
    expect(Object.keys(one)).toEqual([...PRICE_FLAGS]);
    expect(priceWarningsOf(Object.values(one) as string[])).toEqual(PRICE_FLAGS.map((flag) => ({ flag, warning: one[flag] })));
    expect(priceWarningsOf([unnamed!])).toEqual([{ flag: 'unpriced_book', warning: unnamed }]);
  });

  it("leaves out the stake's warnings, beside price warnings or alone", () => {
    expect(priceWarningsOf(STAKE_WARNINGS)).toEqual([]);
    expect(priceWarningsOf([...STAKE_WARNINGS, WARNINGS.above_books!])).toEqual([{ flag: 'above_books', warning: WARNINGS.above_books }]);
    expect(priceWarningsOf([])).toEqual([]);
  });
});
