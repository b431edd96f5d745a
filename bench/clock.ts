import { DAY_MS, HOUR_MS, instant } from '@/lib/time';
import { faketimeEnv, INSTALL_FAKETIME, libfaketime } from '../scripts/faketime.mjs';
import { startServer, type RunningServer } from '../tests/helpers/server';

// The bench's clock: every run measures the same moment of the sample's week, whatever the day and hour it runs.
// get_game_odds without a date reads the games to come, so on the machine's clock the NFL week shrinks from 16
// games on a Tuesday to one or two on a Sunday night or Monday, and the NFL rows would measure other work each
// day. The slate is seeded at the moment (its line moves just before it, as at loading) and the servers run on a
// clock set to it through libfaketime, time still running from there; the load generator keeps the machine's.
// In-process measurements (bench/odds-profile.ts, the ingestion row) pass the clock to the code they measure.

/** The moment's weekday (UTC) and hour (UTC): Tuesday 17:00, noon in New York (13:00 in summer). */
const TUESDAY = 2;
const HOUR_UTC = 17;

/**
 * The bench's moment of the week: the last Tuesday 17:00 UTC at or before `now`. The NFL week, Thursday night to
 * Monday night, is all to come (last week's Monday night game over), within get_game_odds' coming 8 days; so are
 * the NBA night and the EPL matchday.
 */
export function benchMoment(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = midnight - ((now.getUTCDay() - TUESDAY + 7) % 7) * DAY_MS + HOUR_UTC * HOUR_MS;
  return new Date(at > now.getTime() ? at - 7 * DAY_MS : at);
}

export interface BenchClock {
  /** Whole seconds from the machine's clock (0: the machine's own). */
  offsetSeconds: number;
  now: () => Date;
  /** A server process's environment for running on this clock (empty on the machine's). */
  env: Record<string, string>;
}

/** The clock `offsetSeconds` from the machine's; `library` is libfaketime, which puts a server process on it. */
export function clockAt(offsetSeconds: number, library?: string): BenchClock {
  return {
    offsetSeconds,
    now: () => new Date(Date.now() + offsetSeconds * 1000),
    env:
      library && offsetSeconds !== 0
        ? {
            ...faketimeEnv(library, offsetSeconds),
            // Monotonic time stays the machine's: Node's timers and latencies run on it, and reading it costs no more.
            FAKETIME_DONT_FAKE_MONOTONIC: '1',
          }
        : {},
  };
}

/** This run's offset to the bench's moment, taken once, so every part of a run sits at the same moment. */
let runOffset: number | undefined;
function offsetOfRun(): number {
  if (runOffset === undefined) {
    const now = new Date();
    // Rounded up, so the clock starts at the moment or just after it.
    runOffset = Math.ceil((benchMoment(now).getTime() - now.getTime()) / 1000);
  }
  return runOffset;
}

/** In process: at the bench's moment, always (no libfaketime needed). */
export const inProcessClock = (): BenchClock => clockAt(offsetOfRun());

let servers: { clock: BenchClock; note: string } | undefined;

/**
 * The clock of the bench's servers and of the slate seeded for them, and a line saying which it is (for the report):
 * the bench's moment through libfaketime (installed when missing and possible); on a machine without it, the
 * machine's clock, said loudly, since the NFL rows then measure the games still to come at the hour of the run.
 */
export function serversClock(): { clock: BenchClock; note: string } {
  if (servers) return servers;
  const library = libfaketime();
  if (!library) {
    servers = {
      clock: clockAt(0),
      note:
        `Clock NOT PINNED (libfaketime not found; ${INSTALL_FAKETIME}): the slate and the servers are on this machine's ` +
        `clock, so the NFL rows measure the week's games still to come at this hour (16 on a Tuesday, 1 or 2 on a ` +
        `Sunday night or Monday; each odds row says what it held) and compare with no pinned run.`,
    };
    return servers;
  }
  const clock = clockAt(offsetOfRun(), library);
  servers = {
    clock,
    note:
      `Clock: the slate and the servers at ${instant(clock.now())} (the bench's Tuesday: the whole NFL week to come), ` +
      `through libfaketime (FAKETIME=${clock.env.FAKETIME ?? '+0'}); the load generator on the machine's clock.`,
  };
  return servers;
}

/** A server of the bench: the production server (tests/helpers/server.ts) on the servers' clock. */
export const startBenchServer = (env: Record<string, string>, options?: Parameters<typeof startServer>[1]): Promise<RunningServer> =>
  startServer({ ...env, ...serversClock().clock.env }, options);
