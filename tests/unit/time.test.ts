import { describe, expect, it } from 'vitest';
import { addDays, isValidTimeZone, localDate, sportsDayOf, sportsDayStart, startOfDay, startOfWeek } from '@/lib/time';
import { leagueDay, seasonOf, seasonOfDay } from '@/lib/data/sports';

// Loss limits run per local day and per local week from Monday; DST changes move the UTC boundaries.

describe('local day and week boundaries', () => {
  it('starts the day at local midnight on both sides of a DST change (New York, 2026-11-01)', () => {
    // EDT (UTC-4) before the change, EST (UTC-5) after.
    expect(startOfDay(new Date('2026-10-31T15:00:00Z'), 'America/New_York').toISOString()).toBe('2026-10-31T04:00:00.000Z');
    expect(startOfDay(new Date('2026-11-01T15:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay(new Date('2026-11-02T15:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // 03:30 UTC on Nov 2 is still Nov 1 in New York.
    expect(startOfDay(new Date('2026-11-02T03:30:00Z'), 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
  it('starts the week on Monday, across a DST change', () => {
    // Wednesday 2026-11-04 (EST): the week began Monday 2026-11-02 00:00 EST.
    expect(startOfWeek(new Date('2026-11-04T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Sunday 2026-11-01: the week began Monday 2026-10-26 00:00 EDT.
    expect(startOfWeek(new Date('2026-11-01T20:00:00Z'), 'America/New_York').toISOString()).toBe('2026-10-26T04:00:00.000Z');
    // A Monday itself.
    expect(startOfWeek(new Date('2026-11-02T05:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
  it('handles zones east of UTC and spring-forward days', () => {
    expect(startOfDay(new Date('2026-03-29T12:00:00Z'), 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDay(new Date('2026-03-30T12:00:00Z'), 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDay(new Date('2026-06-01T20:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-06-01T15:00:00.000Z');
  });
  it('knows real zones', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe("sports days: a date is the user's day from 06:00 to 06:00 next morning, in every zone", () => {
  // Etc/GMT+12 is UTC−12 and Pacific/Kiritimati UTC+14: the ends of the range; Auckland is the case.
  it.each([
    ['Etc/GMT+12', '2026-11-30T18:00:00Z'],
    ['America/New_York', '2026-11-30T11:00:00Z'],
    ['UTC', '2026-11-30T06:00:00Z'],
    ['Europe/London', '2026-11-30T06:00:00Z'],
    ['Asia/Kolkata', '2026-11-30T00:30:00Z'],
    ['Pacific/Auckland', '2026-11-29T17:00:00Z'],
    ['Pacific/Kiritimati', '2026-11-29T16:00:00Z'],
  ])('2026-11-30 in %s starts at %s', (timeZone, start) => {
    expect(sportsDayStart('2026-11-30', timeZone).toISOString()).toBe(new Date(start).toISOString());
    // The day ends where the next one starts, 24 hours later outside a daylight-saving change.
    expect(sportsDayStart('2026-12-01', timeZone).getTime() - sportsDayStart('2026-11-30', timeZone).getTime()).toBe(86_400_000);
    expect(sportsDayOf(new Date(start), timeZone)).toBe('2026-11-30');
    expect(sportsDayOf(new Date(new Date(start).getTime() - 1000), timeZone)).toBe('2026-11-29');
  });

  it('keeps 06:00 local across daylight-saving changes', () => {
    // New York falls back on 2026-11-01 and springs forward on 2026-03-08.
    expect(sportsDayStart('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T11:00:00.000Z');
    expect(sportsDayStart('2026-10-31', 'America/New_York').toISOString()).toBe('2026-10-31T10:00:00.000Z');
    expect(sportsDayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T10:00:00.000Z');
    // Auckland springs forward on 2026-09-27.
    expect(sportsDayStart('2026-09-27', 'Pacific/Auckland').toISOString()).toBe('2026-09-26T17:00:00.000Z');
  });

  it('a late game belongs to its night: 01:30 in London on Friday is Thursday night', () => {
    expect(sportsDayOf(new Date('2026-11-27T01:30:00Z'), 'Europe/London')).toBe('2026-11-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('local dates', () => {
  it("are the zone's calendar date, across midnight and a daylight-saving change", () => {
    expect(localDate(new Date('2026-03-08T04:30:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(localDate(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDate(new Date('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('2026-10-25');
    expect(localDate(new Date('2026-12-31T23:30:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
  });

  it("date a game by its league's zone (the game id's date)", () => {
    expect(leagueDay('nfl', new Date('2026-12-07T01:15:00Z'))).toBe('20261206');
    expect(leagueDay('epl', new Date('2026-12-06T23:30:00Z'))).toBe('20261206');
    expect(leagueDay('epl', new Date('2026-12-07T00:30:00Z'))).toBe('20261207');
  });

  it("place a game in its season by the league's calendar, as its id is dated, not by UTC's month", () => {
    // 20:00 Eastern on 31 July (00:00 UTC on 1 August): July's, the NFL season before August's; an hour later in New York, too.
    expect(seasonOf('nfl', new Date('2026-08-01T00:00:00Z'))).toBe(2025);
    expect(seasonOf('nfl', new Date('2026-08-01T03:59:00Z'))).toBe(2025);
    expect(seasonOf('nfl', new Date('2026-08-01T04:00:00Z'))).toBe(2026);
    // The NBA's month is October: 20:30 Eastern on 30 September is September's.
    expect(seasonOf('nba', new Date('2026-10-01T00:30:00Z'))).toBe(2025);
    // In winter Eastern is UTC−5: 19:30 on the last day of February is February's, MLB's season before March's.
    expect(seasonOf('mlb', new Date('2027-03-01T00:30:00Z'))).toBe(2026);
    // London is ahead of UTC in summer: 00:30 on 1 August there is 23:30 UTC on 31 July, and August's.
    expect(seasonOf('epl', new Date('2026-07-31T23:30:00Z'))).toBe(2026);
    expect(seasonOf('epl', new Date('2026-07-31T22:59:00Z'))).toBe(2025);
    // A league's date read as it stands.
    expect([seasonOfDay('nfl', '2026-07-31'), seasonOfDay('nfl', '2026-08-01'), seasonOfDay('ncaab', '2027-03-20')]).toEqual([
      2025, 2026, 2026,
    ]);
  });
});
