import { describe, expect, it } from 'vitest';
import {
  sampleAlternatesAt,
  sampleLeagueSlate,
  sampleListedSlate,
  samplePricesAt,
  sampleResultAt,
  sampleSlate,
  sampleSlateDateOf,
  sampleSlatesAfter,
} from '@/lib/data/sample';
import type { GameRecord, PriceRecord } from '@/lib/data/store';
import { groupBy } from '@/lib/collections';
import { VALUE_MIN_BOOKS } from '@/lib/betting/consensus';
import { priceMarket } from '@/lib/pricing/priced-market';
import { valueList } from '@/lib/tools/value-list';

// The sample's slates fall on real weekdays, whatever day it is loaded: an NFL week's games on Thursday, Sunday and
// Monday at their Eastern times, an EPL matchday on Saturday and Sunday at UK times, an NBA night in the US evening,
// summer time or not. Games of the week that kicked off before loading are played (final with a score and box
// scores, or in progress), and nothing still listed as scheduled kicks off before loading. Loads on each day of a
// winter week and a summer week, early (03:00 UTC) and late (19:00 UTC).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GAME_LENGTH: Record<string, number> = { nfl: 3.5 * HOUR, nba: 2.5 * HOUR, epl: 2 * HOUR };

/** Local weekday and time of a kickoff, e.g. "Sun 13:00". */
function local(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.hour}:${parts.minute}`;
}

const NFL_TIMES = ['Thu 20:15', 'Sun 13:00', 'Sun 16:05', 'Sun 16:25', 'Sun 20:20', 'Mon 20:15'];
const EPL_TIMES = ['Sat 12:30', 'Sat 15:00', 'Sat 17:30', 'Sun 14:00', 'Sun 16:30'];

function expectRealKickoff(game: GameRecord) {
  if (game.sport === 'nfl') expect(NFL_TIMES, game.id).toContain(local(game.startsAt, 'America/New_York'));
  else if (game.sport === 'epl') expect(EPL_TIMES, game.id).toContain(local(game.startsAt, 'Europe/London'));
  else {
    const time = local(game.startsAt, 'America/New_York').slice(4);
    expect(time >= '19:00' && time <= '22:30', `${game.id} at ${time} ET`).toBe(true);
  }
}

/** The game markets among these coming prices, priced as the odds tools price them (the default reference book). */
function pricedMarkets(prices: readonly PriceRecord[], at: Date) {
  const markets = groupBy(
    prices.filter((row) => row.player === ''),
    (row) => `${row.gameId}|${row.market}`,
  );
  return [...markets.values()].map((rows) => ({
    market: rows[0]!.market,
    ...priceMarket(rows, { referenceBook: 'draftkings', now: at, staleMinutes: STALE_MINUTES }),
  }));
}

/** Whether the value question at 2% (the tools' scan, ODDS_STALE_MINUTES at its default) lists an outcome of these markets. */
const hasValue = (markets: ReturnType<typeof pricedMarkets>, at: Date) =>
  valueList([{ gameId: '', markets }], { minExpectedValue: 0.02, minBooks: VALUE_MIN_BOOKS }, at, STALE_MINUTES).value.length > 0;
const STALE_MINUTES = 60;

const week = (monday: string) => Array.from({ length: 7 }, (_, day) => new Date(Date.parse(monday) + day * DAY).toISOString().slice(0, 10));
const loads = [...week('2026-11-30'), ...week('2026-07-13')].flatMap((date) =>
  ['03:00', '19:00'].map((time) => ({ date, asOf: new Date(`${date}T${time}:00Z`) })),
);

describe('the sample slate on real weekdays', () => {
  it.each(loads)('loaded $date at $asOf: real kickoffs, the week played up to loading, the rest to come', ({ date, asOf }) => {
    const slate = sampleSlate(date, asOf);
    const current = slate.priceSnapshots.at(-1)!;
    for (const game of slate.games) {
      expectRealKickoff(game);
      if (game.startsAt > asOf) {
        expect(game.status, game.id).toBe('scheduled');
        continue;
      }
      // Kicked off: in progress for a game's length, then final with a score, its closing prices and box scores.
      const over = game.startsAt.getTime() + GAME_LENGTH[game.sport]! <= asOf.getTime();
      expect(game.status, game.id).toBe(over ? 'final' : 'in_progress');
      expect(current.some((row) => row.gameId === game.id && row.market === 'h2h' && row.updatedAt <= game.startsAt)).toBe(true);
      if (!over) continue;
      expect(game.homeScore, game.id).not.toBeNull();
      if (game.sport !== 'epl') expect(slate.playerStats.some((line) => line.gameId === game.id)).toBe(true);
    }
    const upcoming = slate.games.filter((game) => game.startsAt > asOf);
    // Every league always lists coming games (an EPL matchday played by Sunday afternoon, the next one), all within
    // the coming week, and some of them with alternate lines.
    const withAlternates = new Set(slate.alternates.map((row) => row.gameId));
    for (const sport of ['nfl', 'nba', 'epl']) {
      expect(
        upcoming.some((game) => game.sport === sport),
        sport,
      ).toBe(true);
      expect(
        upcoming.some((game) => game.sport === sport && withAlternates.has(game.id)),
        `${sport} alternates`,
      ).toBe(true);
    }
    for (const game of upcoming) expect(game.startsAt.getTime() - asOf.getTime()).toBeLessThan(7 * DAY);
    // A game that kicked off keeps its closing prices only: no price after its kickoff.
    const kickoffs = new Map(slate.games.filter((game) => game.startsAt <= asOf).map((game) => [game.id, game.startsAt]));
    for (const row of current) if (kickoffs.has(row.gameId)) expect(row.updatedAt <= kickoffs.get(row.gameId)!, row.gameId).toBe(true);
  });

  it.each(loads.filter((load) => load.asOf.getUTCHours() === 19))(
    'loaded $date: the week is found again from its games, played as loaded, and the next week is seven days on',
    ({ date, asOf }) => {
      const slate = sampleSlate(date, asOf);
      for (const sport of ['nfl', 'epl'] as const) {
        // The slate's first games are its week's, played or to come.
        const stored = sampleSlateDateOf(slate.games.find((game) => game.sport === sport)!);
        expect(stored, sport).toBeDefined();
        const weekGames = slate.games.filter((game) => game.sport === sport && sampleSlateDateOf(game) === stored);
        expect(weekGames.length, sport).toBe(sport === 'nfl' ? 16 : 10);
        for (const game of weekGames.filter((g) => g.startsAt <= asOf)) expect(sampleResultAt(game, asOf)?.game).toEqual(game);
        const last = Math.max(...weekGames.map((game) => game.startsAt.getTime()));
        const [next] = sampleSlatesAfter(sport, stored, new Date(last + 60_000));
        const nextWeek = sampleSlate(next!, new Date(last + 60_000)).games.filter(
          (game) => game.sport === sport && game.startsAt.getTime() > last,
        );
        expect(nextWeek.length).toBe(weekGames.length);
        for (const game of nextWeek) {
          expectRealKickoff(game);
          expect(game.startsAt.getTime() - last).toBeLessThanOrEqual(7 * DAY);
        }
      }
    },
  );

  // Loaded on a Sunday evening (UTC), after the matchday's last kickoff: the next EPL matchday is listed as the sample
  // task adds it, with the prices, alternate lines and injury report the task gives its slate at that moment.
  it.each(['2026-12-06T17:00:00Z', '2026-12-06T23:59:00Z', '2026-07-19T16:00:00Z'])('loaded %s: the next EPL matchday', (moment) => {
    const at = new Date(moment);
    const date = moment.slice(0, 10);
    const listed = sampleListedSlate('epl', date, at);
    expect(listed).not.toBe(date);
    const slate = sampleSlate(date, at);
    const next = new Set(slate.games.filter((game) => game.sport === 'epl' && game.startsAt > at).map((game) => game.id));
    expect(next.size).toBe(10);
    for (const id of next) expect(sampleSlateDateOf(slate.games.find((game) => game.id === id)!)).toBe(listed);
    const ofNext = <T extends { gameId: string }>(rows: readonly T[]) => rows.filter((row) => next.has(row.gameId));
    expect(ofNext(slate.priceSnapshots.at(-1)!)).toEqual(samplePricesAt(listed, at, 'epl'));
    expect(ofNext(slate.alternates)).toEqual(sampleAlternatesAt(listed, at, 'epl'));
    expect(ofNext(slate.alternates).length).toBeGreaterThan(0);
    expect(slate.injuries.filter((injury) => injury.sport === 'epl')).toEqual(sampleLeagueSlate(listed, at, 'epl').injuries);
  });

  // Books feature props and alternate lines on a game of each kickoff window, and some book hangs another line, so a
  // bettor finds a game still to come with them at any hour (the week's first four games alone left no props from
  // Sunday 13:00 ET on; a matchday played by Sunday afternoon left the EPL no games until Monday's date; the odd line,
  // on two games in five, could miss a Sunday night's last two NFL games). Each league's slate listed at that moment,
  // as the sample task prices it (cheaper than loading the whole slate).
  it.each(['2026-11-30', '2026-07-13', '2027-07-12'])(
    'from the Monday of %s, every hour: every league has coming games with value (the NFL an arbitrage), alternate lines and a book at another line, NFL and NBA with props',
    (monday) => {
      for (let hours = 0; hours < 7 * 24; hours++) {
        const at = new Date(Date.parse(`${monday}T00:00:00Z`) + hours * HOUR);
        const date = at.toISOString().slice(0, 10);
        for (const sport of ['nfl', 'nba', 'epl'] as const) {
          const listed = sampleListedSlate(sport, date, at);
          const coming = new Set(
            sampleLeagueSlate(listed, at, sport)
              .games.filter((game) => game.startsAt > at)
              .map((game) => game.id),
          );
          const when = `${sport} at ${at.toISOString()}`;
          expect(coming.size, when).toBeGreaterThan(0);
          expect(
            sampleAlternatesAt(listed, at, sport).some((row) => coming.has(row.gameId)),
            `${when}: alternates`,
          ).toBe(true);
          const prices = samplePricesAt(listed, at, sport).filter((row) => coming.has(row.gameId));
          // A book at another line: a game's spread or total at more than one line (what the consensus leaves out, a
          // middle's leg).
          const lines = new Map<string, Set<number>>();
          for (const row of prices.filter((row) => row.market === 'spreads' || row.market === 'totals')) {
            const key = `${row.gameId}|${row.market}`;
            lines.set(key, (lines.get(key) ?? new Set()).add(Math.abs(row.point ?? 0)));
          }
          expect(
            [...lines.values()].some((points) => points.size > 1),
            `${when}: another line`,
          ).toBe(true);
          // Value: some main-market outcome whose best price, fresh, beats the no-vig consensus by 2% (a soft line);
          // in the NFL, an arbitrage (a book long on a favourite).
          const markets = pricedMarkets(prices, at);
          expect(hasValue(markets, at), `${when}: value`).toBe(true);
          if (sport === 'nfl')
            expect(
              markets.some((market) => market.arbitrage !== null),
              `${when}: an arbitrage`,
            ).toBe(true);
          if (sport === 'epl') continue; // no props in the EPL
          expect(
            prices.some((row) => row.player !== ''),
            `${when}: props`,
          ).toBe(true);
        }
      }
    },
  );
});
