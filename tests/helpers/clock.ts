import { loadSample, type SampleLoadSummary } from '@/lib/data/sample/load';
import type { Db } from '@/lib/db/client';

// The tests' clock, one definition. Tests that run tools in process run on a pinned clock over the sample slate of
// a pinned date, so their answers are the same whatever the machine's date (the recorded full and view answers are
// held to them byte for byte). A server started by the tests runs on the machine's clock, like any server: a slate
// loaded for it is today's, and those tests hold at any date and hour (CI runs them under faketime on other dates:
// docs/development.md, "Tests on other dates").

/** The date of the pinned sample slate (YYYY-MM-DD, UTC). */
export const SAMPLE_DATE = '2026-11-25';
/** When the pinned slate is loaded: its prices and reports are stamped with this instant. */
export const SAMPLE_LOADED = new Date(`${SAMPLE_DATE}T15:00:00Z`);
/** The pinned clock of in-process tests: seven and a half minutes after loading. */
export const PINNED_NOW = new Date(SAMPLE_LOADED.getTime() + 7.5 * 60_000);
/** PINNED_NOW as a tool context's clock. */
export const pinnedClock = () => PINNED_NOW;

/** Loads the pinned slate (SAMPLE_DATE as of SAMPLE_LOADED). */
export function loadPinnedSample(db: Db): Promise<SampleLoadSummary> {
  return loadSample(db, SAMPLE_DATE, SAMPLE_LOADED);
}

/** Loads today's slate (UTC) as of now, as a server on the machine's clock would load it at start. */
export function loadTodaysSample(db: Db, now = new Date()): Promise<SampleLoadSummary> {
  return loadSample(db, now.toISOString().slice(0, 10), now);
}
