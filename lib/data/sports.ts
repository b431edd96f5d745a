// The sports the service covers and how each provider names them.

import { PROP_STATS } from '@/lib/betting/prop-grading';
import { localDate } from '@/lib/time';

export const SPORTS = ['nfl', 'nba', 'mlb', 'nhl', 'ncaaf', 'ncaab', 'epl'] as const;
export type Sport = (typeof SPORTS)[number];
/** The sports as the console's filters offer them. */
export const SPORT_CHOICES = SPORTS.map((value) => ({ value, label: value.toUpperCase() }));

interface SportInfo {
  name: string;
  /** The Odds API v4 sport key. */
  oddsApiKey: string;
  /** ESPN's site API path, as in site.api.espn.com/apis/site/v2/sports/{espnPath}/injuries. */
  espnPath: string;
  /** Month (1-12) a new season starts in, in the league's own calendar (seasonOf): a game before it belongs to the season that began the year before. */
  seasonStartMonth: number;
  /** Soccer's moneyline has a draw. */
  threeWay: boolean;
  /** Player-prop markets fetched per game (The Odds API market keys): the ones grading maps to box-score stats. */
  propMarkets: readonly string[];
  /**
   * Whether scheduled ingestion fetches every upcoming game's props. Each game costs quota per market, and a
   * college slate runs to a hundred games a day, so college props are fetched only when get_player_props asks.
   */
  propsOnSchedule: boolean;
  /**
   * Whether ESPN always publishes a league injury report for it. Its college reports are sparse or missing,
   * so for college an empty or absent report is no failure (nothing stored is replaced), not an error.
   */
  injuryReportAlways: boolean;
}

export const SPORT_INFO: Record<Sport, SportInfo> = {
  nfl: {
    name: 'NFL',
    oddsApiKey: 'americanfootball_nfl',
    espnPath: 'football/nfl',
    seasonStartMonth: 8,
    threeWay: false,
    propMarkets: Object.keys(PROP_STATS.nfl!),
    propsOnSchedule: true,
    injuryReportAlways: true,
  },
  ncaaf: {
    name: 'NCAA football',
    oddsApiKey: 'americanfootball_ncaaf',
    espnPath: 'football/college-football',
    seasonStartMonth: 8,
    threeWay: false,
    propMarkets: Object.keys(PROP_STATS.ncaaf!),
    propsOnSchedule: false,
    injuryReportAlways: false,
  },
  nba: {
    name: 'NBA',
    oddsApiKey: 'basketball_nba',
    espnPath: 'basketball/nba',
    seasonStartMonth: 10,
    threeWay: false,
    propMarkets: Object.keys(PROP_STATS.nba!),
    propsOnSchedule: true,
    injuryReportAlways: true,
  },
  ncaab: {
    name: 'NCAA basketball',
    oddsApiKey: 'basketball_ncaab',
    espnPath: 'basketball/mens-college-basketball',
    seasonStartMonth: 11,
    threeWay: false,
    propMarkets: Object.keys(PROP_STATS.ncaab!),
    propsOnSchedule: false,
    injuryReportAlways: false,
  },
  mlb: {
    name: 'MLB',
    oddsApiKey: 'baseball_mlb',
    espnPath: 'baseball/mlb',
    seasonStartMonth: 3,
    threeWay: false,
    propMarkets: Object.keys(PROP_STATS.mlb!),
    propsOnSchedule: true,
    injuryReportAlways: true,
  },
  nhl: {
    name: 'NHL',
    oddsApiKey: 'icehockey_nhl',
    espnPath: 'hockey/nhl',
    seasonStartMonth: 10,
    threeWay: false,
    propMarkets: Object.keys(PROP_STATS.nhl!),
    propsOnSchedule: true,
    injuryReportAlways: true,
  },
  epl: {
    name: 'English Premier League',
    oddsApiKey: 'soccer_epl',
    espnPath: 'soccer/eng.1',
    seasonStartMonth: 8,
    threeWay: true,
    propMarkets: Object.keys(PROP_STATS.epl!),
    propsOnSchedule: true,
    injuryReportAlways: true,
  },
};

/**
 * The time zone a league dates its games in: US Eastern for the US leagues, UK time for the EPL. A game id's
 * date is the local date there, so Monday night's game at 20:15 Eastern (01:15 UTC on Tuesday) is Monday's.
 * The migration 0004_local_game_dates re-dated stored ids with the same zones.
 */
export const LEAGUE_TIME_ZONE: Record<Sport, string> = {
  nfl: 'America/New_York',
  ncaaf: 'America/New_York',
  nba: 'America/New_York',
  ncaab: 'America/New_York',
  mlb: 'America/New_York',
  nhl: 'America/New_York',
  epl: 'Europe/London',
};

/**
 * The season (the year it started in) of a league's date (YYYY-MM-DD, the league's own calendar): a date before the
 * month the season starts in belongs to the season that began the year before.
 */
export function seasonOfDay(sport: Sport, day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= SPORT_INFO[sport].seasonStartMonth ? year : year - 1;
}

/**
 * The season of a game kicking off at `at` (or of the moment `at`), by the league's own calendar (LEAGUE_TIME_ZONE),
 * as its game id is dated: NFL's 20:00 Eastern kickoff on 31 July (00:00 UTC on 1 August) is July's, the season before
 * August's, and an EPL game at 00:30 in London on 1 August (23:30 UTC on 31 July) is August's.
 */
export const seasonOf = (sport: Sport, at: Date): number => seasonOfDay(sport, localDate(at, LEAGUE_TIME_ZONE[sport]));

/** The league's local date of an instant, as YYYYMMDD. */
export const leagueDay = (sport: Sport, at: Date): string => localDate(at, LEAGUE_TIME_ZONE[sport]).replaceAll('-', '');

/**
 * Our stable game id: the same whichever provider reported the game. Abbreviations keep only letters and digits
 * ("TA&M" → "tam", "M-OH" → "moh"), so an id is always `<sport>-<yyyymmdd>-<away>-<home>`, the date being the
 * league's local date (leagueDay).
 */
export function gameIdFor(sport: Sport, startsAt: Date, awayAbbreviation: string, homeAbbreviation: string): string {
  const day = leagueDay(sport, startsAt);
  const part = (abbreviation: string) => abbreviation.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${sport}-${day}-${part(awayAbbreviation)}-${part(homeAbbreviation)}`;
}

export const teamId = (sport: Sport, abbreviation: string) => `${sport}:${abbreviation}`;

/** Lower case, letters and digits only: "Brighton & Hove Albion" and "brighton and hove albion" meet. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replaceAll('&', 'and')
    .replace(/[^a-z0-9]/g, '');
}
