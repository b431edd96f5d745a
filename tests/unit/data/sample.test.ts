import { describe, expect, it } from 'vitest';
import { devig } from '@/lib/betting/devig';
import { impliedProbability } from '@/lib/betting/odds';
import { marketCore } from '@/lib/pricing/reference-pricing';
import { sampleAlternatesAt, samplePricesAt, sampleSlate, SAMPLE_BOOKS } from '@/lib/data/sample';
import type { PriceRecord } from '@/lib/data/store';
import { closestNames } from '@/lib/data/closest-names';
import { ago } from '@/lib/time';
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
    // Another day of the same week: the same NFL week and EPL matchday, another NBA night; a week on, another week.
    const firstOf = (games: readonly { sport: string; id: string }[], sport: string) => games.find((g) => g.sport === sport)!.id;
    const sunday = sampleSlate('2026-11-22', asOf).games;
    expect(['nfl', 'nba', 'epl'].map((sport) => firstOf(sunday, sport) === firstOf(slate.games, sport))).toEqual([true, false, true]);
    const nextWeek = sampleSlate('2026-11-28', asOf).games;
    for (const sport of ['nfl', 'nba', 'epl']) expect(firstOf(nextWeek, sport)).not.toBe(firstOf(slate.games, sport));
  });

  it("holds the date's NFL week, NBA night and EPL matchday, those kicked off by asOf played, and finals before it", () => {
    // A Saturday afternoon: Thursday's NFL game and the EPL's lunchtime game are played, the 15:00 games under way.
    const count = (games: readonly { sport: string }[], sport: string) => games.filter((g) => g.sport === sport).length;
    const week = slate.games.slice(0, 36);
    expect(['nfl', 'nba', 'epl'].map((sport) => count(week, sport))).toEqual([16, 10, 10]);
    expect(['nfl', 'nba', 'epl'].map((sport) => count(upcoming, sport))).toEqual([15, 10, 3]);
    for (const game of week) if (game.startsAt <= asOf) expect(['final', 'in_progress']).toContain(game.status);
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
          const overround =
            quotes.reduce(
              (sum, q) => sum + (q.americanOdds < 0 ? -q.americanOdds / (100 - q.americanOdds) : 100 / (q.americanOdds + 100)),
              0,
            ) - 1;
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
  it('holds a steam move: the books moving towards the first NFL game’s home side within minutes', async () => {
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

  it.each([
    ['2026-11-25', '2026-11-25T15:00:00Z'],
    ['2026-11-27', '2026-11-27T16:30:00Z'],
    ['2026-05-02', '2026-05-02T18:00:00Z'],
    ['2027-01-10', '2027-01-10T03:00:00Z'],
  ])('%s at %s: steam just before loading is rare, each book’s changes recorded when it made them', async (date, at) => {
    const { steam } = await import('@/lib/betting/movement');
    const loaded = Date.parse(at);
    const markets = new Map<string, PriceRecord[]>();
    for (const row of sampleSlate(date, new Date(at)).priceSnapshots.flat()) {
      if (row.player !== '' || row.updatedAt.getTime() < loaded - 3 * 86_400_000) continue;
      markets.set(`${row.gameId}|${row.market}`, [...(markets.get(`${row.gameId}|${row.market}`) ?? []), row]);
    }
    let recent = 0;
    for (const rows of markets.values()) {
      const history = rows.map((p) => ({ ...p, at: p.updatedAt.getTime() })).sort((a, b) => a.at - b.at);
      const found = steam(history, [...new Set(history.map((p) => p.outcome))]);
      if (found && loaded - found.to < 3_600_000) recent++;
    }
    // The first NFL game's recorded move is one; a snapshot of a book before it re-priced made 7 to 17 of ~160.
    expect(recent).toBeGreaterThanOrEqual(1);
    expect(recent).toBeLessThanOrEqual(markets.size / 30);
  });
});

describe('the sample slate looks like a market', () => {
  // Several dates, at load and hours later (the prices are a function of the moment), measured with the project's
  // own consensus, best price and arbitrage (lib/pricing/reference-pricing.ts, lib/betting) on the reference book.
  // Loads on Saturdays, then hours later: with the week's games mostly ahead (a Sunday evening lists only the late NFL
  // games, too few markets for these shares).
  const moments = ['2026-11-21', '2026-05-02', '2027-01-09', '2026-09-12'].flatMap((date) =>
    [15.5, 18.5, 27].map((hours) => ({ date, at: new Date(Date.parse(`${date}T00:00:00Z`) + hours * 3_600_000) })),
  );
  const MAIN = ['h2h', 'spreads', 'totals'];
  const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
    const groups = new Map<string, T[]>();
    for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
    return groups;
  };
  const margins = new Map(SAMPLE_BOOKS);

  it.each(moments)(
    '$date at $at: arbitrage in at most 1 market in 20 per league and none above 2%; EV of 5% in at most 1 outcome in 50',
    ({ date, at }) => {
      const rows = samplePricesAt(date, at).filter((row) => MAIN.includes(row.market));
      const markets = groupBy(rows, (row) => `${row.gameId}|${row.market}`);
      const perLeague = new Map<string, { markets: number; arbitrages: number }>();
      let outcomes = 0;
      let fivePercent = 0;
      for (const [key, quotes] of markets) {
        const core = marketCore(quotes, { referenceBook: SAMPLE_BOOKS[0]![0] });
        const league = perLeague.get(key.slice(0, 3)) ?? { markets: 0, arbitrages: 0 };
        perLeague.set(key.slice(0, 3), { markets: league.markets + 1, arbitrages: league.arbitrages + (core.arbitrage ? 1 : 0) });
        if (core.arbitrage) expect(core.arbitrage.found.returnFraction).toBeLessThanOrEqual(0.02);
        for (const outcome of core.outcomes) {
          outcomes++;
          if ((outcome.best?.expectedValue ?? 0) >= 0.05) fivePercent++;
        }
      }
      for (const [league, { markets, arbitrages }] of perLeague) expect(arbitrages, league).toBeLessThanOrEqual(markets / 20);
      expect(fivePercent).toBeLessThanOrEqual(outcomes / 50);
    },
  );

  it.each(moments)(
    '$date at $at: middles are small, as real markets show them: one or two results wide, costing 2% to 10% on a miss (20% on soccer quarter lines)',
    ({ date, at }) => {
      const rows = samplePricesAt(date, at).filter((row) => row.market === 'spreads' || row.market === 'totals');
      const markets = groupBy(rows, (row) => `${row.gameId}|${row.market}`);
      let middles = 0;
      for (const [key, quotes] of markets) {
        const middle = marketCore(quotes, { referenceBook: SAMPLE_BOOKS[0]![0], middles: { sport: key.slice(0, 3) } }).middle!;
        if (!middle) continue;
        middles++;
        expect(middle.found.window.to - middle.found.window.from, key).toBeLessThanOrEqual(1);
        expect(middle.found.worstReturnFraction, key).toBeLessThanOrEqual(-0.02);
        expect(middle.found.worstReturnFraction, key).toBeGreaterThanOrEqual(key.startsWith('epl') ? -0.2 : -0.1);
      }
      expect(middles).toBeLessThanOrEqual(markets.size / 2);
    },
  );

  it.each(moments)(
    '$date at $at: props are a market too: arbitrage in at most 2 markets (1 in 20 of many) and under 2%, EV of 5% in at most 1 outcome in 50',
    ({ date, at }) => {
      const rows = samplePricesAt(date, at).filter((row) => row.player !== '' && row.market !== 'player_anytime_td');
      const markets = groupBy(rows, (row) => `${row.gameId}|${row.market}|${row.player}`);
      let arbitrages = 0;
      let outcomes = 0;
      let fivePercent = 0;
      for (const quotes of markets.values()) {
        const core = marketCore(quotes, { referenceBook: SAMPLE_BOOKS[0]![0] });
        if (core.arbitrage) {
          arbitrages++;
          expect(core.arbitrage.found.returnFraction).toBeLessThan(0.02);
        }
        for (const outcome of core.outcomes) {
          outcomes++;
          if ((outcome.best?.expectedValue ?? 0) >= 0.05) fivePercent++;
        }
      }
      expect(markets.size).toBeGreaterThan(10);
      // Two of a few dozen at one moment happen by chance (a season's rate is held below).
      expect(arbitrages).toBeLessThanOrEqual(Math.max(2, markets.size / 20));
      expect(fivePercent).toBeLessThanOrEqual(outcomes / 50);
    },
  );

  it('props across a season of weeks: an arbitrage now and then (at most 1 market in 20), never 2%', () => {
    let markets = 0;
    let arbitrages = 0;
    for (let week = 0; week < 40; week++) {
      const date = new Date(Date.UTC(2026, 8, 1) + week * 7 * 86_400_000 + (week % 7) * 86_400_000).toISOString().slice(0, 10);
      const rows = samplePricesAt(date, new Date(`${date}T15:00:00Z`)).filter(
        (row) => row.player !== '' && row.market !== 'player_anytime_td',
      );
      for (const quotes of groupBy(rows, (row) => `${row.gameId}|${row.market}|${row.player}`).values()) {
        markets++;
        const arbitrage = marketCore(quotes, { referenceBook: SAMPLE_BOOKS[0]![0] }).arbitrage;
        if (!arbitrage) continue;
        arbitrages++;
        expect(arbitrage.found.returnFraction).toBeLessThan(0.02);
      }
    }
    expect(markets).toBeGreaterThan(1000);
    expect(arbitrages).toBeLessThanOrEqual(markets / 20);
  });

  it.each(moments)(
    '$date at $at: each book holds its own margin, and no book is more than a few points off the consensus',
    ({ date, at }) => {
      const rows = samplePricesAt(date, at).filter((row) => MAIN.includes(row.market));
      for (const [key, quotes] of groupBy(rows, (row) => `${row.gameId}|${row.market}`)) {
        const core = marketCore(quotes, { referenceBook: SAMPLE_BOOKS[0]![0] });
        for (const [book, own] of groupBy(quotes, (row) => row.book)) {
          const hold = own.reduce((sum, row) => sum + impliedProbability(row.americanOdds), 0) - 1;
          // Three-way (soccer) markets carry 1.4 times the two-way margin; whole American odds round a little.
          const margin = margins.get(book)! * (own.length === 3 ? 1.4 : 1);
          expect(Math.abs(hold - margin), `${key} ${book}`).toBeLessThan(0.004);
          if (core.consensusBooks < 3 || !own.every((row) => row.point === core.outcomes.find((o) => o.outcome === row.outcome)?.point))
            continue;
          const fair = devig(
            own.map((row) => impliedProbability(row.americanOdds)),
            'multiplicative',
          );
          own.forEach((row, i) => {
            const consensus = core.outcomes.find((o) => o.outcome === row.outcome)!.reference!.fairProbability!;
            // Within 5 points: the one book long on a favourite for the arbitrage is the farthest off.
            expect(Math.abs(fair[i]! - consensus), `${key} ${book} ${row.outcome}`).toBeLessThan(0.05);
          });
        }
      }
    },
  );

  it('US books hold about 4.5 to 5% on two-way markets and 6 to 7.5% on three-way ones, the low-vig book 2.5% and 3.5%', () => {
    for (const [book, margin] of SAMPLE_BOOKS) {
      if (book === 'lowvig') expect([margin, Math.round(margin * 1.4 * 1000) / 1000]).toEqual([0.025, 0.035]);
      else if (book !== 'betonlineag') expect(margin >= 0.044 && margin <= 0.053 && margin * 1.4 <= 0.075, book).toBe(true);
    }
  });

  it('leaves a handful of NFL outcomes at 2% or more, at any moment', () => {
    for (const { date, at } of moments) {
      const rows = samplePricesAt(date, at, 'nfl').filter((row) => MAIN.includes(row.market));
      const value = [...groupBy(rows, (row) => `${row.gameId}|${row.market}`).values()]
        .map((quotes) => marketCore(quotes, { referenceBook: SAMPLE_BOOKS[0]![0] }))
        .flatMap((core) => core.outcomes.filter((outcome) => core.consensusBooks >= 3 && (outcome.best?.expectedValue ?? 0) >= 0.02));
      expect(value.length, `${date} ${at.toISOString()}`).toBeGreaterThan(0);
      expect(value.length).toBeLessThanOrEqual(8);
    }
  });

  it('gives the same prices for the same moment, and moves a few books between moments', () => {
    const at = new Date('2026-11-21T16:02:00Z');
    expect(samplePricesAt('2026-11-21', at)).toEqual(samplePricesAt('2026-11-21', new Date(at)));
    const key = (row: PriceRecord) => `${row.gameId}|${row.market}|${row.player}|${row.book}|${row.outcome}`;
    const later = new Map(samplePricesAt('2026-11-21', new Date(at.getTime() + 3 * 3_600_000)).map((row) => [key(row), row]));
    const moved = samplePricesAt('2026-11-21', at).filter(
      (row) => later.has(key(row)) && later.get(key(row))!.americanOdds !== row.americanOdds,
    );
    expect(moved.length).toBeGreaterThan(0);
  });
});

describe('sample alternate lines', () => {
  const alternates = slate.alternates;
  const byBookMarket = new Map<string, typeof alternates>();
  for (const row of alternates) {
    const key = `${row.gameId}|${row.book}|${row.market}`;
    byBookMarket.set(key, [...(byBookMarket.get(key) ?? []), row]);
  }

  it('are deterministic for a moment, on the games with props and two EPL games not kicked off, at up to six books', () => {
    expect(sampleSlate('2026-11-21', asOf).alternates).toEqual(alternates);
    expect(sampleAlternatesAt('2026-11-21', asOf)).toEqual(alternates);
    const games = [...new Set(alternates.map((row) => row.gameId))];
    const sports = games.map((id) => slate.games.find((game) => game.id === id)!.sport);
    expect([
      sports.filter((s) => s === 'nfl').length,
      sports.filter((s) => s === 'nba').length,
      sports.filter((s) => s === 'epl').length,
    ]).toEqual([5, 4, 1]); // a Saturday afternoon: Thursday's NFL game and the EPL's Saturday 12:30 game have kicked off
    for (const id of games)
      expect(new Set(alternates.filter((row) => row.gameId === id).map((row) => row.book)).size).toBeLessThanOrEqual(6);
    expect(alternates.every((row) => Number.isInteger(row.point * 2) && !Number.isInteger(row.point))).toBe(true); // half lines only
  });

  it("each book's ladder moves its price with the point: a side gets dearer as its line gets easier, a hold of 5 to 7% (1.25 times the book's)", () => {
    for (const [key, rows] of byBookMarket) {
      const [gameId] = key.split('|');
      const game = slate.games.find((g) => g.id === gameId)!;
      const homeSide =
        rows[0]!.market === 'alternate_totals' ? 'under' : CATALOGUE.find((team) => team.id === game.homeTeamId)!.abbreviation;
      // The home side (spreads) and the under (totals) win more often at a higher point.
      const ladder = rows.filter((row) => row.outcome === homeSide).sort((a, b) => a.point - b.point);
      // A soccer handicap ladder is short: lines under ALTERNATE_MIN_PROBABILITY are not offered.
      expect(ladder.length).toBeGreaterThanOrEqual(game.sport === 'epl' && rows[0]!.market === 'alternate_spreads' ? 3 : 4);
      for (let i = 1; i < ladder.length; i++)
        expect(impliedProbability(ladder[i]!.americanOdds)).toBeGreaterThan(impliedProbability(ladder[i - 1]!.americanOdds));
      for (const row of rows) {
        const other = rows.find(
          (o) => o.outcome !== row.outcome && (o.market === 'alternate_totals' ? o.point === row.point : o.point === -row.point),
        );
        if (!other) continue;
        const hold = impliedProbability(row.americanOdds) + impliedProbability(other.americanOdds) - 1;
        expect(hold).toBeGreaterThan(0.05);
        expect(hold).toBeLessThan(0.07);
      }
    }
  });

  it('now and then a book lists one side of its outermost line only', () => {
    const oneSided = [...byBookMarket.values()].filter((rows) => rows.length % 2 === 1).length;
    expect(oneSided).toBeGreaterThan(0);
    expect(oneSided).toBeLessThan(byBookMarket.size / 2);
  });
});
