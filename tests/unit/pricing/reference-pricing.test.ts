import { describe, expect, it } from 'vitest';
import type { PriceRow } from '@/lib/pricing/core-types';
import { inOutcomeOrder, marketCore } from '@/lib/pricing/reference-pricing';
import { presentMarket, priceMarket, type PresentationMemo } from '@/lib/pricing/priced-market';
import { movedSpread } from './moved-market';

// A market core is kept while its prices are unchanged and presented at every call's time: presented at any
// time, it must say exactly what pricing the market from scratch at that time says.

const now = new Date('2026-11-21T18:00:00Z').getTime();
const MIN = 60_000;
const { history, current } = movedSpread(now);
/** One memo for the file, as one set of repositories keeps one. */
const presentations: PresentationMemo = new WeakMap();

describe('marketCore and presentMarket', () => {
  it('one core presented at later and earlier times says what pricing afresh at each time says', () => {
    const core = marketCore(current, { referenceBook: 'draftkings', history, series: true });
    const day = 24 * 60 * MIN;
    // The 24-hour window's start crosses the recorded changes one by one, then comes back.
    const times = [0, day - 30 * MIN, day - 19 * MIN, day - 12 * MIN, day - 19 * MIN, day + 5 * MIN, 0, 3 * day];
    const changes = new Set<number | null | undefined>();
    for (const offset of times) {
      const at = new Date(now + offset);
      const options = { referenceBook: 'draftkings', now: at, staleMinutes: 60, history, series: true };
      const presented = presentMarket(core, at, 60, presentations);
      expect(presented).toEqual(priceMarket(current, options));
      changes.add(presented.outcomes[0]!.fairProbabilityChange);
    }
    expect(changes.size).toBeGreaterThan(2);
  });
});

describe('presentMarket reuses a presentation only while it reads the same', () => {
  const options = { referenceBook: 'draftkings', history, series: true };

  it('matches pricing afresh at every minute edge and half-second rounding edge for 26 hours', () => {
    const core = marketCore(current, options);
    const reused = new Set<unknown>();
    let calls = 0;
    for (let minute = 0; minute <= 26 * 60; minute++) {
      for (const offset of [-501, -500, -499, -1, 0, 1]) {
        const at = new Date(now + minute * MIN + offset);
        const presented = presentMarket(core, at, 60, presentations);
        expect(presented).toEqual(priceMarket(current, { ...options, now: at, staleMinutes: 60 }));
        reused.add(presented);
        calls++;
      }
    }
    // Most calls got a presentation made earlier (ages move in minutes, then hours).
    expect(reused.size).toBeLessThan(calls / 4);
  });

  it('hands out no kept steam once it has aged past the stale threshold (before: the kept answer still showed it)', () => {
    const core = marketCore(current, options);
    // The last move was 10 minutes before now: 50 minutes later it is exactly 60 minutes old, still steam; a
    // millisecond later it is not, though every age reads the same ("1 hour ago").
    const lastMinute = presentMarket(core, new Date(now + 50 * MIN), 60, presentations);
    expect(lastMinute.steam).toMatchObject({ movedAgo: '1 hour ago' });
    const after = new Date(now + 50 * MIN + 1);
    expect(presentMarket(core, after, 60, presentations).steam).toBeNull();
    expect(presentMarket(core, after, 60, presentations)).toEqual(priceMarket(current, { ...options, now: after, staleMinutes: 60 }));
  });

  it('hands out the same frozen answer within a step and a new one after it', () => {
    const core = marketCore(current, options);
    const first = presentMarket(core, new Date(now + 1_000), 60, presentations);
    expect(presentMarket(core, new Date(now + 20_000), 60, presentations)).toBe(first);
    expect(Object.isFrozen(first.outcomes[0]!.best)).toBe(true);
    expect(() => {
      (first.outcomes as unknown as unknown[]).push(null);
    }).toThrow(TypeError);
    // Draftkings' prices are 20 minutes old: "20 minutes ago" becomes "21 minutes ago" at 59.5 s past the minute.
    expect(presentMarket(core, new Date(now + 59_499), 60, presentations)).toBe(first);
    expect(presentMarket(core, new Date(now + 59_500), 60, presentations)).not.toBe(first);
    // Another stale threshold is another answer.
    expect(presentMarket(core, new Date(now + 59_600), 5, presentations)).toEqual(
      priceMarket(current, { ...options, now: new Date(now + 59_600), staleMinutes: 5 }),
    );
  });
});

describe('the numbers a priced market carries', () => {
  it('gives each probability to 6 places, as the consensus gives the fair one', () => {
    const priced = priceMarket(current, { referenceBook: 'draftkings', now: new Date(now), staleMinutes: 60 });
    const sixPlaces = (value: number) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6;
    for (const outcome of priced.outcomes) {
      expect(outcome.impliedProbability).not.toBeNull();
      expect(sixPlaces(outcome.impliedProbability!), `${outcome.impliedProbability}`).toBe(true);
      expect(sixPlaces(outcome.fairProbability!), `${outcome.fairProbability}`).toBe(true);
    }
  });
});

describe('a market is priced the same whatever order its rows are read in', () => {
  // The databases hand rows out in their own order (SQLite by its index, PostgreSQL as the heap lies), and a tie at
  // the best price named whichever book came first: one call said fanduel, the next betmgm, with nothing changed.
  const game = { homeTeam: { abbreviation: 'KC' }, awayTeam: { abbreviation: 'BUF' } };
  const at = new Date(now - 30 * MIN);
  const row = (book: string, outcome: string, point: number, americanOdds: number): PriceRow => ({
    book,
    outcome,
    point,
    americanOdds,
    updatedAt: at,
  });
  /** KC -105 at fanduel and betmgm (a tie between two other books), BUF -110 at draftkings (the reference) and caesars. */
  const rows = [
    row('draftkings', 'KC', -3.5, -110),
    row('draftkings', 'BUF', 3.5, -110),
    row('fanduel', 'KC', -3.5, -105),
    row('fanduel', 'BUF', 3.5, -115),
    row('betmgm', 'KC', -3.5, -105),
    row('caesars', 'BUF', 3.5, -110),
    row('caesars', 'KC', -3.5, -112),
  ];
  const permutations = <T>(items: readonly T[]): T[][] =>
    items.length <= 1
      ? [[...items]]
      : items.flatMap((item, index) => permutations(items.filter((_, other) => other !== index)).map((rest) => [item, ...rest]));

  it('names the same book, consensus and arbitrage for every one of the 5,040 orders', () => {
    const options = { referenceBook: 'draftkings', now: new Date(now), staleMinutes: 60, middles: { sport: 'nfl' } };
    const answers = new Set(permutations(rows).map((order) => JSON.stringify(priceMarket(inOutcomeOrder(game, order), options))));
    expect(answers.size).toBe(1);
    const priced = priceMarket(inOutcomeOrder(game, [...rows]), options);
    // A tie between two other books names the first by key; a tie with the reference book names the reference book.
    expect(priced.outcomes.map((outcome) => [outcome.outcome, outcome.best?.book])).toEqual([
      ['KC', 'betmgm'],
      ['BUF', 'draftkings'],
    ]);
  });
});
