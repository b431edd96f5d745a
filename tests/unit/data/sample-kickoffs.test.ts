import { describe, expect, it, vi } from 'vitest';
import { EPL_MATCHDAY, kickoffAt, NFL_WEEK } from '@/lib/data/sample/fixtures';
import * as time from '@/lib/time';

vi.mock('@/lib/time', async (original) => {
  const actual = await original<typeof time>();
  return { ...actual, offsetAt: vi.fn(actual.offsetAt) };
});

// A sample kickoff keeps its local time across summer time; the kickoffs worked out lately are kept, so the sample
// task's repeated look-ups do not read the zone data again, and only so many: before, every kickoff a process ever
// asked for stayed in memory for the life of the process.

const DAY = 86_400_000;
const thursday = Date.parse('2027-07-15T00:00:00Z');
/** How many times the zone data is read while `body` runs. */
function zoneReads(body: () => unknown): number {
  const before = vi.mocked(time.offsetAt).mock.calls.length;
  body();
  return vi.mocked(time.offsetAt).mock.calls.length - before;
}

describe('a sample kickoff', () => {
  it('keeps its local time across summer time', () => {
    // Thursday 20:15 EST is 01:15 UTC on Friday; in summer time (EDT) it is an hour earlier in UTC.
    expect(new Date(kickoffAt(NFL_WEEK, thursday, 25.25)).toISOString()).toBe('2027-07-16T00:15:00.000Z');
    expect(new Date(kickoffAt(EPL_MATCHDAY, Date.parse('2027-01-14T00:00:00Z'), 60.5)).toISOString()).toBe('2027-01-16T12:30:00.000Z');
  });

  it('is worked out once while it is among the latest thousand asked for, and afresh once a thousand newer ones have been', () => {
    const first = () => kickoffAt(NFL_WEEK, thursday, 25.25);
    first();
    expect(zoneReads(first)).toBe(0);
    zoneReads(() => {
      for (let day = 1; day <= 1_000; day++) kickoffAt(NFL_WEEK, thursday + day * DAY, 25.25);
    });
    expect(zoneReads(first)).toBeGreaterThan(0);
    expect(new Date(first()).toISOString()).toBe('2027-07-16T00:15:00.000Z');
  });
});
