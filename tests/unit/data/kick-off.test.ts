import { describe, expect, it } from 'vitest';
import { asOffered } from '@/lib/data/kick-off';

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
