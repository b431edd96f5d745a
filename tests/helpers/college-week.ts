import { gameIdFor, seasonOf } from '@/lib/data/sports';
import { mergePrices, replaceInjuries, syncCatalogue, upsertGames, type GameRecord, type PriceRecord } from '@/lib/data/store';
import { catalogueTeams } from '@/lib/data/teams';
import type { Db } from '@/lib/db/client';

// A live-sized college-football week: 60 NCAAF games priced at ten books in three markets (an opening and a
// current snapshot, so every market has history), every team's injury report, and one game's props for 40
// players. The largest answers the service gives, built here so the answer budgets are tested at full size.

export const COLLEGE_GAMES = 60;
export const COLLEGE_BOOKS = [
  'draftkings',
  'fanduel',
  'betmgm',
  'williamhill_us',
  'espnbet',
  'fanatics',
  'betrivers',
  'bovada',
  'betonlineag',
  'lowvig',
];

/** A small deterministic generator, so the week is the same on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const american = (probability: number) =>
  probability >= 0.5 ? -Math.round((100 * probability) / (1 - probability)) : Math.round((100 * (1 - probability)) / probability);

/** Both sides of a two-way market at one book, with its margin and a lean of its own. */
function twoWay(p: number, margin: number): [number, number] {
  const clamp = (value: number) => Math.min(0.97, Math.max(0.03, value));
  return [american(clamp(p * (1 + margin))), american(clamp((1 - p) * (1 + margin)))];
}

export async function loadCollegeWeek(db: Db, now = new Date()): Promise<{ gameIds: string[]; propsGameId: string }> {
  const random = generator(60);
  await syncCatalogue(db);
  const teams = catalogueTeams('ncaaf').slice(0, COLLEGE_GAMES * 2);
  const games: GameRecord[] = teams.slice(0, COLLEGE_GAMES).map((home, index) => {
    const away = teams[COLLEGE_GAMES + index]!;
    const startsAt = new Date(now.getTime() + 2 * 86_400_000 + index * 15 * 60_000);
    startsAt.setUTCSeconds(0, 0);
    return {
      id: gameIdFor('ncaaf', startsAt, away.abbreviation, home.abbreviation),
      sport: 'ncaaf',
      season: seasonOf('ncaaf', startsAt),
      startsAt,
      homeTeamId: home.id,
      awayTeamId: away.id,
      venueId: home.venue.id,
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      oddsEventId: null,
      source: 'live',
    };
  });
  await upsertGames(db, games);

  const snapshot = (updatedAt: Date, drift: number): PriceRecord[] =>
    games.flatMap((game, index) => {
      const home = teams[index]!.abbreviation;
      const away = teams[COLLEGE_GAMES + index]!.abbreviation;
      const homeWin = 0.25 + 0.5 * random() + drift;
      const spread = Math.round((0.5 - homeWin) * 30) + 0.5;
      const total = 45.5 + Math.round(random() * 20);
      return COLLEGE_BOOKS.flatMap((book, b) => {
        const margin = 0.025 + 0.03 * random();
        const lean = (random() - 0.5) * 0.04;
        const row = (market: string, outcome: string, point: number | null, americanOdds: number) => ({
          gameId: game.id,
          market,
          player: '',
          book,
          outcome,
          point,
          americanOdds,
          updatedAt: new Date(updatedAt.getTime() - b * 60_000),
        });
        const [h2hHome, h2hAway] = twoWay(homeWin + lean, margin);
        const [coverHome, coverAway] = twoWay(0.5 + lean, margin);
        const [over, under] = twoWay(0.5 - lean, margin);
        return [
          row('h2h', home, null, h2hHome),
          row('h2h', away, null, h2hAway),
          row('spreads', home, spread, coverHome),
          row('spreads', away, -spread, coverAway),
          row('totals', 'over', total, over),
          row('totals', 'under', total, under),
        ];
      });
    });
  await mergePrices(db, snapshot(new Date(now.getTime() - 2 * 86_400_000), -0.02));
  await mergePrices(db, snapshot(new Date(now.getTime() - 5 * 60_000), 0));

  // Props for the first game: 40 players, three two-way markets, the ten books.
  const propsGameId = games[0]!.id;
  const props: PriceRecord[] = [];
  for (let player = 0; player < 40; player++) {
    for (const market of ['player_pass_yds', 'player_rush_yds', 'player_reception_yds']) {
      const line = 20.5 + Math.round(random() * 200);
      for (const book of COLLEGE_BOOKS) {
        const [overOdds, underOdds] = twoWay(0.5 + (random() - 0.5) * 0.06, 0.05);
        const base = {
          gameId: propsGameId,
          market,
          player: `College Player ${player + 1}`,
          book,
          updatedAt: new Date(now.getTime() - 3 * 60_000),
        };
        props.push(
          { ...base, outcome: 'over', point: line, americanOdds: overOdds },
          { ...base, outcome: 'under', point: line, americanOdds: underOdds },
        );
      }
    }
  }
  await mergePrices(db, props);

  const injuries = teams.flatMap((team, index) =>
    Array.from({ length: 3 }, (_, n) => ({
      sport: 'ncaaf',
      teamId: team.id,
      player: `${team.abbreviation} Player ${n + 1}`,
      position: ['QB', 'RB', 'WR'][n]!,
      status: ['Out', 'Questionable', 'Doubtful'][(index + n) % 3]!,
      detail: ['Knee', 'Ankle', 'Hamstring'][(index * n) % 3]!,
      reportedAt: new Date(now.getTime() - (n + 1) * 3_600_000),
    })),
  );
  await replaceInjuries(
    db,
    teams.map((team) => team.id),
    injuries,
    'espn',
    now,
  );
  return { gameIds: games.map((game) => game.id), propsGameId };
}
