/**
 * What an exchange or prediction market takes from a winning bet, and the price that leaves (docs/contract.md,
 * "Exchanges and prediction markets"). The Odds API lists them as books like any other: the betting exchanges
 * in regions uk, eu and au, the US exchanges and prediction markets in region us_ex
 * (https://the-odds-api.com/sports-odds-data/bookmaker-apis.html). Their `h2h`, `spreads` and `totals` prices
 * are back prices, the price a bettor takes; lay prices come as the separate markets `h2h_lay` and
 * `outrights_lay` (https://the-odds-api.com/liveapi/guides/v4/, "markets"), which JEV does not store. A back
 * price is quoted before the venue's fee, so two venues' prices compare only once it is taken off: pricing
 * nets every quote here (lib/pricing/reference-pricing.ts, across-books.ts, line-history.ts) and keeps the stored price as quoted.
 *
 * Two fee models, the rates as the venues published them for a standard account (late 2026):
 * - `winnings`: a share of the net winnings on the market, nothing on a loss. Decimal odds d net to
 *   1 + (d − 1)(1 − rate).
 * - `contract`: a fee of rate × p × (1 − p) on each contract that pays 1, bought at p = 1/d (the quoted price is
 *   the contract price). Net decimal odds 1 / (p + rate × p × (1 − p)). Per contract, unrounded: Kalshi rounds
 *   an order's fee up to the cent, which weighs on small orders only.
 * BetOpenly (us_ex) publishes no fee schedule we could find; its prices are used as quoted, like a sportsbook's.
 */
import { americanToDecimal, decimalToAmerican, roundAmerican } from './odds';

export type FeeModel = 'winnings' | 'contract';

export interface ExchangeFee {
  model: FeeModel;
  rate: number;
  /** Where the rate is published. */
  source: string;
}

const BETFAIR: ExchangeFee = {
  model: 'winnings',
  rate: 0.05,
  // Market Base Rate, sport; reward packages and points discounts change it per customer.
  source: 'https://support.betfair.com/app/answers/detail/a_id/413 ; https://www.betfair.com.au/hub/help/commissions-charges/',
};

/** By The Odds API bookmaker key. */
export const EXCHANGE_FEES: Readonly<Record<string, ExchangeFee>> = {
  betfair_ex_uk: BETFAIR,
  betfair_ex_eu: BETFAIR,
  // 5% on sport markets except the NRL's 10%.
  betfair_ex_au: BETFAIR,
  // Winnings only since November 2019, 2% to 4% by country of residence; 2% is the standard rate.
  matchbook: { model: 'winnings', rate: 0.02, source: 'https://tradematesports.com/blog/matchbook-commissions-explained' },
  smarkets: { model: 'winnings', rate: 0.02, source: 'https://help.smarkets.com/hc/en-gb/articles/212655265-How-is-commission-calculated' },
  // Straight bets (parlays 0%, VIP 1.5%): Trading Fees v1.0, 10 June 2026.
  prophetx: { model: 'winnings', rate: 0.02, source: 'https://oddsassist.com/prediction-markets/prophetx-fees/' },
  // Taker rate; fee = round up(0.07 × contracts × P × (1 − P)) to the cent.
  kalshi: {
    model: 'contract',
    rate: 0.07,
    source: 'https://kalshi.com/fee-schedule ; https://docs.kalshi.com/getting_started/fee_rounding',
  },
  // Polymarket US, the venue open to US bettors, taker rate from 2026-07-01 (the global exchange's sports rate is 0.03).
  polymarket: { model: 'contract', rate: 0.06, source: 'https://docs.polymarket.us/fees' },
  // Taker rate since Novig became a designated contract market (2026-08-04); makers pay nothing.
  novig: { model: 'contract', rate: 0.03, source: 'https://oddsassist.com/prediction-markets/novig-fees' },
};

/** Decimal odds after the venue's fee; a book without one keeps its price. */
export function netDecimal(book: string, decimal: number): number {
  const fee = EXCHANGE_FEES[book];
  if (!fee) return decimal;
  if (fee.model === 'winnings') return 1 + (decimal - 1) * (1 - fee.rate);
  const price = 1 / decimal;
  return 1 / (price + fee.rate * price * (1 - price));
}

/** An American price after the venue's fee, unrounded; a book without one keeps its price. */
export function netAmerican(book: string, american: number): number {
  return EXCHANGE_FEES[book] ? decimalToAmerican(netDecimal(book, americanToDecimal(american))) : american;
}

/** A book's price as a bettor gets it: net of an exchange's fee (`net` unrounded, `americanOdds` whole). */
export interface NetPrice {
  /** Unrounded, what expected values and implied probabilities are worked out from. */
  net: number;
  /** Rounded to a whole price, as answers show it. */
  americanOdds: number;
  /** The price as quoted, before the fee; absent when the book takes none (a sportsbook's price is what it quotes). */
  beforeCommission?: number;
}

/**
 * Every price of a book that answers show, netted once here: the best price, the reference book's price, its
 * opening price and history series (lib/pricing/reference-pricing.ts, line-history.ts).
 */
export function netPrice(book: string, american: number): NetPrice {
  const net = netAmerican(book, american);
  if (net === american) return { net, americanOdds: american };
  return { net, americanOdds: roundAmerican(net), beforeCommission: american };
}
