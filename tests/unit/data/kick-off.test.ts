import { describe, expect, it } from 'vitest';
import { asOffered, pickCounts, statusAt } from '@/lib/data/kick-off';

// How an odds answer prices a game it shows (asOffered): once under way, by the prices confirmed since its kick-off
// (the start as stored now, whatever the status), as the lists of bets to make scan it; otherwise by all its prices.
// And whether a stored pick counts in the picks' record (pickCounts): only one saved before its game kicked off, by
// the same start as stored now, whatever the status said when it was saved.

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

describe('pickCounts', () => {
  const KICK_OFF = new Date('2027-01-13T18:00:00Z');
  const minute = (offset: number) => new Date(KICK_OFF.getTime() + offset * 60_000);

  it('counts a pick saved before kick-off, and none saved at or after it, whatever the status (a final game among them)', () => {
    for (const status of ['scheduled', 'in_progress', 'final']) {
      const game = { status, startsAt: KICK_OFF };
      expect(pickCounts(game, minute(-1)), status).toBe(true);
      expect(pickCounts(game, KICK_OFF), status).toBe(false);
      expect(pickCounts(game, minute(1)), status).toBe(false);
    }
  });

  it('reads the start as stored now: a start corrected earlier leaves out a pick saved before the old start', () => {
    const savedAt = minute(-30);
    expect(pickCounts({ status: 'final', startsAt: KICK_OFF }, savedAt)).toBe(true);
    expect(pickCounts({ status: 'final', startsAt: minute(-60) }, savedAt)).toBe(false);
    // A start moved later counts a pick saved while the feed already called the game in progress.
    expect(pickCounts({ status: 'in_progress', startsAt: minute(60) }, KICK_OFF)).toBe(true);
  });

  it('counts a pick on a game called off (it never kicked off) or no longer stored (nothing says it came late)', () => {
    for (const status of ['postponed', 'canceled']) expect(pickCounts({ status, startsAt: KICK_OFF }, minute(5)), status).toBe(true);
    expect(pickCounts(undefined, minute(5))).toBe(true);
  });
});
