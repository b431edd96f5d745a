import { describe, expect, it } from 'vitest';
import { INGESTED_SPORTS } from '@/lib/data/ingest';
import { gameIdFor, SPORTS } from '@/lib/data/sports';
import { CATALOGUE, catalogueTeams, teamNamed } from '@/lib/data/teams';

// The team catalogues (MLB, NHL, college football and basketball in detail): every team found by its abbreviation
// and full name through the alias table (teamNamed, which ingestion matches provider names with and the tools
// callers' names), the usual alternates, unique aliases and consistent venues.

describe('MLB and NHL teams', () => {
  it('has 30 MLB and 32 NHL teams, and every sport is catalogued and ingested', () => {
    expect(catalogueTeams('mlb')).toHaveLength(30);
    expect(catalogueTeams('nhl')).toHaveLength(32);
    expect(INGESTED_SPORTS).toEqual(['nfl', 'nba', 'mlb', 'nhl', 'ncaaf', 'ncaab', 'epl']);
  });

  it.each(['mlb', 'nhl'] as const)('resolves every %s team by abbreviation, full name and nickname', (sport) => {
    for (const team of catalogueTeams(sport)) {
      for (const spelling of [team.abbreviation, team.abbreviation.toLowerCase(), team.name, team.name.toUpperCase()]) {
        expect(teamNamed(sport, spelling)?.id, spelling).toBe(team.id);
      }
    }
  });

  it.each([
    [
      'mlb',
      [
        ['New York Yankees', 'NYY'],
        ['Boston Red Sox', 'BOS'],
        ['Chicago White Sox', 'CWS'],
        ['CHW', 'CWS'],
        ['Chicago Cubs', 'CHC'],
        ['WAS', 'WSH'],
        ['Washington Nationals', 'WSH'],
        ['TBR', 'TB'],
        ['Tampa Bay Rays', 'TB'],
        ['KCR', 'KC'],
        ['SDP', 'SD'],
        ['SFG', 'SF'],
        ['ARI', 'AZ'],
        ['Arizona Diamondbacks', 'AZ'],
        ['OAK', 'ATH'],
        ['Athletics', 'ATH'],
        ['Oakland Athletics', 'ATH'],
        ['Los Angeles Angels', 'LAA'],
        ['Los Angeles Dodgers', 'LAD'],
        ['St. Louis Cardinals', 'STL'],
        ['St Louis Cardinals', 'STL'],
        ['Toronto Blue Jays', 'TOR'],
        ['Blue Jays', 'TOR'],
        ['Red Sox', 'BOS'],
        ['White Sox', 'CWS'],
        ['Guardians', 'CLE'],
      ],
    ],
    [
      'nhl',
      [
        ['TBL', 'TB'],
        ['Tampa Bay Lightning', 'TB'],
        ['NJD', 'NJ'],
        ['New Jersey Devils', 'NJ'],
        ['LAK', 'LA'],
        ['Los Angeles Kings', 'LA'],
        ['SJS', 'SJ'],
        ['San Jose Sharks', 'SJ'],
        ['MTL', 'MTL'],
        ['Montréal Canadiens', 'MTL'],
        ['Montreal Canadiens', 'MTL'],
        ['VEG', 'VGK'],
        ['Vegas Golden Knights', 'VGK'],
        ['UTA', 'UTA'],
        ['Utah Mammoth', 'UTA'],
        ['Utah Hockey Club', 'UTA'],
        ['St. Louis Blues', 'STL'],
        ['St Louis Blues', 'STL'],
        ['WAS', 'WSH'],
        ['Washington Capitals', 'WSH'],
        ['Toronto Maple Leafs', 'TOR'],
        ['Maple Leafs', 'TOR'],
        ['Detroit Red Wings', 'DET'],
        ['Columbus Blue Jackets', 'CBJ'],
        ['Rangers', 'NYR'],
      ],
    ],
  ] as const)('matches %s names as providers write them', (sport, names) => {
    for (const [name, abbreviation] of names) expect(teamNamed(sport, name)?.abbreviation, name).toBe(abbreviation);
  });

  it('never guesses an ambiguous or unknown name', () => {
    for (const name of ['Sox', 'LA', 'Los Angeles', 'Chicago', 'New York', 'Arizona Coyotes', '']) {
      expect(teamNamed('mlb', name), name).toBeUndefined();
    }
    expect(teamNamed('nhl', 'Red Sox')).toBeUndefined();
    expect(teamNamed('nfl', 'Chiefs')?.abbreviation).toBe('KC');
    expect(teamNamed('epl', 'Chiefs')).toBeUndefined();
  });

  it('keeps aliases unique per sport, abbreviations unique (also as game-id parts), and one description per venue', () => {
    for (const sport of SPORTS) {
      const teams = catalogueTeams(sport);
      const aliases = teams.flatMap((team) => team.aliases);
      const owners = new Map<string, string[]>();
      for (const team of teams) for (const alias of team.aliases) owners.set(alias, [...(owners.get(alias) ?? []), team.name]);
      expect(
        [...owners].filter(([, names]) => names.length > 1),
        sport,
      ).toEqual([]);
      expect(new Set(aliases).size, sport).toBe(aliases.length);
      expect(new Set(teams.map((team) => team.abbreviation)).size, sport).toBe(teams.length);
      const day = new Date('2026-11-21T17:00:00Z');
      expect(new Set(teams.map((team) => gameIdFor(sport, day, team.abbreviation, 'X'))).size, sport).toBe(teams.length);
    }
    const venues = new Map<string, unknown>();
    for (const { venue } of CATALOGUE) {
      expect(venues.get(venue.id) ?? venue, venue.id).toEqual(venue);
      venues.set(venue.id, venue);
    }
  });

  it('gives MLB parks coordinates and roofs, and NHL teams indoor arenas', () => {
    for (const { venue } of catalogueTeams('mlb')) {
      expect(venue.latitude, venue.name).toBeGreaterThan(25);
      expect(venue.latitude).toBeLessThan(48);
      expect(venue.longitude, venue.name).toBeGreaterThan(-123);
      expect(venue.longitude).toBeLessThan(-71);
    }
    const roofs = (roof: string) =>
      catalogueTeams('mlb')
        .filter((team) => team.venue.roof === roof)
        .map((team) => team.abbreviation)
        .sort();
    expect(roofs('retractable')).toEqual(['AZ', 'HOU', 'MIA', 'MIL', 'SEA', 'TEX', 'TOR']);
    expect(roofs('indoor')).toEqual(['TB']);
    expect(catalogueTeams('mlb').find((team) => team.abbreviation === 'ATH')?.venue).toMatchObject({
      name: 'Sutter Health Park',
      roof: 'open',
    });
    for (const { venue } of catalogueTeams('nhl')) expect(venue.roof, venue.name).toBe('indoor');
  });
});

describe('college teams', () => {
  it("holds every FBS football program and every Division I men's basketball program", () => {
    expect(catalogueTeams('ncaaf').length).toBeGreaterThanOrEqual(130);
    expect(catalogueTeams('ncaaf').length).toBeLessThanOrEqual(140);
    expect(catalogueTeams('ncaab').length).toBeGreaterThanOrEqual(355);
    expect(catalogueTeams('ncaab').length).toBeLessThanOrEqual(370);
    const football = new Set(catalogueTeams('ncaaf').map((team) => team.abbreviation));
    for (const recent of ['KENN', 'SHSU', 'JXST', 'LIB', 'DEL', 'MOST']) expect(football, recent).toContain(recent);
  });

  it.each(['ncaaf', 'ncaab'] as const)('resolves every %s team by abbreviation and full name', (sport) => {
    for (const team of catalogueTeams(sport)) {
      for (const spelling of [team.abbreviation, team.abbreviation.toLowerCase(), team.name, team.name.toUpperCase()]) {
        expect(teamNamed(sport, spelling)?.id, spelling).toBe(team.id);
      }
    }
  });

  it.each([
    [
      'ncaaf',
      [
        ['Alabama Crimson Tide', 'ALA'],
        ['Ohio State Buckeyes', 'OSU'],
        ['Ohio State', 'OSU'],
        ['Michigan Wolverines', 'MICH'],
        ['Georgia Bulldogs', 'UGA'],
        ['Texas A&M Aggies', 'TA&M'],
        ['Texas A&M', 'TA&M'],
        ['TAMU', 'TA&M'],
        ['Miami Hurricanes', 'MIA'],
        ['Miami (FL) Hurricanes', 'MIA'],
        ['Miami (OH) RedHawks', 'M-OH'],
        ['Miami (Ohio) RedHawks', 'M-OH'],
        ["Hawai'i Rainbow Warriors", 'HAW'],
        ['Hawaii Rainbow Warriors', 'HAW'],
        ['Hawai’i Rainbow Warriors', 'HAW'],
        ['San José State Spartans', 'SJSU'],
        ['San Jose State Spartans', 'SJSU'],
        ['UConn Huskies', 'CONN'],
        ['Connecticut Huskies', 'CONN'],
        ['Southern Miss Golden Eagles', 'USM'],
        ['Southern Mississippi Golden Eagles', 'USM'],
        ['Ole Miss Rebels', 'MISS'],
        ['Mississippi Rebels', 'MISS'],
        ['UL Monroe Warhawks', 'ULM'],
        ['Louisiana Monroe Warhawks', 'ULM'],
        ['Louisiana-Monroe Warhawks', 'ULM'],
        ["Louisiana Ragin' Cajuns", 'UL'],
        ['Louisiana Ragin Cajuns', 'UL'],
        ['App State Mountaineers', 'APP'],
        ['Appalachian State Mountaineers', 'APP'],
        ['Appalachian St Mountaineers', 'APP'],
        ['NC State Wolfpack', 'NCSU'],
        ['North Carolina State Wolfpack', 'NCSU'],
        ['UTSA Roadrunners', 'UTSA'],
        ['UMass Minutemen', 'MASS'],
        ['Massachusetts Minutemen', 'MASS'],
        ['Kennesaw State Owls', 'KENN'],
        ['Kennesaw St Owls', 'KENN'],
        ['Sam Houston Bearkats', 'SHSU'],
        ['Sam Houston State Bearkats', 'SHSU'],
        ['Jacksonville State Gamecocks', 'JXST'],
        ['Liberty Flames', 'LIB'],
        ['Delaware Blue Hens', 'DEL'],
        ['Missouri State Bears', 'MOST'],
        ['Florida International Panthers', 'FIU'],
        ["Florida Int'l Golden Panthers", 'FIU'],
        ['FIU Panthers', 'FIU'],
        ['Army Black Knights', 'ARMY'],
        ['Pitt Panthers', 'PITT'],
        ['USC Trojans', 'USC'],
        ['Notre Dame Fighting Irish', 'ND'],
      ],
    ],
    [
      'ncaab',
      [
        ['Duke Blue Devils', 'DUKE'],
        ['Kansas St Wildcats', 'KSU'],
        ['Kansas State Wildcats', 'KSU'],
        ["St. John's Red Storm", 'SJU'],
        ["Saint John's Red Storm", 'SJU'],
        ["Saint Joseph's Hawks", 'JOES'],
        ["St. Joseph's Hawks", 'JOES'],
        ["Saint Mary's Gaels", 'SMC'],
        ["Mt. St. Mary's Mountaineers", 'MSM'],
        ["Mount St. Mary's Mountaineers", 'MSM'],
        ['Loyola (Chi) Ramblers', 'LUC'],
        ['Loyola Chicago Ramblers', 'LUC'],
        ['Loyola (MD) Greyhounds', 'L-MD'],
        ['Loyola Maryland Greyhounds', 'L-MD'],
        ['Loyola Marymount Lions', 'LMU'],
        ['Miami (OH) RedHawks', 'M-OH'],
        ['Miami Hurricanes', 'MIA'],
        ['Boston Univ. Terriers', 'BU'],
        ['Boston University Terriers', 'BU'],
        ['GW Revolutionaries', 'GW'],
        ['George Washington Revolutionaries', 'GW'],
        ['Army Knights', 'ARMY'],
        ['Tenn-Martin Skyhawks', 'UTM'],
        ['UT Martin Skyhawks', 'UTM'],
        ['Arkansas-Little Rock Trojans', 'LR'],
        ['Little Rock Trojans', 'LR'],
        ['Fort Wayne Mastodons', 'PFW'],
        ['Purdue Fort Wayne Mastodons', 'PFW'],
        ['SE Missouri St Redhawks', 'SEMO'],
        ['Miss Valley St Delta Devils', 'MVSU'],
        ['Central Connecticut St Blue Devils', 'CCSU'],
        ['Texas A&M-CC Islanders', 'AMCC'],
        ['Texas A&M-Corpus Christi Islanders', 'AMCC'],
        ['UConn Huskies', 'CONN'],
        ['Hawaii Rainbow Warriors', 'HAW'],
        ['Long Beach St 49ers', 'LBSU'],
        ['Long Beach State Beach', 'LBSU'],
        ['N Colorado Bears', 'UNCO'],
        ["Gardner-Webb Runnin' Bulldogs", 'GWEB'],
        ['Grand Canyon Lopes', 'GCU'],
        ['Grand Canyon Antelopes', 'GCU'],
        ['UMKC Kangaroos', 'KC'],
        ['Kansas City Roos', 'KC'],
        ['IUPUI Jaguars', 'IUIN'],
        ['Queens University Royals', 'QUOC'],
        ['Seattle U Redhawks', 'SEA'],
        ['SIU Edwardsville Cougars', 'SIUE'],
        ['St. Thomas (MN) Tommies', 'STMN'],
        ['Albany Great Danes', 'UALB'],
        ['UAlbany Great Danes', 'UALB'],
        ['Pennsylvania Quakers', 'PENN'],
        ['Penn Quakers', 'PENN'],
        ['Massachusetts Minutemen', 'MASS'],
        ['UMass Lowell River Hawks', 'UML'],
        ['New Haven Chargers', 'NHVN'],
        ['West Georgia Wolves', 'WGA'],
      ],
    ],
  ] as const)('matches %s names as providers write them', (sport, names) => {
    for (const [name, abbreviation] of names) expect(teamNamed(sport, name)?.abbreviation, name).toBe(abbreviation);
  });

  it('keeps the two Miamis apart and never guesses a name several programs share', () => {
    expect(teamNamed('ncaaf', 'Hawaii Rainbow Warriors')?.id).toBe(teamNamed('ncaaf', "Hawai'i Rainbow Warriors")?.id);
    expect(teamNamed('ncaaf', 'Miami Hurricanes')?.id).not.toBe(teamNamed('ncaaf', 'Miami (OH) RedHawks')?.id);
    for (const sport of ['ncaaf', 'ncaab'] as const) {
      for (const name of ['Miami', 'Tigers', 'Wildcats', 'Bulldogs', 'Loyola', 'State', 'Saint', 'Carolina']) {
        expect(teamNamed(sport, name), `${sport} ${name}`).toBeUndefined();
      }
    }
    expect(teamNamed('ncaaf', 'Montana Grizzlies')).toBeUndefined(); // FCS
    expect(teamNamed('ncaaf', 'Kansas City Chiefs')).toBeUndefined();
  });

  it('gives every football venue its coordinates and roof, and basketball teams indoor arenas', () => {
    for (const { venue } of catalogueTeams('ncaaf')) {
      expect(venue.latitude, venue.name).toBeGreaterThan(21); // Honolulu
      expect(venue.latitude, venue.name).toBeLessThan(48);
      expect(venue.longitude, venue.name).toBeGreaterThan(-158);
      expect(venue.longitude, venue.name).toBeLessThan(-71);
    }
    const roofs = (roof: string) =>
      catalogueTeams('ncaaf')
        .filter((team) => team.venue.roof === roof)
        .map((team) => team.abbreviation)
        .sort();
    expect(roofs('indoor')).toEqual(['NDSU', 'SYR', 'UNLV', 'UTSA']);
    expect(roofs('retractable')).toEqual([]);
    // A venue shared with an NFL team is the same venue.
    const venueOf = (sport: 'nfl' | 'ncaaf', abbreviation: string) =>
      catalogueTeams(sport).find((team) => team.abbreviation === abbreviation)?.venue;
    expect(venueOf('ncaaf', 'PITT')).toEqual(venueOf('nfl', 'PIT'));
    expect(venueOf('ncaaf', 'MIA')).toEqual(venueOf('nfl', 'MIA'));
    expect(venueOf('ncaaf', 'UNLV')).toEqual(venueOf('nfl', 'LV'));
    for (const { venue } of catalogueTeams('ncaab')) expect(venue.roof, venue.name).toBe('indoor');
  });

  it('writes college game ids with letters and digits only', () => {
    const startsAt = new Date('2026-11-21T17:00:00Z');
    expect(gameIdFor('ncaaf', startsAt, 'M-OH', 'TA&M')).toBe('ncaaf-20261121-moh-tam');
    expect(gameIdFor('nfl', startsAt, 'BUF', 'KC')).toBe('nfl-20261121-buf-kc');
  });
});
