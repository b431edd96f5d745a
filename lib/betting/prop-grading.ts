import { gradeOverUnder, type Grade } from './grading';

// Grading a player prop from the player's box-score line. Pure: the line is the stored one (lib/data/player-stats.ts).

/**
 * Per sport, each prop market the app stores (lib/data/sports.ts propMarkets, the sample's props) and the box-score
 * stats it is on, summed (names as the box-score ingestion stores them, lib/data/providers/espn.ts). Anytime
 * touchdown counts the rushing and receiving touchdowns a player scored himself, not those he threw.
 */
export const PROP_STATS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  nfl: {
    player_pass_yds: ['passingYards'],
    player_rush_yds: ['rushingYards'],
    player_reception_yds: ['receivingYards'],
    player_anytime_td: ['rushingTouchdowns', 'receivingTouchdowns'],
  },
  ncaaf: {
    player_pass_yds: ['passingYards'],
    player_rush_yds: ['rushingYards'],
    player_anytime_td: ['rushingTouchdowns', 'receivingTouchdowns'],
  },
  nba: { player_points: ['points'], player_rebounds: ['rebounds'], player_assists: ['assists'] },
  ncaab: { player_points: ['points'] },
  mlb: { batter_hits: ['battingHits'], pitcher_strikeouts: ['pitchingStrikeouts'] },
  nhl: { player_points: ['goals', 'assists'], player_shots_on_goal: ['shotsOnGoal'] },
  epl: { player_goal_scorer_anytime: ['goals'] },
};

/** Each prop market of PROP_STATS by the name people give it ("passing yards" is player_pass_yds). */
export const PROP_MARKET_NAMES: Readonly<Record<string, string>> = {
  player_pass_yds: 'passing yards',
  player_rush_yds: 'rushing yards',
  player_reception_yds: 'receiving yards',
  player_anytime_td: 'anytime touchdown',
  player_points: 'points',
  player_rebounds: 'rebounds',
  player_assists: 'assists',
  batter_hits: 'hits',
  pitcher_strikeouts: 'strikeouts',
  player_shots_on_goal: 'shots on goal',
  player_goal_scorer_anytime: 'anytime goal scorer',
};

export interface PropWager {
  market: string;
  /** 'over' or 'under' (with the point), 'yes' or 'no'. */
  selection: string;
  point: number | null;
}

/**
 * The prop's grade from the player's line, or null when the line does not tell it: a market without a stat above,
 * or a line with none of the market's stats (a box score lists a player under a category only when he has numbers
 * there, so of a sum the stats present count and the absent ones are 0; a single stat must be present). Yes wins
 * when the stat is at least 1; over and under are graded like a total.
 */
export function gradeProp(sport: string, wager: PropWager, line: Readonly<Record<string, number>>): Grade | null {
  const stats = PROP_STATS[sport]?.[wager.market];
  if (!stats || !stats.some((stat) => stat in line)) return null;
  const value = stats.reduce((sum, stat) => sum + (line[stat] ?? 0), 0);
  switch (wager.selection) {
    case 'yes':
      return value >= 1 ? 'won' : 'lost';
    case 'no':
      return value >= 1 ? 'lost' : 'won';
    default:
      return wager.point === null ? null : gradeOverUnder(wager.selection, wager.point, value);
  }
}
