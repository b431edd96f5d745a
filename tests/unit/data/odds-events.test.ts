import { describe, expect, it } from 'vitest';
import { eventPrices, scoredGame } from '@/lib/data/ingest/odds';
import type { OddsEvent, ScoreEvent } from '@/lib/data/providers/odds-api';
import { teamNamed, type CatalogueTeam } from '@/lib/data/teams';

// The Odds API's events in our terms: outcome and score names are placed on a game's teams through the alias
// table (teamNamed), and what cannot be placed is left out, never guessed.

const team = (sport: 'nfl' | 'epl', name: string) => teamNamed(sport, name) as CatalogueTeam;
const KC = team('nfl', 'KC');
const BUF = team('nfl', 'BUF');
const at = '2026-11-22T18:00:00Z';

const event = (markets: OddsEvent['bookmakers'][number]['markets']): OddsEvent => ({
  id: 'evt1',
  sport_key: 'americanfootball_nfl',
  commence_time: at,
  home_team: 'Kansas City Chiefs',
  away_team: 'Buffalo Bills',
  bookmakers: [{ key: 'draftkings', last_update: at, markets }],
});

describe('eventPrices', () => {
  it('places each team outcome by any of its names, and totals on over and under', () => {
    const rows = eventPrices(
      event([
        {
          key: 'h2h',
          outcomes: [
            { name: 'Kansas City Chiefs', price: -150 },
            { name: 'BUF', price: 130 },
          ],
        },
        {
          key: 'spreads',
          outcomes: [
            { name: 'Chiefs', price: -110, point: -3 },
            { name: 'Buffalo Bills', price: -110, point: 3 },
          ],
        },
        {
          key: 'totals',
          outcomes: [
            { name: 'Over', price: -105, point: 47.5 },
            { name: 'Under', price: -115, point: 47.5 },
          ],
        },
      ]),
      'g1',
      KC,
      BUF,
    );
    expect(rows.map((row) => [row.market, row.outcome, row.americanOdds, row.point])).toEqual([
      ['h2h', 'KC', -150, null],
      ['h2h', 'BUF', 130, null],
      ['spreads', 'KC', -110, -3],
      ['spreads', 'BUF', -110, 3],
      ['totals', 'over', -105, 47.5],
      ['totals', 'under', -115, 47.5],
    ]);
  });

  it("leaves out a book's market whole when an outcome names another team, an unknown one, or a draw the sport lacks", () => {
    const rows = eventPrices(
      event([
        {
          key: 'h2h',
          outcomes: [
            { name: 'Kansas City Chiefs', price: -150 },
            { name: 'Denver Broncos', price: 130 },
          ],
        },
        {
          key: 'spreads',
          outcomes: [
            { name: 'Kansas City Chiefs', price: -110, point: -3 },
            { name: 'Buffalo Sabres', price: -110, point: 3 },
          ],
        },
        {
          key: 'totals',
          outcomes: [
            { name: 'Over', price: -105, point: 47.5 },
            { name: 'Kansas City Chiefs', price: -115, point: 47.5 },
          ],
        },
      ]),
      'g1',
      KC,
      BUF,
    );
    expect(rows).toEqual([]);
  });

  it("places soccer's draw", () => {
    const [home, away] = [team('epl', 'Arsenal'), team('epl', 'Chelsea')];
    const rows = eventPrices(
      {
        ...event([
          {
            key: 'h2h',
            outcomes: [
              { name: 'Arsenal', price: 120 },
              { name: 'Chelsea', price: 220 },
              { name: 'Draw', price: 240 },
            ],
          },
        ]),
        sport_key: 'soccer_epl',
      },
      'g2',
      home,
      away,
    );
    expect(rows.map((row) => row.outcome)).toEqual([home.abbreviation, away.abbreviation, 'draw']);
  });
});

describe('scoredGame', () => {
  const scores = (completed: boolean, lines: ScoreEvent['scores']): ScoreEvent => ({
    id: 'evt1',
    commence_time: at,
    completed,
    home_team: 'Kansas City Chiefs',
    away_team: 'Buffalo Bills',
    scores: lines,
  });
  const unknown: string[] = [];
  const matcher = (name: string) => teamNamed('nfl', name) ?? void unknown.push(name);
  const now = new Date('2026-11-22T21:00:00Z');

  it("reads each team's score by its name, in any order, and a completed game as final", () => {
    const game = scoredGame(
      'nfl',
      scores(true, [
        { name: 'Buffalo Bills', score: '17' },
        { name: 'Kansas City Chiefs', score: '24' },
      ]),
      now,
      matcher,
    );
    expect(game).toMatchObject({
      homeTeamId: KC.id,
      awayTeamId: BUF.id,
      homeScore: 24,
      awayScore: 17,
      status: 'final',
      oddsEventId: 'evt1',
    });
    expect(
      scoredGame(
        'nfl',
        scores(false, [
          { name: 'Kansas City Chiefs', score: '7' },
          { name: 'Buffalo Bills', score: '3' },
        ]),
        now,
        matcher,
      )?.status,
    ).toBe('in_progress');
  });

  it('keeps a score it cannot place or read empty, and reports a team it cannot match', () => {
    const game = scoredGame(
      'nfl',
      scores(false, [
        { name: 'Denver Broncos', score: '10' },
        { name: 'Buffalo Bills', score: 'n/a' },
      ]),
      now,
      matcher,
    );
    expect(game).toMatchObject({ homeScore: null, awayScore: null, status: 'in_progress' }); // started (before now), no score yet
    expect(scoredGame('nfl', { ...scores(true, null), away_team: 'Buffalo Sabres' }, now, matcher)).toBeUndefined();
    expect(unknown).toEqual(['Buffalo Sabres']);
  });
});
