import { describe, expect, it } from 'vitest';
import { isValidTimeZone, startOfDay, startOfWeek } from '@/lib/time';

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
