import { describe, expect, it } from 'vitest';
import { impliedProbability } from '@/lib/betting/odds';
import { outrightPrices } from '@/lib/data/futures';
import { SAMPLE_BOOKS, SAMPLE_SPORTS } from '@/lib/data/sample';
import { sampleFuturesAt } from '@/lib/data/sample/futures';
import { catalogueTeams } from '@/lib/data/teams';

// The sample's futures (realistic, deterministic, moving) and The Odds API's outright answers in our terms.

const DATE = '2026-11-25';
const AT = new Date(`${DATE}T15:00:00Z`);

describe('sample futures', () => {
  const rows = sampleFuturesAt(DATE, AT);

  it('price every sample league at every book: a favourite about +300 to +500, long shots to +10000 and beyond, 20% to 40% over', () => {
    for (const sport of SAMPLE_SPORTS) {
      const teams = catalogueTeams(sport).length;
      for (const [book] of SAMPLE_BOOKS) {
        const board = rows.filter((row) => row.sport === sport && row.book === book).sort((a, b) => a.americanOdds - b.americanOdds);
        // One book leaves each league's two longest shots off its board.
        expect(board.length, `${sport} ${book}`).toBe(book === 'espnbet' ? teams - 2 : teams);
        expect(board.every((row) => row.market === 'champion')).toBe(true);
        expect(board[0]!.americanOdds, `${sport} ${book} favourite`).toBeGreaterThanOrEqual(200);
        expect(board[0]!.americanOdds, `${sport} ${book} favourite`).toBeLessThanOrEqual(600);
        const overround = board.reduce((sum, row) => sum + impliedProbability(row.americanOdds), 0) - 1;
        // espnbet's short board carries less; rounding moves the rest a point or two.
        expect(overround, `${sport} ${book}`).toBeGreaterThanOrEqual(book === 'espnbet' ? 0.15 : 0.18);
        expect(overround, `${sport} ${book}`).toBeLessThanOrEqual(0.43);
      }
      expect(Math.max(...rows.filter((row) => row.sport === sport).map((row) => row.americanOdds))).toBeGreaterThanOrEqual(5000);
    }
    expect(Math.max(...rows.map((row) => row.americanOdds))).toBeGreaterThanOrEqual(10_000);
  });

  it('are the same for the same moment, and move a little as books re-price every six hours', () => {
    expect(sampleFuturesAt(DATE, AT)).toEqual(rows);
    expect(sampleFuturesAt(DATE, AT, 'nba')).toEqual(rows.filter((row) => row.sport === 'nba'));
    const later = sampleFuturesAt(DATE, new Date(AT.getTime() + 6 * 3_600_000));
    const moved = later.filter((row, index) => row.americanOdds !== rows[index]!.americanOdds);
    expect(moved.length).toBeGreaterThan(0);
    // Gradually: a contender's price moves by a step or two of the books' ladder, not to a fresh opinion (a long
    // shot's steps are wide: +20000 to +25000).
    const implied = (odds: number) => (odds > 0 ? 100 / (odds + 100) : -odds / (100 - odds));
    for (const row of moved) {
      const before = implied(rows[later.indexOf(row)]!.americanOdds);
      if (before >= 0.05) expect(Math.abs(implied(row.americanOdds) - before) / before, `${row.book} ${row.outcome}`).toBeLessThan(0.2);
    }
    // And a later slate's date re-draws nothing: the same moment, the same prices.
    expect(sampleFuturesAt('2026-12-02', AT)).toEqual(rows);
    expect(later.every((row) => row.updatedAt <= new Date(AT.getTime() + 6 * 3_600_000))).toBe(true);
    expect(later.every((row, index) => row.updatedAt > rows[index]!.updatedAt)).toBe(true);
  });
});

describe('outright answers in our terms', () => {
  const event = (outcomes: { name: string; price: number }[], key = 'outrights') => ({
    id: 'o1',
    sport_key: 'americanfootball_nfl_super_bowl_winner',
    bookmakers: [{ key: 'draftkings', last_update: '2026-11-25T12:00:00Z', markets: [{ key, outcomes }] }],
  });

  it('maps team names to abbreviations, one row per team', () => {
    const rows = outrightPrices('nfl', 'champion', [
      event([
        { name: 'Kansas City Chiefs', price: 450 },
        { name: 'Buffalo Bills', price: 600 },
      ]),
    ]);
    expect(rows).toEqual([
      {
        sport: 'nfl',
        market: 'champion',
        book: 'draftkings',
        outcome: 'KC',
        americanOdds: 450,
        updatedAt: new Date('2026-11-25T12:00:00Z'),
      },
      {
        sport: 'nfl',
        market: 'champion',
        book: 'draftkings',
        outcome: 'BUF',
        americanOdds: 600,
        updatedAt: new Date('2026-11-25T12:00:00Z'),
      },
    ]);
  });

  it("leaves out whole a book's market with a name it cannot place, and an exchange's lay market", () => {
    expect(
      outrightPrices('nfl', 'champion', [
        event([
          { name: 'Kansas City Chiefs', price: 450 },
          { name: 'The Field', price: 200 },
        ]),
      ]),
    ).toEqual([]);
    expect(outrightPrices('nfl', 'champion', [event([{ name: 'Kansas City Chiefs', price: 450 }], 'outrights_lay')])).toEqual([]);
  });
});
