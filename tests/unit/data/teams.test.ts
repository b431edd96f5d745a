import { describe, expect, it } from 'vitest';
import { INGESTED_SPORTS, matchTeam } from '@/lib/data/ingest';
import { CATALOGUE, catalogueTeams } from '@/lib/data/teams';

// The MLB and NHL catalogues: every team found by its abbreviation and full name through the alias table
// ingestion matches provider names with, the usual alternates, unique aliases and consistent venues.

const unknown = (sport: string, name: string) => {
  throw new Error(`unmatched ${sport} name "${name}"`);
};

describe('MLB and NHL teams', () => {
  it('has 30 MLB and 32 NHL teams, ingested with the NFL, NBA and EPL; NCAA stays skipped', () => {
    expect(catalogueTeams('mlb')).toHaveLength(30);
    expect(catalogueTeams('nhl')).toHaveLength(32);
    expect(INGESTED_SPORTS).toEqual(['nfl', 'nba', 'mlb', 'nhl', 'epl']);
  });

  it.each(['mlb', 'nhl'] as const)('resolves every %s team by abbreviation, full name and nickname', (sport) => {
    for (const team of catalogueTeams(sport)) {
      for (const spelling of [team.abbreviation, team.abbreviation.toLowerCase(), team.name, team.name.toUpperCase()]) {
        expect(matchTeam(sport, spelling, unknown)?.id, spelling).toBe(team.id);
      }
    }
  });

  it.each([
    ['mlb', [
      ['New York Yankees', 'NYY'], ['Boston Red Sox', 'BOS'], ['Chicago White Sox', 'CWS'], ['CHW', 'CWS'], ['Chicago Cubs', 'CHC'],
      ['WAS', 'WSH'], ['Washington Nationals', 'WSH'], ['TBR', 'TB'], ['Tampa Bay Rays', 'TB'], ['KCR', 'KC'], ['SDP', 'SD'], ['SFG', 'SF'],
      ['ARI', 'AZ'], ['Arizona Diamondbacks', 'AZ'], ['OAK', 'ATH'], ['Athletics', 'ATH'], ['Oakland Athletics', 'ATH'],
      ['Los Angeles Angels', 'LAA'], ['Los Angeles Dodgers', 'LAD'], ['St. Louis Cardinals', 'STL'], ['St Louis Cardinals', 'STL'],
      ['Toronto Blue Jays', 'TOR'], ['Blue Jays', 'TOR'], ['Red Sox', 'BOS'], ['White Sox', 'CWS'], ['Guardians', 'CLE'],
    ]],
    ['nhl', [
      ['TBL', 'TB'], ['Tampa Bay Lightning', 'TB'], ['NJD', 'NJ'], ['New Jersey Devils', 'NJ'], ['LAK', 'LA'], ['Los Angeles Kings', 'LA'],
      ['SJS', 'SJ'], ['San Jose Sharks', 'SJ'], ['MTL', 'MTL'], ['Montréal Canadiens', 'MTL'], ['Montreal Canadiens', 'MTL'],
      ['VEG', 'VGK'], ['Vegas Golden Knights', 'VGK'], ['UTA', 'UTA'], ['Utah Mammoth', 'UTA'], ['Utah Hockey Club', 'UTA'],
      ['St. Louis Blues', 'STL'], ['St Louis Blues', 'STL'], ['WAS', 'WSH'], ['Washington Capitals', 'WSH'],
      ['Toronto Maple Leafs', 'TOR'], ['Maple Leafs', 'TOR'], ['Detroit Red Wings', 'DET'], ['Columbus Blue Jackets', 'CBJ'], ['Rangers', 'NYR'],
    ]],
  ] as const)('matches %s names as providers write them', (sport, names) => {
    for (const [name, abbreviation] of names) expect(matchTeam(sport, name, unknown)?.abbreviation, name).toBe(abbreviation);
  });

  it('never guesses an ambiguous or unknown name', () => {
    const missed: string[] = [];
    for (const name of ['Sox', 'LA', 'Los Angeles', 'Chicago', 'New York', 'Arizona Coyotes']) {
      expect(matchTeam('mlb', name, (_, n) => missed.push(n))).toBeUndefined();
    }
    expect(missed).toHaveLength(6);
    expect(matchTeam('nhl', 'Red Sox', () => {})).toBeUndefined();
  });

  it('keeps aliases unique per sport, abbreviations unique, and one description per venue', () => {
    for (const sport of ['mlb', 'nhl'] as const) {
      const teams = catalogueTeams(sport);
      const aliases = teams.flatMap((team) => team.aliases);
      expect(new Set(aliases).size, sport).toBe(aliases.length);
      expect(new Set(teams.map((team) => team.abbreviation)).size).toBe(teams.length);
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
    const roofs = (roof: string) => catalogueTeams('mlb').filter((team) => team.venue.roof === roof).map((team) => team.abbreviation).sort();
    expect(roofs('retractable')).toEqual(['AZ', 'HOU', 'MIA', 'MIL', 'SEA', 'TEX', 'TOR']);
    expect(roofs('indoor')).toEqual(['TB']);
    expect(catalogueTeams('mlb').find((team) => team.abbreviation === 'ATH')?.venue).toMatchObject({ name: 'Sutter Health Park', roof: 'open' });
    for (const { venue } of catalogueTeams('nhl')) expect(venue.roof, venue.name).toBe('indoor');
  });
});
