import { instant } from '@/lib/time';
import type { GameRow } from '@/lib/data/repositories/schedule';

// A team's season record from its finals: wins and losses, points, against the spread and over/under on
// closing lines, and the last five results. Pure: the finals and lines are read by get_team_stats.

const LAST_FIVE = 5;

export interface ClosingLine {
  gameId: string;
  market: string;
  point: number | null;
}

/**
 * `games` are the team's finals, newest first; `closing` the spreads (team side) and totals (over) of the book
 * named `closingLinesFrom`.
 */
export function seasonRecord(teamId: string, games: readonly GameRow[], closing: readonly ClosingLine[], closingLinesFrom: string) {
  const line = new Map(closing.map((row) => [`${row.gameId}|${row.market}`, row.point]));
  const record = { wins: 0, losses: 0, draws: 0 };
  const ats = { wins: 0, losses: 0, pushes: 0 };
  const overUnder = { overs: 0, unders: 0, pushes: 0 };
  let pointsFor = 0;
  let pointsAgainst = 0;
  const lastFive = [];
  for (const game of games) {
    const home = game.homeTeamId === teamId;
    const scored = (home ? game.homeScore : game.awayScore) ?? 0;
    const allowed = (home ? game.awayScore : game.homeScore) ?? 0;
    pointsFor += scored;
    pointsAgainst += allowed;
    const result: 'W' | 'L' | 'D' = scored > allowed ? 'W' : scored < allowed ? 'L' : 'D';
    record[result === 'W' ? 'wins' : result === 'L' ? 'losses' : 'draws']++;
    const spread = line.get(`${game.id}|spreads`);
    if (spread !== undefined && spread !== null) {
      const covered = scored + spread - allowed;
      ats[covered > 0 ? 'wins' : covered < 0 ? 'losses' : 'pushes']++;
    }
    const total = line.get(`${game.id}|totals`);
    if (total !== undefined && total !== null) {
      const sum = scored + allowed;
      overUnder[sum > total ? 'overs' : sum < total ? 'unders' : 'pushes']++;
    }
    if (lastFive.length < LAST_FIVE) {
      const opponent = home ? game.awayTeam : game.homeTeam;
      lastFive.push({
        gameId: game.id,
        startsAt: instant(game.startsAt),
        opponent: opponent.abbreviation,
        home,
        score: `${scored}-${allowed}`,
        result,
      });
    }
  }
  const played = games.length;
  return {
    gamesPlayed: played,
    record,
    pointsFor,
    pointsAgainst,
    averagePointsFor: played ? Math.round((pointsFor / played) * 100) / 100 : null,
    averagePointsAgainst: played ? Math.round((pointsAgainst / played) * 100) / 100 : null,
    againstTheSpread: { ...ats, closingLinesFrom },
    overUnder,
    lastFive,
  };
}
