import type { IngestOptions, IngestSummary } from './ingest';

// `jev worker`: one scheduled ingestion a minute. What is due is decided by ingestion's schedule
// (lib/data/ingest/schedule.ts), whose windows are kept in the database, so a worker, a cron call and a manual
// `jev ingest` never fetch the same data twice inside its window, whichever ran last.

const TICK_MS = 60_000;

export interface WorkerOptions {
  log: (line: string) => void;
  onSummary: (summary: IngestSummary) => void;
  tickMs?: number;
  /** Stops the loop (default: SIGINT or SIGTERM). */
  signal?: AbortSignal;
}

/** `ingest`: one run with the process's providers and settings (the composition root's); `now`: its clock. */
export async function runWorker(
  ingest: (options: IngestOptions) => Promise<IngestSummary>,
  now: () => Date,
  options: WorkerOptions,
): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  options.signal?.addEventListener('abort', onSignal);
  options.log(`jev worker: checking what is due every ${(options.tickMs ?? TICK_MS) / 1000} s; stop with Ctrl-C.`);
  try {
    while (!stop.signal.aborted) {
      try {
        options.onSummary(await ingest({ mode: 'scheduled', now, log: options.log }));
      } catch (error) {
        // A failed tick (database briefly unreachable, say) is logged; the next one tries again.
        options.log(`tick failed: ${(error as Error).message}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.tickMs ?? TICK_MS);
        stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
