import { describe, expect, it } from 'vitest';
import { sampleSlate, SAMPLE_BOOKS } from '@/lib/data/sample';
import { closestNames, ago } from '@/lib/data/names';
import { CATALOGUE } from '@/lib/data/teams';
import { normaliseName } from '@/lib/data/sports';

const asOf = new Date('2026-11-21T15:30:00Z');
const slate = sampleSlate('2026-11-21', asOf);
const opening = slate.priceSnapshots[0]!;
const current = slate.priceSnapshots.at(-1)!;
const upcoming = slate.games.filter((g) => g.status === 'scheduled');

describe('sample slate', () => {
  it('is deterministic for a date and differs between dates', () => {
    expect(sampleSlate('2026-11-21', asOf)).toEqual(slate);
    expect(sampleSlate('2026-11-22', asOf).games[0]!.id).not.toBe(slate.games[0]!.id);
  });

  it('holds a week of NFL, a night of NBA and an EPL matchday after asOf, and finals before it', () => {
    const count = (sport: string) => upcoming.filter((g) => g.sport === sport).length;
    expect([count('nfl'), count('nba'), count('epl')]).toEqual([16, 10, 10]);
    for (const game of upcoming) expect(game.startsAt > asOf).toBe(true);
    const finals = slate.games.filter((g) => g.status === 'final');
    expect(finals.length).toBeGreaterThan(100);
    for (const game of finals) {
      expect(game.startsAt < asOf).toBe(true);
      expect(game.homeScore).not.toBeNull();
      if (game.sport !== 'epl') expect(game.homeScore).not.toBe(game.awayScore);
    }
  });

  it('prices every game at 8 to 10 books, the reference always, with realistic margins and the odd book at another line', () => {
    let otherLines = 0;
    for (const game of upcoming) {
      const rows = current.filter((p) => p.gameId === game.id && p.player === '');
      const books = new Set(rows.map((p) => p.book));
      expect(books.size).toBeGreaterThanOrEqual(8);
      expect(books.has(SAMPLE_BOOKS[0]![0])).toBe(true);
      const spreadPoints = new Set(rows.filter((p) => p.market === 'spreads' && p.outcome === rows[0]!.outcome).map((p) => p.point));
      if (spreadPoints.size > 1) otherLines++;
      for (const book of books) {
        for (const market of ['h2h', 'spreads', 'totals']) {
          const quotes = rows.filter((p) => p.book === book && p.market === market);
          const overround = quotes.reduce((sum, q) => sum + (q.americanOdds < 0 ? -q.americanOdds / (100 - q.americanOdds) : 100 / (q.americanOdds + 100)), 0) - 1;
          expect(overround).toBeGreaterThan(0.005);
          expect(overround).toBeLessThan(0.12);
          for (const q of quotes) expect(Math.abs(q.americanOdds)).toBeGreaterThanOrEqual(100);
        }
      }
    }
    expect(otherLines).toBeGreaterThan(3);
    expect(opening.length).toBeGreaterThan(100); // line movement for the history
  });

  it('has props with a yes-only anytime touchdown market, injuries, and weather only at outdoor venues', () => {
    const touchdown = current.filter((p) => p.market === 'player_anytime_td');
    expect(touchdown.length).toBeGreaterThan(0);
    expect(new Set(touchdown.map((p) => p.outcome))).toEqual(new Set(['yes']));
    expect(current.some((p) => p.market === 'player_points')).toBe(true);
    expect(slate.injuries.length).toBeGreaterThan(10);
    const venues = new Map(CATALOGUE.map((t) => [t.id, t.venue.roof]));
    for (const forecast of slate.weather) {
      const game = slate.games.find((g) => g.id === forecast.gameId)!;
      expect(venues.get(game.homeTeamId)).not.toBe('indoor');
    }
    expect(slate.weather.length).toBeGreaterThan(10);
    expect(slate.playerStats.length).toBeGreaterThan(500);
  });
});

describe('names', () => {
  it('every alias belongs to one team per sport', () => {
    const seen = new Map<string, string>();
    for (const team of CATALOGUE) {
      for (const alias of team.aliases) {
        const key = `${team.sport}|${alias}`;
        expect(seen.get(key) ?? team.id, key).toBe(team.id);
        seen.set(key, team.id);
      }
    }
    expect(normaliseName('Brighton & Hove Albion')).toBe(normaliseName('brighton and hove albion'));
  });

  it('suggests the closest names and says ages as people do', () => {
    const teams = CATALOGUE.filter((t) => t.sport === 'nfl').map((t) => ({ name: t.name, spellings: t.aliases }));
    expect(closestNames('Chefs', teams)[0]).toBe('Kansas City Chiefs');
    expect(closestNames('packer', teams)[0]).toBe('Green Bay Packers');
    const now = new Date('2026-11-21T12:00:00Z');
    expect(ago(new Date(now.getTime() - 20_000), now)).toBe('just now');
    expect(ago(new Date(now.getTime() - 4 * 60_000), now)).toBe('4 minutes ago');
    expect(ago(new Date(now.getTime() - 60 * 60_000), now)).toBe('1 hour ago');
    expect(ago(new Date(now.getTime() - 50 * 3_600_000), now)).toBe('2 days ago');
  });
});

describe('sample slate line movement', () => {
  it('holds a steam move: four books moving towards the first NFL game’s home side within minutes', async () => {
    const { steam } = await import('@/lib/betting/movement');
    const game = upcoming.find((g) => g.sport === 'nfl')!;
    const home = CATALOGUE.find((t) => t.id === game.homeTeamId)!.abbreviation;
    const history = slate.priceSnapshots
      .flat()
      .filter((p) => p.gameId === game.id && p.market === 'h2h')
      .map((p) => ({ book: p.book, outcome: p.outcome, point: p.point, americanOdds: p.americanOdds, at: p.updatedAt.getTime() }))
      .sort((a, b) => a.at - b.at);
    const found = steam(history, [home, history.find((p) => p.outcome !== home)!.outcome]);
    expect(found?.outcome).toBe(home);
    expect(found?.books.length).toBeGreaterThanOrEqual(3);
    expect(found!.to - found!.from).toBeLessThanOrEqual(30 * 60_000);
  });
});
