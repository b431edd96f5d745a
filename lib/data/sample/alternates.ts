import { normalCdf } from '@/lib/betting/normal';
import type { Sport } from '../sports';
import type { AlternateRecord } from '../store';
import { upcomingFixtures, type Fixture } from './fixtures';
import { ALTERNATE_GAMES, featured, gameBooks, lastRepriced, marketAt, marketMoves, SAMPLE_BOOKS, type MarketMove } from './prices';
import { american, random } from './random';

// The sample's alternate spreads and totals.
//
// A ladder around each book's main line, priced from a normal model of the result (the margin, or the total, with
// the spread below), so a price moves with the point as real ladders do: each point further from the main line
// makes the favourite's side dearer. Alternates carry more margin than the main line (ALTERNATE_MARGIN times the
// book's), books' ladders differ in width, and a book now and then lists only one side of its outermost line
// (such a line has no fair probability unless another book quotes both sides). Like the other prices they are a
// function of the date and the moment: each book's ladder is priced on the market as it last re-priced the game.

const ALTERNATE_BOOKS = SAMPLE_BOOKS.slice(0, 6);
const ALTERNATE_MARGIN = 1.25;
/** Per sport: the spread of the result (margin and total, a standard deviation) and the ladders' steps. */
const ALTERNATE_SHAPE: Record<string, { marginSd: number; totalSd: number; spreadStep: number; totalStep: number }> = {
  nfl: { marginSd: 13.5, totalSd: 10, spreadStep: 1, totalStep: 1 },
  nba: { marginSd: 12, totalSd: 18, spreadStep: 1, totalStep: 2 },
  epl: { marginSd: 1.6, totalSd: 1.65, spreadStep: 1, totalStep: 1 },
};
/** A line whose longer side is under this probability is not offered (its price would be a long shot's). */
const ALTERNATE_MIN_PROBABILITY = 0.07;

/** One book's alternate spreads and totals of a fixture at `at`, around its main lines. */
function bookAlternates(fixture: Fixture, moves: readonly MarketMove[], book: string, margin: number, at: number): AlternateRecord[] {
  const { sport, home, away } = fixture;
  const shape = ALTERNATE_SHAPE[sport]!;
  const gameId = fixture.game.id;
  const repriced = lastRepriced(gameId, book, at);
  const state = marketAt(fixture, moves, repriced);
  const rng = random(`alternates:${gameId}:${book}:${repriced}`);
  const lean = random(`lean:${gameId}:${book}`).normal(1) * (sport === 'epl' ? 0.015 : 0.1);
  const expected = state.margin + lean + rng.normal(sport === 'epl' ? 0.025 : 0.15);
  const overround = 1 + margin * ALTERNATE_MARGIN;
  const updatedAt = new Date(repriced);
  const rows: AlternateRecord[] = [];
  const offer = (market: string, first: [string, number], second: [string, number], pFirst: number, outermost: boolean) => {
    if (Math.min(pFirst, 1 - pFirst) < ALTERNATE_MIN_PROBABILITY) return;
    const sides = [
      { outcome: first[0], point: first[1], americanOdds: american(pFirst * overround) },
      { outcome: second[0], point: second[1], americanOdds: american((1 - pFirst) * overround) },
    ];
    // Now and then a book lists only the longer side of its outermost line.
    const shown = outermost && rng.next() < 0.3 ? sides.filter((_, index) => (index === 0) === pFirst < 0.5) : sides;
    rows.push(...shown.map((side) => ({ gameId, market, book, ...side, updatedAt })));
  };
  // Half-point lines (no pushes) around the book's main ones; EPL handicaps and totals at the half goals.
  const mainSpread = Math.round(-state.margin - 0.5) + 0.5;
  const mainTotal = sport === 'epl' ? 2.5 : Math.round(state.total - 0.5) + 0.5;
  const width = rng.int(3, 5);
  for (let k = -width; k <= width; k++) {
    const spread = mainSpread + k * shape.spreadStep;
    if (k !== 0) {
      // The home side covers when its margin plus the spread is above 0.
      const coverHome = normalCdf((expected + spread) / shape.marginSd);
      offer('alternate_spreads', [home.abbreviation, spread], [away.abbreviation, -spread], coverHome, Math.abs(k) === width);
    }
    const total = mainTotal + k * shape.totalStep;
    if (k !== 0 && total > 0) {
      const over = 1 - normalCdf((total - state.total) / shape.totalSd);
      offer('alternate_totals', ['over', total], ['under', total], over, Math.abs(k) === width);
    }
  }
  return rows;
}

/** Every alternate line of the fixtures that carry them at `at`, at the alternate books that price the game. */
export function alternatePrices(upcoming: readonly Fixture[], at: number, everyBook: boolean): AlternateRecord[] {
  return featured(upcoming, ALTERNATE_GAMES).flatMap((fixture) => {
    const moves = marketMoves(fixture);
    const pricing = new Set(gameBooks(fixture, everyBook).map(({ book }) => book));
    return ALTERNATE_BOOKS.filter(([book]) => pricing.has(book)).flatMap(([book, margin]) =>
      bookAlternates(fixture, moves, book, margin, at),
    );
  });
}

/** The sample's alternate lines at `at` of `date`'s games that have not started (of one sport, if given). */
export function sampleAlternatesAt(date: string, at: Date, sport?: Sport): AlternateRecord[] {
  const upcoming = upcomingFixtures(date).filter((f) => sport === undefined || f.sport === sport);
  const started = new Set(upcoming.filter((f) => f.game.startsAt <= at).map((f) => f.game.id));
  return alternatePrices(upcoming, at.getTime(), false).filter((row) => !started.has(row.gameId));
}
