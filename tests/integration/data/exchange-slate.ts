import { expect } from 'vitest';
import { parseConfig } from '@/lib/config';
import { createEspn } from '@/lib/data/providers/espn';
import { createOddsApi } from '@/lib/data/providers/odds-api';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import { leagueDay } from '@/lib/data/sports';
import type { Db } from '@/lib/db/client';
import { createRoot } from '@/lib/root';
import { QUOTA, type FakeProviders } from './fake-providers';

// A slate with exchange and prediction-market prices for the loopback Odds API, and what pricing it must answer,
// worked out here by hand from the venues' published rates, not by the code under test.

const MIN = 60_000;

/**
 * KC–BUF moneylines: two sportsbooks, Betfair's UK exchange (5% of winnings, with its lay market, which The Odds API
 * sends with h2h unasked) and Kalshi (a fee of 0.07 × p × (1 − p) per contract bought at p).
 */
export const EXCHANGE_BOOKS: [string, number, number][] = [
  ['draftkings', -150, 130],
  ['fanduel', -155, 135],
  ['betfair_ex_uk', -138, 136],
  ['kalshi', -140, 140],
];

export function exchangeEvent(kickoff: Date, lastUpdate: string) {
  const [home, away] = ['Kansas City Chiefs', 'Buffalo Bills'];
  const market = (key: string, [kc, buf]: number[]) => ({
    key,
    last_update: lastUpdate,
    outcomes: [
      { name: home, price: kc },
      { name: away, price: buf },
    ],
  });
  return {
    id: 'exchanges',
    sport_key: 'americanfootball_nfl',
    sport_title: 'NFL',
    commence_time: kickoff.toISOString(),
    home_team: home,
    away_team: away,
    bookmakers: EXCHANGE_BOOKS.map(([key, kc, buf]) => ({
      key,
      title: key,
      last_update: lastUpdate,
      markets: [market('h2h', [kc, buf]), ...(key === 'betfair_ex_uk' ? [market('h2h_lay', [-134, 162])] : [])],
    })),
  };
}

/** Decimal odds of an American price. */
const decimal = (american: number) => (american > 0 ? 1 + american / 100 : 1 + 100 / -american);
/** What a bettor is paid per unit staked at each venue, by its published rate. */
const netDecimal: Record<string, (d: number) => number> = {
  draftkings: (d) => d,
  fanduel: (d) => d,
  betfair_ex_uk: (d) => 1 + (d - 1) * 0.95,
  kalshi: (d) => 1 / (1 / d + 0.07 * (1 / d) * (1 - 1 / d)),
};
const toAmerican = (d: number) => (d >= 2 ? (d - 1) * 100 : -100 / (d - 1));

/** The consensus by hand: each book's net prices de-vigged multiplicatively, averaged; KC first. */
export function expectedExchangeMarket() {
  const fairs = EXCHANGE_BOOKS.map(([book, kc, buf]) => {
    const [pKc, pBuf] = [1 / netDecimal[book]!(decimal(kc)), 1 / netDecimal[book]!(decimal(buf))];
    return [pKc / (pKc + pBuf), pBuf / (pKc + pBuf)];
  });
  const fair = [0, 1].map((index) => fairs.reduce((sum, pair) => sum + pair[index]!, 0) / fairs.length);
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  // KC: Betfair's -138 nets 1 + (100/138) × 0.95 = 1.688406 (-145.30), the best; Kalshi's -140 nets -150.22.
  // BUF: Kalshi's +140 is the best quote, but nets 1/(p + 0.07p(1 − p)) at p = 100/240: 2.305842 (+130.58), and
  // Betfair's +136 nets 1 + 1.36 × 0.95 = 2.292: FanDuel's +135 is the best price a bettor gets.
  const kcNet = netDecimal.betfair_ex_uk!(decimal(-138));
  expect(toAmerican(netDecimal.kalshi!(decimal(140)))).toBeCloseTo(130.58, 2);
  return {
    fairProbability: fair.map(round6),
    best: [
      {
        book: 'betfair_ex_uk',
        americanOdds: Math.round(toAmerican(kcNet)),
        beforeCommission: -138,
        expectedValue: round6(round6(fair[0]!) * kcNet - 1),
      },
      { book: 'fanduel', americanOdds: 135, beforeCommission: undefined, expectedValue: round6(round6(fair[1]!) * decimal(135) - 1) },
    ],
    // As quoted, Betfair's -138 and Kalshi's +140 imply 0.5798 + 0.4167 < 1, an arbitrage; net, 1/1.688406 + 1/2.35 > 1.
    arbitrage: null,
    // The best price against fairProbability as shown (6 decimals); the reference's against the consensus unrounded.
    // Draftkings, the reference, is a sportsbook: its own price stands.
    expectedValue: [round6(fair[0]! * decimal(-150) - 1), round6(fair[1]! * decimal(130) - 1)],
  };
}

/**
 * Betfair's exchange as the reference book: each outcome's price net of its 5% commission, the quote beside it,
 * the implied probability and expected value of the net price, KC first.
 */
export function expectedBetfairReference() {
  const { fairProbability } = expectedExchangeMarket();
  const fair = EXCHANGE_BOOKS.map(([book, kc, buf]) => {
    const [pKc, pBuf] = [1 / netDecimal[book]!(decimal(kc)), 1 / netDecimal[book]!(decimal(buf))];
    return [pKc / (pKc + pBuf), pBuf / (pKc + pBuf)];
  });
  const unrounded = [0, 1].map((index) => fair.reduce((sum, pair) => sum + pair[index]!, 0) / fair.length);
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  const [, kc, buf] = EXCHANGE_BOOKS.find(([book]) => book === 'betfair_ex_uk')!;
  const outcomes = [kc, buf].map((quoted, index) => {
    const net = netDecimal.betfair_ex_uk!(decimal(quoted));
    return {
      americanOdds: Math.round(toAmerican(net)),
      beforeCommission: quoted,
      impliedProbability: round6(1 / net),
      fairProbability: fairProbability[index]!,
      expectedValue: round6(unrounded[index]! * net - 1),
    };
  });
  // -138 nets 1.688406 (-145.26), +136 nets 2.292 (+129.2): what a bettor gets at Betfair, not what it quotes.
  expect(outcomes.map((outcome) => outcome.americanOdds)).toEqual([-145, 129]);
  return outcomes;
}

/** The loopback Odds API's slate, ingested with the regions that carry the exchanges. */
export async function ingestExchangeSlate(fake: FakeProviders, db: Db, now: number) {
  const kickoff = new Date(now + 30 * 60 * MIN);
  kickoff.setUTCMinutes(0, 0, 0);
  const updated = new Date(now - 5 * MIN).toISOString();
  fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ headers: QUOTA, body: [exchangeEvent(kickoff, updated)] }));
  const providers = {
    odds: createOddsApi({ apiKey: 'fake', baseUrl: fake.baseUrl, regions: 'us,uk,us_ex', timeoutMs: 2000 }),
    espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
    weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
    sample: undefined,
  };
  const { ingest } = createRoot({ config: parseConfig({}), db, providers });
  const ingested = await ingest({ sports: ['nfl'], only: 'odds', mode: 'manual', force: true, now: () => new Date(now) });
  expect(ingested.failures).toEqual([]);
  return `nfl-${leagueDay('nfl', kickoff)}-buf-kc`;
}
