import { describe, expect, it } from 'vitest';
import { samplePricesAt, sampleResultAt, sampleSlate, sampleSlateDateOf, sampleSlatesAfter } from '@/lib/data/sample';
import type { GameRecord } from '@/lib/data/store';

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
    // The coming week's NFL games and the night's NBA games are always listed, all within the coming week.
    for (const sport of ['nfl', 'nba']) expect(upcoming.some((game) => game.sport === sport)).toBe(true);
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

  // Books feature props on a game of each kickoff window, so a bettor finds a game still to come with props at any
  // hour (the week's first four games alone left none from Sunday 13:00 ET on).
  it.each(['2026-11-30', '2026-07-13'])('from the Monday of %s, every three hours: a coming NFL and NBA game has props', (monday) => {
    for (let hours = 0; hours < 7 * 24; hours += 3) {
      const at = new Date(Date.parse(`${monday}T00:00:00Z`) + hours * HOUR);
      const date = at.toISOString().slice(0, 10);
      const games = sampleSlate(date, at).games;
      const prices = samplePricesAt(date, at);
      for (const sport of ['nfl', 'nba']) {
        const coming = new Set(games.filter((game) => game.sport === sport && game.startsAt > at).map((game) => game.id));
        if (coming.size === 0) continue; // Monday night's kickoff to Tuesday: the next NFL week is not this slate's
        expect(
          prices.some((row) => row.player !== '' && coming.has(row.gameId)),
          `${sport} at ${at.toISOString()}`,
        ).toBe(true);
      }
    }
  });
});
