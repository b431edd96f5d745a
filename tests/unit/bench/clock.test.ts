import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleSlate } from '@/lib/data/sample';
import { upcomingWindow } from '@/lib/tools/odds';
import { benchMoment, clockAt } from '../../../bench/clock';

// The bench runs at one moment of the sample's week whatever the day (bench/clock.ts), so its NFL rows measure the
// whole week every run: on the machine's clock get_game_odds' NFL week shrinks to one game by Monday.

const at = (iso: string) => benchMoment(new Date(iso)).toISOString();

describe("the bench's moment of the week", () => {
  it('is the last Tuesday 17:00 UTC at or before now', () => {
    // Monday 2026-12-07 (the day a run measured one NFL game) goes back to Tuesday 2026-12-01.
    expect(at('2026-12-07T10:00:00Z')).toBe('2026-12-01T17:00:00.000Z');
    expect(at('2026-12-06T23:30:00Z')).toBe('2026-12-01T17:00:00.000Z');
    expect(at('2026-12-08T17:00:00Z')).toBe('2026-12-08T17:00:00.000Z');
    expect(at('2026-12-08T16:59:59Z')).toBe('2026-12-01T17:00:00.000Z');
    expect(at('2026-12-09T02:00:00Z')).toBe('2026-12-08T17:00:00.000Z');
    // Across a year's end.
    expect(at('2027-01-03T12:00:00Z')).toBe('2026-12-29T17:00:00.000Z');
  });

  it("holds the sample's whole NFL week to come, within get_game_odds' coming days", () => {
    // Reached from a Monday: weeks across New York's spring-forward and fall-back, a year's start, summer, and the
    // Monday a run measured one NFL game.
    for (const monday of ['2027-03-15', '2027-11-08', '2027-01-04', '2027-07-19', '2026-12-07']) {
      const moment = benchMoment(new Date(`${monday}T12:00:00Z`));
      const { from, to } = upcomingWindow(moment);
      const nfl = sampleSlate(moment.toISOString().slice(0, 10), moment).games.filter((game) => game.sport === 'nfl');
      const upcoming = nfl.filter((game) => game.status === 'scheduled' && game.startsAt > from && game.startsAt < to);
      expect(upcoming.length, moment.toISOString()).toBe(16);
      expect(
        nfl.filter((game) => game.status === 'in_progress'),
        moment.toISOString(),
      ).toEqual([]);
    }
  });
});

describe("the bench's clock", () => {
  afterEach(() => vi.useRealTimers());

  it('runs from the moment, and puts a server on it through libfaketime', () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T10:00:00Z'), toFake: ['Date'] });
    const clock = clockAt(-493_200, '/usr/lib/libfaketime.so.1');
    expect(clock.now().toISOString()).toBe('2026-12-01T17:00:00.000Z');
    vi.setSystemTime(new Date('2026-12-07T10:05:00Z'));
    expect(clock.now().toISOString()).toBe('2026-12-01T17:05:00.000Z');
    expect(clock.env).toEqual({ LD_PRELOAD: '/usr/lib/libfaketime.so.1', FAKETIME: '-493200', FAKETIME_DONT_FAKE_MONOTONIC: '1' });
    expect(clockAt(3600, '/usr/lib/libfaketime.so.1').env.FAKETIME).toBe('+3600');
  });

  it("without libfaketime, or at no offset, leaves a server's environment alone", () => {
    expect(clockAt(-493_200).env).toEqual({});
    expect(clockAt(0, '/usr/lib/libfaketime.so.1').env).toEqual({});
  });
});
