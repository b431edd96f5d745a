import { invalidInput } from '@/lib/errors';
import { closestNames } from './closest-names';
import { normaliseName, teamId, type Sport } from './sports';
import { arena, type Roof, type TeamEntry } from './team-entries';
import { NCAAB, NCAAF } from './teams-ncaa';

// The team catalogue: abbreviations, every name the providers use for a team, and home venues with
// coordinates (for weather) and roof type. Synced into the database by syncCatalogue (lib/data/store.ts).
// Covers every sport: NFL, NBA, MLB, NHL and EPL here, college football (FBS) and men's college basketball
// (Division I) in lib/data/teams-ncaa.ts. A provider's name that matches no alias is skipped at ingestion, never guessed.

export interface CatalogueVenue {
  id: string;
  name: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  roof: Roof;
}

export interface CatalogueTeam {
  id: string;
  sport: Sport;
  abbreviation: string;
  name: string;
  venue: CatalogueVenue;
  aliases: string[];
}

const NFL: TeamEntry[] = [
  ['ARI', 'Arizona Cardinals', [], ['State Farm Stadium', 'Glendale, AZ', 33.5276, -112.2626, 'retractable']],
  ['ATL', 'Atlanta Falcons', [], ['Mercedes-Benz Stadium', 'Atlanta, GA', 33.7554, -84.401, 'retractable']],
  ['BAL', 'Baltimore Ravens', [], ['M&T Bank Stadium', 'Baltimore, MD', 39.278, -76.6227, 'open']],
  ['BUF', 'Buffalo Bills', [], ['Highmark Stadium', 'Orchard Park, NY', 42.7738, -78.787, 'open']],
  ['CAR', 'Carolina Panthers', [], ['Bank of America Stadium', 'Charlotte, NC', 35.2258, -80.8528, 'open']],
  ['CHI', 'Chicago Bears', [], ['Soldier Field', 'Chicago, IL', 41.8623, -87.6167, 'open']],
  ['CIN', 'Cincinnati Bengals', [], ['Paycor Stadium', 'Cincinnati, OH', 39.0955, -84.5161, 'open']],
  ['CLE', 'Cleveland Browns', [], ['Huntington Bank Field', 'Cleveland, OH', 41.5061, -81.6995, 'open']],
  ['DAL', 'Dallas Cowboys', [], ['AT&T Stadium', 'Arlington, TX', 32.7473, -97.0945, 'retractable']],
  ['DEN', 'Denver Broncos', [], ['Empower Field at Mile High', 'Denver, CO', 39.7439, -105.0201, 'open']],
  ['DET', 'Detroit Lions', [], ['Ford Field', 'Detroit, MI', 42.34, -83.0456, 'indoor']],
  ['GB', 'Green Bay Packers', ['GNB'], ['Lambeau Field', 'Green Bay, WI', 44.5013, -88.0622, 'open']],
  ['HOU', 'Houston Texans', [], ['NRG Stadium', 'Houston, TX', 29.6847, -95.4107, 'retractable']],
  ['IND', 'Indianapolis Colts', [], ['Lucas Oil Stadium', 'Indianapolis, IN', 39.7601, -86.1639, 'retractable']],
  ['JAX', 'Jacksonville Jaguars', ['JAC'], ['EverBank Stadium', 'Jacksonville, FL', 30.3239, -81.6373, 'open']],
  ['KC', 'Kansas City Chiefs', ['KAN'], ['GEHA Field at Arrowhead Stadium', 'Kansas City, MO', 39.0489, -94.4839, 'open']],
  ['LV', 'Las Vegas Raiders', ['LVR', 'OAK'], ['Allegiant Stadium', 'Las Vegas, NV', 36.0909, -115.1833, 'indoor']],
  ['LAC', 'Los Angeles Chargers', ['SD'], ['SoFi Stadium', 'Inglewood, CA', 33.9535, -118.3392, 'indoor']],
  ['LAR', 'Los Angeles Rams', ['LA', 'STL'], ['SoFi Stadium', 'Inglewood, CA', 33.9535, -118.3392, 'indoor']],
  ['MIA', 'Miami Dolphins', [], ['Hard Rock Stadium', 'Miami Gardens, FL', 25.958, -80.2389, 'open']],
  ['MIN', 'Minnesota Vikings', [], ['U.S. Bank Stadium', 'Minneapolis, MN', 44.9737, -93.2577, 'indoor']],
  ['NE', 'New England Patriots', ['NWE'], ['Gillette Stadium', 'Foxborough, MA', 42.0909, -71.2643, 'open']],
  ['NO', 'New Orleans Saints', ['NOR'], ['Caesars Superdome', 'New Orleans, LA', 29.9511, -90.0812, 'indoor']],
  ['NYG', 'New York Giants', [], ['MetLife Stadium', 'East Rutherford, NJ', 40.8135, -74.0745, 'open']],
  ['NYJ', 'New York Jets', [], ['MetLife Stadium', 'East Rutherford, NJ', 40.8135, -74.0745, 'open']],
  ['PHI', 'Philadelphia Eagles', [], ['Lincoln Financial Field', 'Philadelphia, PA', 39.9008, -75.1675, 'open']],
  ['PIT', 'Pittsburgh Steelers', [], ['Acrisure Stadium', 'Pittsburgh, PA', 40.4468, -80.0158, 'open']],
  ['SF', 'San Francisco 49ers', ['SFO'], ["Levi's Stadium", 'Santa Clara, CA', 37.403, -121.97, 'open']],
  ['SEA', 'Seattle Seahawks', [], ['Lumen Field', 'Seattle, WA', 47.5952, -122.3316, 'open']],
  ['TB', 'Tampa Bay Buccaneers', ['TAM'], ['Raymond James Stadium', 'Tampa, FL', 27.9759, -82.5033, 'open']],
  ['TEN', 'Tennessee Titans', [], ['Nissan Stadium', 'Nashville, TN', 36.1665, -86.7713, 'open']],
  ['WAS', 'Washington Commanders', ['WSH', 'Washington Football Team'], ['Northwest Stadium', 'Landover, MD', 38.9077, -76.8645, 'open']],
];

const NBA: TeamEntry[] = [
  ['ATL', 'Atlanta Hawks', [], arena('State Farm Arena', 'Atlanta, GA')],
  ['BOS', 'Boston Celtics', [], arena('TD Garden', 'Boston, MA')],
  ['BKN', 'Brooklyn Nets', ['BRK', 'BK'], arena('Barclays Center', 'Brooklyn, NY')],
  ['CHA', 'Charlotte Hornets', ['CHO'], arena('Spectrum Center', 'Charlotte, NC')],
  ['CHI', 'Chicago Bulls', [], arena('United Center', 'Chicago, IL')],
  ['CLE', 'Cleveland Cavaliers', [], arena('Rocket Arena', 'Cleveland, OH')],
  ['DAL', 'Dallas Mavericks', [], arena('American Airlines Center', 'Dallas, TX')],
  ['DEN', 'Denver Nuggets', [], arena('Ball Arena', 'Denver, CO')],
  ['DET', 'Detroit Pistons', [], arena('Little Caesars Arena', 'Detroit, MI')],
  ['GSW', 'Golden State Warriors', ['GS'], arena('Chase Center', 'San Francisco, CA')],
  ['HOU', 'Houston Rockets', [], arena('Toyota Center', 'Houston, TX')],
  ['IND', 'Indiana Pacers', [], arena('Gainbridge Fieldhouse', 'Indianapolis, IN')],
  ['LAC', 'Los Angeles Clippers', ['LA Clippers'], arena('Intuit Dome', 'Inglewood, CA')],
  ['LAL', 'Los Angeles Lakers', [], arena('Crypto.com Arena', 'Los Angeles, CA')],
  ['MEM', 'Memphis Grizzlies', [], arena('FedExForum', 'Memphis, TN')],
  ['MIA', 'Miami Heat', [], arena('Kaseya Center', 'Miami, FL')],
  ['MIL', 'Milwaukee Bucks', [], arena('Fiserv Forum', 'Milwaukee, WI')],
  ['MIN', 'Minnesota Timberwolves', [], arena('Target Center', 'Minneapolis, MN')],
  ['NOP', 'New Orleans Pelicans', ['NO', 'NOR'], arena('Smoothie King Center', 'New Orleans, LA')],
  ['NYK', 'New York Knicks', ['NY'], arena('Madison Square Garden', 'New York, NY')],
  ['OKC', 'Oklahoma City Thunder', [], arena('Paycom Center', 'Oklahoma City, OK')],
  ['ORL', 'Orlando Magic', [], arena('Kia Center', 'Orlando, FL')],
  ['PHI', 'Philadelphia 76ers', ['Sixers'], arena('Xfinity Mobile Arena', 'Philadelphia, PA')],
  ['PHX', 'Phoenix Suns', ['PHO'], arena('PHX Arena', 'Phoenix, AZ')],
  ['POR', 'Portland Trail Blazers', ['Blazers'], arena('Moda Center', 'Portland, OR')],
  ['SAC', 'Sacramento Kings', [], arena('Golden 1 Center', 'Sacramento, CA')],
  ['SAS', 'San Antonio Spurs', ['SA'], arena('Frost Bank Center', 'San Antonio, TX')],
  ['TOR', 'Toronto Raptors', [], arena('Scotiabank Arena', 'Toronto, ON')],
  ['UTA', 'Utah Jazz', ['UTAH'], arena('Delta Center', 'Salt Lake City, UT')],
  ['WAS', 'Washington Wizards', ['WSH'], arena('Capital One Arena', 'Washington, DC')],
];

const EPL: TeamEntry[] = [
  ['ARS', 'Arsenal', [], ['Emirates Stadium', 'London', 51.5549, -0.1084, 'open']],
  ['AVL', 'Aston Villa', ['Villa'], ['Villa Park', 'Birmingham', 52.5092, -1.8848, 'open']],
  ['BOU', 'Bournemouth', ['AFC Bournemouth'], ['Vitality Stadium', 'Bournemouth', 50.7352, -1.8383, 'open']],
  ['BRE', 'Brentford', [], ['Gtech Community Stadium', 'London', 51.4907, -0.2888, 'open']],
  ['BHA', 'Brighton and Hove Albion', ['Brighton', 'BRI'], ['American Express Stadium', 'Brighton', 50.8616, -0.0837, 'open']],
  ['BUR', 'Burnley', [], ['Turf Moor', 'Burnley', 53.789, -2.2302, 'open']],
  ['CHE', 'Chelsea', [], ['Stamford Bridge', 'London', 51.4817, -0.191, 'open']],
  ['CRY', 'Crystal Palace', ['Palace'], ['Selhurst Park', 'London', 51.3983, -0.0855, 'open']],
  ['EVE', 'Everton', [], ['Hill Dickinson Stadium', 'Liverpool', 53.4253, -3.0009, 'open']],
  ['FUL', 'Fulham', [], ['Craven Cottage', 'London', 51.4749, -0.2217, 'open']],
  ['LEE', 'Leeds United', ['Leeds'], ['Elland Road', 'Leeds', 53.7778, -1.5722, 'open']],
  ['LIV', 'Liverpool', [], ['Anfield', 'Liverpool', 53.4308, -2.9608, 'open']],
  ['MCI', 'Manchester City', ['Man City'], ['Etihad Stadium', 'Manchester', 53.4831, -2.2004, 'open']],
  ['MUN', 'Manchester United', ['Man United', 'Man Utd'], ['Old Trafford', 'Manchester', 53.4631, -2.2913, 'open']],
  ['NEW', 'Newcastle United', ['Newcastle'], ["St James' Park", 'Newcastle', 54.9756, -1.6217, 'open']],
  ['NFO', 'Nottingham Forest', ['Nottm Forest', 'Forest'], ['City Ground', 'Nottingham', 52.94, -1.1328, 'open']],
  ['SUN', 'Sunderland', ['Sunderland AFC'], ['Stadium of Light', 'Sunderland', 54.9146, -1.3884, 'open']],
  ['TOT', 'Tottenham Hotspur', ['Tottenham', 'Spurs'], ['Tottenham Hotspur Stadium', 'London', 51.6043, -0.0664, 'open']],
  ['WHU', 'West Ham United', ['West Ham'], ['London Stadium', 'London', 51.5387, -0.0166, 'open']],
  ['WOL', 'Wolverhampton Wanderers', ['Wolves', 'Wolverhampton'], ['Molineux Stadium', 'Wolverhampton', 52.5902, -2.1304, 'open']],
];

const MLB: TeamEntry[] = [
  ['AZ', 'Arizona Diamondbacks', ['ARI', 'D-backs', 'Dbacks'], ['Chase Field', 'Phoenix, AZ', 33.4453, -112.0667, 'retractable']],
  [
    'ATH',
    'Athletics',
    ['OAK', 'Oakland Athletics', 'Sacramento Athletics', "A's"],
    ['Sutter Health Park', 'West Sacramento, CA', 38.5804, -121.5136, 'open'],
  ],
  ['ATL', 'Atlanta Braves', [], ['Truist Park', 'Atlanta, GA', 33.8908, -84.4678, 'open']],
  ['BAL', 'Baltimore Orioles', [], ['Oriole Park at Camden Yards', 'Baltimore, MD', 39.2839, -76.6217, 'open']],
  ['BOS', 'Boston Red Sox', [], ['Fenway Park', 'Boston, MA', 42.3467, -71.0972, 'open']],
  ['CHC', 'Chicago Cubs', [], ['Wrigley Field', 'Chicago, IL', 41.9484, -87.6553, 'open']],
  ['CWS', 'Chicago White Sox', ['CHW'], ['Rate Field', 'Chicago, IL', 41.83, -87.6338, 'open']],
  ['CIN', 'Cincinnati Reds', [], ['Great American Ball Park', 'Cincinnati, OH', 39.0975, -84.5066, 'open']],
  ['CLE', 'Cleveland Guardians', [], ['Progressive Field', 'Cleveland, OH', 41.4962, -81.6852, 'open']],
  ['COL', 'Colorado Rockies', [], ['Coors Field', 'Denver, CO', 39.7559, -104.9942, 'open']],
  ['DET', 'Detroit Tigers', [], ['Comerica Park', 'Detroit, MI', 42.339, -83.0485, 'open']],
  ['HOU', 'Houston Astros', [], ['Daikin Park', 'Houston, TX', 29.7573, -95.3555, 'retractable']],
  ['KC', 'Kansas City Royals', ['KCR'], ['Kauffman Stadium', 'Kansas City, MO', 39.0517, -94.4803, 'open']],
  ['LAA', 'Los Angeles Angels', ['ANA'], ['Angel Stadium', 'Anaheim, CA', 33.8003, -117.8827, 'open']],
  ['LAD', 'Los Angeles Dodgers', [], ['Dodger Stadium', 'Los Angeles, CA', 34.0739, -118.24, 'open']],
  ['MIA', 'Miami Marlins', ['FLA'], ['loanDepot park', 'Miami, FL', 25.7781, -80.2196, 'retractable']],
  ['MIL', 'Milwaukee Brewers', [], ['American Family Field', 'Milwaukee, WI', 43.028, -87.9712, 'retractable']],
  ['MIN', 'Minnesota Twins', [], ['Target Field', 'Minneapolis, MN', 44.9817, -93.2776, 'open']],
  ['NYM', 'New York Mets', [], ['Citi Field', 'Queens, NY', 40.7571, -73.8458, 'open']],
  ['NYY', 'New York Yankees', [], ['Yankee Stadium', 'Bronx, NY', 40.8296, -73.9262, 'open']],
  ['PHI', 'Philadelphia Phillies', [], ['Citizens Bank Park', 'Philadelphia, PA', 39.9061, -75.1665, 'open']],
  ['PIT', 'Pittsburgh Pirates', [], ['PNC Park', 'Pittsburgh, PA', 40.4469, -80.0057, 'open']],
  ['SD', 'San Diego Padres', ['SDP'], ['Petco Park', 'San Diego, CA', 32.7073, -117.1566, 'open']],
  ['SF', 'San Francisco Giants', ['SFG'], ['Oracle Park', 'San Francisco, CA', 37.7786, -122.3893, 'open']],
  ['SEA', 'Seattle Mariners', [], ['T-Mobile Park', 'Seattle, WA', 47.5914, -122.3325, 'retractable']],
  ['STL', 'St. Louis Cardinals', ['St Louis Cardinals'], ['Busch Stadium', 'St. Louis, MO', 38.6226, -90.1928, 'open']],
  ['TB', 'Tampa Bay Rays', ['TBR'], ['Tropicana Field', 'St. Petersburg, FL', 27.7683, -82.6534, 'indoor']],
  ['TEX', 'Texas Rangers', [], ['Globe Life Field', 'Arlington, TX', 32.7473, -97.0842, 'retractable']],
  ['TOR', 'Toronto Blue Jays', ['Jays'], ['Rogers Centre', 'Toronto, ON', 43.6414, -79.3894, 'retractable']],
  ['WSH', 'Washington Nationals', ['WAS', 'Nats'], ['Nationals Park', 'Washington, DC', 38.873, -77.0074, 'open']],
];

const NHL: TeamEntry[] = [
  ['ANA', 'Anaheim Ducks', [], arena('Honda Center', 'Anaheim, CA')],
  ['BOS', 'Boston Bruins', [], arena('TD Garden', 'Boston, MA')],
  ['BUF', 'Buffalo Sabres', [], arena('KeyBank Center', 'Buffalo, NY')],
  ['CGY', 'Calgary Flames', [], arena('Scotiabank Saddledome', 'Calgary, AB')],
  ['CAR', 'Carolina Hurricanes', ['Canes'], arena('Lenovo Center', 'Raleigh, NC')],
  ['CHI', 'Chicago Blackhawks', [], arena('United Center', 'Chicago, IL')],
  ['COL', 'Colorado Avalanche', [], arena('Ball Arena', 'Denver, CO')],
  ['CBJ', 'Columbus Blue Jackets', ['CLB', 'Jackets'], arena('Nationwide Arena', 'Columbus, OH')],
  ['DAL', 'Dallas Stars', [], arena('American Airlines Center', 'Dallas, TX')],
  ['DET', 'Detroit Red Wings', ['Wings'], arena('Little Caesars Arena', 'Detroit, MI')],
  ['EDM', 'Edmonton Oilers', [], arena('Rogers Place', 'Edmonton, AB')],
  ['FLA', 'Florida Panthers', ['FLO'], arena('Amerant Bank Arena', 'Sunrise, FL')],
  ['LA', 'Los Angeles Kings', ['LAK'], arena('Crypto.com Arena', 'Los Angeles, CA')],
  ['MIN', 'Minnesota Wild', [], arena('Grand Casino Arena', 'St. Paul, MN')],
  ['MTL', 'Montréal Canadiens', ['MON', 'Montreal Canadiens', 'Habs'], arena('Bell Centre', 'Montréal, QC')],
  ['NSH', 'Nashville Predators', ['NAS', 'Preds'], arena('Bridgestone Arena', 'Nashville, TN')],
  ['NJ', 'New Jersey Devils', ['NJD'], arena('Prudential Center', 'Newark, NJ')],
  ['NYI', 'New York Islanders', [], arena('UBS Arena', 'Elmont, NY')],
  ['NYR', 'New York Rangers', [], arena('Madison Square Garden', 'New York, NY')],
  ['OTT', 'Ottawa Senators', ['Sens'], arena('Canadian Tire Centre', 'Ottawa, ON')],
  ['PHI', 'Philadelphia Flyers', [], arena('Xfinity Mobile Arena', 'Philadelphia, PA')],
  ['PIT', 'Pittsburgh Penguins', ['Pens'], arena('PPG Paints Arena', 'Pittsburgh, PA')],
  ['SJ', 'San Jose Sharks', ['SJS'], arena('SAP Center', 'San Jose, CA')],
  ['SEA', 'Seattle Kraken', [], arena('Climate Pledge Arena', 'Seattle, WA')],
  ['STL', 'St. Louis Blues', ['St Louis Blues'], arena('Enterprise Center', 'St. Louis, MO')],
  ['TB', 'Tampa Bay Lightning', ['TBL'], arena('Benchmark International Arena', 'Tampa, FL')],
  ['TOR', 'Toronto Maple Leafs', ['Leafs'], arena('Scotiabank Arena', 'Toronto, ON')],
  ['UTA', 'Utah Mammoth', ['UTAH', 'Utah Hockey Club', 'Utah HC'], arena('Delta Center', 'Salt Lake City, UT')],
  ['VAN', 'Vancouver Canucks', [], arena('Rogers Arena', 'Vancouver, BC')],
  ['VGK', 'Vegas Golden Knights', ['VEG', 'Knights'], arena('T-Mobile Arena', 'Las Vegas, NV')],
  ['WSH', 'Washington Capitals', ['WAS', 'Caps'], arena('Capital One Arena', 'Washington, DC')],
  ['WPG', 'Winnipeg Jets', [], arena('Canada Life Centre', 'Winnipeg, MB')],
];

const ENTRIES: Record<Sport, TeamEntry[]> = { nfl: NFL, nba: NBA, mlb: MLB, nhl: NHL, ncaaf: NCAAF, ncaab: NCAAB, epl: EPL };

/** Sports whose teams are also known by their nickname alone ("Chiefs"); in college and soccer it would be ambiguous or wrong. */
const NICKNAME_SPORTS: ReadonlySet<Sport> = new Set(['nfl', 'nba', 'mlb', 'nhl']);

const TWO_WORD_NICKNAME = /\b(?:Red Sox|White Sox|Blue Jays|Maple Leafs|Golden Knights|Blue Jackets|Red Wings)$/;

function build(sport: Sport, [abbreviation, name, aliases, [venueName, city, latitude, longitude, roof]]: TeamEntry): CatalogueTeam {
  // "Chiefs", "Warriors"; two words where the last alone would be ambiguous or wrong ("Red Sox" and "White Sox").
  const nickname = NICKNAME_SPORTS.has(sport) ? [name.match(TWO_WORD_NICKNAME)?.[0] ?? name.split(' ').at(-1) ?? name] : [];
  return {
    id: teamId(sport, abbreviation),
    sport,
    abbreviation,
    name,
    venue: { id: normaliseName(venueName), name: venueName, city, latitude, longitude, roof },
    aliases: [...new Set([abbreviation, name, ...aliases, ...nickname].map(normaliseName))],
  };
}

export const CATALOGUE: readonly CatalogueTeam[] = Object.entries(ENTRIES).flatMap(([sport, entries]) =>
  entries.map((entry) => build(sport as Sport, entry)),
);

export function catalogueTeams(sport: Sport): CatalogueTeam[] {
  return CATALOGUE.filter((team) => team.sport === sport);
}

/** The alias table: each team under every normalised name it has, per sport (`<sport>|<alias>`). */
const BY_ALIAS = new Map<string, CatalogueTeam>();
for (const team of CATALOGUE) {
  for (const alias of team.aliases) {
    const key = `${team.sport}|${alias}`;
    if (!BY_ALIAS.has(key)) BY_ALIAS.set(key, team); // aliases are unique per sport (tests/unit/data/teams.test.ts)
  }
}

/**
 * The catalogue team a name stands for in a sport, through the alias table: abbreviation, full name, nickname
 * (NFL, NBA, MLB, NHL) or a provider's spelling, in any case or punctuation. A name that stands for no team
 * gives undefined, never a guess. Both ingestion (providers' names) and the tools (callers' names) match with it.
 */
export function teamNamed(sport: Sport, name: string): CatalogueTeam | undefined {
  return BY_ALIAS.get(`${sport}|${normaliseName(name)}`);
}

/** A team by any of its names (abbreviation, full name, nickname, provider spellings), or 400 with suggestions. */
export function resolveTeam(sport: Sport, typed: string, path = 'team'): CatalogueTeam {
  const teams = catalogueTeams(sport);
  const team = teamNamed(sport, typed);
  if (team) return team;
  if (teams.length === 0)
    throw invalidInput([{ path: 'sport', message: `has no teams on this service yet: ${sport.toUpperCase()} is not covered` }]);
  const suggestions = closestNames(
    typed,
    teams.map((t) => ({ name: `${t.name} (${t.abbreviation})`, spellings: t.aliases })),
  );
  throw invalidInput([{ path, message: `no ${sport.toUpperCase()} team called "${typed}"; closest: ${suggestions.join(', ')}` }]);
}
