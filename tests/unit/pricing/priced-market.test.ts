import { describe, expect, it } from 'vitest';
import { ARBITRAGE_RISKS } from '@/lib/betting/arbitrage';
import { parseFairLine, type FairLine } from '@/lib/betting/fair-line';
import { DEFINITIONS } from '@/lib/contract-definitions';
import { priceMarket, type PriceRow } from '@/lib/pricing/priced-market';
import { conciseMarket, marketNotes } from '@/lib/tools/concise-market';
import { instant } from '@/lib/time';
import { movedSpread } from './moved-market';

const now = new Date('2026-11-21T18:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const row = (book: string, outcome: string, americanOdds: number, point: number | null = -3.5, age = 4): PriceRow => ({
  book,
  outcome,
  point: outcome === 'BUF' && point !== null ? -point : point,
  americanOdds,
  updatedAt: minutesAgo(age),
});
const options = { referenceBook: 'draftkings', now, staleMinutes: 60 };

describe('priceMarket', () => {
  it("looks for a middle only where asked (a game's spreads and totals), with its legs' ages and the key numbers inside", () => {
    // KC -2.5 at fanduel and BUF +3.5 at lowvig, both -110: a middle on KC by 3 (key number 3), a miss costing 4.5455%.
    const rows = [
      row('draftkings', 'KC', -110, -3),
      row('draftkings', 'BUF', -110, -3),
      row('fanduel', 'KC', -110, -2.5, 7),
      row('fanduel', 'BUF', -110, -2.5, 7),
      row('lowvig', 'KC', -110, -3.5, 2),
      row('lowvig', 'BUF', -110, -3.5, 2),
    ];
    expect(priceMarket(rows, options)).not.toHaveProperty('middle');
    expect(priceMarket(rows, { ...options, middles: { sport: 'nfl' } }).middle).toEqual({
      window: 'KC by 3',
      keyNumbers: [3],
      chance: null,
      finals: 0,
      impliedSum: 1.047619,
      worstReturnFraction: -0.045455,
      windowReturnFraction: 0.909091,
      legs: [
        { outcome: 'KC', point: -2.5, book: 'fanduel', americanOdds: -110, stakeShare: 0.5, updatedAgo: '7 minutes ago' },
        { outcome: 'BUF', point: 3.5, book: 'lowvig', americanOdds: -110, stakeShare: 0.5, updatedAgo: '2 minutes ago' },
      ],
      returns: [
        { result: "KC's margin 2 or less", returnFraction: -0.045455 },
        { result: 'KC by 3', returnFraction: 0.909091 },
        { result: 'KC by 4 or more', returnFraction: -0.045455 },
      ],
    });
    // h2h has no lines: no middle, but the field says none was found.
    const h2h = rows.map((quote) => ({ ...quote, point: null }));
    expect(priceMarket(h2h, { ...options, middles: { sport: 'nfl' } }).middle).toBeNull();
  });

  it("prices the reference book's outcomes with the consensus, the best price on the same line, and ages", () => {
    const market = priceMarket(
      [
        row('draftkings', 'KC', -110),
        row('draftkings', 'BUF', -110),
        row('fanduel', 'KC', -105),
        row('fanduel', 'BUF', -115),
        row('bovada', 'KC', 120, -4.5),
        row('bovada', 'BUF', -140, -4.5),
      ],
      options,
    );
    expect(market).toMatchObject({ consensusBooks: 2, books: 3 });
    expect(market.priceNote).toBeUndefined();
    expect(market.outcomes[0]).toMatchObject({
      outcome: 'KC',
      point: -3.5,
      americanOdds: -110,
      updatedAgo: '4 minutes ago',
      best: { book: 'fanduel', americanOdds: -105 },
    });
    expect(market.outcomes[0]!.impliedProbability).toBe(0.52381); // 110 / 210 to 6 places
  });

  it('says when the reference price is stale', () => {
    const market = priceMarket([row('draftkings', 'KC', -110, -3.5, 180), row('draftkings', 'BUF', -110, -3.5, 180)], options);
    expect(market.priceNote).toBe('Stale: draftkings last confirmed this price 3 hours ago; it may have moved.');
  });

  it('says when the reference book does not price the market, and still shows the best prices', () => {
    const market = priceMarket([row('fanduel', 'KC', -105), row('fanduel', 'BUF', -115), row('bovada', 'KC', -102)], options);
    expect(market.consensusBooks).toBe(0);
    expect(market.priceNote).toContain('draftkings (the reference book) does not price this market');
    expect(market.outcomes.map((o) => [o.outcome, o.americanOdds, o.best?.book])).toEqual([
      ['KC', null, 'bovada'],
      ['BUF', null, 'fanduel'],
    ]);
  });

  it('on a fair line whose method refuses the reference book’s market: no fair price, and the note says why', () => {
    const threeWay = (book: string, home: number, draw: number, away: number) =>
      [
        ['ARS', home],
        ['draw', draw],
        ['CHE', away],
      ].map(([outcome, odds]) => row(book, outcome as string, odds as number, null));
    const rows = [...threeWay('draftkings', -2000, 900, 10000), ...threeWay('fanduel', -400, 400, 900)];
    const additive = priceMarket(rows, { ...options, fairLine: parseFairLine('additive') as FairLine });
    expect(additive.consensusBooks).toBe(0);
    expect(additive.outcomes.every((o) => o.fairProbability === null && o.best?.expectedValue === undefined)).toBe(true);
    expect(additive.priceNote).toMatch(
      /^No fair price on this fair line at draftkings \(the reference book\): The additive method cannot price/,
    );
    expect(marketNotes([{ ...additive, arbitrage: undefined }])).toEqual({});
    // The default line prices the same market.
    expect(priceMarket(rows, options).consensusBooks).toBe(2);
  });
});

describe('priceMarket: value, arbitrage and movement', () => {
  it("gives the best price its expectedValue against the outcome's fair probability", () => {
    const market = priceMarket(
      [row('draftkings', 'KC', -110), row('draftkings', 'BUF', -110), row('fanduel', 'KC', 105), row('fanduel', 'BUF', -125)],
      options,
    );
    const fairKc = market.outcomes[0]!.fairProbability!;
    // draftkings 0.5/0.5; fanduel (100/205)/(100/205 + 125/225) → mean
    const fd = 100 / 205 / (100 / 205 + 125 / 225);
    expect(fairKc).toBe(Math.round(((0.5 + fd) / 2) * 1e6) / 1e6);
    expect(market.outcomes[0]!.best).toMatchObject({
      book: 'fanduel',
      americanOdds: 105,
      expectedValue: Math.round((fairKc * 2.05 - 1) * 1e6) / 1e6,
    });
    expect(market.arbitrage).toBeNull();
  });

  it('finds arbitrage across the best prices on the reference line, each leg with its line and age', () => {
    const market = priceMarket(
      [
        row('draftkings', 'KC', -110),
        row('draftkings', 'BUF', -110),
        row('fanduel', 'KC', 110, -3.5, 7),
        row('lowvig', 'BUF', 105, -3.5, 2),
        row('bovada', 'KC', 200, -6.5),
      ],
      options,
    );
    expect(market.arbitrage).toMatchObject({
      impliedSum: 0.963995,
      returnFraction: 0.037349,
      legs: [
        { outcome: 'KC', point: -3.5, book: 'fanduel', americanOdds: 110, stakeShare: 0.493976, updatedAgo: '7 minutes ago' },
        { outcome: 'BUF', point: 3.5, book: 'lowvig', americanOdds: 105, stakeShare: 0.506024, updatedAgo: '2 minutes ago' },
      ],
    });
    expect(market.arbitrage!.returns).toBeUndefined();
    expect(market.arbitrage!.note).toBe(`Never risk-free: ${ARBITRAGE_RISKS}.`);
  });

  it("brings every book's lines to the check: a quarter line off the reference line, with its return per result", () => {
    const goals = (book: string, outcome: string, americanOdds: number, point: number): PriceRow => ({
      book,
      outcome,
      point,
      americanOdds,
      updatedAt: minutesAgo(3),
    });
    const market = priceMarket(
      [
        goals('draftkings', 'over', -110, 2.5),
        goals('draftkings', 'under', -110, 2.5),
        goals('fanduel', 'over', 105, 2.25),
        goals('lowvig', 'under', 100, 2.25),
        goals('bovada', 'over', 110, 2.75),
      ],
      options,
    );
    // Over 2.25 at +105 and under 2.25 at +100 (worked out by hand in tests/unit/betting/arbitrage.test.ts): +1.2346%
    // on 1 goal or fewer and 3 or more, +0.6173% on exactly 2. The reference line 2.5 holds none (-110 both ways), and
    // over 2.75 at +110 with the under 2.25 loses on 2 or 3 goals.
    expect(market.arbitrage).toMatchObject({
      returnFraction: 0.006173,
      legs: [
        { outcome: 'over', point: 2.25, book: 'fanduel', americanOdds: 105 },
        { outcome: 'under', point: 2.25, book: 'lowvig', americanOdds: 100 },
      ],
      returns: [
        { result: 'total 1 or less', returnFraction: 0.012346 },
        { result: 'total 2', returnFraction: 0.006173 },
        { result: 'total 3 or more', returnFraction: 0.012346 },
      ],
    });
  });

  it("words a handicap's results by side, in order of the first side's margin: a win by so many, or the draw", () => {
    const side = (book: string, outcome: string, americanOdds: number, point: number): PriceRow => ({
      book,
      outcome,
      point,
      americanOdds,
      updatedAt: minutesAgo(3),
    });
    const market = priceMarket(
      [
        side('draftkings', 'ARS', -110, -0.25),
        side('draftkings', 'CHE', -110, 0.25),
        side('a', 'ARS', 110, -0.25),
        side('b', 'CHE', 110, 0.25),
      ],
      options,
    );
    expect(market.arbitrage!.returns).toEqual([
      { result: 'CHE by 1 or more', returnFraction: 0.05 },
      { result: 'draw', returnFraction: 0.025 },
      { result: 'ARS by 1 or more', returnFraction: 0.05 },
    ]);
  });

  it("warns of arbitrage's risks in the contract's words: the definition, the full answer's note and the concise answer's", () => {
    expect(DEFINITIONS.arbitrage!.replaceAll('\n', ' ')).toContain(`never risk-free: ${ARBITRAGE_RISKS}.`);
    expect(marketNotes([{ arbitrage: {}, consensusBooks: 3, outcomes: [] }]).arbitrageNote).toContain(
      `never risk-free: ${ARBITRAGE_RISKS};`,
    );
  });

  it('adds opening, fairProbabilityChange over 24 hours, steam and the series from the recorded changes', () => {
    const at = (minutesBefore: number) => now.getTime() - minutesBefore * 60_000;
    const { history, current } = movedSpread(now.getTime());
    const market = priceMarket(current, { ...options, history, series: true });
    expect(market.outcomes[0]!.opening).toEqual({ americanOdds: -105, point: -3.5, at: instant(at(2000)), ago: '1 day ago' });
    // 24 hours ago every book was at -105/-115: fair KC = (105/205)/(105/205 + 115/215).
    const then = 105 / 205 / (105 / 205 + 115 / 215);
    expect(market.outcomes[0]!.fairProbabilityChange).toBe(
      Math.round((market.outcomes[0]!.fairProbability! - Math.round(then * 1e6) / 1e6) * 1e6) / 1e6,
    );
    expect(market.steam).toEqual({
      outcome: 'KC',
      books: ['betmgm', 'draftkings', 'fanduel'],
      from: instant(at(20)),
      to: instant(at(10)),
      movedAgo: '10 minutes ago',
    });
    // The default answer names the books' count and the age of the last move in words that say what it is.
    expect(conciseMarket(market).steam).toEqual({ outcome: 'KC', books: 3, movedAgo: '10 minutes ago' });
    expect(market.history!.outcomes).toEqual(['KC', 'BUF']);
    expect(market.history!.series.map((p) => p.americanOdds)).toEqual([
      [-105, -115],
      [-110, -110],
      [-110, -110],
      [-110, -110],
    ]);
    expect(market.history!.series[0]!.fairProbability![0]).toBe(Math.round(then * 1e6) / 1e6);
  });

  it('reports steam only while its last move is no older than a stale price (before: a move 22 hours old read as steam, "22 hours ago")', () => {
    const { history, current } = movedSpread(now.getTime());
    // The last move was 10 minutes before now: steam until it is 60 minutes (staleMinutes) old, none after.
    const at = (minutesAfter: number, staleMinutes = 60) =>
      priceMarket(current, { ...options, staleMinutes, now: new Date(now.getTime() + minutesAfter * 60_000), history });
    expect(at(50).steam).toMatchObject({ outcome: 'KC', movedAgo: '1 hour ago' });
    expect(at(50 + 1 / 60_000).steam).toBeNull();
    expect(at(22 * 60).steam).toBeNull();
    expect(conciseMarket(at(22 * 60))).not.toHaveProperty('steam');
    // The threshold is the stale age's: at 5 minutes the same move is history already.
    expect(at(0, 5).steam).toBeNull();
    expect(at(0, 10).steam).toMatchObject({ movedAgo: '10 minutes ago' });
  });

  it('without history before the 24 hours, fairProbabilityChange and opening say so with null', () => {
    const market = priceMarket([row('draftkings', 'KC', -110), row('draftkings', 'BUF', -110)], { ...options, history: [] });
    expect(market.outcomes[0]).toMatchObject({ opening: null, fairProbabilityChange: null });
    expect(market.steam).toBeNull();
  });
});
