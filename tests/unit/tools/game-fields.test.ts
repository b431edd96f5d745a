import { describe, expect, it } from 'vitest';
import type { GameRow } from '@/lib/data/repositories/schedule';
import { asOffered } from '@/lib/data/kick-off';
import { conciseGame, fullGame, gameNote, statusNote } from '@/lib/tools/game-fields';

// A game as the answers show it: with the status the kick-off rule reads at the answer's `now` (statusAt in
// lib/data/kick-off.ts), not a stored one the feed has not refreshed, and a note saying why when they differ.

const NOW = new Date('2027-01-13T17:00:00Z');
const passed = new Date('2027-01-13T16:30:00Z');
const ahead = new Date('2027-01-13T18:00:00Z');

const game = (status: string, startsAt: Date): GameRow => ({
  id: 'nfl-2027-01-13-buf-kc',
  sport: 'nfl',
  season: 2026,
  startsAt,
  homeTeamId: 'nfl-kc',
  awayTeamId: 'nfl-buf',
  venueId: null,
  status,
  homeScore: null,
  awayScore: null,
  oddsEventId: null,
  source: 'live',
  updatedAt: passed,
  priceWrites: 0,
  homeTeam: { abbreviation: 'KC', name: 'Kansas City Chiefs' },
  awayTeam: { abbreviation: 'BUF', name: 'Buffalo Bills' },
  venue: null,
});

describe('a game as the answers show it', () => {
  it('called in progress with its start moved later: scheduled (the concise form names no status), and says why', () => {
    const delayed = game('in_progress', ahead);
    expect(fullGame(delayed, NOW).status).toBe('scheduled');
    expect(conciseGame(delayed, NOW)).not.toHaveProperty('status');
    expect(statusNote(delayed, NOW)).toBe('Not yet kicked off: called in progress, then its start moved later.');
    // Every price of it is a pre-game one on offer: no in-play note.
    expect(gameNote(asOffered(delayed, NOW), true, NOW)).toBe(statusNote(delayed, NOW));
  });

  it('still called scheduled after its start: in progress, as its prices since kick-off say, and says why', () => {
    const lagged = game('scheduled', passed);
    expect(fullGame(lagged, NOW).status).toBe('in_progress');
    expect(conciseGame(lagged, NOW).status).toBe('in_progress');
    expect(gameNote(asOffered(lagged, NOW), false, NOW)).toBe(
      'Its start has passed, though the feed has not yet called it in progress. ' +
        'In play: no price confirmed since kick-off; pre-game prices are no longer on offer.',
    );
  });

  it('as stored, with no note, when the stored status agrees with the rule or the game is no longer offered', () => {
    for (const [status, startsAt] of [
      ['scheduled', ahead],
      ['in_progress', passed],
      ['final', passed],
      ['postponed', ahead],
      ['canceled', passed],
    ] as const) {
      expect(fullGame(game(status, startsAt), NOW).status, status).toBe(status);
      expect(statusNote(game(status, startsAt), NOW), status).toBeUndefined();
    }
  });
});
