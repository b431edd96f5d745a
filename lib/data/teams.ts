import { normaliseName, teamId, type Sport } from './sports';

// The team catalogue: abbreviations, every name the providers use for a team, and home venues with
// coordinates (for weather) and roof type. Synced into the database by syncCatalogue (lib/data/repository.ts).
// Covered so far: NFL, NBA, EPL. Other sports' games are skipped at ingestion (unmatched teams are never guessed).

type Roof = 'open' | 'retractable' | 'indoor';
type VenueEntry = [name: string, city: string, latitude: number | null, longitude: number | null, roof: Roof];
type TeamEntry = [abbreviation: string, name: string, aliases: string[], venue: VenueEntry];

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

const arena = (name: string, city: string): VenueEntry => [name, city, null, null, 'indoor'];

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
  ['NFO', "Nottingham Forest", ['Nottm Forest', 'Forest'], ['City Ground', 'Nottingham', 52.94, -1.1328, 'open']],
  ['SUN', 'Sunderland', ['Sunderland AFC'], ['Stadium of Light', 'Sunderland', 54.9146, -1.3884, 'open']],
  ['TOT', 'Tottenham Hotspur', ['Tottenham', 'Spurs'], ['Tottenham Hotspur Stadium', 'London', 51.6043, -0.0664, 'open']],
  ['WHU', 'West Ham United', ['West Ham'], ['London Stadium', 'London', 51.5387, -0.0166, 'open']],
  ['WOL', 'Wolverhampton Wanderers', ['Wolves', 'Wolverhampton'], ['Molineux Stadium', 'Wolverhampton', 52.5902, -2.1304, 'open']],
];

const ENTRIES: Partial<Record<Sport, TeamEntry[]>> = { nfl: NFL, nba: NBA, epl: EPL };

function build(sport: Sport, [abbreviation, name, aliases, [venueName, city, latitude, longitude, roof]]: TeamEntry): CatalogueTeam {
  const nickname = sport === 'epl' ? [] : [name.split(' ').at(-1) as string]; // "Chiefs", "Warriors"
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
