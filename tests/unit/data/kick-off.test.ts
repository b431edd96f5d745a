import { describe, expect, it } from 'vitest';
import { asOffered, statusAt } from '@/lib/data/kick-off';

// How an odds answer prices a game it shows (asOffered): once under way, by the prices confirmed since its kick-off
// (the start as stored now, whatever the status), as the lists of bets to make scan it; otherwise by all its prices.

const NOW = new Date('2027-01-13T17:00:00Z');
const before = new Date('2027-01-13T16:30:00Z');
const after = new Date('2027-01-13T18:00:00Z');

describe('asOffered', () => {
  it('prices a game under way from its kick-off, the feed calling it in progress or still scheduled', () => {
    for (const status of ['in_progress', 'scheduled']) {
      expect(asOffered({ status, startsAt: before }, NOW).pricesSince, status).toEqual(before);
    }
  });

  it('leaves whole a game still to start by its stored start, though called in progress (a start moved later)', () => {
    for (const status of ['in_progress', 'scheduled']) {
      expect(asOffered({ status, startsAt: after }, NOW), status).toEqual({ status, startsAt: after });
    }
  });

  it('leaves whole a final or called-off game: its status says its last prices are no offer', () => {
    for (const status of ['final', 'postponed', 'canceled']) {
      expect(asOffered({ status, startsAt: before }, NOW), status).toEqual({ status, startsAt: before });
    }
  });
});

// The status every answer and page shows a game with (statusAt): the one its prices are offered by.
describe('statusAt', () => {
  it('shows a game still offered as the kick-off rule reads it, whatever its stored status', () => {
    for (const status of ['in_progress', 'scheduled']) {
      expect(statusAt({ status, startsAt: after }, NOW), `${status}, start ahead`).toBe('scheduled');
      expect(statusAt({ status, startsAt: before }, NOW), `${status}, start passed`).toBe('in_progress');
      expect(statusAt({ status, startsAt: NOW }, NOW), `${status}, starting now`).toBe('in_progress');
    }
  });

  it('agrees with asOffered: in progress exactly when a game still offered is priced since its kick-off', () => {
    for (const status of ['in_progress', 'scheduled'])
      for (const startsAt of [before, NOW, after]) {
        const inPlay = asOffered({ status, startsAt }, NOW).pricesSince !== undefined;
        expect(statusAt({ status, startsAt }, NOW) === 'in_progress', `${status} at ${startsAt.toISOString()}`).toBe(inPlay);
      }
  });

  it('shows a final or called-off game as stored, its start passed or not', () => {
    for (const status of ['final', 'postponed', 'canceled'])
      for (const startsAt of [before, after]) expect(statusAt({ status, startsAt }, NOW), status).toBe(status);
  });
});
