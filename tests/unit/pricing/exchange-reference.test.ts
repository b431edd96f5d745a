import { describe, expect, it } from 'vitest';
import type { RecordedPrice } from '@/lib/betting/movement';
import { priceMarket, type PriceRow } from '@/lib/pricing/priced-market';
import { conciseOutcome } from '@/lib/tools/concise-market';

// An exchange or prediction market as the reference book: every price of it an answer shows is the price a bettor
// gets there, net of its fee, as the best price is, with the price as quoted beside it (docs/contract.md, "Exchanges
// and prediction markets"). The net prices are worked out here by hand from the venues' published rates.

const now = new Date('2026-11-21T18:00:00Z');
const MIN = 60_000;
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MIN);

const QUOTES: [book: string, kc: number, buf: number][] = [
  ['draftkings', -150, 130],
  ['fanduel', -155, 135],
  ['betfair_ex_uk', -138, 136],
  ['kalshi', -140, 140],
];
const rows: PriceRow[] = QUOTES.flatMap(([book, kc, buf]) => [
  { book, outcome: 'KC', point: null, americanOdds: kc, updatedAt: at(5) },
  { book, outcome: 'BUF', point: null, americanOdds: buf, updatedAt: at(5) },
]);
/** Each venue opened at other prices an hour back, then moved to today's. */
const OPENING: Record<string, [number, number]> = {
  draftkings: [-140, 120],
  fanduel: [-145, 125],
  betfair_ex_uk: [-125, 128],
  kalshi: [-130, 132],
};
const history: RecordedPrice[] = [
  ...QUOTES.flatMap(([book]) => [
    { book, outcome: 'KC', point: null, americanOdds: OPENING[book]![0], at: at(60).getTime() },
    { book, outcome: 'BUF', point: null, americanOdds: OPENING[book]![1], at: at(60).getTime() },
  ]),
  ...rows.map((row) => ({ book: row.book, outcome: row.outcome, point: null, americanOdds: row.americanOdds, at: at(5).getTime() })),
];

const decimal = (american: number) => (american > 0 ? 1 + american / 100 : 1 + 100 / -american);
const toAmerican = (d: number) => (d >= 2 ? (d - 1) * 100 : -100 / (d - 1));
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
/** Betfair keeps 5% of the winnings; Kalshi charges 0.07 × p × (1 − p) on a contract bought at p. */
const NET: Record<string, (d: number) => number> = {
  draftkings: (d) => d,
  fanduel: (d) => d,
  betfair_ex_uk: (d) => 1 + (d - 1) * 0.95,
  kalshi: (d) => 1 / (1 / d + 0.07 * (1 / d) * (1 - 1 / d)),
};
/** The consensus by hand: each book's net prices de-vigged multiplicatively, averaged; KC first. */
const fair = [0, 1].map(
  (side) =>
    QUOTES.map(([book, kc, buf]) => {
      const [pKc, pBuf] = [1 / NET[book]!(decimal(kc)), 1 / NET[book]!(decimal(buf))];
      return [pKc / (pKc + pBuf), pBuf / (pKc + pBuf)][side]!;
    }).reduce((a, b) => a + b, 0) / QUOTES.length,
);

const price = (referenceBook: string) =>
  priceMarket(rows, { referenceBook, now, staleMinutes: 60, history, series: true }).outcomes.map((outcome) => ({
    americanOdds: outcome.americanOdds,
    beforeCommission: outcome.beforeCommission,
    impliedProbability: outcome.impliedProbability,
    expectedValue: outcome.expectedValue,
    opening: outcome.opening && { americanOdds: outcome.opening.americanOdds, beforeCommission: outcome.opening.beforeCommission },
  }));

/** What the reference outcome must say at `book`: its net price, its quote beside it, both numbers of the net price. */
function byHand(book: string) {
  const [, kc, buf] = QUOTES.find(([name]) => name === book)!;
  return [kc, buf].map((quoted, side) => {
    const net = NET[book]!(decimal(quoted));
    const opened = OPENING[book]![side]!;
    return {
      americanOdds: Math.round(toAmerican(net)),
      beforeCommission: quoted,
      impliedProbability: round6(1 / net),
      // Against the fair probability as the answer shows it (six places), as every expected value is.
      expectedValue: round6(round6(fair[side]!) * net - 1),
      opening: { americanOdds: Math.round(toAmerican(NET[book]!(decimal(opened)))), beforeCommission: opened },
    };
  });
}

describe('an exchange as the reference book', () => {
  it('Betfair: each outcome shows its price net of the 5% commission, the quote in beforeCommission', () => {
    const expected = byHand('betfair_ex_uk');
    // KC's -138 nets 1 + (100/138) × 0.95 = 1.688406, -145; BUF's +136 nets 2.292, +129.
    expect(expected.map((outcome) => outcome.americanOdds)).toEqual([-145, 129]);
    expect(price('betfair_ex_uk')).toEqual(expected);
  });

  it('Kalshi: each outcome shows its price net of the per-contract fee', () => {
    const expected = byHand('kalshi');
    // KC's -140 is a contract at 0.5833: with the fee 0.6003, -150; BUF's +140 at 0.4167: 0.4337, +131.
    expect(expected.map((outcome) => outcome.americanOdds)).toEqual([-150, 131]);
    expect(price('kalshi')).toEqual(expected);
  });

  it('the history series shows the net prices, as the price now', () => {
    const market = priceMarket(rows, { referenceBook: 'betfair_ex_uk', now, staleMinutes: 60, history, series: true });
    const net = (quoted: number) => Math.round(toAmerican(NET.betfair_ex_uk!(decimal(quoted))));
    expect(market.history!.series.map((point) => point.americanOdds)).toEqual([
      [net(-125), net(128)],
      [net(-138), net(136)],
    ]);
    expect(market.history!.series.at(-1)!.americanOdds).toEqual(market.outcomes.map((outcome) => outcome.americanOdds));
  });

  it('the default answer gives the net price and the quote beside it', () => {
    const market = priceMarket(rows, { referenceBook: 'betfair_ex_uk', now, staleMinutes: 60 });
    expect(market.outcomes.map(conciseOutcome).map(({ americanOdds, beforeCommission }) => ({ americanOdds, beforeCommission }))).toEqual([
      { americanOdds: -145, beforeCommission: -138 },
      { americanOdds: 129, beforeCommission: 136 },
    ]);
  });

  it('a sportsbook as the reference book keeps its price as quoted, with no beforeCommission', () => {
    const [kc, buf] = price('draftkings');
    expect([kc, buf]).toEqual([
      {
        americanOdds: -150,
        beforeCommission: undefined,
        impliedProbability: round6(1 / decimal(-150)),
        expectedValue: round6(fair[0]! * decimal(-150) - 1),
        opening: { americanOdds: -140, beforeCommission: undefined },
      },
      {
        americanOdds: 130,
        beforeCommission: undefined,
        impliedProbability: round6(1 / decimal(130)),
        expectedValue: round6(fair[1]! * decimal(130) - 1),
        opening: { americanOdds: 120, beforeCommission: undefined },
      },
    ]);
    const full = priceMarket(rows, { referenceBook: 'draftkings', now, staleMinutes: 60, history });
    expect(full.outcomes.every((outcome) => !('beforeCommission' in outcome) && !('beforeCommission' in outcome.opening!))).toBe(true);
  });
});
